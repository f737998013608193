package org.thordb.solve;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.thordb.othello.Position;
import org.thordb.othello.Side;
import org.thordb.othello.Symmetry;
import java.util.HashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntConsumer;
import org.thordb.fault.Cancellation;
import org.thordb.othello.Bitboards;

/**
 * An estimated score for every legal move of a position: a {@link MidgameSearch} of the learned
 * evaluation, deepened one move at a time within a budget of positions and depth, with no clock:
 * one move searched for each child position up to symmetry, the moves dealt into two groups each
 * deepened alone with its half of the positions and a table of its own. An estimate is so a
 * function of the position and the budget: the same value and depth in every process, on any
 * number of threads, under any load. Where the search reaches the end of the game the values are exact, and said to be. An
 * estimate is never an exact score: the explorer shows both, apart.
 *
 * <p>Estimates are kept per position (up to the board's symmetries, so f5 and d3 share one) for
 * as long as the JVM runs, a few thousand positions at most.
 *
 * <p>Usage: {@code Estimator.Estimates e = Estimator.estimate(position, Estimator.Budget.explorer(64 - position.discs()));}
 */
public final class Estimator {
    private Estimator() {
    }

    /**
     * How much a set of estimates may cost: positions searched, shared evenly by the groups of
     * moves, and depth, the first reached ending the deepening (the last finished depth stands).
     * No clock: an estimate is the same under any load.
     *
     * @param nodes at most this many positions (0: no limit)
     * @param maxDepth no deeper than this many moves
     */
    public record Budget(long nodes, int maxDepth) {
        /**
         * The explorer's, the same on every surface: a node budget by the position's empties
         * ({@link #EXPLORER_NODES} up to {@link #NEAR_END_EMPTIES}, {@link #EXPLORER_NODES_EARLY}
         * before), no depth or time limit; deterministic.
         */
        public static Budget explorer(int empties) {
            return new Budget(empties <= NEAR_END_EMPTIES ? EXPLORER_NODES : EXPLORER_NODES_EARLY, 60);
        }
    }

    /**
     * Up to this many empties an estimate gets the explorer's whole budget ({@link #EXPLORER_NODES}):
     * near the end, where the estimates lead into the exact scores of 20 empties and fewer.
     */
    public static final int NEAR_END_EMPTIES = 24;

    /**
     * The explorer's node budget for every legal move of a position together, shared evenly by
     * the groups, up to {@link #NEAR_END_EMPTIES} empties: 60 to 200 ms on two cores, deep
     * enough near the end that the estimates at 20 to 24 empties are within 2.2 discs of the
     * exact scores on average (EstimatorTest; see docs/command-line.md, "Estimates before the end").
     */
    public static final long EXPLORER_NODES = Long.getLong("thordb.explorerNodes", 1_000_000L);

    /**
     * The explorer's node budget before {@link #NEAR_END_EMPTIES} empties: positions there cost
     * more a node (more moves, every leaf evaluated), 230 to 270 ms for a million on two cores,
     * and a search one move shallower changes their estimates less than the evaluation's own
     * error there; 650,000 keeps a set of estimates within 250 ms (EstimateBench's 99th
     * percentile) at 13 to 15 moves deep.
     */
    public static final long EXPLORER_NODES_EARLY = Long.getLong("thordb.explorerNodesEarly", 650_000L);

    /**
     * The estimates of a position's moves.
     *
     * @param scores each legal move's value, the side to move's final disc difference, best first
     * @param depth how many moves deep the values were searched (the move itself counted)
     * @param exact whether the search reached the end of the game on every line (the values are exact)
     * @param nodes the positions searched
     * @param nanos the time taken
     * @param lines each move's principal variation as the search saw it (the move first, then the
     *     best replies its table kept, at most {@code depth} moves; empty when not kept)
     */
    public record Estimates(Map<Integer, Integer> scores, int depth, boolean exact, long nodes, long nanos,
                            Map<Integer, List<Integer>> lines) {
        public Estimates {
            scores = Collections.unmodifiableMap(new LinkedHashMap<>(scores));
            lines = Collections.unmodifiableMap(new LinkedHashMap<>(lines));
        }
    }

    /** The midgame search's ProbCut selectivity (see {@link MidgameSearch#selectivity}). */
    static final int SELECTIVITY = Integer.getInteger("thordb.estimateSelectivity", 0);

    /** At most this many empties, the last iteration searches every line to the end (selectively above {@link #EXACT_EMPTIES}). */
    static final int ENDGAME_EMPTIES = Integer.getInteger("thordb.estimateEndgame", 14);

    /** At most this many empties, the search to the end is exact. */
    static final int EXACT_EMPTIES = MidgameSearch.EXACT_EMPTIES;

    private static final int CACHED = 4096;
    private static final Map<Key, Estimates> CACHE = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Estimates> eldest) {
            return size() > CACHED;
        }
    };

    private record Key(Position canonical, Budget budget) {
    }

    /**
     * The estimates of every legal move of a position (none when it has no legal move), from the
     * cache when this position, or one of its images under the board's symmetries, was estimated
     * with this budget before.
     */
    public static Estimates estimate(Position p, Budget budget) {
        if (p.toMove() == Side.NONE || p.legalMoves() == 0) {
            return new Estimates(Map.of(), 0, true, 0, 0, Map.of());
        }
        Symmetry s = p.canonicalSymmetry();
        Position canonical = p.transform(s);
        Key key = new Key(canonical, budget);
        Estimates e;
        synchronized (CACHE) {
            e = CACHE.get(key);
        }
        if (e == null) {
            int threads = Runtime.getRuntime().availableProcessors();
            e = search(canonical, budget, threads);
            synchronized (CACHE) {
                CACHE.put(key, e);
            }
        }
        if (s == Symmetry.IDENTITY) {
            return e;
        }
        Symmetry back = s.inverse();
        Map<Integer, Integer> scores = new LinkedHashMap<>();
        e.scores().forEach((sq, v) -> scores.put(back.apply(sq), v));
        Map<Integer, List<Integer>> lines = new LinkedHashMap<>();
        e.lines().forEach((sq, line) -> lines.put(back.apply(sq), line.stream().map(back::apply).toList()));
        return new Estimates(scores, e.depth(), e.exact(), e.nodes(), e.nanos(), lines);
    }

    /** Whether this position's estimates (up to symmetry) with this budget are kept: answering them is immediate. */
    public static boolean kept(Position p, Budget budget) {
        Key key = new Key(p.transform(p.canonicalSymmetry()), budget);
        synchronized (CACHE) {
            return CACHE.containsKey(key);
        }
    }

    /**
     * The version of the estimates' search: bumped by any change to the search or its settings that
     * changes an estimate, so that values kept by an older thordb (the store's value book) are not
     * used for this one's.
     */
    static final int SEARCH_VERSION = 1;

    /**
     * What an estimate depends on besides its position: the search's version and settings, the
     * explorer's node budgets and the evaluation's weights (their file's checksum). Estimates kept
     * outside the process are used only under the stamp they were searched with.
     */
    public static long stamp() {
        long h = SEARCH_VERSION;
        for (long v : new long[] {EXPLORER_NODES, EXPLORER_NODES_EARLY, NEAR_END_EMPTIES, SELECTIVITY, ENDGAME_EMPTIES,
            EXACT_EMPTIES, GROUPS, Evaluation.WEIGHTS_CRC}) { // a constant: no class of the evaluation loaded
            h = h * 0x9E3779B97F4A7C15L + v;
            h ^= h >>> 29;
        }
        return h;
    }

    /**
     * Keeps the estimates of a position's canonical image found elsewhere (the store's value book,
     * searched by this same search under {@link #stamp()}), as if searched here: the next
     * {@link #estimate} of it, in any orientation, answers from them.
     */
    public static void keep(Position canonical, Budget budget, Estimates e) {
        if (!canonical.equals(canonical.transform(canonical.canonicalSymmetry()))) {
            throw new IllegalArgumentException("not a canonical position");
        }
        synchronized (CACHE) {
            CACHE.putIfAbsent(new Key(canonical, budget), e);
        }
    }

    /** The estimates of a position searched now, not taken from what is kept nor kept (for checking kept ones). */
    public static Estimates searchAfresh(Position p, Budget budget) {
        if (p.toMove() == Side.NONE || p.legalMoves() == 0) {
            return new Estimates(Map.of(), 0, true, 0, 0, Map.of());
        }
        return search(p, budget, Runtime.getRuntime().availableProcessors());
    }

    /** Forgets every estimate kept: the next ones are searched again (for tests that compare two searches). */
    public static void forget() {
        synchronized (CACHE) {
            CACHE.clear();
        }
    }

    /** Loads the evaluation's weights on a thread of their own now, so that a first estimate does not wait for them. */
    public static void preload() {
        Evaluation.preload();
    }

    /**
     * How many groups the moves of a deterministic estimate are split into: each group searched by
     * one thread at a time with a table of its own, whatever the machine's threads, so that what a
     * group finds depends on nothing else.
     */
    static final int GROUPS = 2;

    /**
     * The estimates of a position's moves, deterministic: the moves (in square order) dealt into
     * {@link #GROUPS} groups, each group deepened on its own, all its moves one depth at a time as
     * {@link #search} does, with a table of its own and its even share of the budget's nodes, until
     * they run out (the last depth it finished for all its moves stands) or the budget's depth.
     * What a group finds depends on nothing else, so the values and the depth are the same whatever
     * the threads and whichever of them searches which group (no cache). The depth said is the
     * least a group reached.
     */
    static Estimates search(Position p, Budget budget, int threads) {
        Evaluation.Weights weights = Evaluation.Weights.INSTANCE; // loaded (once) before the clock starts
        long t0 = System.nanoTime();
        long me = p.mover();
        long opp = p.opponent();
        int empties = 64 - p.discs();
        List<Integer> all = new ArrayList<>();
        for (long m = p.legalMoves(); m != 0; m &= m - 1) {
            all.add(Long.numberOfTrailingZeros(m));
        }
        // one move searched for each position up to the board's symmetries (at the start, f5 for
        // the four first moves): the moves the position's symmetry turns into it take its value
        List<Integer> moves = new ArrayList<>();
        Map<Integer, Integer> sameAs = new LinkedHashMap<>();
        Map<Position, Integer> seen = new HashMap<>();
        for (int sq : all) {
            Integer first = seen.putIfAbsent(p.play(sq).canonical(), sq);
            if (first == null) {
                moves.add(sq);
            } else {
                sameAs.put(sq, first);
            }
        }
        int groups = Math.min(GROUPS, moves.size());
        int last = Math.max(1, Math.min(budget.maxDepth(), empties));
        long share = budget.nodes() == 0 ? 0 : Math.max(1, budget.nodes() / groups);
        Thread caller = Thread.currentThread(); // its interrupt (a server's time limit) stops every group's search
        int[] values = new int[64];
        int[] reached = new int[groups];
        @SuppressWarnings("unchecked")
        List<Integer>[] lineOf = new List[64];
        AtomicLong nodes = new AtomicLong();
        AtomicInteger next = new AtomicInteger();
        IntConsumer work = w -> {
            for (int g; (g = next.getAndIncrement()) < groups; ) {
                List<Integer> mine = new ArrayList<>();
                for (int i = g; i < moves.size(); i += groups) {
                    mine.add(moves.get(i));
                }
                SolveControl control = new SolveControl(share, 0, caller);
                TranspositionTable tt = new TranspositionTable(empties <= 16 ? 17 : 19);
                MidgameSearch s = new MidgameSearch(tt, control);
                s.selectivity = SELECTIVITY;
                s.endgameEmpties = ENDGAME_EMPTIES;
                s.endgame().selectivity = empties <= EXACT_EMPTIES ? TranspositionTable.EXACT : SELECTIVITY;
                for (int sq : mine) {
                    long f = Bitboards.flipsOnEmpty(me, opp, sq);
                    values[sq] = -MidgameSearch.discs(Evaluation.eval(opp & ~f, me | f | 1L << sq));
                }
                int depth = 1;
                for (int d = 2; d <= last; d = nextDepth(d, empties)) {
                    int[] deeper = new int[64];
                    List<Integer> order = new ArrayList<>(mine);
                    order.sort((a, b) -> values[b] != values[a] ? values[b] - values[a] : a - b); // the best first
                    try {
                        for (int sq : order) {
                            long f = Bitboards.flipsOnEmpty(me, opp, sq);
                            deeper[sq] = -aspiration(s, opp & ~f, me | f | 1L << sq, -values[sq], d - 1);
                        }
                    } catch (EndgameSearch.Stopped stopped) {
                        if (caller.isInterrupted() || !control.stopped()) {
                            throw stopped; // cancelled, not out of nodes
                        }
                        break; // its nodes ran out: the last depth it finished stands
                    }
                    for (int sq : mine) {
                        values[sq] = deeper[sq];
                    }
                    depth = d;
                    if (d >= empties) {
                        break;
                    }
                }
                reached[g] = depth;
                nodes.addAndGet(s.allNodes());
                for (int sq : mine) { // each move's line, from what the group's table kept
                    long f = Bitboards.flipsOnEmpty(me, opp, sq);
                    List<Integer> line = new ArrayList<>();
                    line.add(sq);
                    line.addAll(walk(tt, p.play(sq), opp & ~f, me | f | 1L << sq, depth - 1));
                    lineOf[sq] = List.copyOf(line);
                }
            }
        };
        try {
            ParallelSearch.onEveryWorker(threads > 1 ? ParallelSearch.pool() : null, Math.max(1, Math.min(threads, groups)), work);
        } catch (EndgameSearch.Stopped stopped) {
            Cancellation.check(); // an interrupted thread: the work was cancelled
            throw stopped;
        }
        int depth = last;
        for (int r : reached) {
            depth = Math.min(depth, r);
        }
        for (Map.Entry<Integer, Integer> e : sameAs.entrySet()) {
            int sq = e.getKey();
            int rep = e.getValue();
            values[sq] = values[rep];
            Position target = p.play(sq);
            for (Symmetry s : Symmetry.values()) {
                if (p.play(rep).transform(s).equals(target)) {
                    List<Integer> turned = new ArrayList<>(List.of(sq));
                    lineOf[rep].stream().skip(1).map(s::apply).forEach(turned::add);
                    lineOf[sq] = List.copyOf(turned);
                    break;
                }
            }
        }
        boolean exact = depth >= empties && empties <= EXACT_EMPTIES;
        List<Integer> sorted = new ArrayList<>(all);
        sorted.sort((a, b) -> values[b] != values[a] ? values[b] - values[a] : a - b);
        Map<Integer, Integer> scores = new LinkedHashMap<>();
        Map<Integer, List<Integer>> lines = new LinkedHashMap<>();
        for (int sq : sorted) {
            scores.put(sq, values[sq]);
            lines.put(sq, lineOf[sq].size() > depth ? lineOf[sq].subList(0, depth) : lineOf[sq]); // no longer than the depth said
        }
        return new Estimates(scores, depth, exact, nodes.get(), System.nanoTime() - t0, lines);
    }

    /**
     * The best replies a search's table kept from a position, at most {@code plies} of them, each
     * checked legal: the line the search saw. {@code me}/{@code opp}: the position as the search
     * was asked it (the side that may have to pass first).
     */
    private static List<Integer> walk(TranspositionTable tt, Position from, long me, long opp, int plies) {
        List<Integer> out = new ArrayList<>();
        Position q = from;
        long d = tt.probe(me, opp);
        for (int i = 0; i < plies && !q.isFinal(); i++) {
            if (i > 0 || d == TranspositionTable.MISS) {
                d = tt.probe(q.mover(), q.opponent());
            }
            int m = d == TranspositionTable.MISS ? -1 : TranspositionTable.move(d);
            if (m < 0 || !q.isLegal(m)) {
                break;
            }
            out.add(m);
            q = q.play(m);
        }
        return out;
    }

    /**
     * The depth after {@code d}: one more; near the end (at most {@link #ENDGAME_EMPTIES}
     * empties), past a few moves of the midgame search, straight to the end of the game, where
     * the endgame search's own order and cuts are far quicker than the evaluation's.
     */
    static int nextDepth(int d, int empties) {
        if (empties <= ENDGAME_EMPTIES && d >= Math.max(2, empties - ENDGAME_JUMP)) {
            return Math.max(d + 1, empties);
        }
        return d + 1;
    }

    /** How many empties before the end the midgame iterations stop when the next one searches to the end. */
    static final int ENDGAME_JUMP = Integer.getInteger("thordb.estimateJump", 12);

    /** A search in windows around a guess ({@link Aspiration}: ±3, then 12 beyond the value found, doubling). */
    private static int aspiration(MidgameSearch s, long me, long opp, int guess, int depth) {
        return Aspiration.search(guess, 3, 12, (lo, hi) -> s.search(me, opp, lo, hi, depth));
    }
}
