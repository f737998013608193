package org.thordb.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.thordb.othello.Position;
import org.thordb.othello.Side;
import org.thordb.testing.Games;
import org.thordb.othello.Symmetry;

/**
 * The solver's pattern evaluation: read the same from every orientation of the board (each
 * pattern is taken up to symmetry, so a wrong square in one of its readings shows here), and,
 * for the order of moves it serves, on the winning side more often than not.
 */
class PatternEvalTest {


    @Test
    void theValueIsTheSameInEveryOrientation() {
        SplittableRandom rnd = new SplittableRandom(7);
        int checked = 0;
        for (int i = 0; i < 400; i++) {
            Position p = Games.randomPosition(rnd, 8 + rnd.nextInt(30));
            long me = p.toMove() == Side.WHITE ? p.white() : p.black();
            long opp = p.toMove() == Side.WHITE ? p.black() : p.white();
            int empties = 64 - p.discs();
            int v = PatternEval.eval(me, opp, empties);
            for (Symmetry s : Symmetry.values()) {
                assertEquals(v, PatternEval.eval(s.apply(me), s.apply(opp), empties), () -> p + " under " + s);
                checked++;
            }
        }
        assertEquals(400 * 8, checked);
    }

    @Test
    void theValueFavoursTheSideThatWinsUnderPerfectPlay() {
        SplittableRandom rnd = new SplittableRandom(11);
        Solver solver = new Solver(Solver.Options.defaults().withThreads(1).withTableBits(16));
        int agree = 0;
        int disagree = 0;
        for (int i = 0; i < 300; i++) {
            Position p = Games.randomPosition(rnd, 14);
            if (p.toMove() == Side.NONE) {
                continue;
            }
            long me = p.toMove() == Side.WHITE ? p.white() : p.black();
            long opp = p.toMove() == Side.WHITE ? p.black() : p.white();
            int exact = solver.solve(p, false).score();
            int v = PatternEval.eval(me, opp, 64 - p.discs());
            if (exact != 0 && v != 0) {
                if (exact > 0 == v > 0) {
                    agree++;
                } else {
                    disagree++;
                }
            }
        }
        // a flipped sign or weights read in the wrong order would fall to about half or below
        assertTrue(agree > 3 * disagree, agree + " agree, " + disagree + " disagree");
    }
}
