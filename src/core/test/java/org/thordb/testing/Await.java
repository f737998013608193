package org.thordb.testing;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.opentest4j.AssertionFailedError;

/**
 * Waits for a condition instead of sleeping a guessed time: looks every millisecond until it
 * holds, and fails with {@code what} when it has not held by the deadline (a machine under load
 * takes longer, a fast one goes on at once).
 *
 * <p>Usage: {@code Await.until(Duration.ofSeconds(10), () -> reader.count("") == 300, "the reader follows the import");}
 */
public final class Await {
    private Await() {
    }

    /** Returns once {@code condition} holds; fails when it has not within {@code limit}. */
    public static void until(Duration limit, BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionFailedError("not within " + limit.toMillis() + " ms: " + what);
            }
            LockSupport.parkNanos(1_000_000);
        }
    }
}
