package org.thordb.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.thordb.explore.RowFigures;
import org.thordb.explore.ExplorationBook;
import org.thordb.explore.ExplorePolicy;
import org.thordb.explore.ValueBook;
import org.thordb.solve.Estimator;
import org.thordb.index.IndexReader;
import org.thordb.index.PositionHash;
import org.thordb.ingest.Optimizer;
import org.thordb.ingest.StoreVerifier;
import org.thordb.othello.Position;
import org.thordb.store.Catalog;
import org.thordb.store.Keys;
import org.thordb.store.Store;
import org.thordb.store.Store.Space;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.thordb.fault.Faults;
import org.thordb.store.StoreFolder;
import org.thordb.store.StoreState;

/**
 * The work on a store as a whole: verify it against its records (and repair), merge its files'
 * entries and compact it ({@code optimize}), make the explorer's book, report its sizes.
 *
 * <p>Usage: {@code StoreVerifier.Report r = maintenance.verify(generation, false, Integer.MAX_VALUE, 0, System.out::println);}
 */
final class Maintenance {
    /** Commits a batch of the store opened for writing and returns the catalog after it. */
    interface Committer {
        Catalog commit(Store.Batch batch);
    }

    private final Generations generations;
    private final PositionHash hash;
    private final ExplorerService explorer;
    private final Committer committer;

    Maintenance(Generations generations, PositionHash hash, ExplorerService explorer, Committer committer) {
        this.generations = generations;
        this.hash = hash;
        this.explorer = explorer;
        this.committer = committer;
    }

    private <T> T read(Function<IndexReader, T> work) {
        return generations.read(hash, work);
    }

    /** Checks a generation's store against its records; with {@code repair}, rewrites what they say the indexes should be. */
    StoreVerifier.Report verify(Generation g, boolean repair, int sample, long seed, StoreVerifier.Listener out) {
        Path mark = g.store().path().resolve(StoreFolder.REPAIRING);
        if (repair) {
            // a repair killed half-way leaves indexes that answer wrongly: until one ends, no open reads them
            StoreState.writeAtomically(mark, "stage in-place\n".getBytes(StandardCharsets.US_ASCII));
        }
        StoreVerifier.Report r = new StoreVerifier(g.store(), g.catalog(), hash).verify(repair, sample, seed, out);
        r = verifyBook(g, r, repair, out);
        r = verifyValues(g, r, repair, out);
        if (repair) {
            g.store().flush(); // what the repair wrote is in table files before the mark goes
            try {
                Files.deleteIfExists(mark);
            } catch (IOException e) {
                throw Faults.io(mark, e);
            }
        }
        if (r.repaired() > 0) {
            g.store().flush();
            try (Store.View v = g.store().view()) {
                g.catalog(Catalog.load(v, g.catalog())); // a repair may have un-merged a group
            }
            g.views().clear(); // they were taken before the repairs
        }
        return r;
    }

    /**
     * Checks the value book ({@link ValueBook}): each entry's shape (it decodes, its moves and lines
     * are legal), and its position nearest the start searched again (a fraction of a second), which must give the entry (a search
     * changed without a new stamp would not: its entries are then wrong, not merely old). An entry of
     * another stamp is not used and only noted. {@code repair} deletes the entries that are wrong
     * (the next optimize searches their positions again).
     */
    private StoreVerifier.Report verifyValues(Generation g, StoreVerifier.Report r, boolean repair, StoreVerifier.Listener out) {
        Map<byte[], byte[]> entries = new LinkedHashMap<>();
        try (Store.View v = g.store().view()) {
            v.scanPrefix(Space.META, ValueBook.PREFIX, (k, val) -> entries.put(k, val) == null);
        }
        if (entries.isEmpty()) {
            return r;
        }
        List<byte[]> wrong = new ArrayList<>();
        long old = 0;
        byte[] first = null;
        for (Map.Entry<byte[], byte[]> e : entries.entrySet()) {
            switch (ValueBook.checkShape(e.getKey(), e.getValue())) {
                case OLD -> old++;
                case DIFFERS -> wrong.add(e.getKey());
                case SAME -> first = first == null || ValueBook.empties(e.getKey()) > ValueBook.empties(first) ? e.getKey() : first;
            }
        }
        if (first != null && ValueBook.check(first, entries.get(first)) != ValueBook.Check.SAME) {
            wrong.clear(); // the search gives other values than its stamp says: every entry is suspect
            entries.forEach((k, v) -> {
                if (ValueBook.checkShape(k, v) != ValueBook.Check.OLD) {
                    wrong.add(k);
                }
            });
            out.line("meta: the value book's position nearest the start searched again gives other estimates than it keeps:"
                    + " the search changed without a new stamp (Estimator.SEARCH_VERSION)");
        }
        for (byte[] k : wrong) {
            out.line("meta: the value book's entry " + HexFormat.of().formatHex(k, ValueBook.PREFIX.length, k.length)
                    + " is not an estimate this thordb's search gives");
        }
        if (old > 0) {
            out.line(old + " positions of the value book were searched by another thordb and are not used"
                    + " (thordb optimize searches them again)");
        }
        if (repair && !wrong.isEmpty()) {
            try (Store.Batch b = g.store().batch()) {
                for (byte[] k : wrong) {
                    b.delete(Space.META, k);
                }
                b.delete(Space.META, ValueBook.FROM_KEY); // the next optimize searches them again
                committer.commit(b);
            }
            out.line("repaired: " + wrong.size() + " entries of the value book deleted; thordb optimize searches their"
                    + " positions again");
        }
        return new StoreVerifier.Report(r.games(), r.entries() + entries.size(),
                r.problems() + wrong.size(), r.repaired() + (repair ? wrong.size() : 0));
    }

    /**
     * Checks the explorer's book ({@link ExplorationBook}): each entry made from the store's files
     * as they are must be what exploring its position gives now; an entry made before an import is
     * not used and only noted. {@code repair} makes the book again when an entry differs.
     */
    private StoreVerifier.Report verifyBook(Generation g, StoreVerifier.Report r, boolean repair, StoreVerifier.Listener out) {
        Map<byte[], byte[]> entries = new LinkedHashMap<>();
        try (Store.View v = g.store().view()) {
            v.scanPrefix(Space.META, ExplorationBook.PREFIX, (k, val) -> entries.put(k, val) == null);
        }
        if (entries.isEmpty()) {
            return r;
        }
        List<byte[]> wrong = new ArrayList<>();
        long old = read(x -> {
            RowFigures cols = explorer.columns(x);
            long n = 0;
            for (Map.Entry<byte[], byte[]> e : entries.entrySet()) {
                switch (ExplorationBook.check(x, cols, e.getKey(), e.getValue())) {
                    case OLD -> n++;
                    case DIFFERS -> {
                        wrong.add(e.getKey());
                        out.line("meta: the explorer's book says of " + HexFormat.of().formatHex(e.getKey(),
                                ExplorationBook.PREFIX.length, e.getKey().length) + " what its games do not");
                    }
                    case SAME -> { }
                }
            }
            return n;
        });
        if (old > 0) {
            out.line(old + " positions of the explorer's book were worked out before the last import or fill and are"
                    + " not used (thordb optimize works them out again)");
        }
        if (repair && !wrong.isEmpty()) {
            // the book derives from the records like every index: made again whole, as optimize makes it
            byte[] from = read(x -> x.meta(ExplorationBook.FROM_KEY));
            int made = writeBook(g, from == null ? ExplorationBook.DEFAULT_FROM : Keys.getU64(from, 0));
            out.line("repaired: the explorer's book made again from the records (" + made + " positions)");
        }
        return new StoreVerifier.Report(r.games(), r.entries() + entries.size(),
                r.problems() + wrong.size(), r.repaired() + (repair ? wrong.size() : 0));
    }

    /** Bytes on disk, per key space name and in total ({@code "total"}). */
    static Map<String, Long> sizes(Store store) {
        Map<String, Long> out = new LinkedHashMap<>();
        store.sizes().forEach((k, v) -> out.put(k == null ? "total" : k.name().toLowerCase(Locale.ROOT), v));
        return out;
    }

    /**
     * Merges every game file's entries into one merge group ({@link Optimizer}), compacts (unless
     * {@code compact} is false) and makes the explorer's book of every position at least
     * {@code bookFrom} games reach.
     */
    Optimizer.Report optimize(Generation g, boolean compact, long bookFrom, Optimizer.Listener out) {
        Optimizer.Report r = new Optimizer(g.store(), g.catalog(), committer::commit, out).optimize();
        g.views().clear(); // the postings they see were merged since
        dropLocators(g.store());
        if (!r.alreadyMerged()) {
            if (compact) {
                g.store().compact();
            } else {
                g.store().flush();
            }
        }
        boolean current = read(x -> ExplorationBook.lookup(x, Position.start()) != null
                && Arrays.equals(x.meta(ExplorationBook.FROM_KEY), Keys.u64(bookFrom)));
        if (!(r.alreadyMerged() && current)) {
            r = r.withBook(writeBook(g, bookFrom));
        }
        int[] values = writeValues(g);
        return values == null ? r : r.withValues(values[0], values[1]);
    }

    /**
     * Keeps the explorer's estimates of the positions at least {@link ValueBook#DEFAULT_FROM} games
     * reach ({@link ValueBook}), unless the book holds them already under this thordb's stamp for
     * the same positions: searched once here, read by every later process. Returns its positions and
     * those searched now, or null when it was left as it was.
     */
    private int[] writeValues(Generation g) {
        long from = ValueBook.DEFAULT_FROM;
        byte[] made = valuesFrom(from, g.catalog().gameFilesStamp());
        if (read(x -> Arrays.equals(x.meta(ValueBook.FROM_KEY), made))) {
            return null; // the same positions, searched by this same search
        }
        int[] searched = {0};
        Map<byte[], byte[]> book = read(x -> ValueBook.build(x, explorer.columns(x), from, ExplorePolicy.EXACT_EMPTIES,
                n -> searched[0]++, true));
        try (Store.View v = g.store().view(); Store.Batch b = g.store().batch()) {
            v.scanPrefix(Space.META, ValueBook.PREFIX, (k, val) -> {
                b.delete(Space.META, k);
                return true;
            });
            book.forEach((k, val) -> b.put(Space.META, k, val));
            b.put(Space.META, ValueBook.FROM_KEY, made);
            committer.commit(b);
        }
        return new int[] {book.size(), searched[0]};
    }

    /**
     * What the value book was made from: its threshold, the stamp of the search and the game files
     * (which choose its positions); the same, and optimize leaves it as it is.
     */
    private static byte[] valuesFrom(long from, long files) {
        byte[] out = new byte[24];
        System.arraycopy(Keys.u64(from), 0, out, 0, 8);
        System.arraycopy(Keys.u64(Estimator.stamp()), 0, out, 8, 8);
        System.arraycopy(Keys.u64(files), 0, out, 16, 8);
        return out;
    }

    /**
     * Deletes the locators an older thordb wrote in {@code GAME_KEYS} (a game's id by its file and
     * record number), which nothing reads now: the file row gives it ({@code IndexReader.gameId}).
     */
    private static void dropLocators(Store store) {
        boolean[] any = {false};
        try (Store.View v = store.view()) {
            v.scan(Space.GAME_KEYS, new byte[0], null, (k, val) -> !(any[0] = true));
        }
        if (any[0]) {
            byte[] end = new byte[12];
            Arrays.fill(end, (byte) 0xff); // past every 11-byte locator
            try (Store.Batch b = store.batch()) {
                b.deleteRange(Space.GAME_KEYS, new byte[0], end);
                b.commit();
            }
        }
    }

    /**
     * Works out the explorer's book for the store as it is and writes it in place of the old one,
     * in one batch; returns its positions.
     */
    private int writeBook(Generation g, long from) {
        Map<byte[], byte[]> book = read(x -> ExplorationBook.build(x, explorer.columns(x), from));
        try (Store.View v = g.store().view(); Store.Batch b = g.store().batch()) {
            v.scanPrefix(Space.META, ExplorationBook.PREFIX, (k, val) -> {
                b.delete(Space.META, k);
                return true;
            });
            v.scanPrefix(Space.META, ExplorationBook.OLD_PREFIX, (k, val) -> { // the book's first layout
                b.delete(Space.META, k);
                return true;
            });
            book.forEach((k, val) -> b.put(Space.META, k, val));
            b.put(Space.META, ExplorationBook.FROM_KEY, Keys.u64(from));
            committer.commit(b);
        }
        return book.size();
    }
}
