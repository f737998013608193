package org.thordb.solve;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.thordb.othello.Bitboards;
import java.util.Arrays;
import java.util.Comparator;
import java.util.TreeMap;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.function.IntConsumer;

/**
 * The root of a solve on several threads: principal variation splitting along the leftmost path
 * (each node searches its first move, recursively the same way, then shares its other moves among
 * every thread with the window the first one gave), and below it young brothers wait: any node
 * with enough empties shares its moves after the first whenever a thread is idle ({@link
 * Splitter}). The threads share the transposition table, so each learns what the others proved.
 *
 * <p>Usage: {@code int score = new ParallelSearch(table, control, 2).root(me, opp, -64, 64, best);}
 */
final class ParallelSearch {
    /** Nodes with fewer empties are searched by one thread. */
    static final int SPLIT_EMPTIES = 12;

    private final EndgameSearch[] workers;
    private final ExecutorService pool;
    /** The team whose idle threads join this search ({@link SolverTeam}), or null. */
    private final SolverTeam team;

    ParallelSearch(TranspositionTable table, SolveControl control, int threads) {
        this(table, localTables(threads, table.bits()), control);
    }

    /** A search on {@code table} shared and each thread's own tables ({@link EndgameSearch.Local}). */
    ParallelSearch(TranspositionTable table, EndgameSearch.Local[] local, SolveControl control) {
        this(table, local, control, null);
    }

    /**
     * A search whose helpers are the idle threads of {@code team} (when it is not null) rather
     * than threads of its own: it runs on the calling thread and splits only when one of them is
     * idle, so until then its tree is the one-thread tree.
     */
    ParallelSearch(TranspositionTable table, EndgameSearch.Local[] local, SolveControl control, SolverTeam team) {
        workers = new EndgameSearch[local.length];
        for (int i = 0; i < workers.length; i++) {
            workers[i] = new EndgameSearch(table, local[i], control);
        }
        this.team = workers.length == 1 ? null : team;
        pool = workers.length == 1 || this.team != null ? null : helpers();
    }

    /**
     * The smaller tables of so many threads, beside a large table of {@code 2^largeBits} positions:
     * a near table each, and one mid table they share (what one thread proves there, the others
     * use: on its own each, FFO #20-#39 took 2.6% more nodes on two threads), and one order cache.
     */
    static EndgameSearch.Local[] localTables(int threads, int largeBits) {
        EndgameSearch.Local[] local = new EndgameSearch.Local[Math.max(1, threads)];
        TranspositionTable mid = EndgameSearch.Local.midTable(largeBits);
        OrderCache order = EndgameSearch.Local.orderCache(largeBits);
        for (int i = 0; i < local.length; i++) {
            local[i] = new EndgameSearch.Local(new TranspositionTable(EndgameSearch.NEAR_BITS), mid, order);
        }
        return local;
    }

    /** Of {@link #nodes()}, the positions made only to order moves. */
    long orderNodes() {
        long n = 0;
        for (EndgameSearch w : workers) {
            n += w.orderNodes;
        }
        return n;
    }

    /** The positions searched so far, by every thread. */
    long nodes() {
        long n = 0;
        for (EndgameSearch w : workers) {
            n += w.nodes + w.orderNodes;
        }
        return n;
    }

    private static ExecutorService helpers;

    /**
     * The helper threads every solve of the JVM shares, made on first use: a solve is often one of
     * thousands (verify --theoretical, export), and threads made and stopped per solve cost more
     * than many small solves. A helper only ever works, never waits for another task, so solves
     * running side by side just queue their moves.
     */
    /** The helper threads (made on first use), for the estimator's searches too. */
    static ExecutorService pool() {
        return helpers();
    }

    /**
     * Runs {@code work} for workers 1 to {@code workers - 1} in {@code pool} (none when it is null)
     * and for worker 0 on this thread, waits for all, and throws the first failure; an interrupt
     * while waiting stops the search ({@link EndgameSearch.Stopped}).
     */
    static void onEveryWorker(ExecutorService pool, int workers, IntConsumer work) {
        List<Future<?>> helpers = new ArrayList<>();
        if (pool != null) {
            for (int w = 1; w < workers; w++) {
                int id = w;
                helpers.add(pool.submit(() -> work.accept(id)));
            }
        }
        RuntimeException failed = null;
        try {
            work.accept(0);
        } catch (RuntimeException e) {
            failed = e;
        }
        for (Future<?> f : helpers) {
            try {
                f.get();
            } catch (ExecutionException e) {
                if (failed == null && e.getCause() instanceof RuntimeException r) {
                    failed = r;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failed = new EndgameSearch.Stopped();
            }
        }
        if (failed != null) {
            throw failed;
        }
    }

    private static synchronized ExecutorService helpers() {
        if (helpers == null) {
            helpers = Executors.newFixedThreadPool(Math.max(1, Runtime.getRuntime().availableProcessors() - 1), r -> {
                Thread t = new Thread(r, "thordb-solve");
                t.setDaemon(true);
                return t;
            });
        }
        return helpers;
    }

    /** The moves of a position, ordered as the search orders them: table move, then fastest first. */
    private int[] ordered(long me, long opp) {
        long moves = Bitboards.legalMoves(me, opp);
        long hit = workers[0].table(64 - Long.bitCount(me | opp)).probe(me, opp);
        int ttMove = hit == TranspositionTable.MISS ? -1 : TranspositionTable.move(hit);
        int n = Long.bitCount(moves);
        int[] sqs = new int[n];
        int[] keys = new int[n];
        int k = 0;
        for (long m = moves; m != 0; m &= m - 1) {
            int sq = Long.numberOfTrailingZeros(m);
            long f = Bitboards.flipsOnEmpty(me, opp, sq);
            int key = sq == ttMove ? Integer.MIN_VALUE : workers[0].orderKey(opp & ~f, me | f | 1L << sq, 64 - Long.bitCount(me | opp),
                    EndgameSearch.PV_SORT_DEPTH);
            int i = k++;
            while (i > 0 && keys[i - 1] > key) {
                keys[i] = keys[i - 1];
                sqs[i] = sqs[i - 1];
                i--;
            }
            keys[i] = key;
            sqs[i] = sq;
        }
        return sqs;
    }

    private static long[] play(long me, long opp, int sq) {
        long f = Bitboards.flipsOnEmpty(me, opp, sq);
        return new long[] {opp & ~f, me | f | 1L << sq};
    }

    /** From this many empties an exact solve is led by selective searches (ProbCut) that find the best lines first. */
    static final int SELECTIVE_FROM = Integer.getInteger("thordb.selectiveFrom", 18);

    // measured on verify's positions at 22 empties (one thread; 280 positions of three draws) and
    // at 20 (300), against 1.1 then 1.5 standard deviations below 24 empties (1.1 alone below 21)
    // and the exact search first in a window of +-2: 2.7% and 5.8% fewer nodes; FFO #20-#39 128.4 M
    // against 132.2 M; a window of +-4 from 24 empties the same (FFO #55 11.17 G nodes against 11.18 G)
    /**
     * The exact score within (alpha, beta) of the side to move, its best move in {@code best[0]}.
     * With many empties, as Edax does: first a shallow search's guess, then searches at rising
     * selectivity (ProbCut cutting what is very likely beyond the window), each in a narrow window
     * around the last one's score, then the exact search around it; the earlier searches leave in
     * the table the best move of most positions the exact one meets. Below 24 empties one
     * selective search (1.5 standard deviations) leads; the exact search's first window takes in
     * every score within 3 discs of the guess (a selective score is often 2 from the exact one:
     * a narrower window then has to be searched again).
     */
    int root(long me, long opp, int alpha, int beta, int[] best) {
        int empties = 64 - Long.bitCount(me | opp);
        if (empties < SELECTIVE_FROM || alpha > -64 || beta < 64) {
            setSelectivity(TranspositionTable.EXACT);
            return split(me, opp, alpha, beta, best);
        }
        int guess = workers[0].estimate(me, opp, Math.min(6, empties - 12));
        int from = empties < 24 ? 1 : 0;
        int top = empties < 24 ? 1 : empties < 27 ? 2 : empties < 30 ? 3 : 4;
        for (int sel = from; sel <= top; sel++) {
            setSelectivity(sel);
            guess = aspiration(me, opp, guess, best);
            trace("selectivity " + sel + ": " + guess);
        }
        setSelectivity(TranspositionTable.EXACT);
        int v = Aspiration.search(guess, EXACT_HALF_WINDOW, 4, (lo, hi) -> split(me, opp, lo, hi, best));
        trace("exact: " + v);
        return v;
    }

    /** The half width of the exact search's first window around the selective searches' score. */
    private static final int EXACT_HALF_WINDOW = 4;

    /**
     * A selective search's score: the searches {@link #root} leads an exact solve with, up to
     * selectivity {@code top} (0: ProbCut at 1.1 standard deviations, 4: at 3.3), and no exact one:
     * what labels positions for the evaluation's fit. How near the exact score depends on
     * {@code top}: on 81 positions of the 2025 games at 24 empties, 0 erred by 3.23 discs on
     * average (11 exact), 2 by 1.02 (50 exact), 4 by 0.17 (75 exact), in a twentieth, an eighth
     * and a third of the exact solve's time.
     */
    int selective(long me, long opp, int top, int[] best) {
        int empties = 64 - Long.bitCount(me | opp);
        int guess = workers[0].estimate(me, opp, Math.max(0, Math.min(6, empties - 12)));
        for (int sel = 0; sel <= top; sel++) {
            setSelectivity(sel);
            guess = aspiration(me, opp, guess, best);
        }
        setSelectivity(TranspositionTable.EXACT);
        return guess;
    }

    /** A search in windows around a guess ({@link Aspiration}: ±2, then 4 beyond the value found, doubling). */
    private int aspiration(long me, long opp, int guess, int[] best) {
        return Aspiration.search(guess, 2, 4, (lo, hi) -> split(me, opp, lo, hi, best));
    }

    private static final boolean TRACE = Boolean.getBoolean("thordb.trace");

    private void trace(String what) {
        if (TRACE) {
            System.err.printf("  %s (%.1f M nodes so far)%n", what, nodes() / 1e6);
        }
    }

    /** Sets every thread's selectivity. */
    void setSelectivity(int selectivity) {
        for (EndgameSearch w : workers) {
            w.selectivity = selectivity;
        }
    }

    /** Every legal move's exact score (into {@code scores}, best first), and the best. */
    int everyMove(long me, long opp, Map<Integer, Integer> scores, int[] best) {
        int top = -EndgameSearch.INF;
        TreeMap<Integer, List<Integer>> byScore = new TreeMap<>(Comparator.reverseOrder());
        for (int sq : ordered(me, opp)) {
            long[] next = play(me, opp, sq);
            int v = -split(next[0], next[1], -64, 64, new int[1]);
            byScore.computeIfAbsent(v, x -> new ArrayList<>()).add(sq);
            if (v > top) {
                top = v;
                best[0] = sq;
            }
        }
        byScore.forEach((v, sqs) -> sqs.forEach(sq -> scores.put(sq, v)));
        return top;
    }

    /**
     * A search of the position on every thread: the helpers join the split points the search
     * offers ({@link Splitter}) until it ends; helpers not started by then are cancelled (the
     * pool is shared by every solve of the JVM, so one may be queued behind another solve). In a
     * team, the helpers are the team's idle threads, which join while it runs.
     */
    private int split(long me, long opp, int alpha, int beta, int[] bestOut) {
        if (pool == null && team == null) {
            return pvSplit(me, opp, alpha, beta, bestOut);
        }
        Splitter splitter = new Splitter();
        for (EndgameSearch w : workers) {
            w.splitter = splitter;
            w.current = null;
        }
        // the helpers: the team's idle threads, which join while the search runs, or threads of the pool
        SolverTeam.Offer offer = team != null ? team.offer(splitter, workers) : null;
        List<Future<?>> helpers = new ArrayList<>();
        if (offer == null) {
            for (int w = 1; w < workers.length; w++) {
                EndgameSearch s = workers[w];
                helpers.add(pool.submit(() -> splitter.help(s)));
            }
        }
        try {
            return pvSplit(me, opp, alpha, beta, bestOut);
        } finally {
            if (offer != null) {
                team.withdraw(offer); // finishes the splitter, and waits for the helpers to leave
            } else {
                splitter.finish();
            }
            for (Future<?> f : helpers) {
                if (!f.cancel(false)) {
                    try {
                        f.get(); // returns at once: the work is done
                    } catch (ExecutionException | CancellationException e) {
                        // its failure, if any, was the splitter's and has been thrown
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            }
            for (EndgameSearch w : workers) {
                w.splitter = null;
            }
        }
    }

    /**
     * Principal variation splitting from the root: along the leftmost path each node searches its
     * first move (recursively, the same way), then offers its other moves to every thread with
     * the window the first one gave; below {@link #SPLIT_EMPTIES} empties a node is one search,
     * which splits further where a thread is idle.
     */
    private int pvSplit(long me, long opp, int alpha, int beta, int[] bestOut) {
        int empties = 64 - Long.bitCount(me | opp);
        long moves = Bitboards.legalMoves(me, opp);
        if (moves == 0) {
            if (Bitboards.legalMoves(opp, me) == 0) {
                return EndgameSearch.finalScore(me, opp);
            }
            return -pvSplit(opp, me, -beta, -alpha, null); // a pass (the root's position is settled: never there)
        }
        EndgameSearch master = workers[0];
        if (bestOut == null && (empties < SPLIT_EMPTIES || pool == null)) {
            return master.search(me, opp, alpha, beta); // the root always comes here, for its best move
        }
        int[] sqs = ordered(me, opp);
        long[] first = play(me, opp, sqs[0]);
        int best = -pvSplit(first[0], first[1], -beta, -alpha, null);
        int bestMove = sqs[0];
        if (best < beta && sqs.length > 1) {
            int n = sqs.length - 1;
            int[] rest = Arrays.copyOfRange(sqs, 1, sqs.length);
            long[] flips = new long[n];
            for (int i = 0; i < n; i++) {
                flips[i] = Bitboards.flipsOnEmpty(me, opp, rest[i]);
            }
            if (master.splitter != null) {
                Splitter.SplitPoint sp = new Splitter.SplitPoint(me, opp, rest, flips, alpha, beta, best, bestMove, null);
                master.splitter.run(master, sp);
                best = sp.best;
                bestMove = sp.bestMove;
            } else {
                int a = Math.max(alpha, best);
                for (int i = 0; i < n && a < beta; i++) {
                    long nextMe = opp & ~flips[i];
                    long nextOpp = me | flips[i] | 1L << rest[i];
                    int v = -master.search(nextMe, nextOpp, -a - 1, -a);
                    if (v > a && v < beta) {
                        v = -master.search(nextMe, nextOpp, -beta, -v); // it beat the window: its exact value
                    }
                    if (v > best) {
                        best = v;
                        bestMove = rest[i];
                        a = Math.max(a, v);
                    }
                }
            }
        }
        if (bestOut != null) {
            bestOut[0] = bestMove;
        }
        // what this node proved, for the threads and for later solves
        int sel = master.selectivity;
        TranspositionTable table = master.table(empties);
        if (best >= beta) {
            table.store(me, opp, empties, sel, best, EndgameSearch.INF, bestMove);
        } else if (best <= alpha) {
            table.store(me, opp, empties, sel, -EndgameSearch.INF, best, bestMove);
        } else {
            table.store(me, opp, empties, sel, best, best, bestMove);
        }
        return best;
    }
}
