package org.thordb.stats;

/**
 * One group's figures. Wins, draws and losses are counted from the group's side ({@link
 * Grouping#side()}); a win scores 1 and a draw ½ in {@code scorePct}; the disc difference and the
 * theoretical score are that side's (discs after perfect play from the file's depth).
 *
 * <p>Usage: {@code System.out.println(g.group() + " " + g.scorePct());}
 *
 * @param group the group's name (a player, a year, moves such as f5d6c3d3, …)
 * @param games its games
 * @param wins games the side won
 * @param draws draws
 * @param losses games the side lost
 * @param scorePct (wins + draws / 2) / games, in %
 * @param avgDiff the side's disc difference at the end, on average
 * @param avgTheoretical the side's discs after perfect play, on average over the games whose
 *     theoretical score is known ({@code theoreticalGames} of them); NaN when none is
 * @param firstYear the year of its first game
 * @param lastYear the year of its last game
 * @param theoreticalGames the games whose theoretical score is known: what the average rests on
 */
public record GroupStats(String group, long games, long wins, long draws, long losses, double scorePct, double avgDiff,
                         double avgTheoretical, int firstYear, int lastYear, long theoreticalGames) {
}
