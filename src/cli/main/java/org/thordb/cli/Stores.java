package org.thordb.cli;

import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.thordb.engine.Engine;
import org.thordb.error.ErrorCode;
import org.thordb.fault.Faults;
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
    private record Ahead(Path dir, CompletableFuture<Engine> engine) {
    }

    private static volatile Ahead ahead;

    /**
     * Starts opening {@code dir} read-only on a thread of its own; {@link #openForReading} takes
     * the handle when it is asked for the same folder (else the handle is left to the process's end).
     */
    static void openAhead(Path dir) {
        CompletableFuture<Engine> f = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                StartupTrace.mark("opening ahead");
                f.complete(open(dir));
                StartupTrace.mark("opened ahead");
            } catch (Throwable e) {
                f.completeExceptionally(e);
            }
        }, "thordb-open-ahead");
        t.setDaemon(true);
        ahead = new Ahead(dir.toAbsolutePath().normalize(), f);
        t.start();
    }

    static Engine openForReading(Path dir) {
        Ahead a = ahead;
        if (a != null && a.dir().equals(dir.toAbsolutePath().normalize())) {
            ahead = null;
            StartupTrace.mark("the command asks for its store");
            try {
                return a.engine().join();
            } catch (CompletionException e) {
                if (e.getCause() instanceof RuntimeException r) {
                    throw r; // the same error the open would have thrown here
                }
                if (e.getCause() instanceof Error r) {
                    throw r;
                }
                throw e;
            }
        }
        return open(dir);
    }

    private static Engine open(Path dir) {
        if (StoreFolder.requireNotDamaged(dir).state() == StoreFolder.State.NONE) {
            throw Faults.of(ErrorCode.STORE, dir + ": no store here; create one with 'thordb import --db "
                    + dir + " FILES…'");
        }
        return Engine.openReadOnly(dir);
    }
}
