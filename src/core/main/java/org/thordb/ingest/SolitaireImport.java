package org.thordb.ingest;

import org.thordb.fault.Faults;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HexFormat;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.othello.Side;
import org.thordb.solve.Solver;
import org.thordb.store.Catalog;
import org.thordb.store.Keys;
import org.thordb.store.SolitaireRow;
import org.thordb.store.Store;
import org.thordb.store.Store.Space;
import org.thordb.wthor.WthorReader;
import org.thordb.wthor.WthorSolitaire;
import org.thordb.wthor.WthorSquares;

/**
 * Imports a solitaire file ({@code .pzz}) as the solitaires of its base, in one atomic write: its
 * header and presence table in a file row, each record byte for byte. A damaged record (a bad
 * position, side to move or move) is kept and named; so is one whose stored solution the solver
 * contradicts (its score is not the position's perfect-play score, or its first move does not
 * reach it). The same file again is skipped; another file of the base's empties replaces it when
 * it is newer, and is refused when older.
 *
 * <p>Usage (through the importer): {@code db.importFiles(List.of(Path.of("SOLITAIRES 20.PZZ")), Importer.Options.defaults(), listener);}
 */
final class SolitaireImport {
    private final Importer importer;
    private final Store store;
    private final Importer.Listener listener;
    /** Made on the first record to check: its transposition table is large. */
    private Solver solver;

    SolitaireImport(Importer importer, Store store, Importer.Listener listener) {
        this.importer = importer;
        this.store = store;
        this.listener = listener;
    }

    /** Imports a file into a base; returns the solitaires stored (0 when skipped as unchanged). */
    int run(Path file, String baseName) {
        String sha = Importer.sha256(file);
        long size = Importer.size(file);
        try (WthorReader r = WthorReader.open(file)) {
            r.warnings().forEach(w -> listener.line(w));
            int empties = r.header().n2();
            int created = r.header().creationStamp();
            Catalog c = importer.catalog();
            Catalog.Base existing = c.base(baseName);
            Catalog.SolitaireFile stored = existing == null ? null : c.solitaireFile(existing.id(), empties);
            if (stored != null && stored.sha256().equals(sha)) {
                listener.line(file + ": unchanged (solitaires of " + empties + " empties of " + baseName
                        + " already imported from " + stored.name() + ")");
                return 0;
            }
            if (stored != null && stored.created() > created) {
                throw Faults.of(ErrorCode.BAD_FILE, file + ": refused: these solitaires of " + empties
                        + " empties were made " + created + ", before the stored ones of " + stored.created()
                        + " (" + stored.name() + ")");
            }
            int base = importer.baseId(baseName);
            int damaged = 0;
            int contradicted = 0;
            int n = 0;
            try (Store.Batch batch = store.batch()) {
                importer.putBaseIfNew(baseName, base, batch);
                byte[] prefix = SolitaireRow.filePrefix(base, empties);
                batch.deleteRange(Space.SOLITAIRES, prefix, Keys.prefixEnd(prefix));
                for (WthorSolitaire s : r.solitaires()) {
                    String damage = s.damage();
                    String contradiction = damage == null ? contradiction(s) : null;
                    if (damage != null) {
                        damaged++;
                        listener.line(file + ": record " + n + ": kept, damaged: " + damage);
                    } else if (contradiction != null) {
                        contradicted++;
                        listener.line(file + ": record " + n + ": kept, " + contradiction);
                    }
                    SolitaireRow row = new SolitaireRow(base, empties, n, s.bytes(), damage != null,
                            contradiction != null, damage != null ? damage : contradiction);
                    batch.put(Space.SOLITAIRES, SolitaireRow.key(base, empties, n), row.encode());
                    n++;
                    listener.progress(1);
                }
                Catalog.SolitaireFile row = new Catalog.SolitaireFile(base, empties, file.getFileName().toString(),
                        HexFormat.of().formatHex(r.header().encode()), HexFormat.of().formatHex(r.presenceTable()),
                        created, sha, size, n, damaged, contradicted, Instant.now().toString());
                batch.put(Space.FILES, row.key(), Catalog.encode(row));
                batch.put(Space.META, Catalog.COUNTERS_KEY, importer.counters());
                importer.commitBatch(batch, file, n);
            }
            listener.line(file + ": " + (stored == null ? "imported " : "replaced " + stored.name() + " with ") + n
                    + " solitaires of " + empties + " empties into base " + baseName
                    + (damaged > 0 ? "; " + damaged + " damaged kept" : "")
                    + (contradicted > 0 ? "; " + contradicted + " whose solution the solver contradicts kept" : ""));
            return n;
        }
    }

    /** Why the solver contradicts a record's stored solution, or null when it agrees. */
    private String contradiction(WthorSolitaire s) {
        Side side = s.toMove() == 1 ? Side.BLACK : Side.WHITE;
        Position p = Position.of(s.blackDiscs(), s.whiteDiscs(), side);
        if (p.toMove() != side) {
            return "the stored side to move has no move in the position";
        }
        if (solver == null) {
            solver = new Solver(Solver.Options.defaults());
        }
        Solver.Result exact = solver.solve(p, true);
        int square = WthorSquares.toSquare(s.firstMove(), 8);
        Integer firstScore = square < 0 ? null : exact.moveScores().get(square);
        if (exact.score() != s.solutionScore() || firstScore == null || firstScore != exact.score()) {
            return "its stored solution (" + signed(s.solutionScore()) + ", first move "
                    + (square < 0 ? "byte " + s.firstMove() : Notation.name(square))
                    + ") is not perfect play: the solver gives " + signed(exact.score()) + " ("
                    + Notation.name(exact.best()) + ")";
        }
        return null;
    }

    private static String signed(int v) {
        return v > 0 ? "+" + v : String.valueOf(v);
    }

    /** A file's solitaires can be read at all (for the plan's progress total). */
    static long count(Path file) {
        try (WthorReader r = WthorReader.open(file)) {
            return r.recordCount();
        } catch (RuntimeException e) {
            return 0;
        }
    }

}
