package org.thordb.query.plan;

import java.util.List;
import org.roaringbitmap.IntIterator;
import org.roaringbitmap.RoaringBitmap;
import org.roaringbitmap.RoaringBitmapWriter;
import org.thordb.index.GameColumns;
import org.thordb.index.IndexReader;
import org.thordb.store.FileRow;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.function.IntPredicate;
import org.roaringbitmap.BitSetUtil;

/**
 * The planner's other way to a predicate: the per-game columns instead of the postings, and what
 * each way costs. The costs are estimates in nanoseconds from figures measured on this machine
 * (a postings entry read, decoded and united: about 1.5 µs on the 10M-game base, where the 1.36
 * million entries of 13,592 names took 2 s; a game tested in a pass: about 2 ns), good enough to
 * tell a thousand entries from a hundred thousand, which is the choice that matters.
 *
 * <p>Usage: {@code RoaringBitmap b = ColumnScan.pass(predicate, reader);}
 */
final class ColumnScan {
    private ColumnScan() {
    }

    /**
     * A postings entry read, decoded and united into the answer. Predicates count a term's
     * entries one per file ({@code IndexReader.segmentCount}) even when a merge group holds them
     * in one: a merged entry holds every file's ids, and reading 27,000 of them (a substring of
     * 13,592 names on a merged ten-million-game base) took 245 ms, about what one per file and
     * 1.5 µs each predict, where counting one entry each had the planner choose them over a
     * 25 ms pass over the columns.
     */
    static final long ENTRY_NANOS = 1_500;

    /** A game id a lookup reads beyond its entries (a comparison of two fields reads them all). */
    static final long ID_NANOS = 5;

    /** A game tested in a pass over the columns, in id order. */
    static final long PASS_NANOS = 2;

    /** A game tested alone (a survivor of the parts before), found in its file first. */
    static final long PROBE_NANOS = 20;

    /**
     * Postings dearer than this make the columns when they are not made yet (in a process that
     * goes on asking): one scan of the records, kept for the catalog and paid back by the next such
     * queries.
     */
    static final long MAKE_COLUMNS_FROM_NANOS = 50_000_000;

    /**
     * Making the columns, per game of the store: its file's stored columns read and copied (0.4 s
     * at ten million; a file without them, in a store written before there were any, is read from
     * its records at about 600 ns a game until {@code thordb optimize} writes them).
     */
    static final long MAKE_NANOS_PER_GAME = 40;

    /** Whether the process answers one query and ends (see {@link QueryPlanner#oneQuery}). */
    static volatile boolean oneQuery;

    /** What the predicate's postings cost on this reader. */
    static long postingsNanos(ColumnarPredicate c, IndexReader r) {
        return c.entries(r) * ENTRY_NANOS + c.idsRead(r) * ID_NANOS;
    }

    /** What a pass over the columns of every game the reader covers costs. */
    static long passNanos(IndexReader r) {
        return r.gamesInScope() * PASS_NANOS;
    }

    /** What testing each of these games costs. */
    static long probeNanos(RoaringBitmap survivors) {
        return survivors.getLongCardinality() * PROBE_NANOS;
    }

    /**
     * Whether the columns may answer the predicate on this reader: they can (not a year or an id,
     * which the catalog answers), and they are made, or its postings cost enough to make them.
     */
    static boolean available(ColumnarPredicate c, IndexReader r, QueryPlanner.Access access) {
        if (!c.columnar() || access == QueryPlanner.Access.POSTINGS) {
            return false;
        }
        if (access == QueryPlanner.Access.COLUMNS || GameColumns.ifMade(r) != null) {
            return true;
        }
        // a process that asks once makes them only when its one answer pays for them; one that
        // goes on asking (an embedding program, the REPL, the server) when the postings are dear
        long postings = postingsNanos(c, r);
        return oneQuery ? postings > r.catalog().games() * MAKE_NANOS_PER_GAME + passNanos(r)
                : postings > MAKE_COLUMNS_FROM_NANOS;
    }

    /**
     * The games of every file the reader covers that hold, in one pass over the columns: two
     * halves of the ids side by side (the machines this runs on have two cores or more), each
     * setting the bits of its own words of one bitset, which becomes the bitmap at the end.
     */
    static RoaringBitmap pass(ColumnarPredicate c, IndexReader r) {
        ColumnarPredicate.GameTest t = c.test(r.catalog(), GameColumns.of(r));
        List<FileRow> files = r.filesInScope();
        int end = r.catalog().nextGameId();
        long[] words = new long[(end + 63) >>> 6];
        int mid = (end >>> 7) << 6; // a multiple of 64: the halves share no word
        ForkJoinTask<?> low = ForkJoinPool.commonPool()
                .submit(() -> pass(t, files, 0, mid, words));
        pass(t, files, mid, end, words);
        low.join();
        return BitSetUtil.bitmapOf(words);
    }

    /** Sets the bits of the games in {@code [from, to)} that hold. */
    private static void pass(ColumnarPredicate.GameTest t, List<FileRow> files, int from, int to, long[] words) {
        for (FileRow f : files) {
            int a = Math.max(from, f.firstId());
            int z = Math.min(to, f.firstId() + f.games());
            if (a >= z) {
                continue;
            }
            IntPredicate test = t.in(f);
            if (test instanceof ColumnarPredicate.RangeTest r) {
                r.mark(a, z, words);
                continue;
            }
            for (int id = a; id < z; id++) {
                if (test.test(id)) {
                    words[id >>> 6] |= 1L << id;
                }
            }
        }
    }

    /** The games of {@code survivors} that hold, each tested alone. */
    static RoaringBitmap test(ColumnarPredicate c, IndexReader r, RoaringBitmap survivors) {
        ColumnarPredicate.GameTest t = c.test(r.catalog(), GameColumns.of(r));
        RoaringBitmapWriter<RoaringBitmap> w = RoaringBitmapWriter.writer().get();
        FileRow f = null;
        IntPredicate test = null;
        for (IntIterator it = survivors.getIntIterator(); it.hasNext(); ) {
            int id = it.next();
            if (f == null || id >= f.firstId() + f.games()) { // ids come in order: a file's are together
                f = r.catalog().gameFileOf(id);
                test = f == null ? null : t.in(f);
            }
            if (test != null && test.test(id)) {
                w.add(id);
            }
        }
        return w.get();
    }
}
