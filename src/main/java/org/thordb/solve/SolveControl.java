package org.thordb.solve;

import java.util.concurrent.atomic.AtomicLong;

/**
 * When a solve must stop: a node budget, a deadline, or a caller's request, shared by the
 * threads of one solve. Searches ask it every 1,024 nodes and unwind when it says stop; the
 * solve then reports "not solved" rather than a score.
 *
 * <p>Usage: {@code SolveControl c = new SolveControl(1_000_000_000L, 10_000);}
 */
final class SolveControl {
    private final long maxNodes;
    private final long deadline;
    private final AtomicLong counted = new AtomicLong();
    private volatile boolean stop;

    /** At most {@code maxNodes} nodes (0: no limit) and {@code millis} milliseconds (0: no limit). */
    SolveControl(long maxNodes, long millis) {
        this.maxNodes = maxNodes;
        this.deadline = millis <= 0 ? Long.MAX_VALUE : System.nanoTime() + millis * 1_000_000L;
    }

    /** Counts {@code nodes} more and says whether to stop. */
    boolean shouldStop(long nodes) {
        if (stop) {
            return true;
        }
        long n = counted.addAndGet(nodes);
        if (maxNodes > 0 && n > maxNodes || deadline != Long.MAX_VALUE && System.nanoTime() > deadline) {
            stop = true;
        }
        return stop;
    }

    /** Asks every search of this solve to stop. */
    void stop() {
        stop = true;
    }

    /** Whether a stop was asked or a limit reached. */
    boolean stopped() {
        return stop;
    }
}
