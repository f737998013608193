package org.thordb;

/**
 * One other name of a player, or a split a user said: what {@code thordb players aliases} lists.
 *
 * <p>Usage: {@code db.aliases().forEach(a -> System.out.println(a.player() + " = " + a.alias() + " (" + a.rule() + ")"));}
 *
 * @param player the player's preferred name (for a split: one of the two names)
 * @param alias the other name
 * @param base the base that gives it (empty for a split)
 * @param rule {@code name}, {@code order}, {@code copies}, {@code user}, or {@code different} for a split
 * @param years the years of the games played under it ({@code 2022-2025}; empty for a split)
 */
public record PlayerAlias(String player, String alias, String base, String rule, String years) {
}
