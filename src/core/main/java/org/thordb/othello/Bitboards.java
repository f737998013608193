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

    /**
     * The squares one step past a run of {@code run} discs next to {@code me}, both ways along a
     * shift: the run grown two steps at a time once it is two long (as Edax's move generation does),
     * four dependent steps a way rather than six.
     */
    private static long candidates(long me, long run, int s) {
        int s2 = s + s;
        long t = run & (me << s);
        long u = run & (me >>> s);
        t |= run & (t << s);
        u |= run & (u >>> s);
        long pairs = run & (run << s); // a disc of the run with another just below it along the shift
        long pairsDown = pairs >>> s;
        t |= pairs & (t << s2);
        u |= pairsDown & (u >>> s2);
        t |= pairs & (t << s2);
        u |= pairsDown & (u >>> s2);
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

    /** The squares from {@code sq} (not included) to the board's end in steps of {@code dr} rows and {@code dc} columns. */
    public static long ray(int sq, int dr, int dc) {
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
     * ends the run, which flips when that square is the mover's. Without a branch (a branch a ray
     * was mispredicted often: the solver's flips took a third longer) and allocation-free: the one
     * flip generator of thordb.
     *
     * <p>Usage: {@code long f = Bitboards.flipsOnEmpty(me, opp, sq); if (f != 0) { me |= f | 1L << sq; opp ^= f; }}
     */
    public static long flipsOnEmpty(long me, long opp, int square) {
        long notOpp = ~opp;
        int at = (square & 63) << 3; // the square's 8 rays side by side, one cache line (& 63: no bounds check)
        long[] rays = RAYS;
        long r0 = rays[at];
        long r1 = rays[at + 1];
        long r2 = rays[at + 2];
        long r3 = rays[at + 3];
        long r4 = rays[at + 4];
        long r5 = rays[at + 5];
        long r6 = rays[at + 6];
        long r7 = rays[at + 7];
        // toward higher bits: the nearest square not the opponent's, kept when it is the mover's;
        // below it the run flips (m's sign bit says there was none: then nothing)
        long o0 = notOpp & r0;
        long o1 = notOpp & r1;
        long o2 = notOpp & r2;
        long o3 = notOpp & r3;
        long m0 = (o0 & -o0 & me) - 1;
        long m1 = (o1 & -o1 & me) - 1;
        long m2 = (o2 & -o2 & me) - 1;
        long m3 = (o3 & -o3 & me) - 1;
        long f = m0 & r0 & ~(m0 >> 63) | m1 & r1 & ~(m1 >> 63) | m2 & r2 & ~(m2 >> 63) | m3 & r3 & ~(m3 >> 63);
        // toward lower bits: the nearest is the highest; above it the run flips (none: 0)
        long o4 = Long.highestOneBit(notOpp & r4) & me;
        long o5 = Long.highestOneBit(notOpp & r5) & me;
        long o6 = Long.highestOneBit(notOpp & r6) & me;
        long o7 = Long.highestOneBit(notOpp & r7) & me;
        return f | -(o4 << 1) & r4 | -(o5 << 1) & r5 | -(o6 << 1) & r6 | -(o7 << 1) & r7;
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
