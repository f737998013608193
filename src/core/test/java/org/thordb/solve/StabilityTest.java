package org.thordb.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The stable-disc bound's parts against plain square-by-square walks. */
@org.junit.jupiter.api.extension.ExtendWith(org.thordb.testing.Seeded.class)
class StabilityTest {
    /** The squares whose diagonal ({@code dr} rows and {@code dc} columns a step) is occupied to both edges, walked. */
    private static long walkedFullDiagonals(long occupied, int dc) {
        long full = 0;
        for (int sq = 0; sq < 64; sq++) {
            boolean all = true;
            for (int dir = -1; dir <= 1 && all; dir += 2) {
                int r = sq >>> 3;
                int c = sq & 7;
                while (r >= 0 && r < 8 && c >= 0 && c < 8) {
                    if ((occupied >>> (r * 8 + c) & 1) == 0) {
                        all = false;
                        break;
                    }
                    r += dir;
                    c += dir * dc;
                }
            }
            if (all) {
                full |= 1L << sq;
            }
        }
        return full;
    }

    @Test
    void fullDiagonalsAreTheSquaresWhoseDiagonalIsOccupiedToBothEdges(SplittableRandom rnd) {
        for (int i = 0; i < 20_000; i++) {
            // from nearly empty to nearly full boards: full diagonals are common only near the end
            int empties = rnd.nextInt(40);
            long occupied = -1L;
            for (int k = 0; k < empties; k++) {
                occupied &= ~(1L << rnd.nextInt(64));
            }
            assertEquals(walkedFullDiagonals(occupied, 1),
                    Stability.fullDiagonals(occupied, 9, Stability.END_UP_9, Stability.END_DOWN_9), Long.toHexString(occupied));
            assertEquals(walkedFullDiagonals(occupied, -1),
                    Stability.fullDiagonals(occupied, 7, Stability.END_UP_7, Stability.END_DOWN_7), Long.toHexString(occupied));
        }
    }
}
