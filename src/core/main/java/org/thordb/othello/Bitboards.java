package org.thordb.othello;

/**
 * Move generation on 8×8 bitboards: bit {@code row * 8 + col} is a square, a1 = bit 0, h1 = bit 7,
 * a8 = bit 56. All methods are static and allocation-free; {@link Position} wraps them.
 *
 * <p>Usage: {@code long moves = Bitboards.legalMoves(black, white);}
 */
public final class Bitboards {
    private Bitboards() {
    }

    /** Columns b to g: a run along a row or diagonal never wraps from h to a through these. */
    private static final long INNER = 0x7e7e7e7e7e7e7e7eL;

    /** The squares where the player owning {@code me} may move, as a bitboard. */
    public static long legalMoves(long me, long opp) {
        long inner = opp & INNER;
        long moves = candidates(me, inner, 1) | candidates(me, opp, 8) | candidates(me, inner, 7)
                | candidates(me, inner, 9);
        return moves & ~(me | opp);
    }

    /** The squares one step past a run of {@code run} discs next to {@code me}, both ways along a shift. */
    private static long candidates(long me, long run, int s) {
        long t = run & (me << s);
        t |= run & (t << s);
        t |= run & (t << s);
        t |= run & (t << s);
        t |= run & (t << s);
        t |= run & (t << s);
        long u = run & (me >>> s);
        u |= run & (u >>> s);
        u |= run & (u >>> s);
        u |= run & (u >>> s);
        u |= run & (u >>> s);
        u |= run & (u >>> s);
        return (t << s) | (u >>> s);
    }

    /** The discs flipped when {@code me} plays on {@code square}; 0 when the move flips nothing or the square is taken. */
    public static long flips(long me, long opp, int square) {
        return ((me | opp) & 1L << square) != 0 ? 0 : flipsOnEmpty(me, opp, square);
    }

    /**
     * Per square, its 4 rays toward higher bits (E, N, NE, NW), then its 4 toward lower bits (W,
     * S, SW, SE): 8 longs a square.
     */
    private static final long[] RAYS = new long[64 * 8];

    static {
        int[][] upSteps = {{0, 1}, {1, 0}, {1, 1}, {1, -1}}; // (row, col) steps
        for (int sq = 0; sq < 64; sq++) {
            for (int d = 0; d < 4; d++) {
                RAYS[sq * 8 + d] = ray(sq, upSteps[d][0], upSteps[d][1]);
                RAYS[sq * 8 + 4 + d] = ray(sq, -upSteps[d][0], -upSteps[d][1]);
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

    /**
     * The discs {@code me} flips by playing on {@code square}, which must be empty (unchecked: the
     * solver and the replays call it at every move); 0 when the move is not legal. By rays: for
     * each of the 8 directions from the square, the ray's first square that is not the opponent's
     * ends the run, which flips when that square is the mover's. Branch-light and allocation-free:
     * the one flip generator of thordb.
     *
     * <p>Usage: {@code long f = Bitboards.flipsOnEmpty(me, opp, sq); if (f != 0) { me |= f | 1L << sq; opp ^= f; }}
     */
    public static long flipsOnEmpty(long me, long opp, int square) {
        long notOpp = ~opp;
        long f = 0;
        int at = square << 3; // the square's 8 rays side by side: one bounds check, one cache line
        long[] rays = RAYS;
        for (int d = 0; d < 4; d++) {
            long r = rays[at + d];
            long first = notOpp & r;
            first &= -first; // the nearest square of the ray that is not the opponent's
            if ((first & me) != 0) {
                f |= (first - 1) & r;
            }
            r = rays[at + 4 + d];
            first = Long.highestOneBit(notOpp & r);
            if ((first & me) != 0) {
                f |= -(first << 1) & r;
            }
        }
        return f;
    }

    /** Mirror a↔h. */
    static long mirrorHorizontal(long x) {
        final long k1 = 0x5555555555555555L;
        final long k2 = 0x3333333333333333L;
        final long k4 = 0x0f0f0f0f0f0f0f0fL;
        x = ((x >>> 1) & k1) | ((x & k1) << 1);
        x = ((x >>> 2) & k2) | ((x & k2) << 2);
        x = ((x >>> 4) & k4) | ((x & k4) << 4);
        return x;
    }

    /** Mirror 1↔8. */
    static long flipVertical(long x) {
        return Long.reverseBytes(x);
    }

    /** Transpose about the a1–h8 diagonal: (row, col) → (col, row). */
    static long flipDiagonal(long x) {
        final long k1 = 0x5500550055005500L;
        final long k2 = 0x3333000033330000L;
        final long k4 = 0x0f0f0f0f00000000L;
        long t = k4 & (x ^ (x << 28));
        x ^= t ^ (t >>> 28);
        t = k2 & (x ^ (x << 14));
        x ^= t ^ (t >>> 14);
        t = k1 & (x ^ (x << 7));
        x ^= t ^ (t >>> 7);
        return x;
    }
}
