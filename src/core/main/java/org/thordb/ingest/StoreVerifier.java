package org.thordb.ingest;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.index.PositionHash;
import org.thordb.index.PositionKeys;
import org.thordb.index.Postings;
import org.thordb.index.SegmentIndexer;
import org.thordb.index.Terms;
import org.thordb.store.ByteKey;
import org.thordb.store.Catalog;
import org.thordb.store.FileRow;
import org.thordb.store.GameRow;
import org.thordb.store.Keys;
import org.thordb.store.Store;
import org.thordb.store.Store.Space;
import org.thordb.wthor.WthorGame;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Comparator;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.index.Field;
import org.thordb.index.FingerprintBlock;
import org.thordb.index.GameColumns;
import org.thordb.store.MergeGroup;
import org.thordb.store.RocksStore;
import org.thordb.store.SolitaireRow;

/**
 * Checks a store against itself: every game record decodes, every name number resolves, and every postings entry is exactly what indexing the stored records
 * again gives (no entry missing, none different, none left over from a segment that is gone). The
 * indexes are rebuilt from the records, which are never changed, so {@code repair} rewrites what
 * differs.
 *
 * <p>Usage: {@code StoreVerifier.Report r = new StoreVerifier(store, catalog, hash).verify(false, problems::add);}
 */
public final class StoreVerifier {
    private final Store store;
    private final Catalog catalog;
    private final PositionHash hash;

    /** A verifier of a store whose catalog is {@code catalog}. */
    public StoreVerifier(Store store, Catalog catalog, PositionHash hash) {
        this.store = store;
        this.catalog = catalog;
        this.hash = hash;
    }

    /**
     * What was found and done.
     *
     * @param games the games checked
     * @param entries the postings entries checked
     * @param problems the problems found
     * @param repaired the entries written or deleted by the repair
     */
    public record Report(long games, long entries, long problems, long repaired) {
    }

    /** Hears each problem, one line. */
    public interface Listener {
        /** A problem, or what a repair did. */
        void line(String message);

        /** {@code files} of the {@code total} game files were checked against their records. */
        default void checked(int files, int total) {
        }
    }

    private static final List<Space> POSTINGS = List.of(Space.TERMS, Space.POSITIONS, Space.FINGERPRINTS);
    /**
     * The digest slot after the families': the next moves that position entries say, each (position,
     * id, move) one element. Entries written before schema 7 say none, so a segment may have fewer
     * stored than its records give (until {@code thordb optimize} writes them); as many, they must agree.
     */
    private static final int MOVES_SLOT = 3;
    private static final int DIGESTS = 2 * (MOVES_SLOT + 1);

    /** Checks the whole store; with {@code repair}, rewrites every entry that differs from the records. */
    public Report verify(boolean repair, Listener out) {
        return verify(repair, Integer.MAX_VALUE, 0, out);
    }

    /**
     * Checks at most {@code sample} game files, drawn with {@code seed} (every file when there are
     * no more), and the whole store for entries of segments that no file holds. The steps, in
     * order: {@link Run#digestFamilies} (or stop when a family's bytes are damaged),
     * {@link Run#checkMerged}, {@link Run#checkSources}, {@link Run#checkSolitaires},
     * {@link Run#checkRetired}, {@link Run#reportOrphans}, {@link Run#checkFiles},
     * {@link Run#compareDiffering}, then {@link Run#finish} (columns, and what a repair rewrites).
     */
    public Report verify(boolean repair, int sample, long seed, Listener out) {
        List<FileRow> files = new ArrayList<>(catalog.gameFiles());
        if (sample < files.size()) {
            Collections.shuffle(files, new Random(seed));
            files = files.subList(0, sample);
        }
        unsaid = 0;
        unmarked.clear();
        try (Store.View v = store.view()) {
            edgesUnwritten = v.get(Space.META, Catalog.EDGES_KEY) == null;
        }
        Run run = new Run(repair, out);
        try (Store.View v = store.view()) {
            if (!run.digestFamilies(v)) {
                return new Report(0, 0, run.damagedFamilies.size(), 0);
            }
        }
        try (Store.View v = store.view()) {
            run.checkMerged();
            run.checkSources(v);
            run.checkSolitaires(v);
            run.checkRetired(v);
            run.reportOrphans();
            run.checkFiles(v, files);
            run.compareDiffering(v, files);
        }
        run.finish();
        out.checked(files.size(), files.size());
        return new Report(run.games[0], run.entries, run.problems, run.repaired);
    }

    /**
     * One verification's state, step by step. The store's entries are read once, family by family,
     * and each segment's folded into a digest (an order-free sum of one hash an entry, postings by
     * their ids, blocks by their bytes): memory grows with the number of segments, not of entries.
     * Each file's records are then indexed again and digested the same way; only a segment whose
     * digest differs has its entries gathered (one more scan) and compared key by key, to name and
     * repair what differs.
     */
    private final class Run {
        final boolean repair;
        final Listener out;
        final long[] games = {0};
        long problems;
        long repaired;
        long entries;
        final Map<Integer, long[]> storedDigests = new HashMap<>();
        final List<byte[]> orphans = new ArrayList<>();
        final List<Space> orphanSpaces = new ArrayList<>();
        final Set<Integer> differ = new TreeSet<>();
        final List<FileRow> columnsDiffer = new ArrayList<>();
        final Set<Integer> mergedDiffer = new TreeSet<>();
        // A segment of a merge group has its ids in the group's entries (and, while a merge is
        // under way, some in its own): its digest is then made id by id, whatever entry holds the id,
        // so that the stored and the expected digests agree however the entries are laid out.
        final Merged merged = new Merged();
        final long[] missingMoves = {0};
        final List<Space> damagedFamilies = new ArrayList<>();

        Run(boolean repair, Listener out) {
            this.repair = repair;
            this.out = out;
        }

        /** Digests every postings family; false (and said) when a family's bytes are damaged. */
        boolean digestFamilies(Store.View v) {
            String damage = null;
            for (Space s : POSTINGS) {
                try {
                    scanFamily(v, s, storedDigests, orphans, orphanSpaces, merged, missingMoves);
                } catch (ThorDbException e) {
                    if (e.code() != ErrorCode.CORRUPT) {
                        throw e;
                    }
                    // the family's bytes are damaged (a checksum failed): every entry of it derives
                    // from the records, so it can be dropped whole and written again
                    damagedFamilies.add(s);
                    damage = e.getMessage().replace(RocksStore.repairAdvice(store.path()), "");
                }
            }
            if (damagedFamilies.isEmpty()) {
                return true;
            }
            // nothing more can be digested; a repair drops the families before the store is opened
            // for it (dropDamagedFamilies), so that no compaction meets the damage first
            out.line(String.join(", ", damagedFamilies.stream().map(Space::familyName).toList())
                    + ": the family's bytes are damaged (" + damage + "); --repair drops it and writes every entry"
                    + " again from the records");
            return false;
        }

        /** The merge groups' entries: their digests joined to their segments', their stale ids said. */
        void checkMerged() {
            merged.into(storedDigests);
            if (missingMoves[0] > 0) {
                problems += missingMoves[0];
                out.line("positions: " + missingMoves[0] + " entries say their next moves are under their moves key,"
                        + " which is missing");
            }
            problems += merged.problems;
            merged.lines.forEach(out::line);
            if (merged.stale > 0) {
                if (catalog.staleIds()) {
                    out.line(merged.stale + " ids of games no longer stored remain in merged entries (readers"
                            + " leave them out; thordb optimize drops them)");
                } else {
                    problems++;
                    out.line(merged.stale + " ids of games no longer stored are in merged entries, but the"
                            + " group's row says it holds none");
                }
            }
        }

        /** Every game text of the sources family belongs to a game of a text source. */
        void checkSources(Store.View v) {
            long[] strays = {0};
            v.scan(Space.SOURCES, new byte[0], null, (k, val) -> {
                FileRow f = catalog.gameFileOf(Keys.getU32(k, 0));
                if (f == null || !f.fromSource()) {
                    strays[0]++;
                    if (strays[0] <= 10) {
                        out.line("sources: the text of game " + Keys.getU32(k, 0) + ", which no text source holds");
                    }
                }
                return true;
            });
            problems += strays[0];
        }

        /** Every solitaire belongs to a stored solitaire file, which holds as many as it says. */
        void checkSolitaires(Store.View v) {
            Map<Long, Integer> perFile = new HashMap<>();
            long[] loose = {0};
            v.scan(Space.SOLITAIRES, new byte[0], null, (k, val) -> {
                SolitaireRow row = SolitaireRow.decode(k, val);
                if (catalog.solitaireFile(row.base(), row.empties()) == null) {
                    loose[0]++;
                } else {
                    perFile.merge((long) row.base() << 8 | row.empties(), 1, Integer::sum);
                }
                return true;
            });
            if (loose[0] > 0) {
                out.line("solitaires: " + loose[0] + " solitaires of no stored solitaire file");
            }
            problems += loose[0];
            for (Catalog.SolitaireFile f : catalog.solitaireFiles()) {
                int have = perFile.getOrDefault((long) f.base() << 8 | f.empties(), 0);
                if (have != f.solitaires()) {
                    problems++;
                    out.line(f.name() + ": the store holds " + have + " of its " + f.solitaires() + " solitaires");
                }
            }
        }

        /** Every retired release (kept for undo) has each of its records, and nothing else is kept. */
        void checkRetired(Store.View v) {
            Map<Integer, Integer> retiredHeld = new HashMap<>();
            TreeMap<Integer, Catalog.RetiredRelease> retiredByFirst = new TreeMap<>();
            catalog.retired().forEach(r -> retiredByFirst.put(r.file().firstId(), r));
            long[] retiredStray = {0};
            v.scan(Space.RETIRED, new byte[0], null, (k, val) -> {
                int id = Keys.getU32(k, 0);
                Map.Entry<Integer, Catalog.RetiredRelease> e = retiredByFirst.floorEntry(id);
                if (e == null || id >= e.getKey() + e.getValue().file().games()) {
                    retiredStray[0]++;
                } else {
                    GameRow.decode(id, val); // a record that does not decode is damage, named by the view
                    retiredHeld.merge(e.getKey(), 1, Integer::sum);
                }
                return true;
            });
            if (retiredStray[0] > 0) {
                problems += retiredStray[0];
                out.line("retired: " + retiredStray[0] + " records of no kept release");
            }
            for (Catalog.RetiredRelease r : catalog.retired()) {
                int have = retiredHeld.getOrDefault(r.file().firstId(), 0);
                if (have != r.file().games()) {
                    problems++;
                    out.line(r.file().name() + " (year " + r.file().year() + ", replaced " + r.retiredAt()
                            + "): the store keeps " + have + " of its " + r.file().games() + " records");
                }
            }
        }

        /** The entries of segments that no file holds. */
        void reportOrphans() {
            for (int i = 0; i < orphans.size(); i++) {
                problems++;
                out.line(orphanSpaces.get(i).familyName() + ": an entry of segment "
                        + Terms.segmentOf(orphans.get(i)) + ", which no file holds");
            }
        }

        /**
         * Each file's records indexed again and digested, against the stored digests: the games
         * checked, the columns compared, the segments whose entries differ noted for the next step.
         */
        void checkFiles(Store.View v, List<FileRow> files) {
            int checked = 0;
            out.checked(0, files.size());
            for (FileRow f : files) {
                if (checked > 0) {
                    out.checked(checked, files.size());
                }
                checked++;
                List<String> bad = new ArrayList<>();
                List<byte[]> records = new ArrayList<>(f.games());
                SegmentIndexer ix = indexStored(v, f, games, bad, records);
                if (records.size() == f.games() && !sameColumns(v, f, records)) {
                    columnsDiffer.add(f); // compared on the records this pass reads anyway
                }
                long[] want = new long[DIGESTS];
                boolean grouped = catalog.groupOf(f) != null;
                byte[][] held = {null, null}; // a big entry, until its moves key follows it
                ix.emit((sp, k, val) -> {
                    if (unwritten(sp, k)) {
                        return;
                    }
                    if (sp == Space.POSITIONS && PositionKeys.isMovesKey(k)) {
                        if (held[0] != null) {
                            addMoves(sp, held[0], held[1], val, want);
                            held[0] = null;
                        }
                        return;
                    }
                    int slot = POSTINGS.indexOf(sp);
                    boolean apart = sp == Space.POSITIONS && Postings.movesApart(val);
                    if (apart) {
                        held[0] = k;
                        held[1] = val;
                    }
                    if (grouped) {
                        merged.expected(sp, slot, k, val, f, want);
                    } else {
                        want[2 * slot] += entryHash(sp, k, val);
                        want[2 * slot + 1]++;
                    }
                    if (!apart) {
                        addMoves(sp, k, val, null, want);
                    }
                });
                for (int i = 0; i < POSTINGS.size(); i++) {
                    entries += want[2 * i + 1];
                }
                long[] have = storedDigests.getOrDefault(f.segment(), new long[DIGESTS]);
                long saidMoves = have[2 * MOVES_SLOT + 1];
                long givenMoves = want[2 * MOVES_SLOT + 1];
                boolean movesDiffer = saidMoves == givenMoves ? have[2 * MOVES_SLOT] != want[2 * MOVES_SLOT]
                        : saidMoves > givenMoves;
                boolean idsDiffer = !Arrays.equals(want, 0, 2 * MOVES_SLOT, have, 0, 2 * MOVES_SLOT);
                if (movesDiffer) {
                    bad.add("positions: the next moves the entries of " + f.name() + " say differ from its records");
                } else if (saidMoves < givenMoves && !idsDiffer) { // entries whole, but some say no move
                    unsaid += givenMoves - saidMoves;
                }
                // the ids of every family
                if (movesDiffer || idsDiffer) {
                    if (grouped) {
                        for (int i = 0; i < POSTINGS.size(); i++) {
                            if (want[2 * i] != have[2 * i] || want[2 * i + 1] != have[2 * i + 1]) {
                                bad.add(POSTINGS.get(i).familyName() + ": the merged entries of " + f.name()
                                        + " differ from its records (" + have[2 * i + 1] + " ids stored, "
                                        + want[2 * i + 1] + " given)");
                            }
                        }
                        mergedDiffer.add(f.segment());
                    } else {
                        differ.add(f.segment());
                    }
                }
                problems += bad.size();
                bad.forEach(out::line);
            }
        }

        /** The segments whose entries differ: gathered in one more scan, compared key by key, repaired when asked. */
        void compareDiffering(Store.View v, List<FileRow> files) {
            Map<Integer, Map<Space, Map<ByteKey, byte[]>>> stored = new HashMap<>();
            if (!differ.isEmpty()) {
                for (Space s : POSTINGS) {
                    v.scan(s, new byte[0], null, (k, val) -> {
                        int seg = Terms.segmentOf(k);
                        if (differ.contains(seg) && !unwritten(s, k)) {
                            stored.computeIfAbsent(seg, x -> new HashMap<>()).computeIfAbsent(s, x -> new HashMap<>())
                                    .put(new ByteKey(k), val);
                        }
                        return true;
                    });
                }
            }
            for (FileRow f : files) {
                if (!differ.contains(f.segment())) {
                    continue;
                }
                List<String> bad = new ArrayList<>();
                SegmentIndexer ix = indexStored(v, f, new long[1], new ArrayList<>()); // its games were checked above
                Map<Space, Map<ByteKey, byte[]>> have = stored.getOrDefault(f.segment(), Map.of());
                Map<Space, Map<ByteKey, byte[]>> want = new HashMap<>();
                ix.emit((sp, k, val) -> {
                    if (!unwritten(sp, k)) {
                        want.computeIfAbsent(sp, x -> new HashMap<>()).put(new ByteKey(k), val);
                    }
                });
                try (Store.Batch batch = repair ? store.batch() : null) {
                    for (Space s : POSTINGS) {
                        Map<ByteKey, byte[]> w = want.getOrDefault(s, Map.of());
                        Map<ByteKey, byte[]> h = have.getOrDefault(s, Map.of());
                        for (Map.Entry<ByteKey, byte[]> e : w.entrySet()) {
                            byte[] got = h.get(e.getKey());
                            if (got == null || !samePostings(s, e.getKey().bytes(), got, e.getValue())) {
                                bad.add(s.familyName() + ": " + (got == null ? "an entry is missing" : "an entry differs")
                                        + " for " + f.name());
                                if (batch != null) {
                                    batch.put(s, e.getKey().bytes(), e.getValue());
                                }
                            }
                        }
                        for (ByteKey k : h.keySet()) {
                            if (!w.containsKey(k)) {
                                bad.add(s.familyName() + ": an entry of " + f.name() + " that its records do not give");
                                if (batch != null) {
                                    batch.delete(s, k.bytes());
                                }
                            }
                        }
                    }
                    problems += bad.size();
                    bad.forEach(out::line);
                    if (batch != null && batch.count() > 0) {
                        batch.commit();
                        repaired += batch.count();
                        out.line("repaired " + f.name() + ": " + batch.count() + " entries rewritten from its records");
                    }
                }
                stored.remove(f.segment());
            }
        }

        /** The columns, the next moves not said yet, and what a repair rewrites: damage marks, merges, orphans. */
        void finish() {
            long[] columns = repairColumns(columnsDiffer, repair, out);
            problems += columns[0];
            repaired += columns[1];
            if (unsaid > 0) {
                out.line(unsaid + " games in position entries written before schema 7 do not say their next moves yet"
                        + " (the explorer then looks up each next move; thordb optimize writes them)");
            }
            if (repair) {
                repaired += markDamaged(out);
            }
            if (repair && !mergedDiffer.isEmpty()) {
                repaired += unmerge(out);
            }
            if (repair && !orphans.isEmpty()) {
                try (Store.Batch batch = store.batch()) {
                    for (int i = 0; i < orphans.size(); i++) {
                        batch.delete(orphanSpaces.get(i), orphans.get(i));
                    }
                    batch.commit();
                    repaired += orphans.size();
                    out.line("repaired: " + orphans.size() + " entries of segments no file holds deleted");
                }
            }
        }
    }

    /**
     * Whether a game file's stored columns are those its records give (a file without any is read
     * from its records: no problem); damaged bytes are not.
     */
    private static boolean sameColumns(Store.View v, FileRow f, List<byte[]> records) {
        byte[] have;
        try {
            have = v.get(Space.COLUMNS, GameColumns.key(f.firstId()));
        } catch (ThorDbException e) {
            if (e.code() != ErrorCode.CORRUPT) {
                throw e;
            }
            return false;
        }
        return have == null || Arrays.equals(have, GameColumns.entry(f.side(), records));
    }

    /** Reports the files whose stored columns differ from their records; a repair writes them again from the records. */
    private long[] repairColumns(List<FileRow> files, boolean repair, Listener out) {
        long repaired = 0;
        for (FileRow f : files) {
            out.line("columns: the stored columns of " + f.name() + " (year " + f.year() + ") differ from its records");
            if (!repair) {
                continue;
            }
            byte[] want;
            try (Store.View v = store.view()) {
                want = GameColumns.entryFromRecords(v, f);
            }
            if (want != null) {
                try (Store.Batch b = store.batch()) {
                    b.put(Space.COLUMNS, GameColumns.key(f.firstId()), want);
                    b.commit();
                }
                repaired++;
                out.line("repaired " + f.name() + ": its columns written again from its records");
            }
        }
        return new long[] {files.size(), repaired};
    }

    /** Games whose records are damaged but whose rows do not say so (stored by an older thordb), in the last run. */
    private final List<GameRow> unmarked = new ArrayList<>();

    /** Marks the {@link #unmarked} games damaged, and counts them in their files' rows. */
    private long markDamaged(Listener out) {
        if (unmarked.isEmpty()) {
            return 0;
        }
        Map<Integer, Integer> perSegment = new HashMap<>();
        try (Store.Batch batch = store.batch()) {
            for (GameRow r : unmarked) {
                batch.put(Space.GAMES, GameRow.key(r.id()), r.encode());
                perSegment.merge(r.segment(), 1, Integer::sum);
            }
            for (Map.Entry<Integer, Integer> e : perSegment.entrySet()) {
                FileRow f = catalog.segment(e.getKey());
                if (f != null) {
                    FileRow now = f.withDamaged(f.damaged() + e.getValue()); // its other fields kept
                    batch.put(Space.FILES, now.key(), Catalog.encode(now));
                }
            }
            batch.commit();
        }
        out.line("repaired: " + unmarked.size() + (unmarked.size() == 1 ? " game" : " games")
                + " marked damaged, as their records are");
        return unmarked.size();
    }

    /**
     * Reads every byte of the families that derive from the records (terms, positions,
     * fingerprints) in a store opened with compactions off, and drops each whose bytes are damaged
     * (a checksum fails): {@link #verify} with repair then writes every entry again from the records.
     * Run before the store is opened for the repair, so that no compaction meets the damage first.
     * Returns the families dropped.
     */
    public static List<Space> dropDamagedFamilies(Path dir, Listener out) {
        List<Space> dropped = new ArrayList<>();
        try (RocksStore s = RocksStore.openWithoutCompactions(dir)) {
            for (Space space : POSTINGS) {
                String damage = null;
                try (Store.View v = s.view()) {
                    v.scan(space, new byte[0], null, (k, val) -> true);
                } catch (ThorDbException e) {
                    if (e.code() != ErrorCode.CORRUPT) {
                        throw e;
                    }
                    damage = e.getMessage().replace(RocksStore.repairAdvice(dir), "");
                }
                if (damage != null) {
                    s.clear(space);
                    dropped.add(space);
                    out.line("repaired: " + space.familyName() + " dropped whole (its bytes were damaged: " + damage
                            + "); every entry is written again from the records");
                }
            }
        }
        return dropped;
    }

    /** Folds one family's stored entries into the segments' digests (see {@link #verify}). */
    private void scanFamily(Store.View v, Space s, Map<Integer, long[]> storedDigests, List<byte[]> orphans,
            List<Space> orphanSpaces, Merged merged, long[] missingMoves) {
        int slot = POSTINGS.indexOf(s);
        v.scan(s, new byte[0], null, (k, val) -> {
            if (unwritten(s, k)) {
                return true;
            }
            int seg = Terms.segmentOf(k);
            boolean movesKey = s == Space.POSITIONS && PositionKeys.isMovesKey(k);
            // a big entry's moves: checked with the entry (below), unless nothing holds them
            byte[] apart = null;
            if (!movesKey && s == Space.POSITIONS && Postings.movesApart(val)) {
                apart = v.get(Space.POSITIONS, PositionKeys.movesKey(k));
                if (apart == null) {
                    missingMoves[0]++;
                }
            }
            if (seg < 0) {
                MergeGroup g = catalog.group(seg);
                if (g == null) {
                    orphans.add(k);
                    orphanSpaces.add(s);
                } else if (!movesKey) {
                    merged.stored(s, slot, k, val, apart, g);
                }
                return true;
            }
            FileRow f = catalog.segment(seg);
            if (f == null) {
                orphans.add(k);
                orphanSpaces.add(s);
            } else if (movesKey) {
                return true;
            } else if (catalog.groupOf(f) != null) {
                merged.stored(s, slot, k, val, apart, null);
            } else {
                long[] d = storedDigests.computeIfAbsent(seg, x -> new long[DIGESTS]);
                d[2 * slot] += entryHash(s, k, val);
                d[2 * slot + 1]++;
                addMoves(s, k, val, apart, d);
            }
            return true;
        });
    }

    /**
     * Whether the store has no edge index yet ({@link Catalog#EDGES_KEY} absent: made before there
     * was one, until {@code thordb optimize} writes it): its edge terms are then neither expected
     * nor checked, as the files imported since have them and the others do not.
     */
    private boolean edgesUnwritten;

    private boolean unwritten(Space s, byte[] key) {
        return edgesUnwritten && s == Space.TERMS && key.length > 0 && key[0] == Field.EDGE.code();
    }

    /** The position ids whose entries do not say their next moves (stored before schema 7), in the last run. */
    private long unsaid;

    /** A position entry's next moves, into the digests' moves slot: one element a game it says a move of. */
    private static void addMoves(Space s, byte[] key, byte[] value, byte[] apart, long[] d) {
        if (s != Space.POSITIONS) {
            return;
        }
        long body = bytesHash(key, key.length - 4);
        try {
            Postings.forEachMove(value, value.length, apart, (id, move) -> {
                d[2 * MOVES_SLOT] += idElement(moveElement(body, move), id);
                d[2 * MOVES_SLOT + 1]++;
            });
        } catch (RuntimeException e) {
            d[2 * MOVES_SLOT] += 0x5DEECE66DL; // undecodable: differs from what the records give
        }
    }

    /** A file's stored records indexed again, each game checked on the way ({@link #check}). */
    private SegmentIndexer indexStored(Store.View v, FileRow f, long[] games, List<String> bad) {
        return indexStored(v, f, games, bad, null);
    }

    /** {@link #indexStored}, also handing each decoded game's WTHOR record to {@code records} when not null. */
    private SegmentIndexer indexStored(Store.View v, FileRow f, long[] games, List<String> bad, List<byte[]> records) {
        int[] seen = {0};
        SegmentIndexer ix = SegmentIndexer.ofStored(v, f, hash, (id, row, undecodable) -> {
            if (row == null) {
                bad.add("game " + id + " of " + f.name() + " does not decode: " + undecodable);
                return;
            }
            if (id != f.firstId() + seen[0]) {
                bad.add("game " + (f.firstId() + seen[0]) + " of " + f.name() + " is missing");
            }
            seen[0] = id - f.firstId() + 1;
            games[0]++;
            check(row, f, v, bad);
            if (records != null) {
                records.add(row.raw());
            }
        });
        if (seen[0] != f.games()) {
            bad.add(f.name() + ": the store holds " + seen[0] + " of its " + f.games() + " games");
        }
        return ix;
    }

    /**
     * One entry's share of its segment's digest: its key's hash mixed with its value's, where a
     * postings value counts by its ids (two encodings of one set agree) and a fingerprint block by
     * its header and entries (a block in the plain layout of schema 4 agrees with the packed one
     * the records give); a value that does not decode gets a hash no set gives.
     */
    private static long entryHash(Space s, byte[] key, byte[] value) {
        long h = bytesHash(key, key.length);
        if (s == Space.FINGERPRINTS) {
            return Keys.mix(h * 0x9E3779B97F4A7C15L + blockHash(value));
        }
        long ids;
        try {
            RoaringBitmap b = Postings.decode(value);
            long[] sum = {b.getLongCardinality()};
            b.forEach((int id) -> sum[0] += Keys.mix(id + 0x632BE59BD9B4E019L));
            ids = sum[0];
        } catch (RuntimeException e) {
            ids = bytesHash(value, value.length) ^ 0x5DEECE66DL; // undecodable: differs from what the records give
        }
        return Keys.mix(h * 0x9E3779B97F4A7C15L + ids);
    }

    /** A fingerprint block's header (segment or group, first id, hash bits) and entries, in any order and layout. */
    private static long blockHash(byte[] value) {
        if (!FingerprintBlock.wellFormed(value, value.length)) {
            return bytesHash(value, value.length) ^ 0x5DEECE66DL;
        }
        boolean merged = FingerprintBlock.isMerged(value);
        long[] sum = {Keys.mix(Keys.getU32(value, 0) * 31L
                + (merged ? FingerprintBlock.mergedFirstId(value) * 0x9E3779B97F4A7C15L
                        + FingerprintBlock.mergedHashBits(value) : 0))};
        FingerprintBlock.forEach(value, value.length,
                (fp, local) -> sum[0] += Keys.mix(((long) FingerprintBlock.comparable(fp) << 32
                        | (local & 0xffffffffL)) + 0x632BE59BD9B4E019L));
        return sum[0];
    }

    private static long bytesHash(byte[] b, int n) {
        long h = 0x84222325CBF29CE4L;
        for (int i = 0; i < n; i++) {
            h = (h ^ (b[i] & 0xff)) * 0x100000001B3L;
        }
        return Keys.mix(h);
    }

    /**
     * Repairs merged entries that differ from the records: every segment of the group gets its own
     * entries again, written from its records, and the group's entries and row are deleted (a
     * later {@code thordb optimize} merges them again). The row is first marked as merging, so
     * that readers meanwhile take the group's and the segments' entries together as a union.
     * Returns the entries written and deleted.
     */
    private long unmerge(Listener out) {
        long[] n = {0};
        for (MergeGroup g : catalog.groups()) {
            MergeGroup marked = new MergeGroup(g.group(), g.firstId(), g.endId(), 0,
                    g.layouts(), true, null);
            try (Store.Batch b = store.batch()) {
                b.put(Space.FILES, marked.key(), Catalog.encode(marked));
                b.commit();
            }
            for (FileRow f : catalog.gameFiles()) {
                if (!g.holds(f)) {
                    continue;
                }
                try (Store.View v = store.view(); Store.Batch b = store.batch()) {
                    SegmentIndexer.ofStored(v, f, hash, null).emit(b::put);
                    n[0] += b.count();
                    b.commit();
                }
            }
            for (Space s : POSTINGS) {
                List<byte[]> keys = new ArrayList<>();
                try (Store.View v = store.view()) {
                    v.scan(s, new byte[0], null, (k, val) -> {
                        if (Terms.segmentOf(k) == g.suffix()) {
                            keys.add(k);
                            if (keys.size() == 100_000) {
                                n[0] += deleteAll(s, keys);
                            }
                        }
                        return true;
                    });
                }
                n[0] += deleteAll(s, keys);
            }
            try (Store.Batch b = store.batch()) {
                b.delete(Space.FILES, g.key());
                b.commit();
            }
            out.line("repaired: the merge group's entries were written again per file from their records"
                    + " (run thordb optimize to merge them again)");
        }
        return n[0];
    }

    private long deleteAll(Space s, List<byte[]> keys) {
        try (Store.Batch b = store.batch()) {
            for (byte[] k : keys) {
                b.delete(s, k);
            }
            b.commit();
        }
        long n = keys.size();
        keys.clear();
        return n;
    }

    /**
     * The digests of merged entries, id by id: a term's or a position's element is its key without
     * the suffix mixed with one id; a fingerprint's is the top 12 bits of its hash (which every
     * layout's partition begins with) and its fingerprint, mixed with its game's id. Each goes to
     * the digest of the segment holding the id, found in an array of the files' first ids.
     */
    private final class Merged {
        final int[] firsts;
        final FileRow[] rows;
        long stale;
        long problems;
        final List<String> lines = new ArrayList<>();

        Merged() {
            List<FileRow> files = new ArrayList<>(catalog.gameFiles());
            files.sort(Comparator.comparingInt(FileRow::firstId));
            firsts = new int[files.size()];
            rows = files.toArray(new FileRow[0]);
            for (int i = 0; i < rows.length; i++) {
                firsts[i] = rows[i].firstId();
            }
        }

        /** The index in {@code rows} of the file holding a game id, or -1. */
        int fileOf(int id) {
            int i = Arrays.binarySearch(firsts, id);
            if (i < 0) {
                i = -i - 2;
            }
            return i >= 0 && id < rows[i].firstId() + rows[i].games() ? i : -1;
        }

        /** Each file's digests, by its index in {@code rows}: added into the map by {@link #into}. */
        private long[][] byRow;

        /** Adds what was gathered file by file into the digests by segment. */
        void into(Map<Integer, long[]> digests) {
            if (byRow == null) {
                return;
            }
            for (int i = 0; i < rows.length; i++) {
                if (byRow[i] != null) {
                    long[] d = digests.computeIfAbsent(rows[i].segment(), x -> new long[DIGESTS]);
                    for (int j = 0; j < d.length; j++) {
                        d[j] += byRow[i][j];
                    }
                }
            }
            byRow = null;
        }

        private void problem(String line) {
            problems++;
            if (lines.size() < 20) {
                lines.add(line);
            }
        }

        /** A stored entry, of group {@code g} (or of a segment of a group when {@code g} is null). */
        void stored(Space s, int slot, byte[] k, byte[] val, byte[] apart, MergeGroup g) {
            FileRow own = g == null ? catalog.segment(Terms.segmentOf(k)) : null;
            try {
                if (s == Space.FINGERPRINTS) {
                    if (!FingerprintBlock.wellFormed(val, val.length)
                            || Keys.getU32(val, 0) != Terms.segmentOf(k)) {
                        problem(s.familyName() + ": a block that does not decode, or names another "
                                + (g == null ? "segment" : "group") + " than its key");
                        return;
                    }
                    int partition = (k[1] & 0xff) << 16 | (k[2] & 0xff) << 8 | (k[3] & 0xff);
                    int bits = g == null ? k[0] : k[0] - FingerprintBlock.MERGED_MARK;
                    int top12 = partition >>> (bits - FingerprintBlock.MIN_BITS);
                    int from = g == null ? own.firstId() : FingerprintBlock.mergedFirstId(val);
                    int kb = g == null ? 0 : bits - FingerprintBlock.mergedHashBits(val);
                    int low = partition & ((1 << kb) - 1);
                    FingerprintBlock.forEach(val, val.length, (fp, local) -> {
                        if (kb > 0 && fp >>> (24 - kb) != low) {
                            problem(s.familyName() + ": a fingerprint in a merged block of another partition");
                            return;
                        }
                        add(s, slot, g, own, from + local, fingerprintElement(top12, fp));
                    });
                } else {
                    long body = bytesHash(k, k.length - 4);
                    Postings.decode(val).forEach((int id) -> add(s, slot, g, own, id, body));
                    if (s == Space.POSITIONS) {
                        Postings.forEachMove(val, val.length, apart, (id, move) -> add(s, MOVES_SLOT, g, own, id,
                                moveElement(body, move)));
                    }
                }
            } catch (RuntimeException e) {
                problem(s.familyName() + ": a " + (g == null ? "" : "merged ") + "value that does not decode ("
                        + e.getClass().getSimpleName() + ")");
            }
        }

        private void add(Space s, int slot, MergeGroup g, FileRow own, int id, long element) {
            int i = fileOf(id);
            if (i < 0) {
                stale++;
                return;
            }
            FileRow f = rows[i];
            if (g != null && !g.holds(f) || own != null && f != own) {
                problem(s.familyName() + ": game " + id + " of " + f.name() + " in an entry of "
                        + (g != null ? "a merge group that does not hold it" : "another file"));
                return;
            }
            if (byRow == null) {
                byRow = new long[rows.length][];
            }
            long[] d = byRow[i];
            if (d == null) {
                d = byRow[i] = new long[DIGESTS];
            }
            d[2 * slot] += idElement(element, id);
            d[2 * slot + 1]++;
        }

        /** An entry that indexing file {@code f}'s records gives, into its digest {@code want}. */
        void expected(Space s, int slot, byte[] k, byte[] val, FileRow f, long[] want) {
            if (s == Space.FINGERPRINTS) {
                int partition = (k[1] & 0xff) << 16 | (k[2] & 0xff) << 8 | (k[3] & 0xff);
                int top12 = partition >>> (k[0] - FingerprintBlock.MIN_BITS);
                FingerprintBlock.forEach(val, val.length, (fp, local) -> {
                    want[2 * slot] += idElement(fingerprintElement(top12, fp), f.firstId() + local);
                    want[2 * slot + 1]++;
                });
            } else {
                long body = bytesHash(k, k.length - 4);
                Postings.decode(val).forEach((int id) -> {
                    want[2 * slot] += idElement(body, id);
                    want[2 * slot + 1]++;
                });
            }
        }
    }

    /** An entry's element, on the fingerprint bits blocks of every schema keep (old blocks keep more). */
    private static long fingerprintElement(int top12, int fp) {
        return Keys.mix((long) top12 << 24 | FingerprintBlock.comparable(fp));
    }

    /** A position's element of the moves digest for one move (then mixed with the game's id, {@link #idElement}). */
    private static long moveElement(long body, int move) {
        return Keys.mix(body + 0x2545F4914F6CDD1DL * (move + 1));
    }

    private static long idElement(long element, int id) {
        return Keys.mix(element * 0x9E3779B97F4A7C15L + Keys.mix(id + 0x632BE59BD9B4E019L));
    }

    /** The checks on one game: its segment and record number, its text, its names. */
    private void check(GameRow row, FileRow f, Store.View v, List<String> bad) {
        String where = f.name() + ": record " + row.record();
        if (row.segment() != f.segment() || row.base() != f.base() || row.year() != f.year()
                || row.record() != row.id() - f.firstId()) {
            bad.add(where + ": the game says segment " + row.segment() + ", base " + row.base() + ", year " + row.year()
                    + ", record " + row.record() + " (game " + row.id() + ")");
        }
        if (row.raw().length != WthorGame.recordSize(row.side())) {
            bad.add(where + ": a record of " + row.raw().length + " bytes");
            return;
        }
        if (f.fromSource()) {
            byte[] text = v.get(Space.SOURCES, GameRow.key(row.id()));
            if (text == null || text.length <= 4) {
                bad.add(where + ": its text from " + f.name() + " is missing");
            }
        }
        Catalog.Base b = catalog.base(row.base());
        if (b == null) {
            bad.add(where + ": base " + row.base() + " is not in the store");
            return;
        }
        WthorGame g = new WthorGame(row.raw(), row.side());
        String damage = g.damage();
        if (damage != null && row.damage() == null) {
            // a record an older thordb stored as sound (a score byte of 200, say): it is damaged
            bad.add(where + ": " + damage + ", yet the game is not marked damaged");
            unmarked.add(new GameRow(row.id(), row.base(), row.side(), row.year(), row.record(), row.segment(),
                    row.validMoves(), row.raw(), damage));
        }
        boolean known = !b.players().isEmpty();
        if (known && row.damage() == null && (b.player(g.black()) == null || b.player(g.white()) == null)) {
            bad.add(where + ": a player number does not resolve in " + b.name() + "'s names");
        }
        if (!b.tournaments().isEmpty() && row.damage() == null && b.tournament(g.tournament()) == null) {
            bad.add(where + ": tournament " + g.tournament() + " does not resolve in " + b.name() + "'s names");
        }
    }

    private static boolean samePostings(Space s, byte[] key, byte[] a, byte[] b) {
        if (s == Space.FINGERPRINTS) {
            return Arrays.equals(a, b) || blockHash(a) == blockHash(b)
                    && FingerprintBlock.wellFormed(a, a.length) && FingerprintBlock.wellFormed(b, b.length);
        }
        if (s == Space.POSITIONS && PositionKeys.isMovesKey(key)) {
            return Arrays.equals(a, b); // a big entry's moves, which the records give byte for byte
        }
        try {
            RoaringBitmap x = Postings.decode(a);
            if (s == Space.POSITIONS && Postings.hasMoves(a) && Postings.hasMoves(b)
                    && !Postings.movesApart(a) && !Postings.movesApart(b)) {
                List<Long> ma = new ArrayList<>();
                List<Long> mb = new ArrayList<>();
                Postings.forEachMove(a, a.length, (id, move) -> ma.add((long) id << 7 | move));
                Postings.forEachMove(b, b.length, (id, move) -> mb.add((long) id << 7 | move));
                return ma.equals(mb);
            }
            return x.equals(Postings.decode(b));
        } catch (RuntimeException e) {
            return false;
        }
    }
}
