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
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
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
    private final ThorDb db;
    private final Store.View view;
    private final IndexReader reader;
    private final RoaringBitmap ids;
    private volatile boolean closed;

    QueryResult(ThorDb db, Store.View view, IndexReader reader, RoaringBitmap ids) {
        this.db = db;
        this.view = view;
        this.reader = reader;
        this.ids = ids;
    }

    private void open() {
        if (closed) {
            throw new ThorDbException(ErrorCode.CLOSED, db.path() + ": the query result is closed");
        }
    }

    /** The number of games. */
    public long count() {
        open();
        return ids.getLongCardinality();
    }

    /** The game ids, in order. */
    public RoaringBitmap ids() {
        open();
        return ids.clone();
    }

    /** The catalog the query ran on: bases, names, files. */
    public org.thordb.store.Catalog catalog() {
        open();
        return reader.catalog();
    }

    /** The games in id order, read as they are asked for. */
    @Override
    public Iterator<Game> iterator() {
        open();
        return iterate(ids);
    }

    /** The games of some of the ids (from {@link #ids()}), in id order, read as they are asked for. */
    public Iterable<Game> games(RoaringBitmap some) {
        open();
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
                if (!it.hasNext()) {
                    throw new NoSuchElementException();
                }
                int id = it.next();
                return db.guarded(() -> { // the store may be closing: then this throws, never reads
                    open();
                    GameRow row = reader.game(id);
                    return Game.of(row, reader.catalog());
                });
            }
        };
    }

    /** The games as a stream, in id order. */
    public Stream<Game> stream() {
        open();
        return StreamSupport.stream(Spliterators.spliterator(iterator(), count(),
                Spliterator.ORDERED | Spliterator.NONNULL | Spliterator.SIZED), false);
    }

    /** Releases the snapshot; closing again does nothing. */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        db.forget(this);
        try {
            db.guarded(() -> {
                view.close();
                return null;
            });
        } catch (ThorDbException e) {
            // the store closed first, and freed the view with it
        }
    }

    /** Closed by the store's close, which holds every call off meanwhile. */
    void closeWithStore() {
        synchronized (this) {
            closed = true;
        }
        view.close();
    }
}
