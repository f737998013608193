package org.thordb.solve;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Solvers that run side by side, one position a thread, and help each other at the end of a
 * batch: a thread with no position left ({@link #help}) joins the split points of the solves
 * still running ({@link Splitter}: young brothers wait), so the batch's last solve does not run
 * on one core while the others wait for it. Until a thread helps, a solve searches the tree one
 * thread searches; its score is the same either way.
 *
 * <p>Why: {@code verify --theoretical} and {@code theoretical --fill} solve their games one a
 * thread (a game split over two threads does 1.4–1.55 times one thread's work); on verify's 40
 * games the thread that ended first waited 0.6–1.3 s for the other's last game, a tenth of the
 * command, and a fill of one game ran on one core.
 *
 * <p>Usage:
 * <pre>{@code
 * SolverTeam team = new SolverTeam(2);
 * // on each thread: Solver s = team.solver(Solver.Options.defaults()); ... s.solve(p, false);
 * // on a thread with nothing left: team.help(() -> solvesLeft.get() > 0);
 * }</pre>
 */
public final class SolverTeam {
    /** A running search's split points, open to helpers, and the threads' searches they may use. */
    static final class Offer {
        final Splitter splitter;
        final EndgameSearch[] workers;
        /** Which of workers 1.. a helper is using (worker 0 is the solve's own thread). Guarded by the team. */
        final boolean[] taken;
        int helpers;

        Offer(Splitter splitter, EndgameSearch[] workers) {
            this.splitter = splitter;
            this.workers = workers;
            this.taken = new boolean[workers.length];
        }
    }

    private final int threads;
    private final List<Offer> offers = new ArrayList<>();

    /** A team of so many threads (at least 1; a team of one never helps). */
    public SolverTeam(int threads) {
        this.threads = Math.max(1, threads);
    }

    /** The team's threads. */
    public int threads() {
        return threads;
    }

    /**
     * A solver for one of the team's threads, with these options but for its threads: its solves
     * run on the calling thread and take the team's idle threads as helpers.
     */
    public Solver solver(Solver.Options options) {
        return new Solver(options.withThreads(threads), this);
    }

    /** Opens a search's split points to the team's idle threads. */
    synchronized Offer offer(Splitter splitter, EndgameSearch[] workers) {
        Offer o = new Offer(splitter, workers);
        offers.add(o);
        notifyAll();
        return o;
    }

    /**
     * Closes an offer: no helper joins it any more, those in it return ({@link Splitter#finish}),
     * and this returns once they have left its searches (the solve uses them next).
     */
    void withdraw(Offer o) {
        synchronized (this) {
            offers.remove(o);
        }
        o.splitter.finish();
        synchronized (this) {
            boolean interrupted = false;
            while (o.helpers > 0) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    interrupted = true; // the helpers leave at once after finish: wait for them still
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Helps the team's running solves while {@code working} says solves are left (checked at
     * least every 20 ms): joins a search's split points until it ends, then the next. Returns when
     * none is left or the thread is interrupted.
     */
    public void help(BooleanSupplier working) {
        while (working.getAsBoolean() && !Thread.currentThread().isInterrupted()) {
            Offer joined = null;
            int slot = -1;
            synchronized (this) {
                for (Offer o : offers) {
                    if (o.splitter.failure() != null) {
                        continue; // its solve is unwinding
                    }
                    for (int w = 1; w < o.workers.length && slot < 0; w++) {
                        if (!o.taken[w]) {
                            slot = w;
                        }
                    }
                    if (slot >= 0) {
                        joined = o;
                        o.taken[slot] = true;
                        o.helpers++;
                        break;
                    }
                }
                if (joined == null) {
                    try {
                        wait(20); // a search between two windows, or one not started yet
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                    continue;
                }
            }
            try {
                joined.splitter.help(joined.workers[slot]);
            } finally {
                synchronized (this) {
                    joined.taken[slot] = false;
                    joined.helpers--;
                    notifyAll();
                }
            }
        }
    }
}
