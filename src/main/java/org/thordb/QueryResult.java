package org.thordb;

import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.roaringbitmap.PeekableIntIterator;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.index.IndexReader;
import org.thordb.store.GameRow;
import org.thordb.store.Store;

/**
 * The games a query matches, read lazily in id order from the view the query ran on: a result
 * stays consistent while imports go on, and holds a store snapshot until it is closed.
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
    private final Store.View view;
    private final IndexReader reader;
    private final RoaringBitmap ids;
    private boolean closed;

    QueryResult(Store.View view, IndexReader reader, RoaringBitmap ids) {
        this.view = view;
        this.reader = reader;
        this.ids = ids;
    }

    /** The number of games. */
    public long count() {
        return ids.getLongCardinality();
    }

    /** The game ids, in order. */
    public RoaringBitmap ids() {
        return ids.clone();
    }

    /** The catalog the query ran on: bases, names, files. */
    public org.thordb.store.Catalog catalog() {
        return reader.catalog();
    }

    /** The games in id order, read as they are asked for. */
    @Override
    public Iterator<Game> iterator() {
        return games(ids).iterator();
    }

    /** The games of some of the ids (from {@link #ids()}), in id order, read as they are asked for. */
    public Iterable<Game> games(RoaringBitmap some) {
        return () -> iterate(some);
    }

    private Iterator<Game> iterate(RoaringBitmap some) {
        PeekableIntIterator it = some.getIntIterator();
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public Game next() {
                if (closed) {
                    throw new IllegalStateException("the query result is closed");
                }
                if (!it.hasNext()) {
                    throw new NoSuchElementException();
                }
                GameRow row = reader.game(it.next());
                return Game.of(row, reader.catalog());
            }
        };
    }

    /** The games as a stream, in id order. */
    public Stream<Game> stream() {
        return StreamSupport.stream(Spliterators.spliterator(iterator(), count(),
                Spliterator.ORDERED | Spliterator.NONNULL | Spliterator.SIZED), false);
    }

    /** Releases the snapshot. */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            view.close();
        }
    }
}
