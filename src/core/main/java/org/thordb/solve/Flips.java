package org.thordb.solve;

/**
 * The discs a move flips, by rays: for each of the 8 directions from the square, the ray's first
 * square that is not the opponent's ends the run; the run flips when that square is the mover's.
 * Branch-light and allocation-free: the solver calls it at every node.
 *
 * <p>Usage: {@code long f = Flips.of(me, opp, square); if (f != 0) { me |= f | 1L << square; opp ^= f; }}
 */
public final class Flips {
    private Flips() {
    }

    /** Rays toward higher bits (E, N, NE, NW) and toward lower bits (W, S, SW, SE), per square. */
    private static final long[][] UP = new long[4][64];
    private static final long[][] DOWN = new long[4][64];

    static {
        int[][] upSteps = {{0, 1}, {1, 0}, {1, 1}, {1, -1}}; // (row, col) steps
        for (int sq = 0; sq < 64; sq++) {
            for (int d = 0; d < 4; d++) {
                UP[d][sq] = ray(sq, upSteps[d][0], upSteps[d][1]);
                DOWN[d][sq] = ray(sq, -upSteps[d][0], -upSteps[d][1]);
            }
        }
    }

    private static long ray(int sq, int dr, int dc) {
        long r = 0;
        int row = sq / 8 + dr;
        int col = sq % 8 + dc;
        while (row >= 0 && row < 8 && col >= 0 && col < 8) {
            r |= 1L << (row * 8 + col);
            row += dr;
            col += dc;
        }
        return r;
    }

    /** The discs {@code me} flips by playing on the empty {@code square}; 0 when the move is not legal. */
    public static long of(long me, long opp, int square) {
        long notOpp = ~opp;
        long f = 0;
        for (int d = 0; d < 4; d++) {
            long r = UP[d][square];
            long first = notOpp & r;
            first &= -first; // the nearest square of the ray that is not the opponent's
            if ((first & me) != 0) {
                f |= (first - 1) & r;
            }
            r = DOWN[d][square];
            first = Long.highestOneBit(notOpp & r);
            if ((first & me) != 0) {
                f |= -(first << 1) & r;
            }
        }
        return f;
    }
}
