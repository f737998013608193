package org.thordb.othello;

import org.thordb.wthor.WthorGame;

/**
 * Replays a WTHOR game record, 8×8 or 10×10, and compares its stored score with the replay: the
 * one check every consumer of WTHOR files needs (verify, import).
 *
 * <p>Usage:
 * <pre>{@code
 * WthorReplay.Outcome o = WthorReplay.replay(game, null);
 * if (!o.sound()) System.err.println(o.problem());
 * }</pre>
 */
public final class WthorReplay {
    private WthorReplay() {
    }

    /**
     * What a replay of a record found.
     *
     * @param problem why the record is damaged (a bad move byte, an illegal move), or null
     * @param movesPlayed the moves replayed before the end or the problem
     * @param finished whether the last position is final (neither side can move)
     * @param replayedScore Black's score of the last position, WTHOR convention
     * @param storedScore Black's score as stored
     */
    public record Outcome(String problem, int movesPlayed, boolean finished, int replayedScore, int storedScore) {
        /** Whether every move byte is a square and every move is legal. */
        public boolean sound() {
            return problem == null;
        }

        /** Whether the stored score differs from the replayed one (meaningful for sound records). */
        public boolean scoreDiffers() {
            return replayedScore != storedScore;
        }
    }

    /**
     * Replays a record; 8×8 positions are handed to the visitor (may be null), up to the last
     * legal move.
     */
    public static Outcome replay(WthorGame g, Replay.Visitor visitor) {
        String damage = g.damage();
        int[] squares = g.squares();
        int usable = 0;
        while (usable < squares.length && squares[usable] >= 0) {
            usable++;
        }
        if (g.side() == 10) {
            Board10.Result r = Board10.replay(squares, usable);
            String problem = damage != null ? damage : r.error() != null ? r.error().toString() : null;
            return new Outcome(problem, r.movesPlayed(), r.over(), r.wthorScore(), g.blackScore());
        }
        Replay.Result r = Replay.replay(squares, usable, visitor);
        String problem = r.error() != null ? r.error().toString() : damage;
        Position end = r.finalPosition();
        return new Outcome(problem, r.movesPlayed(), end.isFinal(), end.wthorScore(), g.blackScore());
    }
}
