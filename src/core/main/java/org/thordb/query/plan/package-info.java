/**
 * Query plans: each predicate compiled ({@link org.thordb.query.plan.PredicateCompiler}: its
 * lookup, size, column test, {@code explain} words and solitaire test) and looked up once,
 * {@code and} parts smallest first, and the plan drawn for {@code explain}.
 *
 * <pre>{@code
 * String plan = db.read(r -> QueryPlanner.plan(QueryParser.parse("result = draw"), r).plan().explain(r.catalog()));
 * }</pre>
 */
package org.thordb.query.plan;
