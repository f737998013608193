package org.thordb;

import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import java.util.ArrayList;
import java.util.List;
import org.thordb.othello.Replay;
import org.thordb.query.Filter;
import org.thordb.query.ast.Predicate;
import org.thordb.query.ast.QueryField;

/**
 * A query read once, with its scope: the query language's text parsed (a bad one fails here, with
 * its line, column and caret), then narrowed to one base or widened to every copy of a game
 * imported from several bases. A value: an embedder parses a request's query once, checks it, and
 * hands the same value to each answer ({@link JsonAnswers}), never a string glued again.
 *
 * <p>Usage: {@code Query q = Query.parse("player = \"Tastet Marc\"").inBase("WTH").everyCopy();}
 */
public final class Query {
    /** Every game, each once. */
    public static final Query ALL = new Query(Filter.ALL);

    private final Filter filter;

    private Query(Filter filter) {
        this.filter = filter;
    }

    /**
     * Reads a query (blank: every game).
     *
     * @throws ThorDbException with {@link ErrorCode#QUERY} for a query that is not valid: the message
     *     says where, {@link ThorDbException#detail()} shows it under a caret
     */
    public static Query parse(String text) {
        String t = Checks.notNull(text, "the query");
        return ThorDb.guard(() -> new Query(Filter.parse(t)));
    }

    /** This query within one base's games ({@code ""}: every base's). */
    public Query inBase(String base) {
        String b = Checks.notNull(base, "the base");
        return ThorDb.guard(() -> new Query(filter.inBase(b)));
    }

    /** This query counting every copy of a game imported from several bases (by default, once). */
    public Query everyCopy() {
        return new Query(filter.everyCopy());
    }

    /** The query's text, as the language writes it (blank: every game once). */
    public String text() {
        return filter.text();
    }

    /**
     * Whether answering it replays games (a condition on the board: {@code board}, {@code pattern}…)
     * rather than reading the indexes alone: heavier work, for a server's admission.
     */
    public boolean readsBoards() {
        return filter.readsBoards();
    }

    /**
     * The positions the query names: each {@code position =} condition's board and each 8×8
     * {@code opening =} line's end, in the query's order (none for a query without them), as
     * {@code :board QUERY} draws them.
     */
    public List<Board> positions() {
        return ThorDb.guard(() -> {
            List<Board> out = new ArrayList<>();
            if (filter.where() == null) { // every game: no condition names a position
                return out;
            }
            for (Predicate p : filter.where().predicates(true)) {
                if (p instanceof Predicate.PositionMatch m) {
                    out.add(Board.at(m.position()));
                } else if (p instanceof Predicate.OpeningMatch o && o.side() == 8) {
                    out.add(Board.at(Replay.replay(o.line(), null).finalPosition()));
                }
            }
            return out;
        });
    }

    /** The query language's fields, by the word a query writes ({@code player}, {@code year}…). */
    public static List<String> fields() {
        return QueryField.words();
    }

    /** The query language's fields for a help screen: one line a field, its word, operators and meaning. */
    public static String fieldHelp() {
        StringBuilder sb = new StringBuilder();
        for (QueryField f : QueryField.values()) {
            if (sb.length() > 0) {
                sb.append('\n');
            }
            sb.append(String.format("  %-12s %-20s %s", f.word(), f.operators(), f.help()));
        }
        return sb.toString();
    }

    /** The parsed query underneath, for the front's own calls. */
    Filter filter() {
        return filter;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Query q && q.filter.equals(filter);
    }

    @Override
    public int hashCode() {
        return filter.hashCode();
    }

    @Override
    public String toString() {
        return filter.toString();
    }
}
