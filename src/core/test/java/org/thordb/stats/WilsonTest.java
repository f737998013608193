package org.thordb.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The Wilson interval against values worked out by hand, and its bounds on random shares (seed printed). */
@org.junit.jupiter.api.extension.ExtendWith(org.thordb.testing.Seeded.class)
class WilsonTest {
    @Test
    void knownValues() {
        assertArrayEquals(new double[] {0, 1}, Wilson.interval(0, 0), 1e-12);
        assertArrayEquals(new double[] {0.40383, 0.59617}, Wilson.interval(50, 100), 1e-5);
        assertArrayEquals(new double[] {0.43850, 1.0}, Wilson.interval(3, 3), 1e-5);
        assertArrayEquals(new double[] {0.0, 0.79346}, Wilson.interval(0, 1), 1e-5);
    }

    @Test
    void theShareLiesInsideAndMoreGamesNarrowIt(@org.thordb.testing.Seeded.Seed long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        for (int i = 0; i < 10_000; i++) {
            long n = 1 + r.nextInt(5000);
            double k = r.nextInt((int) n + 1) + (r.nextBoolean() ? 0 : 0.5) * (r.nextInt(2));
            k = Math.min(k, n);
            double[] ci = Wilson.interval(k, n);
            double p = k / n;
            assertTrue(ci[0] <= p + 1e-12 && p <= ci[1] + 1e-12 && ci[0] >= 0 && ci[1] <= 1, "seed " + seed + ": " + k + "/" + n);
            // the same share on a tenth of the games (k / 10 of n / 10 would change the share when n / 10 rounds down)
            long fewer = Math.max(1, n / 10);
            double[] wider = Wilson.interval(k * fewer / n, fewer);
            if (n >= 100) {
                assertTrue(ci[1] - ci[0] < wider[1] - wider[0] + 1e-9, "seed " + seed + ": more games, a narrower interval");
            }
        }
    }
}
