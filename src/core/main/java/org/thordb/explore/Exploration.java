package org.thordb.explore;

import java.util.List;
import org.thordb.othello.Position;
import org.thordb.othello.Side;

/**
 * What was played from a position: one row a next move (equivalent moves under the position's own
 * symmetries count as one), sorted by games, and the games that end there.
 *
 * <p>Usage: {@code for (Exploration.Row r : db.explore(p, "").rows()) System.out.println(r.move() + " " + r.games());}
 *
 * @param position the position, in the orientation it was asked in
 * @param filter the filter query ("" for none)
 * @param total the games that reach the position and match the filter
 * @param rows the next moves, most played first
 * @param endsHere the games that end at the position (finished, or stopped there)
 */
public record Exploration(Position position, String filter, long total, List<Row> rows, Row endsHere) {

    /** Freezes the rows: an exploration is a value, and a store may hand the same one to many callers. */
    public Exploration {
        rows = List.copyOf(rows);
    }

    /**
     * One next move and how its games went.
     *
     * @param move the square (0–63) in the asked orientation, or −1 for the games that end here
     * @param games how many games played it
     * @param blackWins games Black won (stored score above 32)
     * @param draws drawn games
     * @param whiteWins games White won
     * @param averageScore Black's average stored disc count
     * @param averageTheoretical the average theoretical score (Black's discs) of the games whose
     *     score is known, NaN when none is
     * @param firstYear the earliest year, 0 when no game
     * @param lastYear the latest year, 0 when no game
     * @param theoreticalGames the games whose theoretical score is known: what the average rests on
     */
    public record Row(int move, long games, long blackWins, long draws, long whiteWins, double averageScore,
                      double averageTheoretical, int firstYear, int lastYear, long theoreticalGames) {
        /** A side's points in these games: a win one, a draw half (White's for White, else Black's). */
        public double points(Side side) {
            return (side == Side.WHITE ? whiteWins : blackWins) + draws / 2.0;
        }
    }
}
