package org.thordb.explore;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.index.Field;
import org.thordb.index.GameColumns;
import org.thordb.index.IndexReader;
import org.thordb.index.Terms;
import org.thordb.store.FileRow;
import org.roaringbitmap.BatchIterator;
import org.roaringbitmap.FastAggregation;

/**
 * What the explorer sums a row's figures from: the per-game columns ({@link GameColumns}: result,
 * score, theoretical score, year) and, for rows of many games, the results as bitmaps and the
 * scores bit by bit, so that a row of millions of games is counted by intersections rather than
 * read a game at a time. Made once per catalog (the store changes only by imports, and each import
 * makes a new catalog).
 *
 * <p>Usage: {@code RowFigures f = RowFigures.of(reader); int score = f.score(id);}
 */
public final class RowFigures {
    private final GameColumns games;
    // the results as bitmaps and the files by year, for rows of many games: counted by intersection and by file
    private final RoaringBitmap[] results = new RoaringBitmap[3];
    // the scores bit by bit (bit b: the games whose score has bit b set; 0..64 takes 7 bits), so
    // that a row's sum is seven intersection counts, not a read of every one of its games
    private final RoaringBitmap[] scoreBits = new RoaringBitmap[SCORE_BITS];
    private final RoaringBitmap[] theoreticalBits = new RoaringBitmap[SCORE_BITS];
    private static final int SCORE_BITS = 7;
    private final List<FileRow> files = new ArrayList<>();

    private RowFigures(GameColumns games) {
        this.games = games;
    }

    /** The figures of every game of a reader's view. */
    public static RowFigures of(IndexReader r) {
        RowFigures c = new RowFigures(GameColumns.of(r));
        for (int code = 0; code < 3; code++) {
            c.results[code] = r.term(Field.RESULT, Terms.small(code));
            c.results[code].runOptimize();
        }
        slices(r.valuesOf(Field.SCORE), c.scoreBits);
        slices(r.valuesOf(Field.THEORETICAL), c.theoreticalBits);
        c.files.addAll(r.catalog().gameFiles());
        c.files.sort(Comparator.comparingInt(FileRow::year));
        return c;
    }

    /** A score's bit slices, from each value's games. */
    private static void slices(Map<Integer, RoaringBitmap> byValue, RoaringBitmap[] bits) {
        List<List<RoaringBitmap>> slices = new ArrayList<>();
        for (int b = 0; b < bits.length; b++) {
            slices.add(new ArrayList<>());
        }
        for (Map.Entry<Integer, RoaringBitmap> e : byValue.entrySet()) {
            int value = e.getKey();
            for (int b = 0; b < bits.length; b++) {
                if ((value >>> b & 1) != 0) {
                    slices.get(b).add(e.getValue());
                }
            }
        }
        for (int b = 0; b < bits.length; b++) {
            bits[b] = slices.get(b).isEmpty() ? new RoaringBitmap() : FastAggregation.or(slices.get(b).iterator());
            bits[b].runOptimize();
        }
    }

    /** How many of {@code games} have each result: Black won, White won, draw. */
    long[] resultCounts(RoaringBitmap games) {
        return new long[] {RoaringBitmap.andCardinality(games, results[0]),
                RoaringBitmap.andCardinality(games, results[1]), RoaringBitmap.andCardinality(games, results[2])};
    }

    /**
     * From this many games, a sum is counted off the bit slices: 14 intersection counts, where a
     * read of each game's bytes costs about 3 ns a game (a row of 3.3 million games at ten million
     * took 10 ms that way, 0.5 ms by slices).
     */
    static final int SLICED_FROM = 65_536;

    /**
     * The sums of the stored scores and of the known theoretical scores of {@code games}, and how
     * many games the second rests on ({score sum, theoretical sum, known games}): for many games, from
     * the scores' bit slices (each bit's games counted, times its weight); for fewer, read off the
     * columns a batch of ids at a time (scores spread over 65 values: intersecting with each value's
     * games costs more than reading them).
     */
    long[] scoreSums(RoaringBitmap games) {
        if (games.getCardinality() >= SLICED_FROM) {
            long s = 0;
            long t = 0;
            RoaringBitmap known = RoaringBitmap.and(games, this.games.known().bitmap());
            for (int b = 0; b < SCORE_BITS; b++) {
                s += RoaringBitmap.andCardinality(games, scoreBits[b]) << b;
                t += RoaringBitmap.andCardinality(known, theoreticalBits[b]) << b;
            }
            return new long[] {s, t, known.getLongCardinality()};
        }
        long s = 0;
        long t = 0;
        long k = 0;
        byte[] score = this.games.scoreColumn();
        byte[] theoretical = this.games.theoreticalColumn();
        int[] batch = new int[256];
        BatchIterator it = games.getBatchIterator();
        while (it.hasNext()) {
            int n = it.nextBatch(batch);
            for (int i = 0; i < n; i++) {
                int id = batch[i];
                s += score[id] & 0xff;
                if (this.games.theoreticalKnown(id)) {
                    t += theoretical[id] & 0xff;
                    k++;
                }
            }
        }
        return new long[] {s, t, k};
    }

    /** The first and last years among {@code games} (a file's games share its year): {0, 0} when none. */
    int[] years(RoaringBitmap games) {
        int first = 0;
        int last = 0;
        boolean found = false;
        for (FileRow f : files) { // by year
            if (games.intersects((long) f.firstId(), (long) f.firstId() + f.games())) {
                if (!found) {
                    first = f.year();
                    found = true;
                }
                last = f.year();
            }
        }
        return new int[] {first, last};
    }

    /** The result code of a game: 0 Black won, 1 White won, 2 draw. */
    public int result(int id) {
        return games.result(id);
    }

    /** Black's stored score. */
    public int score(int id) {
        return games.score(id);
    }

    /** Whether a game's theoretical score is known. */
    public boolean theoreticalKnown(int id) {
        return games.theoreticalKnown(id);
    }

    /** The stored theoretical score. */
    public int theoretical(int id) {
        return games.theoretical(id);
    }

    /** The year of the game's file. */
    public int year(int id) {
        return games.year(id);
    }
}
