package org.thordb.engine;

import org.thordb.fault.Faults;
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
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Consumer;
import org.thordb.store.Catalog;

/**
 * The games a query matches, read lazily in id order from the view the query ran on: a result
 * stays consistent while imports go on, and holds a store snapshot until it is closed.
 *
 * <p>Usage:
 * <pre>{@code
 * try (MatchedGames r = db.query("player = \"Tastet Marc\"")) {
 *     System.out.println(r.count());
 *     r.stream().limit(10).forEach(g -> System.out.println(g.moves()));
 * }
 * }</pre>
 */
public final class MatchedGames implements AutoCloseable, Iterable<StoredGame> {
    private final Generation generation;
    private final Store.View view;
    private final IndexReader reader;
    private final RoaringBitmap ids;
    private final Consumer<MatchedGames> onClose;
    /** Reads hold the read side; closing takes the write side, so no read reaches a freed view. */
    private final ReentrantReadWriteLock life = new ReentrantReadWriteLock();
    private volatile boolean closed;

    /** Holds {@code generation} (already acquired for it) until closed; {@code onClose} is told once. */
    MatchedGames(Generation generation, Store.View view, IndexReader reader, RoaringBitmap ids,
                 Consumer<MatchedGames> onClose) {
        this.generation = generation;
        this.view = view;
        this.reader = reader;
        this.ids = ids;
        this.onClose = onClose;
    }

    private void open() {
        if (closed) {
            throw Faults.of(ErrorCode.CLOSED, view.path() + ": the query result is closed");
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
    public Catalog catalog() {
        open();
        return reader.catalog();
    }

    /** The games in id order, read as they are asked for. */
    @Override
    public Iterator<StoredGame> iterator() {
        open();
        return iterate(ids);
    }

    /** The games of some of the ids (from {@link #ids()}), in id order, read as they are asked for. */
    public Iterable<StoredGame> games(RoaringBitmap some) {
        open();
        return () -> iterate(some);
    }

    private Iterator<StoredGame> iterate(RoaringBitmap some) {
        PeekableIntIterator it = some.getIntIterator();
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public StoredGame next() {
                if (!it.hasNext()) {
                    throw new NoSuchElementException();
                }
                int id = it.next();
                Lock l = life.readLock();
                l.lock();
                try { // the result may be closing: then this throws, never reads
                    open();
                    GameRow row = reader.game(id);
                    return StoredGame.of(row, reader.catalog());
                } finally {
                    l.unlock();
                }
            }
        };
    }

    /** The games as a stream, in id order. */
    public Stream<StoredGame> stream() {
        open();
        return StreamSupport.stream(Spliterators.spliterator(iterator(), count(),
                Spliterator.ORDERED | Spliterator.NONNULL | Spliterator.SIZED), false);
    }

    /** Releases the snapshot and the store generation it reads; closing again does nothing. */
    @Override
    public void close() {
        Lock l = life.writeLock();
        l.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            try {
                view.close();
            } finally {
                generation.release();
            }
        } finally {
            l.unlock();
        }
        onClose.accept(this);
    }
}
