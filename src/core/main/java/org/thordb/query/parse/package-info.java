/**
 * The parser: ANTLR 4 with its console listeners removed; errors carry line, column and a caret;
 * length and nesting are bounded.
 *
 * <pre>{@code
 * try { QueryParser.parse("year = "); }
 * catch (ThorDbException e) { System.err.println(e.getMessage() + "\n" + e.detail()); }
 * }</pre>
 */
package org.thordb.query.parse;
