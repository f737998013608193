package org.thordb;

import java.util.List;

/**
 * What was played from the position a line reaches, in every orientation, by the games of a query.
 *
 * <p>Usage: {@code Exploration e = db.explore("year >= 2000", "f5d6c3"); e.moves().forEach(System.out::println);}
 *
 * @param query the query whose games were explored (blank: every game)
 * @param line the line explored ({@code f5d6c3}; blank: the start position)
 * @param games the games that reach the position
 * @param endedHere those that ended in it
 * @param moves each move played from it, most played first
 */
public record Exploration(String query, String line, long games, long endedHere, List<NextMove> moves) {
    /** Keeps an unmodifiable copy of the moves. */
    public Exploration {
        moves = Checks.list(moves, "the moves");
    }
}
