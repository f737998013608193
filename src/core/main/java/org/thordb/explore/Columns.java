package org.thordb.explore;

import java.util.Map;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.index.Field;
import org.thordb.index.IndexReader;
import org.thordb.index.Terms;

/**
 * Per-game columns for the explorer's figures (result, score, theoretical score, year), indexed by
 * game id and filled once per catalog (the store changes only by imports, and each import makes a
 * new catalog): results and scores from the term postings, years from the catalog's files.
 *
 * <p>Usage: {@code Columns c = Columns.of(reader); int score = c.score(id);}
 */
public final class Columns {
    private final byte[] result;
    private final byte[] score;
    private final byte[] theoretical;
    private final int[] year;
    // the results as bitmaps and the files by year, for rows of many games: counted by intersection and by file
    private final RoaringBitmap[] results = new RoaringBitmap[3];
    // the scores bit by bit (bit b: the games whose score has bit b set; 0..64 takes 7 bits), so
    // that a row's sum is seven intersection counts, not a read of every one of its games
    private final RoaringBitmap[] scoreBits = new RoaringBitmap[SCORE_BITS];
    private final RoaringBitmap[] theoreticalBits = new RoaringBitmap[SCORE_BITS];
    private static final int SCORE_BITS = 7;
    private final java.util.List<org.thordb.store.FileRow> files = new java.util.ArrayList<>();

    /** The games whose theoretical score is known: the only ones a theoretical sum reads. */
    private org.thordb.index.TheoreticalKnown known;

    private Columns(int size) {
        result = new byte[size];
        score = new byte[size];
        theoretical = new byte[size];
        year = new int[size];
    }

    /** Reads the columns of every game of a reader's view. */
    public static Columns of(IndexReader r) {
        Columns c = new Columns(r.catalog().nextGameId());
        c.known = org.thordb.index.TheoreticalKnown.of(r);
        for (int code = 0; code < 3; code++) {
            byte v = (byte) code;
            c.results[code] = r.term(Field.RESULT, Terms.small(code));
            c.results[code].runOptimize();
            c.results[code].forEach((int id) -> c.result[id] = v);
        }
        fill(r.valuesOf(Field.SCORE), c.score, c.scoreBits);
        fill(r.valuesOf(Field.THEORETICAL), c.theoretical, c.theoreticalBits);
        for (org.thordb.store.FileRow f : r.catalog().gameFiles()) { // a file's games have its year
            java.util.Arrays.fill(c.year, f.firstId(), f.firstId() + f.games(), f.year());
            c.files.add(f);
        }
        c.files.sort(java.util.Comparator.comparingInt(org.thordb.store.FileRow::year));
        return c;
    }

    /** A score column and its bit slices, from each value's games. */
    private static void fill(Map<Integer, RoaringBitmap> byValue, byte[] column, RoaringBitmap[] bits) {
        java.util.List<java.util.List<RoaringBitmap>> slices = new java.util.ArrayList<>();
        for (int b = 0; b < bits.length; b++) {
            slices.add(new java.util.ArrayList<>());
        }
        for (Map.Entry<Integer, RoaringBitmap> e : byValue.entrySet()) {
            int value = e.getKey();
            byte v = (byte) value;
            e.getValue().forEach((int id) -> column[id] = v);
            for (int b = 0; b < bits.length; b++) {
                if ((value >>> b & 1) != 0) {
                    slices.get(b).add(e.getValue());
                }
            }
        }
        for (int b = 0; b < bits.length; b++) {
            bits[b] = slices.get(b).isEmpty() ? new RoaringBitmap() : org.roaringbitmap.FastAggregation.or(slices.get(b).iterator());
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
            RoaringBitmap known = RoaringBitmap.and(games, this.known.bitmap());
            for (int b = 0; b < SCORE_BITS; b++) {
                s += RoaringBitmap.andCardinality(games, scoreBits[b]) << b;
                t += RoaringBitmap.andCardinality(known, theoreticalBits[b]) << b;
            }
            return new long[] {s, t, known.getLongCardinality()};
        }
        long s = 0;
        long t = 0;
        long k = 0;
        int[] batch = new int[256];
        org.roaringbitmap.BatchIterator it = games.getBatchIterator();
        while (it.hasNext()) {
            int n = it.nextBatch(batch);
            for (int i = 0; i < n; i++) {
                int id = batch[i];
                s += score[id] & 0xff;
                if (known.known(id)) {
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
        for (org.thordb.store.FileRow f : files) { // by year
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
        return result[id];
    }

    /** Black's stored score. */
    public int score(int id) {
        return score[id] & 0xff;
    }

    /** Whether a game's theoretical score is known. */
    public boolean theoreticalKnown(int id) {
        return known.known(id);
    }

    /** The stored theoretical score. */
    public int theoretical(int id) {
        return theoretical[id] & 0xff;
    }

    /** The year of the game's file. */
    public int year(int id) {
        return year[id];
    }
}
