/**
 * Query plans: each predicate looked up once, {@code and} parts smallest first, and the plan drawn
 * for {@code explain}.
 *
 * <pre>{@code
 * String plan = db.read(r -> QueryPlanner.plan(QueryParser.parse("result = draw"), r).plan().explain(r.catalog()));
 * }</pre>
 */
package org.thordb.query.plan;
