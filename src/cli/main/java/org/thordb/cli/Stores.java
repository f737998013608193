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

    /**
     * A store being opened ahead, and the folder it is: as the library's front (a command that has
     * moved onto it, {@link #FRONT_COMMANDS}) or as the engine underneath (one that has not yet).
     */
    private record Ahead(Path dir, FutureTask<? extends AutoCloseable> handle, boolean front) {
    }

    /** The one-shot commands that ask the library's front ({@link ThorDb}); the others still the engine. */
    static final java.util.Set<String> FRONT_COMMANDS = java.util.Set.of("count", "explain", "prepare", "duplicates", "query", "report", "stats", "players", "explore");

    private static volatile Ahead ahead;

    /**
     * The open, run by the thread ahead. A class rather than a lambda, and a {@link FutureTask}
     * rather than a {@code CompletableFuture}: on the main thread, before anything else runs,
     * a lambda's bootstrap and the common fork-join pool that {@code CompletableFuture} starts
     * cost 7 ms of a one-shot command.
     */
    private static final class Open implements Callable<AutoCloseable> {
        private final Path dir;
        private final boolean front;

        Open(Path dir, boolean front) {
            this.dir = dir;
            this.front = front;
        }

        @Override
        public AutoCloseable call() {
            StartupTrace.mark("opening ahead");
            AutoCloseable h = front ? front(dir) : open(dir);
            StartupTrace.mark("opened ahead");
            return h;
        }
    }

    /**
     * Starts opening {@code dir} read-only on a thread of its own, for {@code command}: as the front
     * for the commands that ask it, else as the engine; {@link #openFrontForReading} or {@link
     * #openForReading} takes the handle when it is asked for the same folder (else the handle is left
     * to the process's end).
     */
    static void openAhead(Path dir, String command) {
        boolean front = FRONT_COMMANDS.contains(command);
        FutureTask<AutoCloseable> f = new FutureTask<>(new Open(dir, front));
        Thread t = new Thread(f, "thordb-open-ahead");
        t.setDaemon(true);
        ahead = new Ahead(dir.toAbsolutePath().normalize(), f, front);
        t.start();
    }

    static Engine openForReading(Path dir) {
        Engine e = taken(dir, false, Engine.class);
        return e != null ? e : open(dir);
    }

    /**
     * The library's front on a store, read-only, for a command that asks it (a one-shot question,
     * the web server): the same checks and messages as {@link #openForReading}, the handle opened
     * ahead when there is one.
     */
    static ThorDb openFrontForReading(Path dir) {
        ThorDb db = taken(dir, true, ThorDb.class);
        return db != null ? db : front(dir);
    }

    /** The handle opened ahead for this folder and kind, waited for; null when there is none. */
    private static <T> T taken(Path dir, boolean front, Class<T> kind) {
        Ahead a = ahead;
        if (a != null && a.front() == front && a.dir().equals(dir.toAbsolutePath().normalize())) {
            ahead = null;
            StartupTrace.mark("the command asks for its store");
            boolean interrupted = false;
            try {
                while (true) {
                    try {
                        return kind.cast(a.handle().get());
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

    private static Engine open(Path dir) {
        requireStore(dir);
        return Engine.openReadOnly(dir);
    }

    private static ThorDb front(Path dir) {
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
