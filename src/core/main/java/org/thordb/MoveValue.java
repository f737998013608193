package org.thordb;

/**
 * What one legal move of a position is worth for the side to move: the final disc difference
 * (empty squares to the winner), exact under perfect play or estimated by a search of thordb's
 * learned evaluation, which {@link #exact()} says.
 *
 * <p>Usage: {@code for (MoveValue v : db.values("f5d6c3")) System.out.println(v.move() + " " + v.discs() + (v.exact() ? "" : " (estimate)"));}
 *
 * @param move the square ({@code c3}), in the orientation of the position asked about
 * @param discs the side to move's final disc difference after this move
 * @param exact whether it is the exact score under perfect play (else an estimate)
 * @param depth how many moves deep the estimate was searched (0 for an exact score)
 * @param line the principal variation, this move first ({@code "c3d3c4"}): for an exact score,
 *     perfect play to the end of the game (replayed, it ends with {@code discs}); for an estimate,
 *     the line its search saw, at most {@code depth} moves; empty when none was kept
 */
public record MoveValue(String move, int discs, boolean exact, int depth, String line) {
    /** Checks the move and the line are named. */
    public MoveValue {
        Checks.notNull(move, "the move");
        Checks.notNull(line, "the line");
    }
}
