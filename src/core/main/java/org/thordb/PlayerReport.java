package org.thordb;

import java.util.List;

/**
 * A player's report: who they are, their results by year and colour, their most frequent lines
 * with the base's expected score and the best move's value, their replies to each first move,
 * their record against their most frequent opponents, their endgames against the theoretical
 * scores, and a rating curve computed by thordb. The same figures as {@code thordb report}, the
 * REPL's {@code :report} and {@code /api/players/{name}/report}; copies of a game count once.
 *
 * <p>Usage: {@code PlayerReport r = db.report("Tastet Marc"); System.out.println(r.all().games() + " games, " + r.all().scorePercent() + "%");}
 *
 * @param player the preferred name (the earliest base's spelling)
 * @param names every name the player goes by, each with its base in parentheses
 * @param country the registry's country code, or null
 * @param born the registry's year of birth, 0 when unknown
 * @param bases the bases with the player's games
 * @param all every game from the player's side ({@code name} "every game")
 * @param asBlack the games as Black
 * @param asWhite the games as White
 * @param years one record a year ({@code name} the year)
 * @param lines the most frequent lines as Black, then as White
 * @param replies the replies to each first move ({@code name} "white after f5: d6", "black after f5d6: c3")
 * @param opponents the most frequent opponents ({@code name} the opponent's preferred name)
 * @param endgamesKnown the games whose theoretical score is known
 * @param averageEndgameLoss the player's average discs lost against that score (NaN when none known)
 * @param ratings the rating at the end of every year from the first game
 */
public record PlayerReport(String player, List<String> names, String country, int born, List<String> bases, Group all,
                           Group asBlack, Group asWhite, List<Group> years, List<ReportLine> lines, List<Group> replies,
                           List<Group> opponents, long endgamesKnown, double averageEndgameLoss,
                           List<RatingPoint> ratings) {
    /** Keeps unmodifiable copies of the lists. */
    public PlayerReport {
        Checks.notNull(player, "the player");
        names = Checks.list(names, "the names");
        bases = Checks.list(bases, "the bases");
        Checks.notNull(all, "every game's record");
        Checks.notNull(asBlack, "the record as Black");
        Checks.notNull(asWhite, "the record as White");
        years = Checks.list(years, "the years");
        lines = Checks.list(lines, "the lines");
        replies = Checks.list(replies, "the replies");
        opponents = Checks.list(opponents, "the opponents");
        ratings = Checks.list(ratings, "the ratings");
    }
}
