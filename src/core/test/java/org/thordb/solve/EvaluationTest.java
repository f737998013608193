package org.thordb.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.thordb.othello.Position;
import org.thordb.othello.Side;
import org.thordb.othello.Symmetry;
import org.thordb.testing.Games;
import org.thordb.testing.Seeded;

/**
 * The evaluation reads what its pattern lists say: every instance of every family once, each
 * square where the lists put it (its fast bit extraction against a plain reading square by
 * square), the same value in every orientation of the board; and, with its weights, it is on the
 * side that wins under perfect play far more often than not.
 */
@ExtendWith(Seeded.class)
class EvaluationTest {

    @Test
    void eachFamilysOrientationsReadEveryInstanceOnce() {
        int total = 0;
        for (Evaluation.Family f : Evaluation.FAMILIES) {
            Set<Long> all = new HashSet<>();
            for (int k = 0; k < 8; k++) {
                all.add(squares(Evaluation.read(f, k)));
            }
            Set<Long> read = new HashSet<>();
            for (int[] instance : Evaluation.INSTANCES[f.ordinal()]) {
                assertTrue(read.add(squares(instance)), f + ": an instance read twice");
            }
            assertEquals(all, read, f + ": the orientations miss an instance");
            total += read.size();
        }
        assertEquals(46, total);
        assertEquals(46, Evaluation.INSTANCE_COUNT);
    }

    private static long squares(int[] sqs) {
        long b = 0;
        for (int s : sqs) {
            b |= 1L << s;
        }
        return b;
    }

    @Test
    void theValueIsTheSumOfTheWeightsOfEachInstanceReadSquareBySquare(SplittableRandom rnd) {
        Evaluation.Weights w = Evaluation.Weights.INSTANCE;
        for (int i = 0; i < 500; i++) {
            Position p = Games.randomPosition(rnd, rnd.nextInt(61));
            long me = p.toMove() == Side.WHITE ? p.white() : p.black();
            long opp = p.toMove() == Side.WHITE ? p.black() : p.white();
            int empties = 64 - p.discs();
            int ph = w.phaseOf[empties];
            int want = w.bias[ph];
            int[] configs = new int[Evaluation.INSTANCE_COUNT];
            Evaluation.configs(me, opp, configs);
            int n = 0;
            for (Evaluation.Family f : Evaluation.FAMILIES) {
                for (int[] instance : Evaluation.INSTANCES[f.ordinal()]) {
                    int config = 0;
                    for (int d = 0; d < instance.length; d++) { // square by square, digit d worth 3^d
                        long bit = 1L << instance[d];
                        config += ((me & bit) != 0 ? 1 : (opp & bit) != 0 ? 2 : 0) * Evaluation.POW3[d];
                    }
                    assertEquals(config, configs[n++], f + " read wrong in " + p);
                    want += w.tables[ph][f.ordinal()][config];
                }
            }
            int[] extras = new int[Evaluation.EXTRAS.length];
            Evaluation.extras(me, opp, extras, 0);
            for (Evaluation.Extra x : Evaluation.EXTRAS) {
                want += w.extras[ph][x.ordinal()][extras[x.ordinal()]];
            }
            assertEquals(want, Evaluation.eval(me, opp), p.toString());
        }
    }

    @Test
    void theValueIsTheSameInEveryOrientation(SplittableRandom rnd) {
        for (int i = 0; i < 400; i++) {
            Position p = Games.randomPosition(rnd, rnd.nextInt(61));
            long me = p.toMove() == Side.WHITE ? p.white() : p.black();
            long opp = p.toMove() == Side.WHITE ? p.black() : p.white();
            int v = Evaluation.eval(me, opp);
            for (Symmetry s : Symmetry.values()) {
                assertEquals(v, Evaluation.eval(s.apply(me), s.apply(opp)), () -> p + " under " + s);
            }
        }
    }

    @Test
    void theValueFavoursTheSideThatWinsUnderPerfectPlay(SplittableRandom rnd) {
        Solver solver = new Solver(Solver.Options.defaults().withThreads(1).withTableBits(16));
        int agree = 0;
        int disagree = 0;
        long absError = 0;
        int n = 0;
        for (int i = 0; i < 300; i++) {
            Position p = Games.randomPosition(rnd, 12 + rnd.nextInt(5));
            if (p.toMove() == Side.NONE) {
                continue;
            }
            long me = p.toMove() == Side.WHITE ? p.white() : p.black();
            long opp = p.toMove() == Side.WHITE ? p.black() : p.white();
            int exact = solver.solve(p, false).score();
            int v = Evaluation.eval(me, opp);
            absError += Math.abs(v - exact * Evaluation.SCALE);
            n++;
            if (exact != 0 && v != 0) {
                if (exact > 0 == v > 0) {
                    agree++;
                } else {
                    disagree++;
                }
            }
        }
        // a flipped sign or weights read in the wrong order would fall to about half or below
        double mae = absError / (double) n / Evaluation.SCALE;
        // random games are far from the FFO games the weights were fitted on: the bounds are loose
        assertTrue(agree > 4 * disagree, agree + " agree, " + disagree + " disagree; mean absolute error " + mae);
        assertTrue(mae < 12, "mean absolute error " + mae + " discs at 12-16 empties of random games");
    }

    @Test
    void theWeightsChecksumIsTheShippedFilesOwn() throws Exception {
        // a value book's entries are used only under the weights they were searched with: a new fit
        // must ship with its own checksum (python3 -c "import zlib; print(hex(zlib.crc32(open(F,'rb').read())))")
        assertEquals(Evaluation.weightsFileChecksum(), Evaluation.WEIGHTS_CRC,
                String.format("WEIGHTS_CRC is 0x%x; the file's is 0x%x", Evaluation.WEIGHTS_CRC, Evaluation.weightsFileChecksum()));
    }
}
