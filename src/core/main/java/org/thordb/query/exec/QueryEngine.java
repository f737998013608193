package org.thordb.query.exec;

import org.roaringbitmap.RoaringBitmap;
import org.thordb.index.IndexReader;
import org.thordb.query.ast.Expr;
import org.thordb.query.parse.QueryParser;
import org.thordb.query.plan.QueryPlanner;

/**
 * Runs a query on one consistent view of a store: parse, plan (each predicate looked up in the
 * indexes), then the bitmap operations of the plan.
 *
 * <p>Usage: {@code RoaringBitmap games = QueryEngine.evaluate("year in 1990..1999", reader);}
 */
public final class QueryEngine {
    private QueryEngine() {
    }

    /** Parses and evaluates a query. */
    public static RoaringBitmap evaluate(String query, IndexReader r) {
        return evaluate(QueryParser.parse(query), r);
    }

    /** Evaluates a parsed query. */
    public static RoaringBitmap evaluate(Expr e, IndexReader r) {
        return execute(QueryPlanner.plan(e, r), r);
    }

    /** Runs a plan. */
    public static RoaringBitmap execute(QueryPlanner.Planned p, IndexReader r) {
        return p.execute(r);
    }
}
