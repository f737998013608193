package org.thordb.engine;

import java.util.concurrent.atomic.AtomicInteger;
import org.thordb.store.Catalog;
import org.thordb.store.Store;
import org.thordb.store.ViewPool;
import org.thordb.error.ErrorCode;
import org.thordb.fault.Faults;

/**
 * One opened state of a store: its RocksDB instance, the catalog that describes it and a pool of
 * views, shared by every reader that {@link Generations#acquire() acquired} it and freed when the
 * last of them {@link #release() releases} it (Lucene's {@code SearcherManager} is the model). A
 * store opened for writing has one generation for its whole life, whose catalog moves with each
 * commit; a store opened read-only gets a new generation each time another process changed it.
 *
 * <p>Usage:
 * <pre>{@code
 * Generation g = generations.acquire();
 * try { read(g.store(), g.catalog()); } finally { g.release(); }
 * }</pre>
 */
public final class Generation {
    private final Store store;
    private final ViewPool views;
    private final long number;
    private final String stamp;
    private volatile Catalog catalog;
    /** The holders: the manager while this is current, and each reader; 0 once freed. */
    private final AtomicInteger refs = new AtomicInteger(1);
    private final Runnable onFree;

    Generation(Store store, Catalog catalog, long number, String stamp, Runnable onFree) {
        this.store = store;
        this.catalog = catalog;
        this.number = number;
        this.stamp = stamp;
        this.views = new ViewPool(store, 8);
        this.onFree = onFree;
    }

    /** The store instance of this generation. */
    public Store store() {
        return store;
    }

    /** The catalog as of the last commit this generation saw. */
    public Catalog catalog() {
        return catalog;
    }

    void catalog(Catalog c) {
        synchronized (this) {
            this.catalog = c;
        }
    }

    /** A view of the store and the catalog of the same moment (a commit lands before or after both). */
    ViewPool.Lease lease() {
        synchronized (this) {
            return views.take(catalog);
        }
    }

    /** Commits a batch of a store opened for writing; readers then take the catalog and views after it. */
    Catalog commit(Store.Batch batch) {
        synchronized (this) {
            batch.commit();
            try (Store.View v = store.view()) {
                catalog = Catalog.load(v, catalog);
            }
            views.clear(); // they no longer see the store as it is; freed now rather than at the next read
            return catalog;
        }
    }

    /** Views of this generation's store, for reads. */
    public ViewPool views() {
        return views;
    }

    /** 1 for the first generation of a handle, then one more at each refresh. */
    public long number() {
        return number;
    }

    /** The sequence number of the last write this generation's store sees. */
    long sequence() {
        return store.sequence();
    }

    /** The store folder's change stamp when this generation was opened (see {@code RocksStore.changeStamp}). */
    String stamp() {
        return stamp;
    }

    /** One more holder, unless the generation was freed already (then false: take the current one again). */
    boolean tryAcquire() {
        for (int n; (n = refs.get()) > 0; ) {
            if (refs.compareAndSet(n, n + 1)) {
                return true;
            }
        }
        return false;
    }

    /** One holder fewer: the last one frees the store's native handles. */
    public void release() {
        int n = refs.decrementAndGet();
        if (n == 0) {
            try {
                views.close();
                store.close();
            } finally {
                onFree.run();
            }
        } else if (n < 0) {
            throw Faults.of(ErrorCode.STORE,
                    store.path() + ": generation " + number + " was released once too often");
        }
    }

    /** The holders now (0 once freed). */
    int holders() {
        return refs.get();
    }
}
