package org.thordb.solve;

import org.thordb.othello.Position;
import org.thordb.othello.Replay;

/**
 * The WTHOR theoretical score of a game, as the specification defines it: Black's discs after a
 * perfect endgame from the game's position with {@code depth} empty squares ("for a depth of 22,
 * the perfect endgame starts at move 39, once move 38 is played"), empties to the winner. A game
 * that stops before it has so few empties (adjourned, or a wipe-out) has no such position; the
 * specification says nothing of it, and thordb then solves the last position the game reached
 * (say so wherever such a game is counted).
 *
 * <p>Usage: {@code TheoreticalScore.Computed c = TheoreticalScore.compute(game.squares(), 22, solver);}
 */
public final class TheoreticalScore {
    private TheoreticalScore() {
    }

    /**
     * A computed theoretical score.
     *
     * @param solved false when a limit stopped the solve (then blackDiscs means nothing)
     * @param blackDiscs Black's discs after perfect play
     * @param reachedDepth whether the game reached a position with {@code depth} empties (else its last position was solved)
     * @param empties the empties of the position solved
     * @param position the position solved
     * @param nodes the solver's nodes
     */
    public record Computed(boolean solved, int blackDiscs, boolean reachedDepth, int empties, Position position, long nodes) {
    }

    /** The position of a game with {@code depth} empties, or its last legal position when it never gets there. */
    public static Position positionAt(int[] squares, int depth) {
        int moves = 0;
        while (moves < squares.length && squares[moves] >= 0) {
            moves++;
        }
        int plies = Math.max(0, Math.min(moves, 60 - depth));
        return Replay.replay(squares, plies, null).finalPosition();
    }

    /**
     * The most empties of a game's last position that is solved when the game stops before the
     * depth (a solve of 20 empties takes about a second; 40 would take years).
     */
    public static final int LAST_POSITION_EMPTIES = 20;

    /**
     * Whether a game's score at {@code depth} is computed: false for a game adjourned far from its
     * end (it stops with more than {@code max(depth, LAST_POSITION_EMPTIES)} empties and moves still
     * to play), whose last position is no endgame a solve ends. Its score stays unknown wherever
     * it is asked for (a fill, a check), and said to be "unfinished".
     */
    public static boolean finishable(int[] squares, int depth) {
        Position last = positionAt(squares, depth);
        return 64 - last.discs() <= Math.max(depth, LAST_POSITION_EMPTIES) || last.isFinal();
    }

    /** Solves a game's theoretical score at {@code depth} empties (ask {@link #finishable} first). */
    public static Computed compute(int[] squares, int depth, Solver solver) {
        Position p = positionAt(squares, depth);
        int empties = 64 - p.discs();
        Solver.Result r = solver.solve(p, false);
        return new Computed(r.solved(), r.solved() ? r.blackDiscs() : -1, empties == depth, empties, p, r.nodes());
    }
}
