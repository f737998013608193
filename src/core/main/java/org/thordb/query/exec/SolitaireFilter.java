package org.thordb.query.exec;

import java.util.function.Predicate;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.othello.Position;
import org.thordb.othello.Side;
import org.thordb.query.ast.BoardCondition;
import org.thordb.query.ast.Expr;
import org.thordb.store.Catalog;
import org.thordb.store.PlayerRecord;
import org.thordb.store.SolitaireRow;
import org.thordb.wthor.WthorSolitaire;

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
        // the fields solitaires have; any other is said to be no question about them
        if (p instanceof org.thordb.query.ast.Predicate.NameMatch m) {
            return s -> {
                Catalog.Base b = c.base(s.base());
                if (b == null) {
                    return false;
                }
                long[] mine = m.field().numbers(s);
                for (int n : m.field().names(b).matching(m.name(), m.substring())) {
                    for (long x : mine) {
                        if (x == n) {
                            return true;
                        }
                    }
                }
                return false;
            };
        }
        if (p instanceof org.thordb.query.ast.Predicate.BaseMatch m) {
            return s -> {
                Catalog.Base b = c.base(m.name());
                return b != null && b.id() == s.base();
            };
        }
        if (p instanceof org.thordb.query.ast.Predicate.NumCompare m) {
            java.util.function.ToIntFunction<SolitaireRow> f = number(m.field());
            return s -> m.op().test(f.applyAsInt(s), m.value());
        }
        if (p instanceof org.thordb.query.ast.Predicate.NumRange m) {
            java.util.function.ToIntFunction<SolitaireRow> f = number(m.field());
            return s -> f.applyAsInt(s) >= m.low() && f.applyAsInt(s) <= m.high();
        }
        if (p instanceof org.thordb.query.ast.Predicate.RegistryMatch m) {
            return s -> {
                Catalog.Base b = c.base(s.base());
                if (b == null) {
                    return false;
                }
                WthorSolitaire w = s.solitaire();
                PlayerRecord black = b.record((int) w.blackPlayer());
                PlayerRecord white = b.record((int) w.whitePlayer());
                return (m.colour() == null || m.colour().equals("black")) && m.test(black)
                        || (m.colour() == null || m.colour().equals("white")) && m.test(white);
            };
        }
        if (p instanceof org.thordb.query.ast.Predicate.FlagMatch m && m.flag() == org.thordb.query.ast.Predicate.Flag.DAMAGED) {
            return s -> (s.damaged() || s.contradicted()) == m.value();
        }
        if (p instanceof org.thordb.query.ast.Predicate.PositionMatch m) {
            Position want = m.position().canonical();
            return s -> position(s).canonical().equals(want);
        }
        if (p instanceof BoardCondition.Sequence q) {
            throw new ThorDbException(ErrorCode.QUERY, "'" + q.text() + "': a solitaire is one position; a sequence"
                    + " needs the moves of a game");
        }
        if (p instanceof BoardCondition b) {
            if (!b.window().equals(BoardCondition.Window.ANY)) {
                throw new ThorDbException(ErrorCode.QUERY, "'" + b.window().text() + "': a solitaire is one"
                        + " position; its board's fields take no move");
            }
            return s -> {
                Position q = position(s);
                return b.holds(q.black(), q.white(), q.toMove() == Side.BLACK ? 0 : q.toMove() == Side.WHITE ? 1 : 2);
            };
        }
        throw new ThorDbException(ErrorCode.QUERY, "'" + p.text() + "' is not a question about solitaires; they have"
                + " year, record, score, player, black, white, tournament, base, country, born, damaged, position and"
                + " the board's fields (empties, pattern, board, discs, corners, square)");
    }

    private static java.util.function.ToIntFunction<SolitaireRow> number(org.thordb.index.GameNumber f) {
        if (!f.ofSolitaires()) {
            throw new ThorDbException(ErrorCode.QUERY, f.word() + " is not a field of solitaires; they have"
                    + " year, record and score (their game's real score)");
        }
        return f::value;
    }

    /** A solitaire's position with its side to move as stored. */
    public static Position position(SolitaireRow s) {
        WthorSolitaire w = s.solitaire();
        return new Position(w.blackDiscs(), w.whiteDiscs(), w.toMove() == 1 ? Side.BLACK : Side.WHITE);
    }
}
