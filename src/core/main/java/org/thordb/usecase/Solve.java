package org.thordb.usecase;

import org.thordb.error.ErrorCode;
import org.thordb.fault.Faults;
import org.thordb.othello.Position;
import org.thordb.solve.Solver;

/**
 * An exact solve of one position, with every surface's policy: every core unless told, a table
 * sized to the position's depth, and a time limit only when one is asked for (then the answer
 * says it was not solved).
 *
 * <p>Usage: {@code Solver.Result r = Solve.of(Position.afterLine("f5d6c3"), Solve.Settings.DEFAULT);}
 */
public final class Solve {
    private Solve() {
    }

    /**
     * How a solve runs.
     *
     * @param threads the threads searching (0: every core)
     * @param maxMillis give up after about this long (0: never)
     * @param allMoves every legal move's exact score, not only the best one's
     */
    public record Settings(int threads, long maxMillis, boolean allMoves) {
        /** Every core, no limit, the best move only. */
        public static final Settings DEFAULT = new Settings(0, 0, false);

        public Settings {
            if (threads < 0 || threads > 1024) {
                throw Faults.of(ErrorCode.BAD_ARGUMENT, "a solve's threads are 1 to 1024 (0: every core), not " + threads);
            }
            if (maxMillis < 0) {
                throw Faults.of(ErrorCode.BAD_ARGUMENT, "a solve's time limit is 0 (none) or more milliseconds, not " + maxMillis);
            }
        }
    }

    /** The position's exact score and a best move (with {@code allMoves}, each move's), or not solved within the limit. */
    public static Solver.Result of(Position p, Settings s) {
        Solver.Options o = Solver.Options.defaults();
        if (s.threads() > 0) {
            o = o.withThreads(s.threads());
        }
        if (s.maxMillis() > 0) {
            o = o.limited(0, s.maxMillis());
        }
        return new Solver(o.withTableBits(tableBits(p, o.tableBits()))).solve(p, s.allMoves());
    }

    /**
     * The table for a position: larger for the deep ones, whose solves run for minutes and refill
     * a table of 2^21 positions many times over (FFO #49-#52, 23 to 25 empties: 2.84 G nodes in
     * 49.7 s with 2^21, 2.55 G in 46.6 s with 2^23; #55, 29 empties: 19.3 G nodes in 356.5 s with
     * 2^21, 16.6 G in 324.7 s with 2^24), so long as the heap holds four tables; a small one is
     * quicker to make for the rest.
     */
    static int tableBits(Position p, int bits) {
        int empties = 64 - p.discs();
        int want = empties >= 27 ? 24 : empties >= 23 ? 23 : bits;
        while (want > bits && (32L << want) * 4 > Runtime.getRuntime().maxMemory()) {
            want--;
        }
        return Math.max(bits, want);
    }
}
