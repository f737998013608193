package org.thordb.solve;

/**
 * How many discs a move on the last empty square flips, counted by table: with one empty square
 * left every other square is taken, so along each of the 4 lines through it the mover's discs
 * alone say where each run of the opponent's discs ends. Four lookups instead of eight rays.
 *
 * <p>Usage: {@code int n = LastFlip.count(me, square); // 0: the move is not legal}
 */
final class LastFlip {
    private LastFlip() {
    }

    /** [position of the empty square in the line][the mover's discs of the line] → discs flipped along it. */
    private static final byte[][] COUNT = new byte[8][256];
    /** The a1-h8 and h1-a8 diagonals through each square. */
    private static final long[] DIAG = new long[64];
    private static final long[] ANTI = new long[64];
    private static final long FILE_A = 0x0101010101010101L;

    static {
        for (int x = 0; x < 8; x++) {
            for (int bits = 0; bits < 256; bits++) {
                int n = 0;
                // a square of the line that is not the mover's is the opponent's (or off the line
                // of a short diagonal, where a run reaches the edge and flips nothing)
                int run = 0;
                for (int i = x + 1; i < 8; i++) {
                    if ((bits >>> i & 1) != 0) {
                        n += run;
                        break;
                    }
                    run++;
                }
                run = 0;
                for (int i = x - 1; i >= 0; i--) {
                    if ((bits >>> i & 1) != 0) {
                        n += run;
                        break;
                    }
                    run++;
                }
                COUNT[x][bits] = (byte) n;
            }
        }
        for (int sq = 0; sq < 64; sq++) {
            int r = sq >>> 3;
            int c = sq & 7;
            for (int i = -7; i <= 7; i++) {
                if (r + i >= 0 && r + i < 8 && c + i >= 0 && c + i < 8) {
                    DIAG[sq] |= 1L << ((r + i) * 8 + c + i);
                }
                if (r + i >= 0 && r + i < 8 && c - i >= 0 && c - i < 8) {
                    ANTI[sq] |= 1L << ((r + i) * 8 + c - i);
                }
            }
        }
    }

    /** The discs a move on {@code square}, the board's only empty square, flips for the side with {@code me}. */
    static int count(long me, int square) {
        square &= 63; // in range without a bounds check
        int r = square >>> 3;
        int c = square & 7;
        byte[] atCol = COUNT[c];
        return atCol[(int) (me >>> (r << 3)) & 0xff]
                + COUNT[r][(int) ((((me >>> c) & FILE_A) * 0x0102040810204080L) >>> 56)]
                + atCol[(int) (((me & DIAG[square]) * FILE_A) >>> 56)]
                + atCol[(int) (((me & ANTI[square]) * FILE_A) >>> 56)];
    }
}
