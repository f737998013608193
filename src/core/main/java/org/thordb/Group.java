package org.thordb;

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
 * @param averageTheoretical the average theoretical disc difference from the side's view
 * @param firstYear the first year it played
 * @param lastYear the last year it played
 */
public record Group(String name, long games, long wins, long draws, long losses, double scorePercent,
                   double averageDiscDifference, double averageTheoretical, int firstYear, int lastYear) {
}
