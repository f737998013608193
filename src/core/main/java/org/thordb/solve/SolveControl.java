package org.thordb.solve;

import java.util.concurrent.atomic.AtomicLong;

/**
 * When a solve must stop: a node budget, a deadline, a caller's request, or the interrupt of the
 * thread that asked for it, shared by the
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
    // the thread that asked for the solve: when it is interrupted (a server's time limit), every
    // search of the solve stops, whichever thread runs it
    private final Thread owner;

    /** At most {@code maxNodes} nodes (0: no limit) and {@code millis} milliseconds (0: no limit). */
    SolveControl(long maxNodes, long millis) {
        this(maxNodes, millis, Thread.currentThread());
    }

    /** {@link #SolveControl(long, long)} for a solve that {@code owner} asked for, from another thread. */
    SolveControl(long maxNodes, long millis, Thread owner) {
        this.maxNodes = maxNodes;
        this.deadline = millis <= 0 ? Long.MAX_VALUE : System.nanoTime() + millis * 1_000_000L;
        this.owner = owner;
    }

    /** Counts {@code nodes} more and says whether to stop. */
    boolean shouldStop(long nodes) {
        if (stop) {
            return true;
        }
        long n = counted.addAndGet(nodes);
        if (maxNodes > 0 && n > maxNodes || deadline != Long.MAX_VALUE && System.nanoTime() > deadline
                || owner.isInterrupted()) {
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
