package org.thordb;

import java.util.List;

/**
 * One player of a query's games, with the record of those games from the player's side, the
 * player registry's country and year of birth, and the player's other names.
 *
 * <p>Usage: {@code for (Player p : db.players("", PlayerSort.GAMES)) System.out.println(p.name() + " " + p.record().games());}
 *
 * @param name the player's name
 * @param record games, wins, draws, losses, score share, disc difference, first and last year
 * @param country the registry's country code, or null when none is known
 * @param born the registry's year of birth, or 0 when none is known
 * @param aliases the player's other names (renames, the registry's aliases) in every base
 */
public record Player(String name, Group record, String country, int born, List<String> aliases) {
    /** Keeps an unmodifiable copy of the aliases. */
    public Player {
        aliases = Checks.list(aliases, "the aliases");
    }
}
