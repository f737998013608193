/**
 * thordb, the public API: {@link org.thordb.ThorDb} opens a store, imports WTHOR and text game
 * files ({@link org.thordb.ImportResult} says what became of each), counts and streams the games
 * a query matches ({@link org.thordb.QueryResult}, on a snapshot), pages through them in an order
 * ({@link org.thordb.SortKey}), explores what was played from a position
 * ({@link org.thordb.Exploration}), groups them ({@link org.thordb.Grouping}), lists players, and
 * exports, verifies and optimizes. Every failure is an {@link org.thordb.error.ThorDbException}.
 *
 * <pre>{@code
 * try (ThorDb db = ThorDb.open(Path.of("store"))) {
 *     db.importFiles(List.of(Path.of("wthor")));
 *     try (QueryResult r = db.query("player = \"Tastet Marc\" and opening = f5d6")) {
 *         System.out.println(r.count() + " games");
 *         r.stream().limit(5).forEach(g -> System.out.println(g.year() + " " + g.moves()));
 *     }
 * }
 * }</pre>
 */
package org.thordb;
