package org.thordb.index;

import java.util.Arrays;
import org.roaringbitmap.RoaringBitmap;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.thordb.store.Catalog;

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

    /** An edge after a move on it: {@code NEXT[code * 16 + position * 2 + colour]} (colour 0 Black, 1 White), its discs flipped along the edge. */
    private static final short[] NEXT = new short[CODES * 16];
    /** The edges of each square, as {@code edge * 8 + position + 1} in bytes 0 and 1 (a corner is on two; 0 none). */
    private static final int[] ON_EDGES = new int[64];

    static {
        int[] d = new int[8];
        for (int c = 0; c < CODES; c++) {
            for (int p = 0; p < 8; p++) {
                for (int colour = 0; colour < 2; colour++) {
                    for (int i = 0, x = c; i < 8; i++, x /= 3) {
                        d[i] = x % 3;
                    }
                    if (d[p] == 0) { // a disc only goes on an empty square; a taken one stays as it is
                        int me = colour + 1;
                        d[p] = me;
                        for (int dir = -1; dir <= 1; dir += 2) {
                            int j = p + dir;
                            while (j >= 0 && j < 8 && d[j] == 3 - me) {
                                j += dir;
                            }
                            if (j >= 0 && j < 8 && d[j] == me) {
                                for (int f = p + dir; f != j; f += dir) {
                                    d[f] = me;
                                }
                            }
                        }
                    }
                    int code = 0;
                    for (int i = 7; i >= 0; i--) {
                        code = code * 3 + d[i];
                    }
                    NEXT[c * 16 + p * 2 + colour] = (short) code;
                }
            }
        }
        for (int e = 0; e < 4; e++) {
            for (int p = 0; p < 8; p++) {
                int sq = EDGES[e][p];
                int v = e * 8 + p + 1;
                ON_EDGES[sq] = ON_EDGES[sq] == 0 ? v : ON_EDGES[sq] | v << 8;
            }
        }
    }

    private EdgePatterns() {
    }

    /**
     * The first of the moves {@code from} to {@code to} at which a game's border (its four edges)
     * fits a pattern's, worked out from its moves alone, on the edges (a disc on an edge is
     * flipped only along it), with each move's colour from its number: what the game shows when no
     * player passed before that move ({@link GameMoves#passFree} says). The pattern is given as
     * {@link #fitsByEdge} makes it: a border fits when its four edges' bytes share an orientation.
     *
     * @param moves the squares of the games' moves ({@link GameMoves#moves()})
     * @param off where the game's moves start
     * @param from the first move looked at
     * @param to the last (at most the game's number of moves)
     * @param fits for each edge, for each of its numbers, the orientations of the pattern it fits ({@link #fitsByEdge})
     * @return the move, or −1 when none fits (so long as no player passed before {@code to})
     */
    public static int showsAt(byte[] moves, int off, int from, int to, byte[][] fits) {
        // which of the moves before the last looked at are on the border: a loop without a branch,
        // then only those moves are played (the others leave every edge as it is)
        long border = borderMoves(moves, off, to);
        int[] e = new int[4];
        // the moves up to the first looked at, then the border as it stands there
        long before = from >= 64 ? border : border & ((1L << from) - 1);
        for (long m = before; m != 0; m &= m - 1) {
            play(e, moves, off, Long.numberOfTrailingZeros(m));
        }
        if (fits(fits, e)) {
            return from;
        }
        // after it, a border changes only at a move on it
        for (long m = border & ~before; m != 0; m &= m - 1) {
            int i = Long.numberOfTrailingZeros(m);
            play(e, moves, off, i);
            if (fits(fits, e)) {
                return i + 1;
            }
        }
        return -1;
    }

    /** Whether the four edges' numbers share an orientation of the pattern ({@link #fitsByEdge}). */
    private static boolean fits(byte[][] fits, int[] e) {
        return (fits[0][e[0]] & fits[1][e[1]] & fits[2][e[2]] & fits[3][e[3]]) != 0;
    }

    /** Move {@code i} of a game played on the edges it is on ({@code e}, their numbers), its colour from its number. */
    private static void play(int[] e, byte[] moves, int off, int i) {
        int colour = i & 1;
        for (int on = ON_EDGES[moves[off + i]]; on != 0; on >>>= 8) {
            int v = (on & 0xff) - 1;
            e[v >>> 3] = NEXT[e[v >>> 3] * 16 + (v & 7) * 2 + colour];
        }
    }

    private static final VarHandle LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long BYTES_1 = 0x0101010101010101L;
    private static final long BYTES_6 = 0x0606060606060606L;
    private static final long BYTES_7 = 0x0707070707070707L;
    private static final long BYTES_7F = 0x7f7f7f7f7f7f7f7fL;
    private static final long BYTES_80 = 0x8080808080808080L;

    /**
     * Which of the moves {@code 0} to {@code count − 1} of a game are on the border, as bit {@code
     * i} for move {@code i}: eight moves a step, each byte's square tested at once (a column or a
     * row of 0 or 7: its number plus one has neither bit 1 nor bit 2), then the eight answers
     * gathered into a byte by one multiplication; the last few moves one by one.
     */
    static long borderMoves(byte[] moves, int off, int count) {
        long border = 0;
        int i = 0;
        for (; i + 8 <= count; i += 8) {
            long x = (long) LONGS.get(moves, off + i);
            long column = ((x & BYTES_7) + BYTES_1) & BYTES_6;
            long row = (((x >>> 3) & BYTES_7) + BYTES_1) & BYTES_6;
            // a byte's top bit: set when its column is inside, and again when its row is inside
            long inside = (column + BYTES_7F) & (row + BYTES_7F) & BYTES_80;
            long onBorder = ~inside & BYTES_80;
            border |= ((onBorder >>> 7) * 0x0102040810204080L) >>> 56 << i;
        }
        for (; i < count; i++) {
            border |= (long) ON_BORDER[moves[off + i]] << i;
        }
        return border;
    }

    /** 1 for a square of the border, else 0. */
    private static final byte[] ON_BORDER = new byte[64];

    static {
        for (int sq = 0; sq < 64; sq++) {
            ON_BORDER[sq] = (byte) (EdgePatterns.BORDER >>> sq & 1);
        }
    }

    /**
     * A pattern's border as {@link #showsAt} reads it, made once a query from {@link #allowed}: for
     * each edge, for each of its 6,561 numbers, a bit for each orientation of the pattern whose
     * edge that number fits (every number, when the orientation gives no square of the edge). The
     * board has 8 symmetries, so a pattern has at most 8 orientations: one byte a number.
     */
    public static byte[][] fitsByEdge(long[][][] allowed) {
        if (allowed.length > 8) {
            throw new IllegalArgumentException(allowed.length + " orientations: a board has 8 symmetries");
        }
        byte[][] out = new byte[4][CODES];
        for (int e = 0; e < 4; e++) {
            int anyNumber = 0;
            for (int o = 0; o < allowed.length; o++) {
                anyNumber |= allowed[o][e] == null ? 1 << o : 0;
            }
            Arrays.fill(out[e], (byte) anyNumber);
            for (int o = 0; o < allowed.length; o++) {
                long[] bits = allowed[o][e];
                if (bits == null) {
                    continue;
                }
                for (int w = 0; w < bits.length; w++) {
                    for (long x = bits[w]; x != 0; x &= x - 1) {
                        int code = w * 64 + Long.numberOfTrailingZeros(x);
                        if (code < CODES) {
                            out[e][code] |= (byte) (1 << o);
                        }
                    }
                }
            }
        }
        return out;
    }

    /**
     * A pattern's border, for {@link #fitsByEdge}: for each of its orientations (Black's, White's and
     * the empty squares it requires, three longs each), for each edge, the edge numbers (read along
     * {@link #EDGES}, not turned) that fit it, or null when it gives no square of that edge.
     */
    public static long[][][] allowed(long[] masks) {
        long[][][] out = new long[masks.length / 3][4][];
        for (int i = 0; i < out.length; i++) {
            int[][] specs = specs(masks[3 * i], masks[3 * i + 1], masks[3 * i + 2]);
            for (int e = 0; e < 4; e++) {
                boolean any = true;
                for (int x : specs[e]) {
                    any &= x < 0;
                }
                if (!any) {
                    out[i][e] = fitting(specs[e]);
                }
            }
        }
        return out;
    }

    /** The squares of the four edges: the border of the board. */
    public static final long BORDER = 0xff818181818181ffL;

    /** The four edges' terms after {@code ply} moves of a game, worked out as {@link #showsAt} does (no pass before them). */
    public static int[] termsAt(byte[] moves, int off, int ply) {
        int[] e = new int[4];
        for (int k = 0; k < ply; k++) {
            play(e, moves, off, k);
        }
        for (int i = 0; i < 4; i++) {
            e[i] = CANONICAL[e[i]];
        }
        return e;
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

    /** {@link #fitting} of each partial edge asked for, by its squares' codes (4 values each): made once, read only. */
    private static final AtomicReferenceArray<long[]> FITTING =
            new AtomicReferenceArray<>(1 << 16);

    /**
     * The edge numbers (read along the edge, not turned) that fit a partial edge, a bit a number;
     * kept, as a pattern with a corner given asks for edges of one given square (2,187 numbers)
     * at every query. Read only.
     */
    private static long[] fitting(int[] spec) {
        int key = 0;
        for (int x : spec) {
            key = key << 2 | (x + 1);
        }
        long[] bits = FITTING.get(key);
        if (bits == null) {
            bits = fittingOf(spec);
            FITTING.set(key, bits);
        }
        return bits;
    }

    private static long[] fittingOf(int[] spec) {
        long[] bits = new long[(CODES + 63) / 64];
        int free = 0;
        for (int x : spec) {
            free += x < 0 ? 1 : 0;
        }
        int combos = (int) Math.pow(3, free);
        for (int n = 0; n < combos; n++) {
            int code = 0;
            int x = n;
            for (int i = 7; i >= 0; i--) {
                int digit = spec[i];
                if (digit < 0) {
                    digit = x % 3;
                    x /= 3;
                }
                code = code * 3 + digit;
            }
            bits[code >>> 6] |= 1L << code;
        }
        return bits;
    }

    /**
     * The terms that match a partial edge, ascending.
     *
     * @param spec the 8 squares along the edge: −1 any, 0 empty, 1 black, 2 white
     */
    public static int[] matching(int[] spec) {
        long[] fit = fitting(spec);
        long[] seen = new long[fit.length];
        for (int i = 0; i < fit.length; i++) {
            for (long w = fit[i]; w != 0; w &= w - 1) {
                int c = CANONICAL[i * 64 + Long.numberOfTrailingZeros(w)];
                seen[c >>> 6] |= 1L << c;
            }
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

    /** Whether every game file of the reader's store has its edge terms ({@link Catalog#EDGES_KEY}). */
    public static boolean indexed(IndexReader r) {
        return r.meta(Catalog.EDGES_KEY) != null;
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
