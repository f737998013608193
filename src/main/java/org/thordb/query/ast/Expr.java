package org.thordb.query.ast;

/**
 * The typed tree of a query: {@code and}, {@code or} and {@code not} over {@link Predicate}s, each
 * of which knows how it is looked up, explained and written back.
 *
 * <p>Usage: {@code Expr e = QueryParser.parse("year >= 1990 and not result = draw");}
 */
public sealed interface Expr permits Expr.And, Expr.Or, Expr.Not, Predicate {

    /** The expression written back as query text, fully parenthesised where it nests. */
    String text();

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
