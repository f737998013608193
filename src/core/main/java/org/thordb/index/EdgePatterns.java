package org.thordb.index;

import java.util.Arrays;
import org.roaringbitmap.RoaringBitmap;

/**
 * The edge index: for each configuration of an edge (its 8 squares, each empty, black or white,
 * read from either end), the games that show it on one of their four edges at some move. It is the
 * {@link Field#EDGE} term of each 8×8 game, one per distinct configuration the game's boards show,
 * so a board pattern's candidates come from postings instead of a replay of every game.
 *
 * <p>Why edges: a disc on an edge is only ever flipped along that edge (every other line through
 * it ends there), so an edge changes only when a move is played on it, at most 8 times a game;
 * a game shows about 30 configurations, 48 bytes of postings a game at 100,000 games a file. A
 * configuration is numbered in base 3 (empty 0, black 1, white 2, the first square the lowest
 * digit) and written as the smaller of the numbers of its two readings, so that the four edges in
 * both directions, which the 8 symmetries of the board exchange, share one term: a pattern in any
 * orientation whose squares lie on an edge is answered by the postings alone.
 *
 * <p>Usage: {@code RoaringBitmap g = EdgePatterns.games(reader, EdgePatterns.matching(new int[] {0, 1, -1, -1, -1, -1, 1, 0}));}
 */
public final class EdgePatterns {
    /** The number of configurations of an edge, 3^8. */
    public static final int CODES = 6561;

    /** The squares of the four edges, each along its line: rows 1 and 8, columns a and h. */
    public static final int[][] EDGES = {
        {0, 1, 2, 3, 4, 5, 6, 7}, {56, 57, 58, 59, 60, 61, 62, 63},
        {0, 8, 16, 24, 32, 40, 48, 56}, {7, 15, 23, 31, 39, 47, 55, 63},
    };

    private static final int[] TERNARY = new int[256]; // bit i of a byte -> 3^i
    private static final short[] CANONICAL = new short[CODES];

    static {
        for (int x = 0; x < 256; x++) {
            int t = 0;
            for (int i = 7; i >= 0; i--) {
                t = t * 3 + (x >>> i & 1);
            }
            TERNARY[x] = t;
        }
        for (int c = 0; c < CODES; c++) {
            int rev = 0;
            int x = c;
            for (int i = 0; i < 8; i++) {
                rev = rev * 3 + x % 3;
                x /= 3;
            }
            CANONICAL[c] = (short) Math.min(c, rev);
        }
    }

    private EdgePatterns() {
    }

    /** The number of an edge whose black squares are the bits of {@code black} and white those of {@code white} (8 bits each, along the edge). */
    public static int code(int black, int white) {
        return TERNARY[black] + 2 * TERNARY[white];
    }

    /** The term of a configuration: the smaller of the numbers of its two readings. */
    public static int canonical(int code) {
        return CANONICAL[code];
    }

    /** The 8 squares of column {@code c} of a board, a1's row first, as the bits of a byte. */
    private static int column(long x, int c) {
        long m = (x >>> c) & 0x0101010101010101L;
        return (int) ((m * 0x0102040810204080L) >>> 56);
    }

    /**
     * Adds the terms of the four edges of a board to {@code seen} (a bit a term, {@link #CODES}
     * bits): the same set for every orientation of the board.
     */
    public static void addEdges(long black, long white, long[] seen) {
        mark(seen, code((int) black & 0xff, (int) white & 0xff));
        mark(seen, code((int) (black >>> 56), (int) (white >>> 56)));
        mark(seen, code(column(black, 0), column(white, 0)));
        mark(seen, code(column(black, 7), column(white, 7)));
    }

    private static void mark(long[] seen, int code) {
        int c = CANONICAL[code];
        seen[c >>> 6] |= 1L << c;
    }

    /**
     * The terms that match a partial edge, ascending.
     *
     * @param spec the 8 squares along the edge: −1 any, 0 empty, 1 black, 2 white
     */
    public static int[] matching(int[] spec) {
        long[] seen = new long[(CODES + 63) / 64];
        int free = 0;
        for (int s : spec) {
            if (s < 0) {
                free++;
            }
        }
        int combos = (int) Math.pow(3, free);
        int[] digits = new int[8];
        for (int n = 0; n < combos; n++) {
            int x = n;
            for (int i = 0; i < 8; i++) {
                if (spec[i] < 0) {
                    digits[i] = x % 3;
                    x /= 3;
                } else {
                    digits[i] = spec[i];
                }
            }
            int code = 0;
            for (int i = 7; i >= 0; i--) {
                code = code * 3 + digits[i];
            }
            int c = CANONICAL[code];
            seen[c >>> 6] |= 1L << c;
        }
        return terms(seen);
    }

    /** The terms whose bits {@code seen} holds, ascending. */
    public static int[] terms(long[] seen) {
        int n = 0;
        for (long w : seen) {
            n += Long.bitCount(w);
        }
        int[] out = new int[n];
        int k = 0;
        for (int i = 0; i < seen.length; i++) {
            for (long w = seen[i]; w != 0; w &= w - 1) {
                out[k++] = i * 64 + Long.numberOfTrailingZeros(w);
            }
        }
        return out;
    }

    /** The games (of the reader's scope, read {@link IndexReader#through} when it is) with one of these terms on an edge at some move. */
    public static RoaringBitmap games(IndexReader r, int[] terms) {
        Postings.Union u = r.union();
        for (int t : terms) {
            r.addTerm(Field.EDGE, Terms.edge(t), u);
        }
        return r.live(u.result());
    }

    /** Whether every game file of the reader's store has its edge terms ({@link org.thordb.store.Catalog#EDGES_KEY}). */
    public static boolean indexed(IndexReader r) {
        return r.meta(org.thordb.store.Catalog.EDGES_KEY) != null;
    }

    /** The squares of a pattern's edges, each spec along its edge as {@link #matching} reads it. */
    public static int[][] specs(long black, long white, long empty) {
        int[][] out = new int[4][8];
        for (int e = 0; e < 4; e++) {
            Arrays.fill(out[e], -1);
            for (int i = 0; i < 8; i++) {
                long m = 1L << EDGES[e][i];
                out[e][i] = (black & m) != 0 ? 1 : (white & m) != 0 ? 2 : (empty & m) != 0 ? 0 : -1;
            }
        }
        return out;
    }
}
