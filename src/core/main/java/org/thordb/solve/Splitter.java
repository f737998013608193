package org.thordb.solve;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

/**
 * The work of one parallel solve shared out at any node, young brothers wait (YBWC): a node with
 * enough empties searches its first move alone, then, when a thread is idle, offers its other
 * moves as a {@link SplitPoint}; its owner and the idle threads take them one at a time, each with
 * the null window of the best value so far (searched again in the full window when it beats it).
 * A move that reaches beta stops the split point: the threads still searching under it unwind
 * ({@link #ABORTED}) and the owner returns the cut. An owner whose moves are all taken does not
 * sit idle while a helper finishes one: it takes the split points of the helper's subtree (and
 * only those, whose searches use its buffers for fewer empties than its own node's).
 *
 * <p>Principal variation splitting alone (the solver before) left the second core idle whenever
 * one sibling took longer than the others, and never shared the work below the leftmost path.
 *
 * <p>Usage: {@code Splitter s = new Splitter(); s.help(worker); // on a helper thread, until s.finish()}
 */
final class Splitter {
    /** Nodes with fewer empties are never split: their subtree costs less than sharing it. */
    static final int MIN_EMPTIES = Integer.getInteger("thordb.splitEmpties", 12);

    /** Thrown to unwind a search whose split point (or one above it) was cut; never seen outside the solver. */
    static final class Aborted extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Aborted() {
            super("aborted", null, false, false);
        }
    }

    static final Aborted ABORTED = new Aborted();

    /** The moves of one node shared among threads. Guarded by the splitter's monitor, but for {@link #stopped}. */
    static final class SplitPoint {
        final long me;
        final long opp;
        final int[] sqs;
        final long[] flips;
        final int beta;
        final SplitPoint parent;
        int next;
        int alpha;
        int best;
        int bestMove;
        int active;
        volatile boolean stopped;

        SplitPoint(long me, long opp, int[] sqs, long[] flips, int alpha, int beta, int best, int bestMove,
                   SplitPoint parent) {
            this.me = me;
            this.opp = opp;
            this.sqs = sqs;
            this.flips = flips;
            this.alpha = Math.max(alpha, best);
            this.beta = beta;
            this.best = best;
            this.bestMove = bestMove;
            this.parent = parent;
        }

        /** Whether this split point or one it lies under was cut. */
        boolean cut() {
            for (SplitPoint p = this; p != null; p = p.parent) {
                if (p.stopped) {
                    return true;
                }
            }
            return false;
        }

        /** Whether it lies under {@code other} (or is it). */
        boolean under(SplitPoint other) {
            for (SplitPoint p = this; p != null; p = p.parent) {
                if (p == other) {
                    return true;
                }
            }
            return false;
        }
    }

    /** Split points run by every solve of the JVM (the tests ask whether the threads shared work). */
    static final LongAdder SPLITS = new LongAdder();
    /** Split points a helper thread joined, in every solve of the JVM (the tests ask whether an idle thread was given work). */
    static final LongAdder JOINS = new LongAdder();

    private final List<SplitPoint> offered = new ArrayList<>();
    /** Threads waiting for work: a node splits only when one is. */
    private volatile int idle;
    private boolean done;
    /** The first failure of a thread (a stop, a bug): every thread of the solve unwinds with it. */
    private volatile RuntimeException failure;

    /** Whether a thread is waiting for work. */
    boolean hasIdle() {
        return idle > 0;
    }

    /** The failure a thread met, to be thrown by the others, or null. */
    RuntimeException failure() {
        return failure;
    }

    /**
     * Runs a split point with its owner {@code s}: offers it, takes its moves with whoever joins,
     * waits for those still searching (helping under it meanwhile), and leaves the best value and
     * move in it.
     */
    void run(EndgameSearch s, SplitPoint sp) {
        SPLITS.increment();
        synchronized (this) {
            offered.add(sp);
            notifyAll();
        }
        SplitPoint saved = s.current;
        s.current = sp;
        try {
            work(s, sp);
        } finally {
            s.current = saved;
            synchronized (this) {
                offered.remove(sp);
            }
        }
        while (true) {
            SplitPoint d;
            synchronized (this) {
                while (true) {
                    if (failure != null) {
                        throw failure;
                    }
                    if (sp.cut() && !sp.stopped) {
                        // a node above was cut: the moves a helper left unfinished make this node's
                        // value no bound at all, so it must not reach the table; the helpers unwind on their own
                        throw ABORTED;
                    }
                    if (sp.active == 0) {
                        return;
                    }
                    d = take(sp);
                    if (d != null) {
                        break;
                    }
                    if (!idle()) {
                        throw EndgameSearch.STOPPED;
                    }
                }
            }
            join(s, d);
        }
    }

    /**
     * A helper thread's loop: joins split points until {@link #finish}; a failure in its search
     * is kept for the other threads.
     */
    void help(EndgameSearch s) {
        while (true) {
            SplitPoint sp;
            synchronized (this) {
                while (true) {
                    if (done || failure != null) {
                        return;
                    }
                    sp = take(null);
                    if (sp != null) {
                        JOINS.increment();
                        break;
                    }
                    if (!idle()) {
                        return;
                    }
                }
            }
            join(s, sp);
        }
    }

    /** Ends the solve's helping: the helpers return. */
    synchronized void finish() {
        done = true;
        notifyAll();
    }

    /**
     * An offered split point with moves left (under {@code within} when it is given), its count of
     * threads raised for the caller, or null. Called holding the monitor.
     */
    private SplitPoint take(SplitPoint within) {
        for (SplitPoint sp : offered) {
            if (sp.next < sp.sqs.length && !sp.cut() && (within == null || sp != within && sp.under(within))) {
                sp.active++;
                return sp;
            }
        }
        return null;
    }

    /** Waits, counted idle, until notified; false when interrupted (the interrupt kept). Called holding the monitor. */
    private boolean idle() {
        idle++;
        try {
            wait();
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            idle--;
        }
    }

    /** Works on a split point joined (its count of threads already raised), then leaves it. */
    private void join(EndgameSearch s, SplitPoint sp) {
        SplitPoint saved = s.current;
        s.current = sp;
        try {
            work(s, sp);
        } catch (Aborted a) {
            // a node above this split point was cut: nothing of it is wanted
        } catch (RuntimeException e) {
            failure = failure == null ? e : failure;
        } catch (Error e) { // a move left unsearched: the owner must not take its node's value
            failure = failure == null ? new IllegalStateException("a solving thread failed: " + e, e) : failure;
            throw e;
        } finally {
            s.current = saved;
            synchronized (this) {
                sp.active--;
                notifyAll();
            }
        }
    }

    /** Takes the split point's moves one at a time until none is left or it is cut. */
    private void work(EndgameSearch s, SplitPoint sp) {
        while (true) {
            int i;
            int a;
            synchronized (this) {
                if (sp.stopped || sp.next >= sp.sqs.length) {
                    return;
                }
                i = sp.next++;
                a = sp.alpha;
            }
            long f = sp.flips[i];
            int sq = sp.sqs[i];
            long nextMe = sp.opp & ~f;
            long nextOpp = sp.me | f | 1L << sq;
            int v;
            try {
                v = -s.search(nextMe, nextOpp, -a - 1, -a);
                if (v > a && v < sp.beta) {
                    v = -s.search(nextMe, nextOpp, -sp.beta, -v); // it beat the window: its exact value
                }
            } catch (Aborted x) {
                if (sp.stopped) {
                    return; // this split point was cut by another of its moves
                }
                throw x;
            }
            synchronized (this) {
                if (v > sp.best) {
                    sp.best = v;
                    sp.bestMove = sq;
                    if (v > sp.alpha) {
                        sp.alpha = v;
                        if (v >= sp.beta) {
                            sp.stopped = true;
                        }
                    }
                }
            }
        }
    }
}
