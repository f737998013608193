package org.thordb.explore;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.thordb.othello.Position;
import org.thordb.othello.Side;
import org.thordb.solve.Estimator;

/**
 * What every legal move of a position is worth, the side to move's final disc difference: exact
 * (perfect play, by the solver) when the position has few enough empties, else estimated by a
 * search of the learned evaluation with its depth. The two never mix: {@link #exact()} says
 * which, and the views mark estimates as such. Beside each played move, its practice against its
 * theory: how it scored in games, as the mover's average disc difference, less its value.
 *
 * <p>Usage: {@code MoveValues v = Explore.values(p, Explore.Settings.DEFAULT); Integer f4 = v.value(29);}
 *
 * @param values each legal move's value, best first (empty when neither was asked for or found)
 * @param exact whether the values are exact scores (else estimates)
 * @param depth how many moves deep the estimates were searched (0 for exact scores)
 * @param lines each move's principal variation, the move first: for an exact score the line of
 *     perfect play to the end of the game ({@link Explorer#perfectLines}); for an estimate the line
 *     its search saw, at most {@code depth} moves
 */
public record MoveValues(Map<Integer, Integer> values, boolean exact, int depth, Map<Integer, List<Integer>> lines) {
    public MoveValues {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        lines = Collections.unmodifiableMap(new LinkedHashMap<>(lines));
    }

    /** No values. */
    public static final MoveValues NONE = new MoveValues(Map.of(), false, 0, Map.of());

    /** The explorer's estimates of a position's moves. */
    public static MoveValues estimated(Position p) {
        Estimator.Estimates e = Estimator.estimate(p, Estimator.Budget.explorer(64 - p.discs()));
        return new MoveValues(e.scores(), e.exact(), e.exact() ? 0 : e.depth(), e.lines());
    }

    /** A move's principal variation (the move first), empty when none was kept. */
    public List<Integer> line(int move) {
        return lines.getOrDefault(move, List.of());
    }

    /** Whether there are values at all. */
    public boolean any() {
        return !values.isEmpty();
    }

    /** A move's value, or null. */
    public Integer value(int move) {
        return values.get(move);
    }

    /** The best value (null when none). */
    public Integer best() {
        return values.values().stream().max(Integer::compare).orElse(null);
    }

    /** The best move: the first square, in square order, of the best value (-1 when none). */
    public int bestMove() {
        Integer top = best();
        int b = -1;
        for (Map.Entry<Integer, Integer> e : values.entrySet()) {
            if (top != null && e.getValue().intValue() == top && (b < 0 || e.getKey() < b)) {
                b = e.getKey();
            }
        }
        return b;
    }

    /**
     * How a played move fared in games against its value: the mover's average final disc
     * difference in the row's games (stored scores, empties to the winner) less the move's value;
     * NaN when the row has no game or the move no value. Above zero, the move scores better in
     * games than with best play; well above, a practical choice that loses with best play.
     */
    public double gap(Exploration e, Exploration.Row r) {
        Integer v = value(r.move());
        if (v == null || r.games() == 0) {
            return Double.NaN;
        }
        return practice(e.position().toMove(), r) - v;
    }

    /** The mover's average final disc difference in a row's games: Black's 2 × score − 64, White's the opposite. */
    public static double practice(Side mover, Exploration.Row r) {
        double black = 2 * r.averageScore() - 64;
        return mover == Side.WHITE ? -black : black;
    }
}
