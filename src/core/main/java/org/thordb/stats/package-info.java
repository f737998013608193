/**
 * Grouped statistics: a query's games grouped by player, opponent, tournament, year, opening or
 * result, with each group's wins, draws, losses, score, disc difference and theoretical score,
 * computed in one pass over the per-game columns ({@link org.thordb.index.GameColumns}).
 *
 * <pre>{@code
 * try (Engine db = Engine.openReadOnly(Path.of("store"))) {
 *     for (GroupStats g : db.stats("opponent", "player = \"Tastet Marc\"")) {
 *         System.out.printf("%-20s %4d %5.1f%%%n", g.group(), g.games(), g.scorePct());
 *     }
 * }
 * }</pre>
 */
package org.thordb.stats;
