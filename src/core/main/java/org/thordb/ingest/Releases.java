package org.thordb.ingest;

import org.thordb.fault.Faults;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.index.GameColumns;
import org.thordb.index.PositionHash;
import org.thordb.index.SegmentIndexer;
import org.thordb.store.Catalog;
import org.thordb.store.FileRow;
import org.thordb.store.GameRow;
import org.thordb.store.Keys;
import org.thordb.store.Store;
import org.thordb.store.Store.Space;
import org.thordb.store.RocksStore;

/**
 * The releases a newer one replaced, kept in the store ({@link Catalog.RetiredRelease}): restored
 * in place of the release that replaced it (which is kept in turn, so a restore is undone the same
 * way), or pruned for good. Each restore and each prune is one atomic batch.
 *
 * <p>Usage: {@code Catalog c = Releases.undo(store, catalog, hash, committer, System.out::println);}
 */
public final class Releases {
    private Releases() {
    }

    /**
     * Restores every release the latest operation replaced (an import's replacements, or an undo's):
     * each takes its year back from the release that replaced it, which is retired in its place.
     * Returns the releases restored (none when there is nothing to undo).
     */
    public static List<Catalog.RetiredRelease> undo(Store store, Catalog catalog, PositionHash hash, Importer.Committer committer,
                                                    Importer.Listener out) {
        List<Catalog.RetiredRelease> retired = catalog.retired();
        if (retired.isEmpty()) {
            return List.of();
        }
        String latest = null;
        for (Catalog.RetiredRelease r : retired) {
            if (latest == null || r.operation().compareTo(latest) > 0) {
                latest = r.operation();
            }
        }
        List<Catalog.RetiredRelease> which = new ArrayList<>();
        for (Catalog.RetiredRelease r : retired) {
            if (r.operation().equals(latest)) {
                which.add(r);
            }
        }
        String operation = Instant.now().toString();
        Catalog c = catalog;
        for (Catalog.RetiredRelease r : which) {
            c = restore(store, c, hash, committer, r, operation, out);
        }
        return which;
    }

    /** Restores one retired release in place of its year's current one (retired in turn); returns the catalog after. */
    public static Catalog restore(Store store, Catalog catalog, PositionHash hash, Importer.Committer committer,
                                  Catalog.RetiredRelease r, String operation, Importer.Listener out) {
        FileRow f = r.file();
        List<GameRow> rows = new ArrayList<>(f.games());
        boolean splits;
        try (Store.View v = store.view()) {
            splits = SegmentIndexer.splits(v);
            v.scan(Space.RETIRED, GameRow.key(f.firstId()), GameRow.key(f.firstId() + f.games()), (k, val) -> {
                rows.add(GameRow.decode(Keys.getU32(k, 0), val));
                return true;
            });
        }
        if (rows.size() != f.games()) {
            throw Faults.of(ErrorCode.CORRUPT, store.path() + ": the retired release " + f.name() + " of " + f.year()
                    + " has " + rows.size() + " of its " + f.games() + " records; it is not restored");
        }
        try (Store.Batch batch = store.batch()) {
            FileRow current = catalog.gameFile(f.base(), f.side(), f.year());
            if (current != null) {
                retireInto(store, hash, current, f.name() + " (restored)", operation, batch);
            }
            List<byte[]> raw = new ArrayList<>(rows.size());
            for (GameRow row : rows) {
                batch.put(Space.GAMES, GameRow.key(row.id()), row.encode());
                raw.add(row.raw());
            }
            batch.deleteRange(Space.RETIRED, GameRow.key(f.firstId()), GameRow.key(f.firstId() + f.games()));
            batch.delete(Space.FILES, r.key());
            batch.put(Space.FILES, f.key(), Catalog.encode(f));
            batch.put(Space.COLUMNS, GameColumns.key(f.firstId()), GameColumns.entry(f.side(), raw));
            SegmentIndexer.ofRows(f, rows, hash, splits).emit(batch::put);
            Catalog after = committer.commit(batch);
            out.line("restored " + f.name() + " (year " + f.year() + ", " + f.games() + " games, made "
                    + f.created() + ")" + (current == null ? "" : " in place of " + current.name() + " ("
                    + current.games() + " games), which is kept in turn"));
            return after;
        }
    }

    /**
     * Retires a release in a batch: its records moved into {@code RETIRED}, its postings, blocks and
     * columns deleted (indexed again from its records, which gives back exactly its keys), its row
     * kept as an {@code 'X'} row.
     */
    static void retireInto(Store store, PositionHash hash, FileRow old, String replacedBy, String operation, Store.Batch batch) {
        int[] n = {0};
        try (Store.View v = store.view()) {
            v.scan(Space.GAMES, GameRow.key(old.firstId()), GameRow.key(old.firstId() + old.games()), (k, val) -> {
                batch.put(Space.RETIRED, k, val);
                n[0]++;
                return true;
            });
            if (n[0] != old.games()) {
                throw Faults.of(ErrorCode.CORRUPT, store.path() + ": " + old.name() + " has " + n[0]
                        + " of its " + old.games() + " records in the store; it is not replaced"
                        + RocksStore.repairAdvice(store.path()));
            }
            SegmentIndexer.ofStored(v, old, hash, null).emit((space, key, value) -> batch.delete(space, key));
        }
        batch.deleteRange(Space.GAMES, GameRow.key(old.firstId()), GameRow.key(old.firstId() + old.games()));
        batch.delete(Space.COLUMNS, GameColumns.key(old.firstId()));
        byte[] loc = GameRow.locatorPrefix(old.base(), old.side(), old.year());
        batch.deleteRange(Space.GAME_KEYS, loc, Keys.prefixEnd(loc));
        batch.put(Space.FILES, Catalog.RetiredRelease.keyOf(old.firstId()),
                Catalog.encode(new Catalog.RetiredRelease(old, Instant.now().toString(), replacedBy, operation)));
    }

    /**
     * Deletes retired releases for good (their records and rows), those replaced before
     * {@code before} (an ISO-8601 instant; null: every one), in one batch; returns them.
     */
    public static List<Catalog.RetiredRelease> prune(Store store, Catalog catalog, String before, Importer.Committer committer) {
        List<Catalog.RetiredRelease> which = new ArrayList<>();
        for (Catalog.RetiredRelease r : catalog.retired()) {
            if (before == null || r.retiredAt().compareTo(before) < 0) {
                which.add(r);
            }
        }
        if (which.isEmpty()) {
            return which;
        }
        try (Store.Batch batch = store.batch()) {
            for (Catalog.RetiredRelease r : which) {
                FileRow f = r.file();
                batch.deleteRange(Space.RETIRED, GameRow.key(f.firstId()), GameRow.key(f.firstId() + f.games()));
                batch.delete(Space.FILES, r.key());
            }
            committer.commit(batch);
        }
        return which;
    }
}
