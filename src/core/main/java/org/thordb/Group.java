package org.thordb;

import java.util.OptionalDouble;

/**
 * The record of one group of games (a player, a year, an opening…) from the side its
 * {@link Grouping} says.
 *
 * <p>Usage: {@code System.out.printf("%s: %d games, %.1f%%%n", g.name(), g.games(), g.scorePercent());}
 *
 * @param name the group: a player's name, a year, an opening's line, a result
 * @param games its games
 * @param wins games won from the group's side
 * @param draws games drawn
 * @param losses games lost
 * @param scorePercent wins plus half the draws, per hundred games
 * @param averageDiscDifference the average of the side's discs minus the other side's, at the end
 * @param averageTheoretical the side's average theoretical discs over the games whose theoretical
 *     score is known; empty when none is (an unknown score is no 0)
 * @param theoreticalGames the games whose theoretical score is known: what that average rests on
 * @param firstYear the first year it played
 * @param lastYear the last year it played
 */
public record Group(String name, long games, long wins, long draws, long losses, double scorePercent,
                   double averageDiscDifference, OptionalDouble averageTheoretical, long theoreticalGames,
                   int firstYear, int lastYear) {
    /** Checks the average is there. */
    public Group {
        Checks.notNull(averageTheoretical, "the theoretical average (empty when unknown)");
    }
}
