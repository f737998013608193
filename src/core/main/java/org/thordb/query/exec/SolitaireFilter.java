package org.thordb.query.exec;

import java.util.function.Predicate;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.othello.Position;
import org.thordb.query.ast.Expr;
import org.thordb.query.plan.PredicateCompiler;
import org.thordb.store.Catalog;
import org.thordb.store.SolitaireRow;

/**
 * A query over solitaires rather than games: each solitaire is tested against the query, whose
 * fields are the solitaire's (no index: solitaire files are small). The fields: {@code year},
 * {@code record}, {@code score} (its game's real score, Black's discs), {@code player},
 * {@code black}, {@code white}, {@code tournament}, {@code base}, {@code country}, {@code born},
 * {@code damaged}, {@code position} (the solitaire's position, in any orientation, with its side
 * to move) and the board's fields on its position ({@code empties = 20}, {@code pattern},
 * {@code board}, {@code discs}, {@code corners}, {@code square}, without {@code at move}).
 *
 * <p>Usage: {@code Predicate<SolitaireRow> p = SolitaireFilter.of(QueryParser.parse("empties = 20 and year >= 2000"), catalog);}
 */
public final class SolitaireFilter {
    private SolitaireFilter() {
    }

    /**
     * The test of a query (null: every solitaire).
     *
     * @throws ThorDbException {@link ErrorCode#QUERY} naming a field solitaires do not have
     */
    public static Predicate<SolitaireRow> of(Expr e, Catalog c) {
        if (e == null) {
            return s -> true;
        }
        if (e instanceof Expr.And a) {
            return of(a.left(), c).and(of(a.right(), c));
        }
        if (e instanceof Expr.Or o) {
            return of(o.left(), c).or(of(o.right(), c));
        }
        if (e instanceof Expr.Not n) {
            return of(n.inner(), c).negate();
        }
        return predicate((org.thordb.query.ast.Predicate) e, c);
    }

    private static Predicate<SolitaireRow> predicate(org.thordb.query.ast.Predicate p, Catalog c) {
        // the compile step that plans queries over games says each predicate's test of a solitaire, or that it has none
        return PredicateCompiler.compile(p).solitaireTest(c);
    }

    /** A solitaire's position with its side to move as stored. */
    public static Position position(SolitaireRow s) {
        return PredicateCompiler.solitairePosition(s);
    }
}
