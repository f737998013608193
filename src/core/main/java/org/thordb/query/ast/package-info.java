/**
 * The typed tree of a query: records under the sealed {@link org.thordb.query.ast.Expr}.
 *
 * <pre>{@code
 * Expr e = QueryParser.parse("year in 1990..1999 and not result = draw");
 * }</pre>
 */
package org.thordb.query.ast;
