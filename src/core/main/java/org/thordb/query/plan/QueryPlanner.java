package org.thordb.query.plan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.index.IndexReader;
import org.thordb.query.ast.Expr;
import org.thordb.query.ast.Predicate;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Plans a query: each predicate is compiled ({@link PredicateCompiler}) and looked up in the
 * indexes once (its bitmap kept for execution), nested {@code and}s and {@code or}s are flattened,
 * and the parts of an {@code and} are put smallest first.
 *
 * <p>Usage: {@code QueryPlan p = QueryPlanner.plan(QueryParser.parse(q), reader);}
 */
public final class QueryPlanner {
    private QueryPlanner() {
    }

    /** A plan together with the bitmaps its lookups and checks found. */
    public record Planned(QueryPlan plan, Map<QueryPlan, RoaringBitmap> bitmaps) {
        /** The games of the plan: the bitmap operations on what planning found. */
        public RoaringBitmap execute(IndexReader r) {
            return run(plan, bitmaps, r);
        }
    }

    /** The games of a part: its leaves' bitmaps combined as its inner nodes say. */
    static RoaringBitmap run(QueryPlan plan, Map<QueryPlan, RoaringBitmap> bitmaps, IndexReader r) {
        return plan.accept(new QueryPlan.Visitor<>() {
            @Override
            public RoaringBitmap lookup(QueryPlan.Lookup l) {
                return bitmaps.get(l);
            }

            @Override
            public RoaringBitmap check(QueryPlan.Check c) {
                return bitmaps.get(c);
            }

            @Override
            public RoaringBitmap scan(QueryPlan.Scan s) {
                return bitmaps.get(s);
            }

            @Override
            public RoaringBitmap and(QueryPlan.And a) {
                RoaringBitmap acc = run(a.children().get(0), bitmaps, r).clone();
                for (int i = 1; i < a.children().size() && !acc.isEmpty(); i++) {
                    acc.and(run(a.children().get(i), bitmaps, r));
                }
                return acc;
            }

            @Override
            public RoaringBitmap or(QueryPlan.Or o) {
                RoaringBitmap acc = new RoaringBitmap();
                for (QueryPlan c : o.children()) {
                    acc.or(run(c, bitmaps, r));
                }
                return acc;
            }

            @Override
            public RoaringBitmap not(QueryPlan.Not n) {
                return RoaringBitmap.andNot(r.all(), run(n.child(), bitmaps, r));
            }
        });
    }

    /**
     * How the predicates that the per-game columns can answer are answered: the cheapest way by
     * the planner's estimates, or always one way (for tests that compare the two, and for
     * measuring them).
     */
    public enum Access {
        /** Postings, a pass over the columns, or a test of the survivors, whichever is estimated cheapest. */
        CHEAPEST,
        /** Always the postings. */
        POSTINGS,
        /** Always the columns (made when they are not). */
        COLUMNS
    }

    /**
     * Tells the planner the process answers one query and ends (the command line's {@code count},
     * {@code query}, {@code explain}): the per-game columns are then made only when that one answer
     * costs less with them, making included. By default (an embedding program, the REPL, the
     * server) they are made once the postings a query would read cost more than 50 ms, and kept
     * for every query after.
     */
    public static void oneQuery(boolean yes) {
        ColumnScan.oneQuery = yes;
    }

    private static volatile boolean leapfrog = true;

    /**
     * Whether a conjunction reads its parts through the games the parts before leave (the
     * default), or plans as before the leapfrog (no part sized from its headers, every part read
     * whole, then intersected): for benchmarks that measure what the leapfrog saves, and tests
     * that compare the two.
     */
    public static void leapfrog(boolean on) {
        leapfrog = on;
    }

    /** Plans an expression on a reader, looking each predicate up the cheapest way. */
    public static Planned plan(Expr e, IndexReader r) {
        return plan(e, r, Access.CHEAPEST);
    }

    /** Plans an expression on a reader, answering what the columns can answer as {@code access} says. */
    public static Planned plan(Expr e, IndexReader r, Access access) {
        Map<QueryPlan, RoaringBitmap> bitmaps = new IdentityHashMap<>();
        QueryPlan p = build(e, r, bitmaps, r.catalog().games(), access);
        return new Planned(p, bitmaps);
    }

    private static QueryPlan build(Expr e, IndexReader r, Map<QueryPlan, RoaringBitmap> bitmaps,
                                   long all, Access access) {
        if (e instanceof Expr.And) {
            List<QueryPlan> parts = new ArrayList<>();
            List<Expr> xs = flatten(e, Expr.And.class);
            // years and bases pick whole files: the other parts need read only those files' entries
            RoaringBitmap scope = null;
            for (Expr x : xs) {
                if (picksFiles(x)) {
                    QueryPlan p = build(x, r, bitmaps, all, access);
                    parts.add(p);
                    RoaringBitmap b = bitmaps.get((QueryPlan.Lookup) p);
                    scope = scope == null ? b : RoaringBitmap.and(scope, b);
                }
            }
            IndexReader inner = scope == null ? r : r.within(scope);
            List<BoardCheck> board = new ArrayList<>();
            List<ColumnarPredicate> deferred = new ArrayList<>();
            List<CompiledPredicate> estimated = new ArrayList<>();
            Map<CompiledPredicate, Long> estimates = new IdentityHashMap<>();
            for (Expr x : xs) {
                CompiledPredicate p = x instanceof Predicate q ? PredicateCompiler.compile(q) : null;
                // sized from its postings' headers (a few names, an opening, a position's entries)
                long size = leapfrog && p != null && !p.picksFiles() && !(p instanceof BoardCheck)
                        ? size(p, inner, estimates) : -1;
                if (p instanceof BoardCheck c) {
                    board.add(c);
                } else if (p instanceof ColumnarPredicate c && ColumnScan.available(c, inner, access)
                        && (size < 0 || access == Access.COLUMNS)) {
                    deferred.add(c); // after the parts only postings answer: it may then test just their games
                } else if (size >= 0) {
                    estimated.add(p); // read through what the parts before it leave
                } else if (!picksFiles(x)) {
                    parts.add(build(x, inner, bitmaps, all, access));
                }
            }
            // what the parts so far leave, narrowed by each part as it is added (not recomputed from all)
            RoaringBitmap survivors = parts.isEmpty() || deferred.isEmpty() && estimated.isEmpty() ? null
                    : run(new QueryPlan.And(parts, 0), bitmaps, inner);
            // leapfrog: the parts whose size the postings tell, smallest first, each read through the
            // games the parts before it leave when they are fewer than it holds
            estimated.sort(Comparator.comparingLong(estimates::get));
            for (CompiledPredicate p : estimated) {
                QueryPlan q = survivors != null && survivors.getLongCardinality() < estimates.get(p)
                        ? lookupThrough(p, inner, survivors, bitmaps)
                        : p instanceof ColumnarPredicate c && ColumnScan.available(c, inner, access)
                        ? choose(c, inner, survivors, bitmaps, access) : lookup(p, inner, bitmaps);
                parts.add(q);
                RoaringBitmap b = bitmaps.get(q);
                survivors = survivors == null ? b : RoaringBitmap.and(survivors, b);
            }
            // the parts the columns could answer, cheapest postings first, each the cheapest way given what is left
            deferred.sort(Comparator.comparingLong(c -> ColumnScan.postingsNanos(c, inner)));
            for (ColumnarPredicate c : deferred) {
                QueryPlan p = choose(c, inner, survivors, bitmaps, access);
                parts.add(p);
                RoaringBitmap b = run(p, bitmaps, inner);
                survivors = survivors == null ? b : RoaringBitmap.and(survivors, b);
            }
            // the parts read whole smallest first (an empty one ends the work); those read through
            // the games the others leave after them, in the order they were read
            parts.sort(Comparator.comparingLong((QueryPlan q) -> q instanceof QueryPlan.Lookup l && l.through() >= 0 ? 1 : 0)
                    .thenComparingLong(q -> q instanceof QueryPlan.Lookup l && l.through() >= 0 ? 0 : q.estimate()));
            if (!board.isEmpty()) { // the board last: replayed only for the games the indexes leave
                if (survivors == null) {
                    survivors = parts.isEmpty() ? inner.all() : run(new QueryPlan.And(parts, 0), bitmaps, inner);
                }
                for (BoardCheck c : board) {
                    QueryPlan.Check k = check(c, inner, survivors, bitmaps);
                    survivors = bitmaps.get(k);
                    parts.add(k);
                }
            }
            long estimate = parts.stream().mapToLong(QueryPlan::estimate).min().orElse(0);
            return new QueryPlan.And(parts, estimate);
        }
        if (e instanceof Expr.Or) {
            List<QueryPlan> parts = new ArrayList<>();
            long sum = 0;
            for (Expr x : flatten(e, Expr.Or.class)) {
                QueryPlan p = build(x, r, bitmaps, all, access);
                parts.add(p);
                sum += p.estimate();
            }
            return new QueryPlan.Or(parts, Math.min(all, sum));
        }
        if (e instanceof Expr.Not n) {
            QueryPlan child = build(n.inner(), r, bitmaps, all, access);
            return new QueryPlan.Not(child, all - child.estimate());
        }
        CompiledPredicate p = PredicateCompiler.compile((Predicate) e);
        if (p instanceof BoardCheck c) {
            return check(c, r, r.all(), bitmaps);
        }
        if (p instanceof ColumnarPredicate c && ColumnScan.available(c, r, access)) {
            return choose(c, r, null, bitmaps, access);
        }
        return lookup(p, r, bitmaps);
    }

    /**
     * A predicate the columns can answer, answered the cheapest way: its postings, a pass over
     * the columns of every game in scope, or a test of each survivor (null: none yet).
     */
    private static QueryPlan choose(ColumnarPredicate c, IndexReader r, RoaringBitmap survivors,
                                    Map<QueryPlan, RoaringBitmap> bitmaps, Access access) {
        long postings = access == Access.COLUMNS ? Long.MAX_VALUE : ColumnScan.postingsNanos(c, r);
        long pass = ColumnScan.passNanos(r);
        long probe = survivors == null ? Long.MAX_VALUE : ColumnScan.probeNanos(survivors);
        if (postings <= Math.min(pass, probe)) {
            return lookup(c, r, bitmaps);
        }
        long t0 = System.nanoTime();
        RoaringBitmap b = probe < pass ? ColumnScan.test(c, r, survivors) : ColumnScan.pass(c, r);
        long micros = (System.nanoTime() - t0) / 1000;
        QueryPlan.Scan s = new QueryPlan.Scan(c, probe < pass ? survivors.getLongCardinality() : r.gamesInScope(),
                probe < pass, c.entries(r), b.getLongCardinality(), micros);
        bitmaps.put(s, b);
        return s;
    }

    private static QueryPlan lookup(CompiledPredicate pred, IndexReader r, Map<QueryPlan, RoaringBitmap> bitmaps) {
        long t0 = System.nanoTime();
        RoaringBitmap b = pred.lookup(r);
        long micros = (System.nanoTime() - t0) / 1000;
        QueryPlan.Lookup l = new QueryPlan.Lookup(pred, b.getLongCardinality(), micros);
        bitmaps.put(l, b);
        return l;
    }

    /** A predicate's {@link CompiledPredicate#indexEstimate}, kept in {@code sizes} when it has one. */
    private static long size(CompiledPredicate p, IndexReader r, Map<CompiledPredicate, Long> sizes) {
        long n = p.indexEstimate(r);
        if (n >= 0) {
            sizes.put(p, n);
        }
        return n;
    }

    /** A predicate read through the games a conjunction's parts before it leave ({@link IndexReader#through}). */
    private static QueryPlan lookupThrough(CompiledPredicate pred, IndexReader r, RoaringBitmap survivors,
                                           Map<QueryPlan, RoaringBitmap> bitmaps) {
        long t0 = System.nanoTime();
        RoaringBitmap b = pred.lookup(r.through(survivors));
        long micros = (System.nanoTime() - t0) / 1000;
        QueryPlan.Lookup l = new QueryPlan.Lookup(pred, b.getLongCardinality(), micros, survivors.getLongCardinality());
        bitmaps.put(l, b);
        return l;
    }

    private static QueryPlan.Check check(BoardCheck c, IndexReader r, RoaringBitmap candidates,
                                         Map<QueryPlan, RoaringBitmap> bitmaps) {
        long t0 = System.nanoTime();
        BoardCheck.Answer a = c.answer(r, candidates);
        RoaringBitmap b = a.games();
        long micros = (System.nanoTime() - t0) / 1000;
        QueryPlan.Check k = new QueryPlan.Check(c, candidates.getLongCardinality(), a.edgeCandidates(), a.replayed(),
                a.indexRead(), a.plied(), b.getLongCardinality(), micros);
        bitmaps.put(k, b);
        return k;
    }

    /** Whether a part holds for whole files: a base, or a year (every game of a file has its year). */
    private static boolean picksFiles(Expr e) {
        return e instanceof Predicate p && PredicateCompiler.compile(p).picksFiles();
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
