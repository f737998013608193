package org.thordb;

import java.util.List;

/**
 * One page of a query's games.
 *
 * <p>Usage: {@code Page p = db.page("year = 2015", 0, 50); System.out.println(p.total() + " games, " + p.games().size() + " here");}
 *
 * @param total the games the query matches
 * @param games the page's games, in the order asked for
 */
public record Page(long total, List<Game> games) {
    /** Keeps an unmodifiable copy of the games. */
    public Page {
        games = Checks.list(games, "the games");
    }
}
