package org.thordb.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.thordb.testing.Seeded;

/** The known games' words, set a file's range at a time, equal those set a bit at a time. */
@ExtendWith(Seeded.class)
class TheoreticalKnownTest {
    @Test
    void rangesSetTheSameBitsAsOneAtATime(SplittableRandom rnd) {
        for (int round = 0; round < 2_000; round++) {
            int size = 1 + rnd.nextInt(1_000);
            long[] byRange = new long[(size >>> 6) + 1];
            long[] byBit = new long[(size >>> 6) + 1];
            for (int k = rnd.nextInt(6); k >= 0; k--) {
                int from = rnd.nextInt(size + 1);
                int to = from + rnd.nextInt(size - from + 1);
                TheoreticalKnown.setRange(byRange, from, to);
                for (int id = from; id < to; id++) {
                    byBit[id >>> 6] |= 1L << id;
                }
            }
            assertArrayEquals(byBit, byRange, "round " + round + ", size " + size);
        }
    }

    @Test
    void keepingTheKnownClearsTheUnknownInTheRangeAndNothingElse(SplittableRandom rnd) {
        for (int round = 0; round < 2_000; round++) {
            int size = 1 + rnd.nextInt(700);
            long[] known = new long[(size >>> 6) + 1 - rnd.nextInt(2)]; // sometimes shorter than the words kept
            for (int w = 0; w < known.length; w++) {
                known[w] = rnd.nextLong();
            }
            long[] out = new long[(size >>> 6) + 1];
            for (int w = 0; w < out.length; w++) {
                out[w] = rnd.nextLong();
            }
            long[] want = out.clone();
            int from = rnd.nextInt(size + 1);
            int to = from + rnd.nextInt(size - from + 1);
            for (int id = from; id < to; id++) {
                boolean k = (id >>> 6) < known.length && (known[id >>> 6] >>> id & 1) != 0;
                if (!k) {
                    want[id >>> 6] &= ~(1L << id);
                }
            }
            TheoreticalKnown.keepKnown(known, from, to, out);
            assertArrayEquals(want, out, "round " + round + ", games " + from + " to " + to);
        }
    }
}
