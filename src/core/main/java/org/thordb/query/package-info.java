/**
 * The query language: {@code ast} (the typed tree), {@code parse} (the ANTLR grammar of
 * {@code grammar/ThorQuery.g4} and its errors), {@code plan} (what the indexes answer, explained)
 * and {@code exec} (bitmap evaluation).
 *
 * <pre>{@code
 * long n = db.count("player = \"Tastet Marc\" and opening = f5d6");
 * System.out.print(db.explain("theoretical > score and year >= 2000"));
 * }</pre>
 */
package org.thordb.query;
