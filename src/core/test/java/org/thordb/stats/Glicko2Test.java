package org.thordb.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Glicko-2 as Glickman's paper works it, and ratings that order players as their results do. */
class Glicko2Test {
    @Test
    void onePeriodIsGlickmansWorkedExample() {
        // a 1500 (RD 200) player beats a 1400 (RD 30), loses to a 1550 (100) and a 1700 (300):
        // 1464.06, RD 151.52, volatility 0.05999 ("Example of the Glicko-2 system", 2012)
        double[] after = Glicko2.period(1500, 200, 0.06, new double[][] {{1400, 30, 1}, {1550, 100, 0}, {1700, 300, 0}});
        assertEquals(1464.06, after[0], 0.01);
        assertEquals(151.52, after[1], 0.01);
        assertEquals(0.05999, after[2], 0.00001);
    }

    @Test
    void strongerPlayersEndHigherAndAnIdleYearWidensTheDeviation() {
        // five players of known strength, ten years of games, the fourth year no one plays player 0
        SplittableRandom rnd = new SplittableRandom(68);
        double[] strength = {0, 0.5, 1, 1.5, 2};
        List<Glicko2.Game> games = new ArrayList<>();
        for (int year = 2000; year < 2010; year++) {
            for (int k = 0; k < 200; k++) {
                int a = rnd.nextInt(5);
                int b = rnd.nextInt(5);
                if (a == b || year == 2003 && (a == 0 || b == 0)) {
                    continue;
                }
                double p = 1 / (1 + Math.exp(strength[b] - strength[a]));
                games.add(new Glicko2.Game(a, b, year, rnd.nextDouble() < p ? 1 : 0));
            }
        }
        Glicko2.History h = Glicko2.rate(games);
        for (int i = 1; i < 5; i++) {
            assertTrue(h.at(i, 2009).rating() > h.at(i - 1, 2009).rating(), "player " + i + " above " + (i - 1));
        }
        assertEquals(0, h.at(0, 2003).games());
        assertTrue(h.at(0, 2003).deviation() > h.at(0, 2002).deviation(), "an idle year widens the deviation");
        assertEquals(10, h.of(0).size(), "a point every year");
        Glicko2.Accuracy a = Glicko2.accuracy(games, 2005, 2009);
        assertTrue(a.logLoss() < a.evenLogLoss(), a.toString());
        assertEquals(List.of(4L, 3L, 2L, 1L, 0L), Glicko2.ranking(h, 2009, 350).stream().map(java.util.Map.Entry::getKey).toList());
    }
}
