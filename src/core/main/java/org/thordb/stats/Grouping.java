package org.thordb.stats;

import org.thordb.fault.Faults;
import java.util.Locale;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;

/**
 * How {@code stats} groups games: by a player (with that player's side), by Black or White, by the
 * opponent of the players a query names (head-to-head), by tournament, year, opening (its name, or
 * its first N moves in the f5 orientation), or result.
 *
 * <p>Usage: {@code Grouping g = Grouping.parse("opening4");}
 *
 * @param by what the groups are
 * @param depth for {@link By#OPENING}: the moves compared (0: the opening's name)
 */
public record Grouping(By by, int depth) {
    /** The kinds of groups. */
    public enum By {
        /** Each player, every game counted for both players from their own side. */
        PLAYER,
        /** The player with Black, from Black's side. */
        BLACK,
        /** The player with White, from White's side. */
        WHITE,
        /** The opponent of the player(s) the query names, from the named player's side. */
        OPPONENT,
        /** The tournament, from Black's side. */
        TOURNAMENT,
        /** The year, from Black's side. */
        YEAR,
        /** The opening, from Black's side. */
        OPENING,
        /** The result, from Black's side. */
        RESULT
    }

    /** The words {@code --by} takes. */
    public static final String WORDS = "player, black, white, opponent, tournament, year, opening (its name),"
            + " openingN (its first N moves, 1 to 20) or result";

    /**
     * Reads {@code player}, {@code opening4} and the like.
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} naming the words it takes
     */
    public static Grouping parse(String word) {
        String w = word == null ? "" : word.strip().toLowerCase(Locale.ROOT);
        if (w.matches("opening\\d+")) {
            int n = Integer.parseInt(w.substring(7));
            if (n < 1 || n > 20) {
                throw Faults.of(ErrorCode.BAD_ARGUMENT, "opening" + n + ": openings are grouped by"
                        + " 1 to 20 moves");
            }
            return new Grouping(By.OPENING, n);
        }
        for (By b : By.values()) {
            if (b.name().toLowerCase(Locale.ROOT).equals(w)) {
                return new Grouping(b, 0);
            }
        }
        throw Faults.of(ErrorCode.BAD_ARGUMENT, "unknown grouping '" + Faults.quote(w) + "': "
                + WORDS);
    }

    /** Whose side the wins, losses and disc differences are counted from, in words. */
    public String side() {
        return switch (by) {
            case PLAYER -> "each player's own side";
            case BLACK -> "Black's side";
            case WHITE -> "White's side";
            case OPPONENT -> "the side of the player the query names";
            default -> "Black's side";
        };
    }

    @Override
    public String toString() {
        return by.name().toLowerCase(Locale.ROOT) + (depth > 0 ? Integer.toString(depth) : "");
    }
}
