package org.thordb.fault;

import org.thordb.error.ErrorCode;

/**
 * Long work stops when its thread is interrupted: a server that answered 503 at its time limit
 * interrupts the request's thread, and the loops that can run for seconds (replaying games for a
 * board pattern, grouping, solving) call {@link #check()} every few thousand steps, so that the
 * CPU is freed for the requests that still wait, not spent on an answer nobody reads.
 *
 * <p>Usage: {@code if ((++steps & 4095) == 0) Cancellation.check();}
 */
public final class Cancellation {
    private Cancellation() {
    }

    /** Throws {@link ErrorCode#CANCELLED} when the current thread was interrupted (the flag is kept). */
    public static void check() {
        if (Thread.currentThread().isInterrupted()) {
            throw Faults.of(ErrorCode.CANCELLED, "the work was cancelled before its end");
        }
    }
}
