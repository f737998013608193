package org.thordb;

import java.util.OptionalInt;

/**
 * One of a player's most frequent lines in a {@link PlayerReport}, in the orientation whose first
 * move is f5, ending with the player's own move.
 *
 * <p>Usage: {@code for (ReportLine l : db.report("Tastet Marc").lines()) System.out.println(l.line() + " " + l.record().games());}
 *
 * @param line the moves ({@code f5d6c3d3c4f4f6})
 * @param colour {@code black} or {@code white}: the player's colour in it
 * @param record the player's games in it, from the player's side
 * @param baseGames every game of the store that reached the position before the line's last move
 *     and played it (copies counted once)
 * @param expectedPercent the share of points per hundred games the player's colour scores with
 *     the line's last move in those games; NaN when none
 * @param bestMove the best move where the player chose the line's last move, or null when this
 *     line was not valued (only the most frequent are)
 * @param best its value for the player, in discs
 * @param played the value of the move the player played there
 * @param exact whether those values are exact scores (else estimates)
 * @param depth how many moves deep an estimate searched (0 for exact scores or none)
 */
public record ReportLine(String line, String colour, Group record, long baseGames, double expectedPercent,
                         String bestMove, OptionalInt best, OptionalInt played, boolean exact, int depth) {
    /** Checks the parts are there. */
    public ReportLine {
        Checks.notNull(line, "the line");
        Checks.notNull(colour, "the colour");
        Checks.notNull(record, "the record");
        Checks.notNull(best, "the best value (empty when not valued)");
        Checks.notNull(played, "the value played (empty when not valued)");
    }
}
