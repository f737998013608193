package org.thordb.index;

import org.thordb.store.Keys;
import java.util.Arrays;

/**
 * Term keys of the {@code TERMS} space: the field's code byte, its term bytes, and (in a postings
 * key) the segment id.
 *
 * <p>Usage: {@code byte[] prefix = Terms.key(Field.BLACK, Terms.name(base, number));}
 */
public final class Terms {
    private Terms() {
    }

    /** The longest opening indexed, in moves; longer openings are checked against the records. */
    public static final int OPENING_DEPTH = 10;

    /**
     * The length byte of a file's unsplit term ({@link #openingUnsplit}), after every line's.
     */
    static final int UNSPLIT = 0xFF;

    /**
     * The {@link Field#OPENING} term of a file's games that are alone in it with their first 9
     * moves, in a store that splits its openings ({@code Catalog.SPLITS_KEY}): their 10-move terms
     * are not written (at ten million random games, 8.1 M of the 9.8 M 10-move entries were such
     * one-game entries under a one-game 9-move one: 70 MB). A game of a 10-move line is then in
     * the line's term, or in this one and its 9-move line's term, which its moves confirm.
     */
    public static byte[] openingUnsplit() {
        return new byte[] {(byte) UNSPLIT};
    }

    /** The longest 10×10 opening indexed, in moves (7 bits a move after the first in a packed term). */
    public static final int OPENING_DEPTH_10 = 8;

    /** The key prefix of a term: field code then term bytes. */
    public static byte[] key(Field f, byte[] term) {
        byte[] k = new byte[1 + term.length];
        k[0] = f.code();
        System.arraycopy(term, 0, k, 1, term.length);
        return k;
    }

    /** A postings key: term key then segment. */
    public static byte[] postingKey(byte[] termKey, int segment) {
        byte[] k = Arrays.copyOf(termKey, termKey.length + 4);
        Keys.putU32(k, termKey.length, segment);
        return k;
    }

    /**
     * The segment of a key of {@code terms}, {@code positions} or {@code fingerprints}: each of
     * them ends with it (u32).
     */
    public static int segmentOf(byte[] key) {
        return Keys.getU32(key, key.length - 4);
    }

    /** The term of a player or tournament number within a base. */
    public static byte[] name(int base, int number) {
        return new byte[] {(byte) (base >>> 8), (byte) base, (byte) (number >>> 8), (byte) number};
    }

    /** The term of a year. */
    public static byte[] year(int year) {
        return Keys.i32(year);
    }

    /** The term of a small number (score, theoretical score, move count, result). */
    public static byte[] small(int v) {
        return new byte[] {(byte) v};
    }

    /** The term of an edge configuration ({@link EdgePatterns#canonical}). */
    public static byte[] edge(int code) {
        return new byte[] {(byte) (code >>> 8), (byte) code};
    }

    /** The term of a base. */
    public static byte[] base(int base) {
        return Keys.u16(base);
    }

    /** The term of an opening: its length, then its squares (already turned so that the first is f5). */
    public static byte[] opening(int[] squares, int length) {
        byte[] t = new byte[1 + length];
        t[0] = (byte) length;
        for (int i = 0; i < length; i++) {
            t[1 + i] = (byte) squares[i];
        }
        return t;
    }

    /** The term of a game's whole move list: its {@link #gameHash}, 8 bytes. */
    public static byte[] game(long hash) {
        return Keys.u64(hash);
    }

    /**
     * A 59-bit hash of a whole move list turned so that its first move is f5 ({@link Openings}):
     * one value for a game and its images under the 4 symmetries of the start position, which are
     * the only ones a legal game can be turned by. -1 when the first move is not a first move.
     *
     * @param squares the moves, 0–63
     * @param length how many of them the game has
     */
    public static long gameHash(int[] squares, int length) {
        int[] turned = Openings.normalize(squares, length);
        if (turned == null) {
            return -1;
        }
        long h = 0x6a09e667f3bcc909L ^ length;
        for (int i = 0; i < length; i++) {
            h = PositionHash.mix(h + 0x9e3779b97f4a7c15L * (turned[i] + 1));
        }
        return h >>> 5;
    }

    /** The result code of a stored score: 0 Black wins, 1 White wins, 2 draw. */
    public static int result(int blackScore, int side) {
        int half = side * side / 2;
        return blackScore > half ? 0 : blackScore < half ? 1 : 2;
    }
}
