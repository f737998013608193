/**
 * The opening explorer: what was played from a position, how often and how it went, from the
 * indexes alone.
 *
 * <pre>{@code
 * Exploration e = db.explore(Position.afterLine("f5d6c3"), "year >= 2000");
 * e.rows().forEach(r -> System.out.println(Notation.name(r.move()) + " " + r.games()));
 * }</pre>
 */
package org.thordb.explore;
