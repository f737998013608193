package org.thordb.store;

import java.util.concurrent.ConcurrentLinkedDeque;

/**
 * Views left by finished reads, each with the catalog it was taken with; a read takes one back
 * while no batch has landed since. Making a view (a snapshot, read options, iterators) costs about
 * a sixth of a position lookup, so reusing one is worth a pool.
 *
 * <p>Usage:
 * <pre>{@code
 * ViewPool.Lease l = pool.take(catalog);
 * try { read(l.view(), l.catalog()); } finally { pool.giveBack(l); }
 * }</pre>
 */
public final class ViewPool implements AutoCloseable {
    /** A view and the catalog that describes what it sees. */
    public record Lease(Store.View view, Catalog catalog) {
    }

    private final Store store;
    private final int max;
    private final ConcurrentLinkedDeque<Lease> idle = new ConcurrentLinkedDeque<>();
    private volatile boolean closed;

    /** A pool of at most {@code max} idle views of a store. */
    public ViewPool(Store store, int max) {
        this.store = store;
        this.max = max;
    }

    /**
     * A view of the store as it is now, for {@code catalog} (the catalog of the store as it is now:
     * the caller keeps commits from landing meanwhile): an idle one when still current, else new.
     */
    public Lease take(Catalog catalog) {
        for (Lease l; (l = idle.pollFirst()) != null; ) {
            if (l.view().current() && l.catalog() == catalog) {
                return l;
            }
            l.view().close();
        }
        return new Lease(store.view(), catalog);
    }

    /** Gives a view back after a read: kept for the next one while it is current, else closed. */
    public void giveBack(Lease l) {
        if (!closed && l.view().current() && idle.size() < max) {
            idle.offerFirst(l);
        } else {
            l.view().close();
        }
    }

    /** Closes every idle view: after a commit they no longer see the store as it is. */
    public void clear() {
        for (Lease l; (l = idle.pollFirst()) != null; ) {
            l.view().close();
        }
    }

    /** Closes every idle view and keeps none from now on. */
    @Override
    public void close() {
        closed = true;
        clear();
    }
}
