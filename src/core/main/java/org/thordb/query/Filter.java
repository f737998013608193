package org.thordb.query;

import java.util.Locale;
import java.util.Objects;
import org.thordb.error.ErrorCode;
import org.thordb.fault.Faults;
import org.thordb.index.GameName;
import org.thordb.query.ast.Expr;
import org.thordb.query.ast.BoardCondition;
import org.thordb.query.ast.Predicate;
import org.thordb.query.parse.QueryParser;

/**
 * The games a question is about, typed: the parsed condition (null: every game) and how copies of
 * one game from several bases count. Made once, from a query's text ({@link #parse}) or from code
 * ({@link #and}, {@link #inBase}, {@link #everyCopy}), and handed down as it is: no layer turns it
 * back into text to glue another condition to it. {@link #text()} is for showing it only.
 *
 * <p>{@code copies = all} in a query's text sets the mode (wherever it stands, as before); the
 * predicate stays in the tree, where it holds for every game.
 *
 * <p>Usage: {@code Filter f = Filter.parse("player = \"Tastet Marc\"").inBase("WTHOR").everyCopy();}
 *
 * @param where the condition, or null for every game
 * @param allCopies whether every copy of a game counts ({@code copies = all}), rather than each game once
 */
public record Filter(Expr where, boolean allCopies) {
    /** Every game, each once. */
    public static final Filter ALL = new Filter(null, false);

    /**
     * The filter of a query's text (blank: every game).
     *
     * @throws org.thordb.error.ThorDbException with {@code QUERY} when the text is not a query
     */
    public static Filter parse(String text) {
        if (text == null || text.isBlank()) {
            return ALL; // no lexer made for nothing to read (its tables take a one-shot command milliseconds)
        }
        return of(QueryParser.parseOrBlank(text));
    }

    /** The filter of a parsed condition (null: every game); copies count as its text says. */
    public static Filter of(Expr where) {
        return new Filter(where, everyCopyIn(where));
    }

    /** This filter and a condition besides (null: this filter). */
    public Filter and(Expr more) {
        if (more == null) {
            return this;
        }
        return new Filter(where == null ? more : new Expr.And(where, more), allCopies || everyCopyIn(more));
    }

    /** Both filters: each condition holds; every copy counts when either says so. */
    public Filter and(Filter other) {
        Filter f = and(other.where);
        return other.allCopies && !f.allCopies ? f.everyCopy() : f;
    }

    /** This filter within one base (null or blank: unchanged). */
    public Filter inBase(String base) {
        return base == null || base.isBlank() ? this : and(new Predicate.BaseMatch(base.strip()));
    }

    /**
     * This filter's games that a player played: with either colour ({@code colour} null, blank or
     * {@code both}), or with {@code black} or {@code white}.
     */
    public Filter playedBy(String player, String colour) {
        String c = colour == null || colour.isBlank() ? "both" : colour.strip().toLowerCase(Locale.ROOT);
        GameName field = switch (c) {
            case "both" -> GameName.PLAYER;
            case "black" -> GameName.BLACK;
            case "white" -> GameName.WHITE;
            default -> throw Faults.of(ErrorCode.BAD_ARGUMENT, "a player's colour is black, white or both, not '"
                    + Faults.quote(colour) + "'");
        };
        return and(new Predicate.NameMatch(field, false, player.strip()));
    }

    /** This filter's games whose theoretical score is known ({@code theoretical = known}), or unknown. */
    public Filter theoretical(boolean known) {
        return and(new Predicate.FlagMatch(Predicate.Flag.THEORETICAL_KNOWN, known));
    }

    /** This filter counting every copy of a game ({@code copies = all}). */
    public Filter everyCopy() {
        return allCopies ? this : new Filter(where, true);
    }

    /**
     * Whether answering it replays games (a condition on the board: {@code board}, {@code
     * pattern}…), rather than reading the indexes alone: a server's heavier work.
     */
    public boolean readsBoards() {
        if (where != null) {
            for (Predicate p : where.predicates(true)) {
                if (p instanceof BoardCondition) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether it is every game (no condition). */
    public boolean isAll() {
        return where == null;
    }

    /** The query text that asks for the same games, for showing (blank: every game once). */
    public String text() {
        String w = where == null ? "" : stripOuter(where.text());
        if (allCopies && !everyCopyIn(where)) {
            // as the parser would write it back: an and or an or keeps its brackets before the and
            return w.isEmpty() ? "copies = all" : where.text() + " and copies = all";
        }
        return w;
    }

    /** The outer parentheses {@link Expr#text()} puts around an {@code and} or an {@code or}. */
    private static String stripOuter(String t) {
        if (t.startsWith("(") && t.endsWith(")")) {
            int depth = 0;
            for (int i = 0; i < t.length(); i++) {
                char c = t.charAt(i);
                if (c == '"') { // a quoted name may hold brackets
                    i = t.indexOf('"', i + 1);
                    if (i < 0) {
                        return t;
                    }
                    continue;
                }
                depth += c == '(' ? 1 : c == ')' ? -1 : 0;
                if (depth == 0 && i < t.length() - 1) {
                    return t; // "(a) and (b)": not one pair
                }
            }
            return t.substring(1, t.length() - 1);
        }
        return t;
    }

    /** Whether a condition says {@code copies = all} anywhere. */
    static boolean everyCopyIn(Expr e) {
        if (e == null) {
            return false;
        }
        if (e instanceof Expr.And a) {
            return everyCopyIn(a.left()) || everyCopyIn(a.right());
        }
        if (e instanceof Expr.Or o) {
            return everyCopyIn(o.left()) || everyCopyIn(o.right());
        }
        if (e instanceof Expr.Not n) {
            return everyCopyIn(n.inner());
        }
        return e instanceof Predicate.FlagMatch f && f.flag() == Predicate.Flag.EVERY_COPY && f.value();
    }

    @Override
    public String toString() {
        return "Filter[" + text() + (allCopies ? ", every copy" : "") + "]";
    }

    /** Equal when they ask for the same games the same way: the same text (which parses back to the filter) and mode. */
    @Override
    public boolean equals(Object o) {
        return o instanceof Filter f && allCopies == f.allCopies && text().equals(f.text());
    }

    @Override
    public int hashCode() {
        return Objects.hash(text(), allCopies);
    }
}
