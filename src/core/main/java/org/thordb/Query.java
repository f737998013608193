package org.thordb;

import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.query.Filter;

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
