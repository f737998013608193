package org.thordb.solve;

/**
 * A search in a window around a guess, widened until the score falls inside it: the solver's
 * selective passes and the estimator's iterations both lead with one. A selective search need not
 * agree with itself across windows (a cut in one may not happen in the other): once it has failed
 * both ways, the whole range is searched.
 *
 * <p>Usage: {@code int v = Aspiration.search(guess, 2, 4, (lo, hi) -> search.window(me, opp, lo, hi));}
 */
final class Aspiration {
    private Aspiration() {
    }

    /** A search of one window, {@code lo} and {@code hi} excluded (fail-soft: a value at a bound says beyond it). */
    interface WindowSearch {
        int search(int lo, int hi);
    }

    /**
     * The score, from windows around {@code guess}.
     *
     * @param guess the score expected (the previous iteration's)
     * @param half the first window's half width
     * @param widen how far the first failure widens the window beyond the value found; each next failure doubles it
     * @param window the search of one window
     */
    static int search(int guess, int half, int widen, WindowSearch window) {
        int lo = Math.max(-64, guess - half);
        int hi = Math.min(64, guess + half);
        boolean failedLow = false;
        boolean failedHigh = false;
        while (true) {
            if (failedLow && failedHigh) {
                lo = -64;
                hi = 64;
            }
            int v = window.search(lo, hi);
            if (v <= lo && lo > -64) {
                failedLow = true;
                hi = Math.min(64, v + 1);
                lo = Math.max(-64, v - widen);
            } else if (v >= hi && hi < 64) {
                failedHigh = true;
                lo = Math.max(-64, v - 1);
                hi = Math.min(64, v + widen);
            } else {
                return v;
            }
            widen *= 2;
        }
    }
}
