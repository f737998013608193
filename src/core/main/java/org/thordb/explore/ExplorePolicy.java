package org.thordb.explore;

/**
 * What an exploration answers with, the same on every surface (the command line's
 * {@code explore}, the REPL's {@code :explore} and its game viewer, {@code /api/explore} and the
 * page, and the library's {@code ThorDb.values}): with at most {@link #EXACT_EMPTIES} empties
 * every legal move's exact score under perfect play; above, every legal move's estimate. An
 * explicit option ({@code --solve N}, {@code solve=N}) moves the horizon the same way everywhere.
 *
 * <p>Usage: {@code MoveValues v = Explore.values(p, Explore.Settings.DEFAULT); // its settings are this policy}
 */
public final class ExplorePolicy {
    private ExplorePolicy() {
    }

    /**
     * The default exact-score horizon: positions with at most this many empties get exact scores
     * (a solve of every move at 20 empties takes well under a second on two cores).
     */
    public static final int EXACT_EMPTIES = 20;

    /** How long an exact solve may take before the estimates answer instead (a bound for rare hard positions). */
    public static final long SOLVE_MILLIS = 60_000;
}
