package org.thordb.stats;

/**
 * The Wilson score interval of a share (a win rate, draws counting half): at 95% by default, so
 * that a row of 3 games at 100% reads as the guess it is (29% to 100%), and one of 3,000 as a fact.
 *
 * <p>Usage: {@code double[] lowHigh = Wilson.interval(wins + draws / 2.0, games);}
 */
public final class Wilson {
    /** The normal quantile of a two-sided 95% interval. */
    public static final double Z95 = 1.959963984540054;

    /** Rows on fewer games than this are marked as resting on few games. */
    public static final long FEW = 10;

    private Wilson() {
    }

    /** The 95% interval {low, high} of {@code successes} out of {@code n} (0 to 1; {0, 1} when n is 0). */
    public static double[] interval(double successes, long n) {
        if (n <= 0) {
            return new double[] {0, 1};
        }
        double p = successes / n;
        double z2 = Z95 * Z95;
        double centre = (p + z2 / (2.0 * n)) / (1 + z2 / n);
        double half = Z95 * Math.sqrt(p * (1 - p) / n + z2 / (4.0 * n * n)) / (1 + z2 / n);
        return new double[] {Math.max(0, centre - half), Math.min(1, centre + half)};
    }
}
