package org.thordb;

import java.util.Iterator;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.thordb.engine.MatchedGames;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.engine.StoredGame;

/**
 * The games a query matches, read lazily in id order from the snapshot the query ran on: the
 * result stays the same while imports go on, and holds that snapshot until it is closed.
 *
 * <p>Usage:
 * <pre>{@code
 * try (QueryResult r = db.query("player = \"Tastet Marc\"")) {
 *     System.out.println(r.count());
 *     r.stream().limit(10).forEach(g -> System.out.println(g.moves()));
 * }
 * }</pre>
 */
public final class QueryResult implements AutoCloseable, Iterable<Game> {
    private final MatchedGames games;

    QueryResult(MatchedGames games) {
        this.games = games;
    }

    /**
     * The number of games.
     *
     * @throws ThorDbException with {@link ErrorCode#CLOSED} once closed
     */
    public long count() {
        return games.count();
    }

    /**
     * The games in id order, read as they are asked for.
     *
     * @throws ThorDbException with {@link ErrorCode#CLOSED} once closed (and from the iterator's {@code next} after)
     */
    @Override
    public Iterator<Game> iterator() {
        Iterator<StoredGame> it = games.iterator();
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public Game next() {
                return Game.of(it.next());
            }
        };
    }

    /**
     * The games as a stream, in id order. Closing the stream closes this result (its snapshot is
     * released), so {@code try (Stream<Game> s = db.query(q).stream())} holds nothing after.
     *
     * @throws ThorDbException with {@link ErrorCode#CLOSED} once closed
     */
    public Stream<Game> stream() {
        return StreamSupport.stream(Spliterators.spliterator(iterator(), count(),
                Spliterator.ORDERED | Spliterator.NONNULL | Spliterator.SIZED), false).onClose(this::close);
    }

    /** Releases the snapshot; closing again does nothing. */
    @Override
    public void close() {
        games.close();
    }
}
