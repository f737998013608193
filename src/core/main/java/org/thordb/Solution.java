package org.thordb;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalInt;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.solve.Solver;

/**
 * A position solved exactly: the final disc difference for the side to move under perfect play
 * (empties to the winner), a move that reaches it and, when asked, every legal move's score; or not
 * solved, when a time limit stopped the search.
 *
 * <p>Usage: {@code Solution s = ThorDb.solve("f5d6c3d3c4f4f6f3e6e7", SolveSettings.DEFAULT); System.out.println(s.score() + " " + s.best());}
 *
 * @param board the position, 64 squares a1…h8 ({@code X} Black, {@code O} White, {@code -}) then the side to move
 * @param solved false when a limit stopped the search: then the score, best move and discs mean nothing
 * @param score the final disc difference for the side to move under perfect play (Black's when the game is over)
 * @param best a move that reaches it ({@code null} when the game is over)
 * @param blackDiscs Black's discs at the end under perfect play
 * @param moveScores with {@link SolveSettings#allMoves()}, each legal move's exact score, best first; else empty
 * @param nodes the positions searched
 * @param nanos the time the search took
 */
public record Solution(String board, boolean solved, int score, String best, int blackDiscs,
                       Map<String, Integer> moveScores, long nodes, long nanos) {

    /** Keeps an unmodifiable copy of the move scores, in their order. */
    public Solution {
        Checks.notNull(board, "the board");
        moveScores = Collections.unmodifiableMap(new LinkedHashMap<>(Checks.notNull(moveScores, "the move scores")));
    }

    /** Positions searched a second. */
    public double nodesPerSecond() {
        return nanos == 0 ? 0 : nodes * 1e9 / nanos;
    }

    /** A solver's result as the front shows it. */
    static Solution of(Position p, Solver.Result r) {
        Map<String, Integer> moves = new LinkedHashMap<>();
        r.moveScores().forEach((sq, v) -> moves.put(Notation.name(sq), v));
        return new Solution(p.toBoardString(), r.solved(), r.score(), r.best() < 0 ? null : Notation.name(r.best()),
                r.blackDiscs(), moves, r.nodes(), r.nanos());
    }

    /**
     * How a position is solved.
     *
     * <p>Usage: {@code new SolveSettings(1, 60_000, true)}
     *
     * @param threads the threads searching (0: every core)
     * @param maxMillis give up after about this long (0: never)
     * @param allMoves every legal move's exact score, not only a best one's
     */
    public record SolveSettings(int threads, long maxMillis, boolean allMoves) {
        /** Every core, no limit, a best move. */
        public static final SolveSettings DEFAULT = new SolveSettings(0, 0, false);

        /** @throws org.thordb.error.ThorDbException with BAD_ARGUMENT for threads out of 0…1024 or a negative limit */
        public SolveSettings {
            new org.thordb.usecase.Solve.Settings(threads, maxMillis, allMoves); // the use case's bounds, said once
        }
    }

    /**
     * A position of an {@code .obf} file (Edax's and the FFO endgame suites' format) with the exact
     * scores the file gives for its moves.
     *
     * @param line the line of the file it is on, from 1
     * @param board the position, as {@link Solution#board()}
     * @param moveScores each listed move's exact score, in the file's order
     */
    public record ObfPosition(int line, String board, Map<String, Integer> moveScores) {
        /** Keeps an unmodifiable copy of the move scores, in their order. */
        public ObfPosition {
            Checks.notNull(board, "the board");
            moveScores = Collections.unmodifiableMap(new LinkedHashMap<>(Checks.notNull(moveScores, "the move scores")));
        }

        /** The position's exact score as the file gives it: its best move's; empty when it lists no move. */
        public OptionalInt score() {
            return moveScores.values().stream().mapToInt(Integer::intValue).max();
        }
    }
}
