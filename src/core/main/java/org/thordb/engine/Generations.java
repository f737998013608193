package org.thordb.engine;

import org.thordb.fault.Faults;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.index.IndexReader;
import org.thordb.index.PositionHash;
import org.thordb.store.RocksStore;
import org.thordb.store.ViewPool;
import org.thordb.index.Derived;

/**
 * The generations of one store handle: the current one, which every read {@link #acquire()
 * acquires} and releases, and for a store opened read-only, the next one opened when another
 * process changed the store. An old generation is freed when its last reader (a query result
 * still streaming, say) releases it, so a handle that follows many imports holds only the
 * generations still read.
 *
 * <p>A store another process writes is between two states now and then: a log or table file the
 * manifest named is deleted by the time it is opened. Opening is then tried again, and a refresh
 * that still fails keeps the current generation, so that a read never fails because another
 * process imports, removes or optimizes.
 *
 * <p>Usage:
 * <pre>{@code
 * long n = generations.read(hash, r -> r.all().getLongCardinality());
 * }</pre>
 */
public final class Generations implements AutoCloseable {
    /** Opens a generation of the store as the folder is now. */
    public interface Opener {
        Generation open(long number, String stamp, Runnable onFree);
    }

    /** How often a read-only handle looks whether another process changed the store. */
    public static final long CHANGE_CHECK_NANOS = 100_000_000L;

    /** After a refresh failed (the folder was between two states), the next try comes this soon. */
    static final long RETRY_NANOS = 20_000_000L;

    private final Path dir;
    private final Opener opener;
    private final boolean follows;
    private final long checkNanos;
    private final AtomicInteger live = new AtomicInteger();
    private final ReentrantLock refreshing = new ReentrantLock();
    private volatile Generation current;
    private volatile long nextCheck;
    private volatile boolean closed;
    private long numbers;

    private Generations(Path dir, Opener opener, boolean follows, long checkNanos) {
        this.dir = dir;
        this.opener = opener;
        this.follows = follows;
        this.checkNanos = checkNanos;
    }

    /** The one generation of a store opened for writing: this process makes every change. */
    static Generations writable(Path dir, Opener opener) {
        Generations g = new Generations(dir, opener, false, CHANGE_CHECK_NANOS);
        g.current = g.openNext("");
        return g;
    }

    /**
     * The generations of a store opened read-only: a new one each time another process changed it,
     * opened by a thread of its own, so that no read waits for it (a read during another process's
     * optimize, which commits many times, answered in seconds when each read opened the next
     * state itself). With {@code checkNanos} 0 a read looks, and opens, itself.
     */
    static Generations following(Path dir, Opener opener, long checkNanos) {
        Generations g = new Generations(dir, opener, true, checkNanos);
        g.current = g.openRetrying();
        g.nextCheck = System.nanoTime() + checkNanos;
        if (checkNanos > 0) {
            g.refresher = new Thread(g::follow, "thordb-follow");
            g.refresher.setDaemon(true);
            g.refresher.start();
        }
        return g;
    }

    /** The thread that opens the next generation when the store changed; null when reads look themselves. */
    private Thread refresher;

    private volatile boolean stopping;

    private void follow() {
        while (!closed && !stopping) {
            try {
                // until the next look is due: a look every checkNanos, sooner after a try the folder's moving spoilt
                long wait = Math.max(1_000_000L, Math.min(checkNanos, nextCheck - System.nanoTime()));
                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
            } catch (InterruptedException e) {
                return; // closed
            }
            try {
                refreshIfChanged();
            } catch (RuntimeException e) {
                // a failure that is no passing state of the writer: the current generation is still read,
                // and the next look tries again
                nextCheck = System.nanoTime() + RETRY_NANOS;
            }
        }
    }

    private Generation openNext(String stamp) {
        long n;
        synchronized (this) {
            n = ++numbers;
        }
        Generation g = opener.open(n, stamp, live::decrementAndGet);
        live.incrementAndGet();
        return g;
    }

    /**
     * Opens the store as it is now, again while another process moves it between two states: an
     * open that fails twice with the folder unchanged in between is a real failure, and one during
     * which the folder changed may have read a manifest without the log it named (an older state
     * than the writer's), so it is opened again (at most {@link #STEADY_TRIES} times; then the
     * last one is kept: a state the writer committed, if not its newest).
     */
    private Generation openRetrying() {
        String before = RocksStore.changeStamp(dir);
        ThorDbException last = null;
        for (int attempt = 0; attempt < 200; attempt++) {
            Generation g;
            try {
                g = openNext(before);
            } catch (ThorDbException e) {
                if (!transientFailure(e)) {
                    throw e;
                }
                String after = RocksStore.changeStamp(dir);
                if (last != null && after.equals(before)) {
                    throw e; // nothing moved since the last try: the store is as it is
                }
                last = e;
                before = after;
                sleep(Math.min(50, 1 + attempt * 5));
                continue;
            }
            String after = RocksStore.changeStamp(dir);
            if (after.equals(before) || attempt >= STEADY_TRIES) {
                return g;
            }
            g.release(); // the folder moved while it was opened: open it again
            before = after;
            sleep(Math.min(20, 1 + attempt * 2));
        }
        throw last;
    }

    /** How many times an open during which the folder changed is made again before it is kept. */
    static final int STEADY_TRIES = 100;

    /** A failure another process's write can cause for a moment: a file gone, a manifest read half-written. */
    private static boolean transientFailure(ThorDbException e) {
        return e.code() == ErrorCode.STORE || e.code() == ErrorCode.CORRUPT || e.code() == ErrorCode.IO;
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw Faults.of(ErrorCode.CANCELLED, "interrupted while the store was opened again");
        }
    }

    /**
     * The current generation, held for the caller until it {@link Generation#release() releases}
     * it; a read-only handle first opens the next generation when the store changed (at most every
     * {@link #CHANGE_CHECK_NANOS}).
     *
     * @throws ThorDbException with {@link ErrorCode#CLOSED} once the handle is closed
     */
    public Generation acquire() {
        if (refresher == null) {
            refreshIfChanged();
        }
        for (;;) {
            Generation g = current;
            if (closed) {
                throw Faults.of(ErrorCode.CLOSED, dir + ": the store is closed");
            }
            if (g.tryAcquire()) {
                return g;
            }
            // freed between the read of current and the acquire: a refresh replaced it; take the new one
        }
    }

    /** The current generation, not held: for a store opened for writing, whose generation never changes. */
    Generation current() {
        return current;
    }

    /** Runs {@code work} on one consistent view of the current generation. */
    public <T> T read(PositionHash hash, Function<IndexReader, T> work) {
        Generation g = acquire();
        try {
            ViewPool.Lease l = g.lease();
            try {
                return work.apply(new IndexReader(l.view(), l.catalog(), hash));
            } finally {
                g.views().giveBack(l);
            }
        } finally {
            g.release();
        }
    }

    /** Generations opened and not yet freed: the current one and those still read. */
    public int open() {
        return live.get();
    }

    /** The number of the current generation (1, then one more at each refresh). */
    public long currentNumber() {
        return current.number();
    }

    private void refreshIfChanged() {
        if (!follows || closed) {
            return;
        }
        long now = System.nanoTime();
        if (now - nextCheck < 0 || !refreshing.tryLock()) {
            return; // not yet, or another thread is opening the next one: read the current meanwhile
        }
        try {
            if (closed) {
                return;
            }
            nextCheck = now + checkNanos;
            String stamp = RocksStore.changeStamp(dir);
            if (stamp.equals(current.stamp())) {
                return;
            }
            Generation fresh;
            try {
                fresh = openNext(stamp);
            } catch (ThorDbException e) {
                if (!transientFailure(e)) {
                    throw e;
                }
                nextCheck = now + RETRY_NANOS; // between two states: read the current one, try again soon
                return;
            }
            if (fresh.sequence() < current.sequence()) {
                // the folder moved while it was opened, and the open read a manifest from before a
                // flush whose log was deleted by then: RocksDB recovers to the point in time before
                // that log (a state the writer committed whole, never one with a hole, since a writer
                // flushes every family in one manifest edit), but an older one than is read now. Keep
                // reading the current one and try again soon
                fresh.release();
                nextCheck = now + RETRY_NANOS;
                return;
            }
            if (!RocksStore.changeStamp(dir).equals(stamp)) {
                // the folder moved while it was opened: what was opened is a state the writer committed
                // (each batch lands whole in the log), newer than the current one; taken, and the next
                // look comes soon, for what landed meanwhile (its stamp is the one before the open)
                nextCheck = System.nanoTime() + RETRY_NANOS;
            }
            Derived.carryOver(current.catalog(), fresh.catalog()); // the same games: kept, not made again
            Generation old = current;
            current = fresh;
            old.release();
        } finally {
            refreshing.unlock();
        }
    }

    /** Drops the handle's hold on the current generation: freed now, or by its last reader. */
    @Override
    public void close() {
        Thread t = refresher;
        if (t != null) {
            stopping = true;
            t.interrupt();
            try {
                t.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        refreshing.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            current.release();
        } finally {
            refreshing.unlock();
        }
    }
}
