package org.thordb.othello;

/**
 * The 8 symmetries of the 10×10 board, on squares numbered row × 10 + column from 0, and the
 * canonical form of a 10×10 board: the image whose bits ({@link Board10#bits()}, Black's then
 * White's) are smallest as unsigned numbers, high words first. Four of them keep the start
 * position (identity, the half turn and the two diagonal reflections); they turn any line so that
 * its first move is g6.
 *
 * <p>Usage: {@code long[] canonical = Symmetry10.canonical(board.bits());}
 */
public enum Symmetry10 {
    /** Every square stays. */
    IDENTITY,
    /** A quarter turn. */
    ROTATE_90,
    /** A half turn: keeps the start. */
    ROTATE_180,
    /** Three quarters of a turn. */
    ROTATE_270,
    /** Left and right swapped. */
    FLIP_COLUMNS,
    /** Top and bottom swapped. */
    FLIP_ROWS,
    /** Rows and columns swapped (a1–j10 diagonal): keeps the start. */
    DIAGONAL,
    /** The other diagonal (a10–j1): keeps the start. */
    ANTI_DIAGONAL;

    /** The image of a square. */
    public int apply(int square) {
        int r = square / 10;
        int c = square % 10;
        return switch (this) {
            case IDENTITY -> square;
            case ROTATE_90 -> c * 10 + (9 - r);
            case ROTATE_180 -> (9 - r) * 10 + (9 - c);
            case ROTATE_270 -> (9 - c) * 10 + r;
            case FLIP_COLUMNS -> r * 10 + (9 - c);
            case FLIP_ROWS -> (9 - r) * 10 + c;
            case DIAGONAL -> c * 10 + r;
            case ANTI_DIAGONAL -> (9 - c) * 10 + (9 - r);
        };
    }

    /** The symmetry that undoes this one. */
    public Symmetry10 inverse() {
        return this == ROTATE_90 ? ROTATE_270 : this == ROTATE_270 ? ROTATE_90 : this;
    }

    /** g6, the first move every line is turned to. */
    public static final int G6 = 5 * 10 + 6;

    /** The symmetry keeping the start that takes a first move (e4, d5, g6, f7) to g6, or null. */
    public static Symmetry10 toG6(int firstMove) {
        for (Symmetry10 s : new Symmetry10[] {IDENTITY, ROTATE_180, DIAGONAL, ANTI_DIAGONAL}) {
            if (s.apply(firstMove) == G6) {
                return s;
            }
        }
        return null;
    }

    /** A line turned so that its first move is g6, or null when its first move is not a first move. */
    public static int[] normalize(int[] squares, int length) {
        if (length == 0) {
            return new int[0];
        }
        Symmetry10 s = toG6(squares[0]);
        if (s == null) {
            return null;
        }
        int[] out = new int[length];
        for (int i = 0; i < length; i++) {
            out[i] = s.apply(squares[i]);
        }
        return out;
    }

    /** The image of a board's bits. */
    public long[] apply(long[] bits) {
        long[] out = new long[4];
        for (int w = 0; w < 4; w++) {
            long word = bits[w];
            while (word != 0) {
                int sq = (w % 2) * 64 + Long.numberOfTrailingZeros(word);
                word &= word - 1;
                int t = apply(sq);
                out[(w / 2) * 2 + t / 64] |= 1L << (t % 64);
            }
        }
        return out;
    }

    /** The canonical form of a board's bits: the smallest of its 8 images. */
    public static long[] canonical(long[] bits) {
        long[] best = null;
        for (Symmetry10 s : values()) {
            long[] img = s == IDENTITY ? bits.clone() : s.apply(bits);
            if (best == null || less(img, best)) {
                best = img;
            }
        }
        return best;
    }

    private static boolean less(long[] a, long[] b) {
        for (int i : new int[] {1, 0, 3, 2}) {
            if (a[i] != b[i]) {
                return Long.compareUnsigned(a[i], b[i]) < 0;
            }
        }
        return false;
    }
}
