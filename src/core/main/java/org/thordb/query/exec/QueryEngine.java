package org.thordb.query.exec;

import org.roaringbitmap.RoaringBitmap;
import org.thordb.index.IndexReader;
import org.thordb.query.ast.Expr;
import org.thordb.query.parse.QueryParser;
import org.thordb.query.plan.QueryPlanner;
import org.thordb.index.Copies;
import org.thordb.query.Filter;

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

    /**
     * The games a query matches (every game when it is null), each game counted once
     * ({@link Copies}) unless it says {@code copies = all}.
     */
    public static RoaringBitmap matching(Expr e, IndexReader r) {
        return matching(Filter.of(e), r);
    }

    /** The games a filter matches: its condition's (every game when it has none), each once unless it counts every copy. */
    public static RoaringBitmap matching(Filter f, IndexReader r) {
        RoaringBitmap ids = f.where() == null ? r.all() : evaluate(f.where(), r);
        return f.allCopies() ? ids : Copies.once(r, ids);
    }

    /** Whether a query says {@code copies = all}: every copy of a game counts. */
    public static boolean everyCopy(Expr e) {
        return Filter.of(e).allCopies();
    }

    /** Runs a plan. */
    public static RoaringBitmap execute(QueryPlanner.Planned p, IndexReader r) {
        return p.execute(r);
    }
}
