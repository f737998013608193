package org.thordb.othello;

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
        throw new IllegalArgumentException(Notation.name(firstMove) + " is not a first move");
    }

    /**
     * Writes the canonical form of the boards {@code (black, white)} into {@code out[0]} and
     * {@code out[1]}: the image under the 8 symmetries whose pair is smallest as unsigned numbers,
     * as {@link Position#canonical()} gives, without allocating.
     */
    public static void canonicalize(long black, long white, long[] out) {
        long bb = black;
        long bw = white;
        long hb = Bitboards.mirrorHorizontal(black);
        long hw = Bitboards.mirrorHorizontal(white);
        long db = Bitboards.flipDiagonal(black);
        long dw = Bitboards.flipDiagonal(white);
        long eb = Bitboards.mirrorHorizontal(db);
        long ew = Bitboards.mirrorHorizontal(dw);
        long[] cand = {
            Long.reverseBytes(black), Long.reverseBytes(white), hb, hw, Long.reverseBytes(hb), Long.reverseBytes(hw),
            db, dw, eb, ew, Long.reverseBytes(db), Long.reverseBytes(dw), Long.reverseBytes(eb), Long.reverseBytes(ew)};
        for (int i = 0; i < cand.length; i += 2) {
            int c = Long.compareUnsigned(cand[i], bb);
            if (c < 0 || (c == 0 && Long.compareUnsigned(cand[i + 1], bw) < 0)) {
                bb = cand[i];
                bw = cand[i + 1];
            }
        }
        out[0] = bb;
        out[1] = bw;
    }
}
