package org.thordb.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import org.thordb.ThorDb;
import org.thordb.engine.Engine;
import org.thordb.error.ErrorCode;
import org.thordb.store.StoreFolder;

/**
 * Opening a store for a command that only reads it, and opening it ahead: a one-shot question's
 * store is opened on a second thread while the main one makes the command line's model and reads
 * the arguments (each takes tens of milliseconds), and the command takes that handle when it asks
 * for the same folder.
 *
 * <p>Usage: {@code try (Engine db = Stores.openForReading(dir)) { ... }}
 */
final class Stores {
    private Stores() {
    }

    /** A store being opened ahead, and the folder it is. */
    private record Ahead(Path dir, FutureTask<Engine> engine) {
    }

    private static volatile Ahead ahead;

    /**
     * The open, run by the thread ahead. A class rather than a lambda, and a {@link FutureTask}
     * rather than a {@code CompletableFuture}: on the main thread, before anything else runs,
     * a lambda's bootstrap and the common fork-join pool that {@code CompletableFuture} starts
     * cost 7 ms of a one-shot command.
     */
    private static final class Open implements Callable<Engine> {
        private final Path dir;

        Open(Path dir) {
            this.dir = dir;
        }

        @Override
        public Engine call() {
            StartupTrace.mark("opening ahead");
            Engine e = open(dir);
            StartupTrace.mark("opened ahead");
            return e;
        }
    }

    /**
     * Starts opening {@code dir} read-only on a thread of its own; {@link #openForReading} takes
     * the handle when it is asked for the same folder (else the handle is left to the process's end).
     */
    static void openAhead(Path dir) {
        FutureTask<Engine> f = new FutureTask<>(new Open(dir));
        Thread t = new Thread(f, "thordb-open-ahead");
        t.setDaemon(true);
        ahead = new Ahead(dir.toAbsolutePath().normalize(), f);
        t.start();
    }

    static Engine openForReading(Path dir) {
        Ahead a = ahead;
        if (a != null && a.dir().equals(dir.toAbsolutePath().normalize())) {
            ahead = null;
            StartupTrace.mark("the command asks for its store");
            boolean interrupted = false;
            try {
                while (true) {
                    try {
                        return a.engine().get();
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
        return open(dir);
    }

    private static Engine open(Path dir) {
        requireStore(dir);
        return Engine.openReadOnly(dir);
    }

    /**
     * The library's front on a store, read-only, for a command that hands the store to an embedder
     * (the web server): the same checks and messages as {@link #openForReading}.
     */
    static ThorDb openFrontForReading(Path dir) {
        requireStore(dir);
        return ThorDb.builder(dir).readOnly().open();
    }

    private static void requireStore(Path dir) {
        if (StoreFolder.requireNotDamaged(dir).state() == StoreFolder.State.NONE) {
            throw CommandFailure.of(ErrorCode.STORE, dir + ": no store here; create one with 'thordb import --db "
                    + dir + " FILES…'");
        }
    }
}
