package org.thordb.othello;

import org.thordb.error.ErrorCode;
import org.thordb.fault.Faults;

/**
 * The 8 symmetries of the square board, acting on bitboards and on squares.
 *
 * <p>Rotations are clockwise as a board is drawn in Othello diagrams (a1 top left, h1 top right).
 * The four symmetries that keep the start position ({@link #keepsStart()}) turn any first move into
 * f5: that is how a line typed as {@code d3c5} is the same opening as {@code f5d6}.
 *
 * <p>Usage: {@code Symmetry s = Symmetry.toF5(Notation.square("d3")); int f5 = s.apply(Notation.square("d3"));}
 */
public enum Symmetry {
    /** Leaves every square where it is. */
    IDENTITY,
    /** a1 → h1. */
    ROTATE_90,
    /** a1 → h8. */
    ROTATE_180,
    /** a1 → a8. */
    ROTATE_270,
    /** a ↔ h. */
    FLIP_HORIZONTAL,
    /** 1 ↔ 8. */
    FLIP_VERTICAL,
    /** About the a1–h8 diagonal: (row, col) → (col, row). */
    FLIP_DIAGONAL,
    /** About the a8–h1 diagonal. */
    FLIP_ANTI_DIAGONAL;

    private static final Symmetry[] ALL = values();
    private static final Symmetry[] START = {IDENTITY, ROTATE_180, FLIP_DIAGONAL, FLIP_ANTI_DIAGONAL};

    private final int[] squareMap = new int[64];
    private Symmetry inverse;

    static {
        for (Symmetry s : ALL) {
            for (int sq = 0; sq < 64; sq++) {
                s.squareMap[sq] = Long.numberOfTrailingZeros(s.apply(1L << sq));
            }
        }
        for (Symmetry s : ALL) {
            for (Symmetry t : ALL) {
                boolean undoes = true;
                for (int sq = 0; sq < 64 && undoes; sq++) {
                    undoes = t.squareMap[s.squareMap[sq]] == sq;
                }
                if (undoes) {
                    s.inverse = t;
                }
            }
        }
    }

    /** The image of a bitboard. */
    public long apply(long b) {
        switch (this) {
            case IDENTITY: return b;
            case ROTATE_90: return Bitboards.mirrorHorizontal(Bitboards.flipDiagonal(b));
            case ROTATE_180: return Bitboards.flipVertical(Bitboards.mirrorHorizontal(b));
            case ROTATE_270: return Bitboards.flipVertical(Bitboards.flipDiagonal(b));
            case FLIP_HORIZONTAL: return Bitboards.mirrorHorizontal(b);
            case FLIP_VERTICAL: return Bitboards.flipVertical(b);
            case FLIP_DIAGONAL: return Bitboards.flipDiagonal(b);
            case FLIP_ANTI_DIAGONAL:
                return Bitboards.flipVertical(Bitboards.mirrorHorizontal(Bitboards.flipDiagonal(b)));
            default: throw new AssertionError(this);
        }
    }

    /** The image of a square (0 = a1 … 63 = h8). */
    public int apply(int square) {
        return squareMap[square];
    }

    /** The symmetry that undoes this one. */
    public Symmetry inverse() {
        return inverse;
    }

    /** Whether this symmetry maps the start position onto itself. */
    public boolean keepsStart() {
        return this == IDENTITY || this == ROTATE_180 || this == FLIP_DIAGONAL || this == FLIP_ANTI_DIAGONAL;
    }

    /** The 4 symmetries that keep the start position. */
    public static Symmetry[] startPreserving() {
        return START.clone();
    }

    /**
     * The start-preserving symmetry that turns a legal first move (f5, e6, d3 or c4) into f5.
     *
     * @throws IllegalArgumentException when the square is not a legal first move
     */
    public static Symmetry toF5(int firstMove) {
        for (Symmetry s : START) {
            if (s.apply(firstMove) == Notation.F5) {
                return s;
            }
        }
        throw Faults.of(ErrorCode.BAD_ARGUMENT, String.valueOf(Notation.name(firstMove) + " is not a first move"));
    }

    /**
     * Writes the canonical form of the boards {@code (black, white)} into {@code out[0]} and
     * {@code out[1]}: the image under the 8 symmetries whose pair is smallest as unsigned numbers,
     * as {@link Position#canonical()} gives, without allocating.
     *
     * @return the image taken, for {@link #imageSquare}: the first in its order of those that give the form
     */
    public static int canonicalize(long black, long white, long[] out) {
        // Black's eight images first; White's only for the images that tie for the smallest Black
        // (one, but for symmetric positions): half the bit twiddling of doing both boards.
        long h = Bitboards.mirrorHorizontal(black);
        long d = Bitboards.flipDiagonal(black);
        long e = Bitboards.mirrorHorizontal(d);
        long best = black;
        int ties = 1;
        long c;
        c = Long.reverseBytes(black);
        if (c == best) { ties |= 2; } else if (Long.compareUnsigned(c, best) < 0) { best = c; ties = 2; }
        c = h;
        if (c == best) { ties |= 4; } else if (Long.compareUnsigned(c, best) < 0) { best = c; ties = 4; }
        c = Long.reverseBytes(h);
        if (c == best) { ties |= 8; } else if (Long.compareUnsigned(c, best) < 0) { best = c; ties = 8; }
        c = d;
        if (c == best) { ties |= 16; } else if (Long.compareUnsigned(c, best) < 0) { best = c; ties = 16; }
        c = e;
        if (c == best) { ties |= 32; } else if (Long.compareUnsigned(c, best) < 0) { best = c; ties = 32; }
        c = Long.reverseBytes(d);
        if (c == best) { ties |= 64; } else if (Long.compareUnsigned(c, best) < 0) { best = c; ties = 64; }
        c = Long.reverseBytes(e);
        if (c == best) { ties |= 128; } else if (Long.compareUnsigned(c, best) < 0) { best = c; ties = 128; }
        int taken = Integer.numberOfTrailingZeros(ties);
        long w = image(taken, white);
        for (int t = ties & (ties - 1); t != 0; t &= t - 1) {
            long o = image(Integer.numberOfTrailingZeros(t), white);
            if (Long.compareUnsigned(o, w) < 0) {
                w = o;
                taken = Integer.numberOfTrailingZeros(t);
            }
        }
        out[0] = best;
        out[1] = w;
        return taken;
    }

    /** Each image's map of squares: {@code IMAGE_SQUARES[i][sq]}. */
    private static final byte[][] IMAGE_SQUARES = new byte[8][64];

    static {
        for (int i = 0; i < 8; i++) {
            for (int sq = 0; sq < 64; sq++) {
                IMAGE_SQUARES[i][sq] = (byte) Long.numberOfTrailingZeros(image(i, 1L << sq));
            }
        }
    }

    /**
     * Where image {@code image} of {@link #canonicalize} (its return value) puts a square: a move
     * played from a position, turned as its canonical form was.
     */
    public static int imageSquare(int image, int square) {
        return IMAGE_SQUARES[image][square];
    }

    /** Image {@code i} of a board, in the order {@link #canonicalize} tries them. */
    private static long image(int i, long x) {
        switch (i) {
            case 0: return x;
            case 1: return Long.reverseBytes(x);
            case 2: return Bitboards.mirrorHorizontal(x);
            case 3: return Long.reverseBytes(Bitboards.mirrorHorizontal(x));
            case 4: return Bitboards.flipDiagonal(x);
            case 5: return Bitboards.mirrorHorizontal(Bitboards.flipDiagonal(x));
            case 6: return Long.reverseBytes(Bitboards.flipDiagonal(x));
            default: return Long.reverseBytes(Bitboards.mirrorHorizontal(Bitboards.flipDiagonal(x)));
        }
    }
}
