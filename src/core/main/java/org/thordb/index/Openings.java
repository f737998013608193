package org.thordb.index;

import org.thordb.othello.Notation;
import org.thordb.othello.Symmetry;
import org.thordb.error.ThorDbException;

/**
 * Openings up to the 4 symmetries of the start position: a line is turned so that its first move
 * is f5 ({@code d3c5} becomes {@code f5d6}), which makes one term of every orientation.
 *
 * <p>Usage: {@code int[] f5d6 = Openings.normalize(Notation.parseLine("d3c5"), 2);}
 */
public final class Openings {
    private Openings() {
    }

    /** The first {@code length} squares turned so the first is f5, or null when the first is not a first move. */
    public static int[] normalize(int[] squares, int length) {
        if (length == 0) {
            return new int[0];
        }
        int first = squares[0];
        Symmetry s;
        if (first == Notation.F5) {
            s = Symmetry.IDENTITY;
        } else {
            try {
                s = Symmetry.toF5(first);
            } catch (ThorDbException e) {
                return null;
            }
        }
        int[] out = new int[length];
        for (int i = 0; i < length; i++) {
            out[i] = s.apply(squares[i]);
        }
        return out;
    }
}
