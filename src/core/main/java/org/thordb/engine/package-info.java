/**
 * An open store as thordb's own programs use it (internal: embedders use {@link org.thordb.ThorDb}).
 * {@link org.thordb.engine.Engine} wires the pieces: {@link org.thordb.engine.Generations} (the
 * reference-counted generations every read runs on, which a read-only handle renews when another
 * process changed the store), {@link org.thordb.engine.SchemaMigrations},
 * {@link org.thordb.engine.GamePages} and {@link org.thordb.engine.PlayerDirectory} (the
 * readers the use cases page games and list players with), the explorer service and maintenance
 * (verify, optimize, the explorer's book). The questions themselves are the use cases'.
 *
 * <pre>{@code
 * try (Engine db = Engine.openReadOnly(Path.of("store"))) {
 *     long n = org.thordb.usecase.Games.count(db, "year >= 2000");
 *     int held = db.openGenerations(); // 1 while no query result holds an older one
 * }
 * }</pre>
 */
package org.thordb.engine;
