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

    private Columns(int size) {
        result = new byte[size];
        score = new byte[size];
        theoretical = new byte[size];
        year = new int[size];
    }

    /** Reads the columns of every game of a reader's view. */
    public static Columns of(IndexReader r) {
        Columns c = new Columns(r.catalog().nextGameId());
        for (int code = 0; code < 3; code++) {
            byte v = (byte) code;
            r.term(Field.RESULT, Terms.small(code)).forEach((int id) -> c.result[id] = v);
        }
        for (Map.Entry<Integer, RoaringBitmap> e : r.valuesOf(Field.SCORE).entrySet()) {
            byte v = (byte) (int) e.getKey();
            e.getValue().forEach((int id) -> c.score[id] = v);
        }
        for (Map.Entry<Integer, RoaringBitmap> e : r.valuesOf(Field.THEORETICAL).entrySet()) {
            byte v = (byte) (int) e.getKey();
            e.getValue().forEach((int id) -> c.theoretical[id] = v);
        }
        for (org.thordb.store.FileRow f : r.catalog().gameFiles()) { // a file's games have its year
            java.util.Arrays.fill(c.year, f.firstId(), f.firstId() + f.games(), f.year());
        }
        return c;
    }

    /** The result code of a game: 0 Black won, 1 White won, 2 draw. */
    public int result(int id) {
        return result[id];
    }

    /** Black's stored score. */
    public int score(int id) {
        return score[id] & 0xff;
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
