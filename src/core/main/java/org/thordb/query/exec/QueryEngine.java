package org.thordb.query.exec;

import org.roaringbitmap.RoaringBitmap;
import org.thordb.index.IndexReader;
import org.thordb.query.ast.Expr;
import org.thordb.query.parse.QueryParser;
import org.thordb.query.plan.QueryPlanner;
import org.thordb.index.Copies;
import org.thordb.query.ast.Predicate;

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
        RoaringBitmap ids = e == null ? r.all() : evaluate(e, r);
        return everyCopy(e) ? ids : Copies.once(r, ids);
    }

    /** Whether a query says {@code copies = all}: every copy of a game counts. */
    public static boolean everyCopy(Expr e) {
        if (e == null) {
            return false;
        }
        if (e instanceof Expr.And a) {
            return everyCopy(a.left()) || everyCopy(a.right());
        }
        if (e instanceof Expr.Or o) {
            return everyCopy(o.left()) || everyCopy(o.right());
        }
        if (e instanceof Expr.Not n) {
            return everyCopy(n.inner());
        }
        return e instanceof Predicate.FlagMatch f
                && f.flag() == Predicate.Flag.EVERY_COPY && f.value();
    }

    /** Runs a plan. */
    public static RoaringBitmap execute(QueryPlanner.Planned p, IndexReader r) {
        return p.execute(r);
    }
}
