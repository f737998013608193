package org.thordb.query.plan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.index.IndexReader;
import org.thordb.query.ast.Expr;
import org.thordb.query.ast.Predicate;

/**
 * Plans a query: each predicate is looked up in the indexes once (its bitmap kept for execution),
 * nested {@code and}s and {@code or}s are flattened, and the parts of an {@code and} are put
 * smallest first.
 *
 * <p>Usage: {@code QueryPlan p = QueryPlanner.plan(QueryParser.parse(q), reader);}
 */
public final class QueryPlanner {
    private QueryPlanner() {
    }

    /** A plan together with the bitmaps its lookups found. */
    public record Planned(QueryPlan plan, java.util.Map<QueryPlan.Lookup, RoaringBitmap> bitmaps) {
    }

    /** Plans an expression on a reader, looking each predicate up. */
    public static Planned plan(Expr e, IndexReader r) {
        java.util.Map<QueryPlan.Lookup, RoaringBitmap> bitmaps = new java.util.IdentityHashMap<>();
        QueryPlan p = build(e, r, bitmaps, r.catalog().games());
        return new Planned(p, bitmaps);
    }

    private static QueryPlan build(Expr e, IndexReader r, java.util.Map<QueryPlan.Lookup, RoaringBitmap> bitmaps,
                                   long all) {
        if (e instanceof Expr.And) {
            List<QueryPlan> parts = new ArrayList<>();
            List<Expr> xs = flatten(e, Expr.And.class);
            // years and bases pick whole files: the other parts need read only those files' entries
            RoaringBitmap scope = null;
            for (Expr x : xs) {
                if (picksFiles(x)) {
                    QueryPlan p = build(x, r, bitmaps, all);
                    parts.add(p);
                    RoaringBitmap b = bitmaps.get((QueryPlan.Lookup) p);
                    scope = scope == null ? b : RoaringBitmap.and(scope, b);
                }
            }
            IndexReader inner = scope == null ? r : r.within(scope);
            for (Expr x : xs) {
                if (!picksFiles(x)) {
                    parts.add(build(x, inner, bitmaps, all));
                }
            }
            parts.sort(Comparator.comparingLong(QueryPlan::estimate));
            return new QueryPlan.And(parts, parts.get(0).estimate());
        }
        if (e instanceof Expr.Or) {
            List<QueryPlan> parts = new ArrayList<>();
            long sum = 0;
            for (Expr x : flatten(e, Expr.Or.class)) {
                QueryPlan p = build(x, r, bitmaps, all);
                parts.add(p);
                sum += p.estimate();
            }
            return new QueryPlan.Or(parts, Math.min(all, sum));
        }
        if (e instanceof Expr.Not n) {
            QueryPlan child = build(n.inner(), r, bitmaps, all);
            return new QueryPlan.Not(child, all - child.estimate());
        }
        Predicate pred = (Predicate) e;
        long t0 = System.nanoTime();
        RoaringBitmap b = pred.lookup(r);
        long micros = (System.nanoTime() - t0) / 1000;
        QueryPlan.Lookup l = new QueryPlan.Lookup(pred, b.getLongCardinality(), micros);
        bitmaps.put(l, b);
        return l;
    }

    /** Whether a part holds for whole files: a base, or a year (every game of a file has its year). */
    private static boolean picksFiles(Expr e) {
        return e instanceof Predicate p && p.picksFiles();
    }

    private static List<Expr> flatten(Expr e, Class<? extends Expr> kind) {
        List<Expr> out = new ArrayList<>();
        if (kind.isInstance(e)) {
            Expr left = e instanceof Expr.And a ? a.left() : ((Expr.Or) e).left();
            Expr right = e instanceof Expr.And a ? a.right() : ((Expr.Or) e).right();
            out.addAll(flatten(left, kind));
            out.addAll(flatten(right, kind));
        } else {
            out.add(e);
        }
        return out;
    }
}
