package org.thordb.usecase;

import java.util.List;
import org.thordb.engine.Engine;
import org.thordb.error.ErrorCode;
import org.thordb.fault.Faults;
import org.thordb.query.Filter;
import org.thordb.engine.StoredGame;

/**
 * A filter's games, counted or paged: the one answer the command line's {@code count} and
 * {@code query}, the REPL, {@code /api/count}, {@code /api/games} and the library give. It owns
 * what goes with the games besides the games: the notes a user should hear (names no base holds,
 * copies counted once), said with the first page only, and the next page's cursor.
 *
 * <p>Usage: {@code Games.Count c = Games.countWithNotes(db, Filter.parse("year = 1990"));}
 */
public final class Games {
    private Games() {
    }

    /**
     * A count.
     *
     * @param filter the games asked for
     * @param count how many there are
     * @param notes what a user should hear besides ({@link Engine#notes(Filter)})
     */
    public record Count(Filter filter, long count, List<String> notes) {
    }

    /** How many games a filter matches. */
    public static long count(Engine db, Filter f) {
        return db.count(f);
    }

    /** How many games a filter matches, with the notes (what the command line, the REPL and the API say). */
    public static Count countWithNotes(Engine db, Filter f) {
        long n = db.count(f);
        return new Count(f, n, List.copyOf(db.notes(f)));
    }

    /**
     * A page of games.
     *
     * @param filter the games asked for
     * @param total how many games the filter matches
     * @param games the page's games, in the order asked for
     * @param notes with the first page (no offset, no cursor): what a user should hear; else empty
     * @param next the cursor of the next page (the last game's id) when the page is full, else -1
     */
    public record Page(Filter filter, long total, List<StoredGame> games, List<String> notes, int next) {
    }

    /**
     * A page: {@code limit} games from {@code offset}, or after the game {@code after} (a cursor: the
     * last id of the page before; -1 for none) in {@code sort}'s order ({@link Engine#page}).
     */
    public static Page page(Engine db, Filter f, String sort, int offset, int after, int limit) {
        if (after >= 0 && offset != 0) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "a page is asked for from an offset or after a game, not both");
        }
        Engine.Page p = after >= 0 ? db.pageAfter(f, sort, after, limit) : db.page(f, sort, offset, limit);
        boolean first = offset == 0 && after < 0;
        List<String> notes = first ? List.copyOf(db.notes(f)) : List.of();
        int next = !p.games().isEmpty() && p.games().size() == limit ? p.games().get(p.games().size() - 1).id() : -1;
        return new Page(f, p.total(), p.games(), notes, next);
    }
}
