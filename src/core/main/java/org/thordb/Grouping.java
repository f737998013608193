package org.thordb;

/**
 * How {@link ThorDb#stats(String, Grouping)} groups a query's games.
 *
 * <p>Usage: {@code for (Group g : db.stats("year >= 2000", Grouping.YEAR)) System.out.println(g.name() + " " + g.games());}
 */
public enum Grouping {
    /** Each player, every game counted for both players from their own side. */
    PLAYER,
    /** The player with Black, from Black's side. */
    BLACK,
    /** The player with White, from White's side. */
    WHITE,
    /**
     * Each opponent of the players the query's {@code player}, {@code black} or {@code white}
     * conditions name, from the named players' side.
     */
    OPPONENT,
    /** The tournament, from Black's side. */
    TOURNAMENT,
    /** The year, from Black's side. */
    YEAR,
    /** The opening (the named opening line the game follows), from Black's side. */
    OPENING,
    /** The result: Black wins, draw, White wins. */
    RESULT
}
