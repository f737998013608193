/**
 * thordb, the embedded API: {@link org.thordb.ThorDb} opens a store, imports WTHOR files, answers
 * queries and positions, explores, verifies; {@link org.thordb.Game} is a stored game with its names.
 *
 * <pre>{@code
 * try (ThorDb db = ThorDb.open(Path.of("store"))) {
 *     db.importFiles(List.of(Path.of("wthor")), Importer.Options.defaults(), System.err::println);
 *     try (QueryResult r = db.query("player = \"Tastet Marc\" and opening = f5d6")) {
 *         r.stream().limit(5).forEach(g -> System.out.println(g.year() + " " + g.moves()));
 *     }
 * }
 * }</pre>
 */
package org.thordb;
