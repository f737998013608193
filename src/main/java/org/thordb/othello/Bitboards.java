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

    static final long NOT_A = 0xfefefefefefefefeL;
    static final long NOT_H = 0x7f7f7f7f7f7f7f7fL;

    private static final int[] DIRECTIONS = {1, -1, 8, -8, 9, 7, -7, -9};

    /** Shifts every disc one step in a direction, dropping the ones that fall off the board. */
    static long shift(long b, int dir) {
        switch (dir) {
            case 1: return (b << 1) & NOT_A;
            case -1: return (b >>> 1) & NOT_H;
            case 8: return b << 8;
            case -8: return b >>> 8;
            case 9: return (b << 9) & NOT_A;
            case 7: return (b << 7) & NOT_H;
            case -7: return (b >>> 7) & NOT_A;
            case -9: return (b >>> 9) & NOT_H;
            default: throw new IllegalArgumentException("direction " + dir);
        }
    }

    /** The squares where the player owning {@code me} may move, as a bitboard. */
    public static long legalMoves(long me, long opp) {
        long empty = ~(me | opp);
        long moves = 0;
        for (int d : DIRECTIONS) {
            long x = shift(me, d) & opp;
            x |= shift(x, d) & opp;
            x |= shift(x, d) & opp;
            x |= shift(x, d) & opp;
            x |= shift(x, d) & opp;
            x |= shift(x, d) & opp;
            moves |= shift(x, d) & empty;
        }
        return moves;
    }

    /** The discs flipped when {@code me} plays on {@code square}; 0 when the move flips nothing. */
    public static long flips(long me, long opp, int square) {
        long m = 1L << square;
        if (((me | opp) & m) != 0) {
            return 0;
        }
        long flipped = 0;
        for (int d : DIRECTIONS) {
            long f = 0;
            long x = shift(m, d);
            while ((x & opp) != 0) {
                f |= x;
                x = shift(x, d);
            }
            if ((x & me) != 0) {
                flipped |= f;
            }
        }
        return flipped;
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
