package org.thordb.query.plan;

import java.util.List;
import org.thordb.query.ast.Predicate;

/**
 * A query ready to run: a tree whose leaves are index lookups and whose inner nodes are bitmap
 * operations, each leaf with what it reads and how many games it gives. {@code and} children are
 * ordered smallest first, so that an empty one ends the work early.
 *
 * <p>Usage: {@code QueryPlan p = QueryPlanner.plan(expr, reader).plan(); System.out.println(p.explain(catalog));}
 */
public sealed interface QueryPlan {
    /** The number of games this part gives (exact for leaves, an upper bound for inner nodes). */
    long estimate();

    /** Every child must hold. */
    record And(List<QueryPlan> children, long estimate) implements QueryPlan {
    }

    /** Some child holds. */
    record Or(List<QueryPlan> children, long estimate) implements QueryPlan {
    }

    /** Every game but the child's. */
    record Not(QueryPlan child, long estimate) implements QueryPlan {
    }

    /**
     * One predicate answered by the indexes.
     *
     * @param predicate the predicate
     * @param estimate the games it gives
     * @param micros how long the lookup took when planned
     */
    record Lookup(Predicate predicate, long estimate, long micros) implements QueryPlan {
    }

    /** The plan drawn as an indented tree, one part a line, saying what the indexes read for each. */
    default String explain(org.thordb.store.Catalog c) {
        StringBuilder sb = new StringBuilder();
        draw(this, 0, sb, c);
        return sb.toString();
    }

    private static void draw(QueryPlan p, int depth, StringBuilder sb, org.thordb.store.Catalog c) {
        String pad = "  ".repeat(depth);
        if (p instanceof And a) {
            boolean scoped = a.children().stream().anyMatch(x -> x instanceof Lookup l && l.predicate().picksFiles());
            sb.append(pad).append("and: at most ").append(a.estimate()).append(" games, smallest part first")
                    .append(scoped ? "; the other parts read only the files the year and base parts pick" : "")
                    .append('\n');
            a.children().forEach(x -> draw(x, depth + 1, sb, c));
        } else if (p instanceof Or o) {
            sb.append(pad).append("or: at most ").append(o.estimate()).append(" games\n");
            o.children().forEach(x -> draw(x, depth + 1, sb, c));
        } else if (p instanceof Not n) {
            sb.append(pad).append("not: every game but these, ").append(n.estimate()).append(" games\n");
            draw(n.child(), depth + 1, sb, c);
        } else if (p instanceof Lookup l) {
            sb.append(pad).append(l.predicate().text()).append(": ").append(l.predicate().access(c))
                    .append(" -> ")
                    .append(l.estimate()).append(" games in ").append(l.micros()).append(" us\n");
        }
    }
}
