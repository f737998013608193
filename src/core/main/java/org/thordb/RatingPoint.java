package org.thordb;

/**
 * A player's rating computed by thordb at the end of a year (Glicko-2, a year a rating period: see
 * docs/command-line.md, "A player's report"); never a federation's rating.
 *
 * <p>Usage: {@code for (RatingPoint p : db.report("Tastet Marc").ratings()) System.out.println(p.year() + " " + p.rating());}
 *
 * @param year the year
 * @param rating the rating at its end
 * @param deviation the rating's deviation (about a 95% interval of twice it either side)
 * @param games the player's games rated that year (0: a year without games, the deviation widens)
 */
public record RatingPoint(int year, double rating, double deviation, int games) {
}
