package org.thordb.solve;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.zip.GZIPInputStream;
import org.thordb.othello.Bitboards;

/**
 * A pattern evaluation of a position, for the order in which the solver tries moves: the sum of a
 * learned weight for each edge, each second line, each long diagonal, each corner's 3×3 square
 * and each corner's two 2×5 blocks as they stand (each read up to symmetry, so the four edges
 * share one table), plus weights for mobility and parity,
 * per stage of the game (the empties). The weights are fitted by least squares to the final disc
 * difference of the FFO base's games (see {@code EvalTrainer} in the bench sources, which writes
 * {@code pattern-eval.bin.gz}); the value is only ever used to order moves, never as a score, so a
 * rough fit costs nodes, never correctness.
 *
 * <p>Usage: {@code int v = PatternEval.eval(me, opp, empties); // eighths of a disc, for the side to move}
 */
final class PatternEval {
    private PatternEval() {
    }

    /** The stages the weights are fitted for, by empties. */
    static final int PHASES = 5;
    /** 3^8: the states of a line of 8 squares. */
    static final int LINE_STATES = 6561;
    /** 3^9: the states of a 3×3 corner. */
    static final int CORNER_STATES = 19683;
    /** 3^10: the states of a 2×5 corner block. */
    static final int BLOCK_STATES = 59049;
    /** The scalar weights after the tables: bias, mobility difference, odd empties. */
    static final int SCALARS = 3;
    /** The weights are stored in eighths of a disc. */
    static final int SCALE = 8;

    /** The stage of a position with so many empties. */
    static int phase(int empties) {
        return empties < 12 ? 0 : empties < 16 ? 1 : empties < 20 ? 2 : empties < 24 ? 3 : 4;
    }

    private static final long FILE_A = 0x0101010101010101L;
    private static final long CORNERS = 0x8100000000000081L;

    /** Column x as 8 bits, bit r for row r. */
    static int column(long b, int x) {
        return (int) ((((b >>> x) & FILE_A) * 0x0102040810204080L) >>> 56);
    }

    /** The 3×3 square at a1 as 9 bits, bit 3r + c for row r, column c. */
    static int cornerA1(long b) {
        return (int) ((b & 7) | ((b >>> 5) & 0x38) | ((b >>> 10) & 0x1c0));
    }

    /** The a1–h8 diagonal as 8 bits, bit c for column c. */
    static int diagonal(long b) {
        return (int) (((b & 0x8040201008040201L) * 0x0101010101010101L) >>> 56);
    }

    /** The h1–a8 diagonal as 8 bits, bit c for column c. */
    static int antiDiagonal(long b) {
        return (int) (((b & 0x0102040810204080L) * 0x0101010101010101L) >>> 56);
    }

    /** The 2×5 block at a1 along the first row as 10 bits: a1–e1 then a2–e2. */
    static int blockA1(long b) {
        return (int) ((b & 0x1f) | ((b >>> 3) & 0x3e0));
    }

    /** The board turned over its a1–h8 diagonal (rows become columns). */
    static long transpose(long x) {
        long t = 0x0f0f0f0f00000000L & (x ^ (x << 28));
        x ^= t ^ (t >>> 28);
        t = 0x3333000033330000L & (x ^ (x << 14));
        x ^= t ^ (t >>> 14);
        t = 0x5500550055005500L & (x ^ (x << 7));
        return x ^ t ^ (t >>> 7);
    }

    /** The base-3 index of a 2×5 block, squares in bit order. */
    static int blockIndex(int me, int opp) {
        int a = 0;
        for (int i = 0; i < 10; i++) {
            a = a * 3 + ((me >>> i & 1) != 0 ? 1 : (opp >>> i & 1) != 0 ? 2 : 0);
        }
        return a;
    }

    /** The board mirrored left to right. */
    static long mirror(long b) {
        return Long.reverse(Long.reverseBytes(b));
    }

    /** The base-3 index of a line (0 empty, 1 mine, 2 theirs), the same whichever end it is read from. */
    static int lineIndex(int me, int opp) {
        int a = 0;
        int r = 0;
        for (int i = 0; i < 8; i++) {
            int s = (me >>> i & 1) != 0 ? 1 : (opp >>> i & 1) != 0 ? 2 : 0;
            a = a * 3 + s;
            int j = 7 - i;
            int t = (me >>> j & 1) != 0 ? 1 : (opp >>> j & 1) != 0 ? 2 : 0;
            r = r * 3 + t;
        }
        return Math.min(a, r);
    }

    /** The base-3 index of a 3×3 corner, the same for the square and its mirror on the corner's diagonal. */
    static int cornerIndex(int me, int opp) {
        int a = 0;
        int t = 0;
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 3; c++) {
                int i = 3 * r + c;
                int j = 3 * c + r;
                a = a * 3 + ((me >>> i & 1) != 0 ? 1 : (opp >>> i & 1) != 0 ? 2 : 0);
                t = t * 3 + ((me >>> j & 1) != 0 ? 1 : (opp >>> j & 1) != 0 ? 2 : 0);
            }
        }
        return Math.min(a, t);
    }

    /** The weights, spread for lookup by raw bits: [phase][me << 8 | opp] and [phase][me << 9 | opp]; loaded on first use. */
    private static final class Tables {
    private static final short[][] EDGE = new short[PHASES][1 << 16];
    private static final short[][] LINE2 = new short[PHASES][1 << 16];
    private static final short[][] CORNER = new short[PHASES][1 << 18];
    private static final short[][] DIAG = new short[PHASES][1 << 16];
    private static final short[][] BLOCK = new short[PHASES][1 << 20];
    private static final int[][] SCALAR = new int[PHASES][SCALARS];

    static {
        short[][][] w = load();
        int[] lineIdx = new int[1 << 16];
        for (int me = 0; me < 256; me++) {
            for (int opp = 0; opp < 256; opp++) {
                lineIdx[me << 8 | opp] = (me & opp) == 0 ? lineIndex(me, opp) : -1;
            }
        }
        int[] cornerIdx = new int[1 << 18];
        for (int me = 0; me < 512; me++) {
            for (int opp = 0; opp < 512; opp++) {
                cornerIdx[me << 9 | opp] = (me & opp) == 0 ? cornerIndex(me, opp) : -1;
            }
        }
        int[] blockIdx = new int[1 << 20];
        for (int me = 0; me < 1024; me++) {
            for (int opp = 0; opp < 1024; opp++) {
                blockIdx[me << 10 | opp] = (me & opp) == 0 ? blockIndex(me, opp) : -1;
            }
        }
        for (int ph = 0; ph < PHASES; ph++) {
            for (int k = 0; k < 1 << 16; k++) {
                if (lineIdx[k] >= 0) {
                    EDGE[ph][k] = w[ph][0][lineIdx[k]];
                    LINE2[ph][k] = w[ph][1][lineIdx[k]];
                    DIAG[ph][k] = w[ph][4][lineIdx[k]];
                }
            }
            for (int k = 0; k < 1 << 20; k++) {
                if (blockIdx[k] >= 0) {
                    BLOCK[ph][k] = w[ph][5][blockIdx[k]];
                }
            }
            for (int k = 0; k < 1 << 18; k++) {
                if (cornerIdx[k] >= 0) {
                    CORNER[ph][k] = w[ph][2][cornerIdx[k]];
                }
            }
            for (int s = 0; s < SCALARS; s++) {
                SCALAR[ph][s] = w[ph][3][s];
            }
        }
    }
    }

    /** The weight tables of each stage: edge, second line, corner, scalars, diagonal, 2×5 block. */
    private static short[][][] load() {
        short[][][] w = new short[PHASES][][];
        try (InputStream raw = PatternEval.class.getResourceAsStream("pattern-eval.bin.gz")) {
            if (raw == null) {
                throw new org.thordb.error.ThorDbException(org.thordb.error.ErrorCode.STORE, String.valueOf("pattern-eval.bin.gz is missing from the classpath"));
            }
            DataInputStream in = new DataInputStream(new java.io.BufferedInputStream(new GZIPInputStream(raw)));
            for (int ph = 0; ph < PHASES; ph++) {
                w[ph] = new short[][] {read(in, LINE_STATES), read(in, LINE_STATES), read(in, CORNER_STATES),
                    read(in, SCALARS), read(in, LINE_STATES), read(in, BLOCK_STATES)};
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return w;
    }

    private static short[] read(DataInputStream in, int n) throws IOException {
        short[] s = new short[n];
        for (int i = 0; i < n; i++) {
            s[i] = in.readShort();
        }
        return s;
    }

    /** The mobility difference the evaluation weighs: moves, corners twice. */
    static int mobility(long me, long opp) {
        long mm = Bitboards.legalMoves(me, opp);
        long om = Bitboards.legalMoves(opp, me);
        return Long.bitCount(mm) + Long.bitCount(mm & CORNERS) - Long.bitCount(om) - Long.bitCount(om & CORNERS);
    }

    /** The value of the position for the side to move, in eighths of a disc of final difference. */
    static int eval(long me, long opp, int empties) {
        return eval(me, opp, empties, Bitboards.legalMoves(me, opp));
    }

    /** {@link #eval(long, long, int)} when the mover's legal moves are known already. */
    static int eval(long me, long opp, int empties, long myMoves) {
        int ph = phase(empties);
        short[] edge = Tables.EDGE[ph];
        short[] line2 = Tables.LINE2[ph];
        short[] corner = Tables.CORNER[ph];
        int v = edge[(int) (me & 0xff) << 8 | (int) (opp & 0xff)]
                + edge[(int) (me >>> 56) << 8 | (int) (opp >>> 56)]
                + edge[column(me, 0) << 8 | column(opp, 0)]
                + edge[column(me, 7) << 8 | column(opp, 7)]
                + line2[(int) (me >>> 8 & 0xff) << 8 | (int) (opp >>> 8 & 0xff)]
                + line2[(int) (me >>> 48 & 0xff) << 8 | (int) (opp >>> 48 & 0xff)]
                + line2[column(me, 1) << 8 | column(opp, 1)]
                + line2[column(me, 6) << 8 | column(opp, 6)];
        long mm = mirror(me);
        long mo = mirror(opp);
        v += corner[cornerA1(me) << 9 | cornerA1(opp)]
                + corner[cornerA1(mm) << 9 | cornerA1(mo)]
                + corner[cornerA1(Long.reverseBytes(me)) << 9 | cornerA1(Long.reverseBytes(opp))]
                + corner[cornerA1(Long.reverse(me)) << 9 | cornerA1(Long.reverse(opp))];
        short[] diag = Tables.DIAG[ph];
        v += diag[diagonal(me) << 8 | diagonal(opp)] + diag[antiDiagonal(me) << 8 | antiDiagonal(opp)];
        short[] block = Tables.BLOCK[ph];
        long rm = Long.reverseBytes(me);
        long ro = Long.reverseBytes(opp);
        long xm = Long.reverse(me);
        long xo = Long.reverse(opp);
        v += block[blockA1(me) << 10 | blockA1(opp)] + block[blockA1(mm) << 10 | blockA1(mo)]
                + block[blockA1(rm) << 10 | blockA1(ro)] + block[blockA1(xm) << 10 | blockA1(xo)];
        long tm = transpose(me);
        long to = transpose(opp);
        long tmm = mirror(tm);
        long tmo = mirror(to);
        v += block[blockA1(tm) << 10 | blockA1(to)] + block[blockA1(tmm) << 10 | blockA1(tmo)]
                + block[blockA1(Long.reverseBytes(tm)) << 10 | blockA1(Long.reverseBytes(to))]
                + block[blockA1(Long.reverse(tm)) << 10 | blockA1(Long.reverse(to))];
        int[] s = Tables.SCALAR[ph];
        long om = Bitboards.legalMoves(opp, me);
        int mob = Long.bitCount(myMoves) + Long.bitCount(myMoves & CORNERS) - Long.bitCount(om) - Long.bitCount(om & CORNERS);
        return v + s[0] + s[1] * mob + ((empties & 1) != 0 ? s[2] : 0);
    }

    /**
     * The feature indices of a position, as the fit sees them: 4 edges, 4 second lines, 4 corners
     * (base-3 indices), then the mobility difference and the odd-empties flag, then the 2
     * diagonals and the 8 2×5 blocks (each corner's two, along its row and along its column).
     */
    static void features(long me, long opp, int[] out) {
        out[0] = lineIndex((int) (me & 0xff), (int) (opp & 0xff));
        out[1] = lineIndex((int) (me >>> 56), (int) (opp >>> 56));
        out[2] = lineIndex(column(me, 0), column(opp, 0));
        out[3] = lineIndex(column(me, 7), column(opp, 7));
        out[4] = lineIndex((int) (me >>> 8 & 0xff), (int) (opp >>> 8 & 0xff));
        out[5] = lineIndex((int) (me >>> 48 & 0xff), (int) (opp >>> 48 & 0xff));
        out[6] = lineIndex(column(me, 1), column(opp, 1));
        out[7] = lineIndex(column(me, 6), column(opp, 6));
        long mm = mirror(me);
        long mo = mirror(opp);
        out[8] = cornerIndex(cornerA1(me), cornerA1(opp));
        out[9] = cornerIndex(cornerA1(mm), cornerA1(mo));
        out[10] = cornerIndex(cornerA1(Long.reverseBytes(me)), cornerA1(Long.reverseBytes(opp)));
        out[11] = cornerIndex(cornerA1(Long.reverse(me)), cornerA1(Long.reverse(opp)));
        out[12] = mobility(me, opp);
        out[13] = (Long.bitCount(~(me | opp)) & 1);
        out[14] = lineIndex(diagonal(me), diagonal(opp));
        out[15] = lineIndex(antiDiagonal(me), antiDiagonal(opp));
        long tm = transpose(me);
        long to = transpose(opp);
        long[][] boards = {{me, opp}, {mm, mo}, {Long.reverseBytes(me), Long.reverseBytes(opp)},
            {Long.reverse(me), Long.reverse(opp)}, {tm, to}, {mirror(tm), mirror(to)},
            {Long.reverseBytes(tm), Long.reverseBytes(to)}, {Long.reverse(tm), Long.reverse(to)}};
        for (int k = 0; k < 8; k++) {
            out[16 + k] = blockIndex(blockA1(boards[k][0]), blockA1(boards[k][1]));
        }
    }
}
