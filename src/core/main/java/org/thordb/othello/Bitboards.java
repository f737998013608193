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

    /** The discs flipped when {@code me} plays on {@code square}; 0 when the move flips nothing. */
    public static long flips(long me, long opp, int square) {
        long m = 1L << square;
        if (((me | opp) & m) != 0) {
            return 0;
        }
        long inner = opp & INNER;
        return up(m, me, inner, 1) | down(m, me, inner, 1) | up(m, me, opp, 8) | down(m, me, opp, 8)
                | up(m, me, inner, 7) | down(m, me, inner, 7) | up(m, me, inner, 9) | down(m, me, inner, 9);
    }

    private static long up(long m, long me, long run, int s) {
        long f = 0;
        long x = m << s;
        while ((x & run) != 0) {
            f |= x;
            x <<= s;
        }
        return (x & me) != 0 ? f : 0;
    }

    private static long down(long m, long me, long run, int s) {
        long f = 0;
        long x = m >>> s;
        while ((x & run) != 0) {
            f |= x;
            x >>>= s;
        }
        return (x & me) != 0 ? f : 0;
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
