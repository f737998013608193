package org.thordb.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import org.thordb.ThorDb;
import org.thordb.error.ErrorCode;

/**
 * Opening a store for a command that only reads it, and opening it ahead: a one-shot question's
 * store is opened on a second thread while the main one makes the command line's model and reads
 * the arguments (each takes tens of milliseconds), and the command takes that handle when it asks
 * for the same folder.
 *
 * <p>Usage: {@code try (ThorDb db = Stores.openFrontForReading(dir)) { ... }}
 */
final class Stores {
    private Stores() {
    }

    /** A store being opened ahead, and the folder it is. */
    private record Ahead(Path dir, FutureTask<ThorDb> handle) {
    }

    private static volatile Ahead ahead;

    /**
     * The open, run by the thread ahead. A class rather than a lambda, and a {@link FutureTask}
     * rather than a {@code CompletableFuture}: on the main thread, before anything else runs,
     * a lambda's bootstrap and the common fork-join pool that {@code CompletableFuture} starts
     * cost 7 ms of a one-shot command.
     */
    private static final class Open implements Callable<ThorDb> {
        private final Path dir;

        Open(Path dir) {
            this.dir = dir;
        }

        @Override
        public ThorDb call() {
            StartupTrace.mark("opening ahead");
            ThorDb h = front(dir);
            StartupTrace.mark("opened ahead");
            return h;
        }
    }

    /**
     * Starts opening {@code dir} read-only on a thread of its own; {@link #openFrontForReading}
     * takes the handle when it is asked for the same folder (else the handle is left to the
     * process's end). Every command that reads a store asks the library's front.
     */
    static void openAhead(Path dir) {
        FutureTask<ThorDb> f = new FutureTask<>(new Open(dir));
        Thread t = new Thread(f, "thordb-open-ahead");
        t.setDaemon(true);
        ahead = new Ahead(dir.toAbsolutePath().normalize(), f);
        t.start();
    }

    /**
     * The library's front on a store, read-only, for a command that asks it (a one-shot question,
     * the REPL, the web server): "no store here" for a folder without one, the handle opened ahead
     * when there is one.
     */
    static ThorDb openFrontForReading(Path dir) {
        ThorDb db = taken(dir);
        return db != null ? db : front(dir);
    }

    /** The handle opened ahead for this folder, waited for; null when there is none. */
    private static ThorDb taken(Path dir) {
        Ahead a = ahead;
        if (a != null && a.dir().equals(dir.toAbsolutePath().normalize())) {
            ahead = null;
            StartupTrace.mark("the command asks for its store");
            boolean interrupted = false;
            try {
                while (true) {
                    try {
                        return a.handle().get();
                    } catch (InterruptedException e) { // the open goes on; so does the wait
                        interrupted = true;
                    }
                }
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RuntimeException r) {
                    throw r; // the same error the open would have thrown here
                }
                if (e.getCause() instanceof Error r) {
                    throw r;
                }
                throw new IllegalStateException(e.getCause());
            } finally {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }
        return null;
    }

    private static ThorDb front(Path dir) {
        if (!ThorDb.holdsStore(dir)) {
            throw CommandFailure.of(ErrorCode.STORE, dir + ": no store here; create one with 'thordb import --db "
                    + dir + " FILES…'");
        }
        return ThorDb.builder(dir).readOnly().open();
    }
}
