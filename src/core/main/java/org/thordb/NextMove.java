package org.thordb;

import java.util.OptionalDouble;

/**
 * One move played from an explored position, with what became of the games that played it.
 *
 * <p>Usage: {@code for (NextMove m : db.explore("", "f5d6").moves()) System.out.println(m.move() + " " + m.games());}
 *
 * @param move the square ({@code c3}), in the orientation of the line explored
 * @param games the games that played it
 * @param blackWins those Black won
 * @param draws those drawn
 * @param whiteWins those White won
 * @param averageBlackDiscs Black's average discs at the end
 * @param averageTheoretical Black's average theoretical discs over the games whose theoretical
 *     score is known; empty when none is (an unknown score is no 0)
 * @param theoreticalGames the games whose theoretical score is known: what that average rests on
 * @param firstYear the first year it was played
 * @param lastYear the last year it was played
 */
public record NextMove(String move, long games, long blackWins, long draws, long whiteWins,
                       double averageBlackDiscs, OptionalDouble averageTheoretical, long theoreticalGames,
                       int firstYear, int lastYear) {
    /** Checks the average is there. */
    public NextMove {
        Checks.notNull(averageTheoretical, "the theoretical average (empty when unknown)");
    }
}
