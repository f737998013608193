/**
 * thordb, the embedded API: {@link org.thordb.engine.Engine} opens a store, imports WTHOR files, answers
 * queries and positions, explores, verifies; {@link org.thordb.engine.StoredGame} is a stored game with its names.
 *
 * <pre>{@code
 * try (Engine db = Engine.open(Path.of("store"))) {
 *     db.importFiles(List.of(Path.of("wthor")), Importer.Options.defaults(), System.err::println);
 *     try (MatchedGames r = db.query("player = \"Tastet Marc\" and opening = f5d6")) {
 *         r.stream().limit(5).forEach(g -> System.out.println(g.year() + " " + g.moves()));
 *     }
 * }
 * }</pre>
 */
package org.thordb;

import org.thordb.engine.Engine;
import org.thordb.engine.MatchedGames;
