package org.thordb.query.ast;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The typed tree of a query: {@code and}, {@code or} and {@code not} over {@link Predicate}s, each
 * of which knows how it is looked up, explained and written back.
 *
 * <p>Usage: {@code Expr e = QueryParser.parse("year >= 1990 and not result = draw");}
 */
public sealed interface Expr permits Expr.And, Expr.Or, Expr.Not, Predicate {

    /** The expression written back as query text, fully parenthesised where it nests. */
    String text();

    /**
     * Every predicate of the expression, left to right; with {@code underNot} false, those under a
     * {@code not} are left out (a {@code not player = X} does not name a player the games have).
     */
    default List<Predicate> predicates(boolean underNot) {
        List<Predicate> out = new ArrayList<>();
        ArrayDeque<Expr> todo = new ArrayDeque<>();
        todo.push(this);
        while (!todo.isEmpty()) {
            Expr e = todo.pop();
            if (e instanceof Predicate p) {
                out.add(p);
            } else if (e instanceof And a) {
                todo.push(a.right());
                todo.push(a.left());
            } else if (e instanceof Or o) {
                todo.push(o.right());
                todo.push(o.left());
            } else if (e instanceof Not n && underNot) {
                todo.push(n.inner());
            }
        }
        return out;
    }

    /** Both sides hold. */
    record And(Expr left, Expr right) implements Expr {
        @Override
        public String text() {
            return "(" + left.text() + " and " + right.text() + ")";
        }
    }

    /** Either side holds. */
    record Or(Expr left, Expr right) implements Expr {
        @Override
        public String text() {
            return "(" + left.text() + " or " + right.text() + ")";
        }
    }

    /** The inner expression does not hold. */
    record Not(Expr inner) implements Expr {
        @Override
        public String text() {
            return "not " + inner.text();
        }
    }
}
