package org.thordb.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.thordb.othello.Position;
import org.thordb.othello.Side;
import org.thordb.solve.Estimator;
import org.thordb.solve.Solver;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorReader;

/**
 * The explorer's estimates against exact scores, by empties: for positions of the games of one
 * WTHOR file (by default the 2,010 games of 2025, which no evaluation was fitted on), the value
 * the explorer gives the position (its best move's estimate, {@link Estimator.Budget#explorer},
 * a fixed node budget) beside the solver's exact score. Prints, for each number of empties, the
 * mean absolute error, how often the estimate is within 2 and 4 discs, and how often it gets the
 * winner wrong; the table docs/command-line.md quotes as each estimate's expected error.
 *
 * <p>Usage: {@code java -cp … org.thordb.bench.EstimateAccuracy ../shared/data/wthor-2025-11/WTH_2025.wtb 21-26 24}
 */
public final class EstimateAccuracy {
    private EstimateAccuracy() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        String[] range = args[1].split("-");
        int lo = Integer.parseInt(range[0]);
        int hi = Integer.parseInt(range[1]);
        int each = Integer.parseInt(args[2]);
        List<int[]> games = new ArrayList<>();
        try (WthorReader r = WthorReader.open(file)) {
            for (WthorGame g : r.games()) {
                if (g.damage() == null && g.side() == 8) {
                    games.add(g.squares());
                }
            }
        }
        Solver.preload();
        Estimator.preload();
        Solver solver = new Solver(Solver.Options.defaults());
        System.out.println("empties | positions | mean absolute error | within 2 discs | within 4 | winner wrong");
        System.out.println("---|---|---|---|---|---");
        for (int e = lo; e <= hi; e++) {
            int stride = Math.max(1, games.size() / each);
            int n = 0;
            double abs = 0;
            int within2 = 0;
            int within4 = 0;
            int wrong = 0;
            for (int gi = e % stride; gi < games.size() && n < each; gi += stride) { // spread over the file
                Position p = at(games.get(gi), e);
                if (p == null) {
                    continue;
                }
                Estimator.Estimates est = Estimator.searchAfresh(p, Estimator.Budget.explorer(e));
                int value = est.scores().values().stream().mapToInt(Integer::intValue).max().orElseThrow();
                int exact = solver.solve(p, false).score();
                int d = Math.abs(value - exact);
                abs += d;
                within2 += d <= 2 ? 1 : 0;
                within4 += d <= 4 ? 1 : 0;
                wrong += Integer.signum(value) * Integer.signum(exact) < 0 ? 1 : 0;
                n++;
            }
            System.out.println(String.format(Locale.ROOT, "%d | %d | %.2f | %.0f%% | %.0f%% | %.0f%%", e, n, abs / n,
                    100.0 * within2 / n, 100.0 * within4 / n, 100.0 * wrong / n));
        }
    }

    /** The position of a game with that many empties, when the side to move has a move there. */
    private static Position at(int[] game, int empties) {
        Position p = Position.start();
        for (int i = 0; i < game.length && 64 - p.discs() > empties; i++) {
            p = p.play(game[i]);
        }
        return 64 - p.discs() == empties && p.toMove() != Side.NONE && p.legalMoves() != 0 ? p : null;
    }
}
