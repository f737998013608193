package org.thordb.solve;

import org.thordb.othello.Bitboards;
import java.util.Arrays;

/**
 * One thread's exact endgame search: negamax alpha-beta to the end of the game, as principal
 * variation search (the first move with the open window, the others with a null window and a
 * re-search when they beat it). Near the end (at most {@link #SHALLOW} empties) moves are tried
 * square by square, odd quadrants first (parity, kept move by move), with no table, and the last
 * three, two and one empty squares each by a method of their own; deeper, moves are generated and
 * ordered fastest first (the reply that leaves the opponent fewest moves, corners counted twice,
 * with many empties plus a shallow search of the {@link Evaluation pattern evaluation}, the
 * table's best move before all), the table is asked for bounds (and, from {@link #ETC_EMPTIES}
 * empties, for each child, for a cut before any move is keyed or searched), and a node whose
 * opponent already holds enough stable discs is cut. Scores are final disc differences for the
 * side to move, empty squares to the winner.
 *
 * <p>Three tables: positions with fewer than {@link #NEAR_EMPTIES} empties, most of the nodes the
 * table serves and each soon of no more use, go to a small table of the thread's own that stays
 * in the core's cache; those with fewer than {@link #MID_EMPTIES} to a mid table the threads share,
 * in the last-level cache; the others to the large table every thread shares. A solve's threads
 * also share the order keys of nodes with many empties, each a search of the evaluation, for the
 * next visit ({@link OrderCache}).
 *
 * <p>Usage: {@code int score = new EndgameSearch(new TranspositionTable(20), control).search(me, opp, -64, 64);}
 */
final class EndgameSearch {
    /** Above every score. */
    static final int INF = 100;
    /** At most this many empties: square by square, no table, no move generation. */
    static final int SHALLOW = 6;
    // from 9 rather than 12 once the children are looked up before any move is keyed (2026-11-27,
    // side by side, one process a core): verify's 40 positions 759 M nodes and 21.0 s against 785 M
    // and 22.6 s; FFO #49-#50 on one thread 39.1 s against 39.9 s (1.146 G nodes against 1.202 G);
    // from 8 the same as from 9, from 10 half the gain
    /** From this many empties the children are looked up in the table before any is searched or keyed. */
    private static final int ETC_EMPTIES = 9;

    private static final long CORNERS = 0x8100000000000081L;

    /**
     * The alpha from which a node with so many empties counts its opponent's stable discs: a cut
     * needs {@code 64 - 2 * stable <= alpha}, and with many empties few discs are stable, so only a
     * high alpha can be cut (below these the count costs more than it cuts).
     */
    private static final int[] STABILITY_ALPHA = new int[61];

    static {
        for (int e = 0; e <= 60; e++) {
            STABILITY_ALPHA[e] = Math.min(64, e <= SHALLOW ? 2 * e - 2 : 2 * e + 4);
        }
    }

    /** From this many empties a node of the shallow search counts its opponent's stable discs too. */
    private static final int SHALLOW_STABILITY_FROM = 4;

    /** The quadrants, for parity: a move in a region with an odd number of empties first. */
    private static final long[] QUADRANTS = {0x000000000F0F0F0FL, 0x00000000F0F0F0F0L, 0x0F0F0F0F00000000L,
        0xF0F0F0F000000000L};

    /** Thrown to unwind a search that was told to stop; never seen outside the solver. */
    static final class Stopped extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Stopped() {
            super("stopped", null, false, false);
        }
    }

    static final Stopped STOPPED = new Stopped();

    final TranspositionTable tt;
    /** This thread's table for the positions with fewer than {@link #NEAR_EMPTIES} empties. */
    final TranspositionTable near;
    /** The table for the positions with {@link #NEAR_EMPTIES} to {@link #MID_EMPTIES} - 1 empties (or {@link #tt}). */
    final TranspositionTable mid;
    final SolveControl control;
    /** The solve's threads' shared work, when it has several threads ({@link Splitter}); else null. */
    Splitter splitter;
    /** The split point this thread is searching a move of, or null. */
    Splitter.SplitPoint current;
    /** The positions searched. */
    long nodes;
    /**
     * The positions made only to order moves: each candidate move, and each position of the
     * shallow evaluation searches. Edax counts these as nodes too, so the solver's node count
     * (and nodes per second) is the sum of both, comparable with Edax's figures.
     */
    long orderNodes;

    // per-empties buffers for move ordering, so that no node allocates
    private final int[][] moveBuf = new int[61][40];
    /** A node's moves to order: each move's key above its index (8 bits) in the arrays kept in square order. */
    private final long[][] orderBuf = new long[61][40];
    private final long[][] flipBuf = new long[61][40];
    private final long[][] replyBuf = new long[61][40];
    /** The opponent's legal moves in the position {@link #orderKey} last keyed (the child's own moves). */
    private long lastReply;

    /**
     * How sure a ProbCut cut must be, by selectivity: a shallow search's value beyond a bound by
     * this many standard deviations of its error cuts. {@link TranspositionTable#EXACT}: no cut.
     */
    static final double[] PROBCUT_T = {1.1, 1.5, 2.0, 2.6, 3.3};

    /** The selectivity of this search: {@link TranspositionTable#EXACT} searches to the exact score. */
    int selectivity = TranspositionTable.EXACT;

    /** From this many empties a selective search tries a ProbCut cut at each node. */
    static final int PROBCUT_EMPTIES = Integer.getInteger("thordb.probcutEmpties", 10);

    // measured on one thread, 20 positions of FFO games at 22 empties: one table of 2^21 positions
    // 14.6-14.9 s, with this near table 12.5-12.8 s (6% more nodes); on two threads, FFO #49-#52:
    // 53.1 s and 2.86 G nodes, with it 34-37 s and 1.96 G (the large table no longer crowded with
    // small positions); 2^15 for fewer than 10 or 11 empties, 2^17-2^18 for fewer than 13 or 14:
    // the same within the machine's noise. Run side by side with it (one process a core), 2^14
    // positions (512 KB, within a core's 1 MB second-level cache) rather than 2^16: 40 FFO games at
    // 22 empties 3-12% faster (2% more nodes), FFO #49-#52 on two threads 34.5 s against 37.2 s;
    // 2^12-2^13 no faster than 2^14 and FFO #20-#39 1.30x Edax's nodes; 2^18 for fewer than 14, 6% slower
    /**
     * Positions with fewer empties go to the thread's near table: in the large table each is a
     * cache miss, and there they crowd out the positions with many empties that save the most.
     */
    static final int NEAR_EMPTIES = 12;
    /** The near table holds 2^NEAR_BITS positions (512 KB). */
    static final int NEAR_BITS = 14;

    // run side by side with the code without it (40 FFO games at 22 empties, one process a core):
    // 2.4-5.6% faster; FFO #49-#52 on two threads 29.5-30.5 s against 31.4-33.7 s (1.5% more
    // nodes); 12-13 empties in 2^16 or 12-15 in 2^18: the same within 3%
    /**
     * Positions with fewer empties (and at least {@link #NEAR_EMPTIES}) go to the solve's mid
     * table, which stays in the processor's last-level cache where the large table's probes are
     * each a trip to memory (and a miss in the address translation's cache).
     */
    static final int MID_EMPTIES = 15;
    /** The mid table holds 2^MID_BITS positions (4 MB), or a quarter of the large table if that is smaller. */
    static final int MID_BITS = 17;

    /**
     * A thread's smaller tables, kept from one solve to the next as the large one is.
     *
     * @param near the positions with fewer than {@link #NEAR_EMPTIES} empties: the thread's own
     * @param mid those with fewer than {@link #MID_EMPTIES}: shared by the solve's threads
     * @param order the order keys of positions with many empties, shared too; null: none kept
     */
    record Local(TranspositionTable near, TranspositionTable mid, OrderCache order) {
        /** A mid table beside a large table of {@code 2^largeBits} positions. */
        static TranspositionTable midTable(int largeBits) {
            return new TranspositionTable(Math.max(NEAR_BITS, Math.min(MID_BITS, largeBits - 2)));
        }

        /**
         * An order cache beside a large table of {@code 2^largeBits} positions, for a solve's
         * threads to share: at most 2^16 positions (12 MB, made on first use) beside the default
         * 2^21, 2^18 beside the larger ones of deep solves.
         */
        static OrderCache orderCache(int largeBits) {
            return new OrderCache(Math.max(10, Math.min(ORDER_CACHE_MAX_BITS, largeBits - 5)));
        }
    }

    /** The solve's kept order keys, or null (the midgame search's short endgame searches keep none). */
    private final OrderCache orderCache;

    /**
     * A search on {@code tt}, with a near table of its own and no mid table (its positions go to
     * {@code tt}): for the many short searches of the midgame search, which would each make one.
     */
    EndgameSearch(TranspositionTable tt, SolveControl control) {
        this(tt, new Local(new TranspositionTable(NEAR_BITS), tt, null), control);
    }

    /** A search on {@code tt} and this thread's own tables (see {@link Local}). */
    EndgameSearch(TranspositionTable tt, Local local, SolveControl control) {
        this.tt = tt;
        this.near = local.near();
        this.mid = local.mid();
        this.orderCache = local.order();
        this.control = control;
    }

    /** The table that holds positions with so many empties. */
    TranspositionTable table(int empties) {
        return empties < NEAR_EMPTIES ? near : empties < MID_EMPTIES ? mid : tt;
    }

    /** The final score of a finished game for the side with {@code me}: empties go to the winner. */
    static int finalScore(long me, long opp) {
        int p = Long.bitCount(me);
        int o = Long.bitCount(opp);
        int e = 64 - p - o;
        return p > o ? p + e - o : p < o ? p - o - e : 0;
    }

    private void tick() {
        if ((++nodes & 1023) == 0) {
            checkpoint(); // a method of its own, rarely called: the searches that tick carry less code
        }
    }

    /** Every 1,024 nodes: whether the solve must stop, or this thread's work is no longer wanted. */
    private void checkpoint() {
        if (control.shouldStop(1024)) {
            throw STOPPED;
        }
        if (splitter != null) {
            RuntimeException failed = splitter.failure();
            if (failed != null) {
                throw failed; // another thread of the solve stopped or failed
            }
            if (current != null && current.cut()) {
                throw Splitter.ABORTED; // a node above was cut: this work is not wanted
            }
        }
    }

    /** The exact score within {@code (alpha, beta)}, fail-soft: below alpha an upper bound, above beta a lower bound. */
    int search(long me, long opp, int alpha, int beta) {
        int empties = 64 - Long.bitCount(me | opp);
        if (empties <= SHALLOW) {
            long empty = ~(me | opp);
            return empties == 3 ? last3(me, opp, alpha, beta, empty, parity(empty), false)
                    : shallow(me, opp, alpha, beta, empties, parity(empty), false, UNKNOWN_MOVES);
        }
        return deep(me, opp, alpha, beta, empties, UNKNOWN_MOVES);
    }

    /** Stands for a position's legal moves not worked out yet (a mask of every square: never legal moves). */
    private static final long UNKNOWN_MOVES = -1L;

    /**
     * A child of a {@link #deep} node: its parity (used at {@link #SHALLOW} empties or fewer)
     * and its mover's legal moves (or {@link #UNKNOWN_MOVES}) are known already from the parent's
     * ordering, so neither is worked out again.
     */
    private int child(long me, long opp, int alpha, int beta, int empties, int parity, long moves) {
        if (empties <= SHALLOW) {
            return shallow(me, opp, alpha, beta, empties, parity, false, moves);
        }
        return deep(me, opp, alpha, beta, empties, moves);
    }

    /** The score with one empty square left: its flips counted by table ({@link LastFlip}), no board made. */
    private int last1(long me, long opp, int sq) {
        tick();
        int p = Long.bitCount(me);
        int n = LastFlip.count(me, sq);
        if (n != 0) {
            return 2 * (p + n) + 2 - 64;
        }
        n = LastFlip.count(opp, sq);
        if (n != 0) {
            return 64 - 2 * (64 - p + n); // the opponent plays it: 63 - p discs, the n flipped and the move
        }
        return p > 31 ? 2 * p + 2 - 64 : 2 * p - 64; // 63 discs: the empty square to the one ahead
    }

    // measured on FFO #20-#39, one thread, every position counted (see nodes): mobility alone
    // 1,044 M; with a rough hand-made value 370 M; with the first pattern evaluation in these bands
    // 188 M; with the learned evaluation and ProbCut-led solves 128 M
    /** From this many empties the order adds the pattern evaluation of the position after the move. */
    private static final int SORT_EVAL_EMPTIES = Integer.getInteger("thordb.sortEval", 13);
    // two moves deep from 17 and three from 21 rather than 18 and 20 (2026-11-27, side by side, one
    // process a core, with the order keys kept): FFO #53 on one thread 2.58 G nodes and 72.7-73.1 s
    // against 2.78 G and 78.6 s; verify's 40 positions 786 M nodes and 20.0-20.3 s against 832 M and
    // 20.6-20.8 s; FFO #20-#39 on one thread 122.2 M nodes against 128.3 M, the same time. From 16,
    // or three moves from 22 or 24: no better
    /** From this many empties that evaluation comes from a search two moves deep (one move gained little). */
    private static final int SORT_SEARCH2_EMPTIES = Integer.getInteger("thordb.sort2", 17);
    /**
     * From this many empties a node's order keys are kept ({@link OrderCache}): from here each is a
     * search of the evaluation. Measured on FFO #53 on one thread, side by side with the code
     * without it: 2^16 positions 2% faster, 2^18 4%.
     */
    static final int ORDER_CACHE_EMPTIES = SORT_SEARCH2_EMPTIES;
    static final int ORDER_CACHE_MAX_BITS = 18;
    /** From this many empties, three moves deep. */
    private static final int SORT_SEARCH3_EMPTIES = Integer.getInteger("thordb.sort3", 21);
    /** The weight of an eighth of a disc of evaluation against the opponent's mobility (16 a move). */
    private static final int SORT_EVAL_WEIGHT = Integer.getInteger("thordb.sortEvalWeight", 8);
    private static final int SORT_EVAL_DIVISOR = Evaluation.SCALE;
    /** Keys are scaled by this to leave room for the tie-breaks below a move of mobility. */
    private static final int TIE = 64;
    /** The tie-breaks: the mover's discs beside its corners, the opponent's potential mobility. */
    private static final int TIE_CORNER = 32;
    private static final int TIE_POT = 1;

    /**
     * The order key of a move whose position is {@code (nextMe, nextOpp)} (the opponent to move):
     * lower first. The opponent's mobility (corners twice); with many empties also the pattern
     * evaluation of a shallow search; ties broken by the discs the mover holds beside its corners,
     * then by the opponent's potential mobility (empty squares beside the mover's discs).
     */
    int orderKey(long nextMe, long nextOpp, int empties) {
        int depth = empties >= SORT_SEARCH3_EMPTIES ? 3 : empties >= SORT_SEARCH2_EMPTIES ? 2 : 0;
        return orderKey(nextMe, nextOpp, empties, depth);
    }

    /** {@link #orderKey(long, long, int)} with the evaluation searched {@code depth} moves deeper. */
    int orderKey(long nextMe, long nextOpp, int empties, int depth) {
        orderNodes++;
        long reply = Bitboards.legalMoves(nextMe, nextOpp);
        lastReply = reply;
        int key = 16 * Long.bitCount(reply) + 16 * Long.bitCount(reply & CORNERS);
        if (empties >= SORT_EVAL_EMPTIES) {
            key += SORT_EVAL_WEIGHT * (depth == 0 ? Evaluation.eval(nextMe, nextOpp, reply)
                    : evalSearch(nextMe, nextOpp, depth, -EVAL_INF, EVAL_INF)) / SORT_EVAL_DIVISOR;
        }
        long empty = ~(nextMe | nextOpp);
        return TIE * key - TIE_CORNER * cornerStable(nextOpp) + TIE_POT * Long.bitCount(around(nextOpp) & empty);
    }

    /** The discs of {@code p} on a corner, or beside a corner it holds along an edge: they cannot flip. */
    static int cornerStable(long p) {
        long c = p & CORNERS;
        long s = c | (c << 1 & 0x0200000000000002L) | (c >>> 1 & 0x4000000000000040L) | (c << 8 & 0x0000000000008100L)
                | (c >>> 8 & 0x0081000000000000L);
        return Long.bitCount(s & p);
    }

    /** How many moves deep the evaluation that orders the principal variation's nodes is searched. */
    static final int PV_SORT_DEPTH = 4;

    /** Above every evaluation (eighths of a disc; a finished game is worth its exact score). */
    private static final int EVAL_INF = 64 * Evaluation.SCALE + 1;

    /** Squares next to a square (the 8 neighbours), for potential mobility. */
    private static long around(long b) {
        long h = ((b << 1) & 0xfefefefefefefefeL) | ((b >>> 1) & 0x7f7f7f7f7f7f7f7fL);
        long x = b | h;
        return h | (x << 8) | (x >>> 8);
    }

    // measured on verify's 40 positions, one thread, side by side with the search in square order
    // (one process a core, then swapped): the same tree, 1.9-4.3% faster warm in four pairs (the
    // whole verify command the same within its noise); FFO #20-#39 1.80 s against 1.82 s. Keeping
    // each move's flips and replies for its search, its moves picked as searched: no faster
    /** From this many moves deep, the evaluation's search tries first the moves that leave the opponent fewest replies. */
    private static final int EVAL_ORDER_DEPTH = 2;
    /** The deepest evaluation search whose moves are ordered (a solve's first guess). */
    private static final int EVAL_ORDER_MAX_DEPTH = 6;
    /** Its moves by depth: each move's replies above its square, sorted. */
    private final long[][] evalOrder = new long[EVAL_ORDER_MAX_DEPTH + 1][40];

    /**
     * A shallow alpha-beta on {@link Evaluation#eval}, for the order of moves at nodes with many
     * empties. From {@link #EVAL_ORDER_DEPTH} moves deep, fewest replies first: a cut comes sooner.
     */
    private int evalSearch(long me, long opp, int depth, int alpha, int beta) {
        if (depth == 0) {
            return Evaluation.eval(me, opp);
        }
        long moves = Bitboards.legalMoves(me, opp);
        if (moves == 0) {
            if (Bitboards.legalMoves(opp, me) == 0) {
                return Evaluation.SCALE * finalScore(me, opp);
            }
            return -evalSearch(opp, me, depth, -beta, -alpha);
        }
        boolean ordered = depth >= EVAL_ORDER_DEPTH && depth <= EVAL_ORDER_MAX_DEPTH;
        long[] order = null;
        int n = 0;
        if (ordered) {
            order = evalOrder[depth]; // a pass keeps the depth, but the passing node's is not in use
            for (long m = moves; m != 0; m &= m - 1) {
                int sq = Long.numberOfTrailingZeros(m);
                long f = Bitboards.flipsOnEmpty(me, opp, sq);
                order[n++] = (long) Long.bitCount(Bitboards.legalMoves(opp & ~f, me | f | 1L << sq)) << 8 | sq;
            }
            orderNodes += n; // every position made to order moves counts once: here, where each is made
            Arrays.sort(order, 0, n);
        }
        int best = -EVAL_INF;
        long left = moves;
        for (int i = 0; ordered ? i < n : left != 0; i++) {
            int sq;
            if (ordered) {
                sq = (int) order[i] & 0xff;
            } else {
                sq = Long.numberOfTrailingZeros(left);
                left &= left - 1;
                orderNodes++; // (the candidate's own position is counted in orderKey)
            }
            long f = Bitboards.flipsOnEmpty(me, opp, sq);
            int v = -evalSearch(opp & ~f, me | f | 1L << sq, depth - 1, -beta, -Math.max(alpha, best));
            if (v > best) {
                best = v;
                if (v >= beta) {
                    break;
                }
            }
        }
        return best;
    }

    /** A guess of the score in discs (even, as final scores are): a shallow search of the evaluation. */
    int estimate(long me, long opp, int depth) {
        int v = evalSearch(me, opp, Math.max(0, depth), -EVAL_INF, EVAL_INF);
        int discs = Math.round(v / (float) Evaluation.SCALE);
        return Math.max(-64, Math.min(64, discs & ~1));
    }

    /** The quadrants holding an odd number of empty squares, one bit a quadrant (see {@link #QUADRANT_BIT}). */
    private static int parity(long empty) {
        int parity = 0;
        for (int q = 0; q < 4; q++) {
            parity |= (Long.bitCount(empty & QUADRANTS[q]) & 1) << q;
        }
        return parity;
    }

    /** Each square's quadrant as one bit: a move there flips that quadrant's parity. */
    private static final int[] QUADRANT_BIT = new int[64];
    /** For each parity (4 bits), the squares of the odd quadrants. */
    private static final long[] ODD_SQUARES = new long[16];

    static {
        for (int sq = 0; sq < 64; sq++) {
            for (int q = 0; q < 4; q++) {
                if ((QUADRANTS[q] >>> sq & 1) != 0) {
                    QUADRANT_BIT[sq] = 1 << q;
                }
            }
        }
        for (int p = 0; p < 16; p++) {
            for (int q = 0; q < 4; q++) {
                if ((p >>> q & 1) != 0) {
                    ODD_SQUARES[p] |= QUADRANTS[q];
                }
            }
        }
    }

    /** The squares around each square: a move there needs an opponent's disc among them. */
    private static final long[] NEIGHBOURS = new long[64];

    static {
        for (int sq = 0; sq < 64; sq++) {
            int r = sq >>> 3;
            int c = sq & 7;
            for (int dr = -1; dr <= 1; dr++) {
                for (int dc = -1; dc <= 1; dc++) {
                    if ((dr != 0 || dc != 0) && r + dr >= 0 && r + dr < 8 && c + dc >= 0 && c + dc < 8) {
                        NEIGHBOURS[sq] |= 1L << ((r + dr) * 8 + c + dc);
                    }
                }
            }
        }
    }

    /**
     * The most this side can score given the opponent's stable discs, counted only where a cut is
     * possible: alpha high enough for the empties ({@link #STABILITY_ALPHA}) and the opponent
     * holding discs enough; else 64, no bound.
     */
    private static int stableCeiling(long me, long opp, int alpha, int empties) {
        if (alpha < STABILITY_ALPHA[empties] || 2 * Long.bitCount(opp) < 64 - alpha) {
            return 64;
        }
        return 64 - 2 * Long.bitCount(Stability.stable(opp, me));
    }

    /**
     * Few empties: every empty square tried in parity order, no table. {@code parity} has a bit
     * for each quadrant with an odd number of empties, kept move by move rather than counted;
     * {@code moves} is the mover's legal moves when a deep parent's order found them (then only
     * those are tried), else {@link #UNKNOWN_MOVES}.
     */
    private int shallow(long me, long opp, int alpha, int beta, int empties, int parity, boolean passed, long moves) {
        long empty = ~(me | opp);
        if (empties <= 2) { // only a search's root comes here so near the end (3 empties go to last3)
            return empties == 2 ? last2(me, opp, alpha, beta, Long.numberOfTrailingZeros(empty),
                    63 - Long.numberOfLeadingZeros(empty), passed) : empties == 1
                    ? last1(me, opp, Long.numberOfTrailingZeros(empty)) : finalScore(me, opp);
        }
        tick();
        // the same cut as deep's, from a lower alpha (as Edax's thresholds): near the end many discs are stable
        if (empties >= SHALLOW_STABILITY_FROM) {
            int max = stableCeiling(me, opp, alpha, empties);
            if (max <= alpha) {
                return max;
            }
        }
        long odd = ODD_SQUARES[parity & 15];
        long tried = empty & moves; // the legal moves when the parent's order found them, else every empty square
        int best = -INF;
        for (int round = 0; round < 2; round++) {
            long squares = round == 0 ? tried & odd : tried & ~odd;
            while (squares != 0) {
                int sq = Long.numberOfTrailingZeros(squares) & 63; // & 63: in range without a bounds check
                squares &= squares - 1;
                if ((opp & NEIGHBOURS[sq]) == 0) {
                    continue; // no opponent's disc beside it: nothing to flip
                }
                long f = Bitboards.flipsOnEmpty(me, opp, sq);
                if (f == 0) {
                    continue;
                }
                long nextMe = opp & ~f;
                long nextOpp = me | f | 1L << sq;
                int a = -Math.max(alpha, best);
                int v = empties == 4 ? -last3(nextMe, nextOpp, -beta, a, empty & ~(1L << sq), parity ^ QUADRANT_BIT[sq], false)
                        : -shallow(nextMe, nextOpp, -beta, a, empties - 1, parity ^ QUADRANT_BIT[sq], false, UNKNOWN_MOVES);
                if (v > best) {
                    best = v;
                    if (v >= beta) {
                        return v;
                    }
                }
            }
        }
        if (best == -INF) {
            if (passed) {
                return finalScore(me, opp); // neither side can move: the game is over
            }
            return -shallow(opp, me, -beta, -alpha, empties, parity, true, UNKNOWN_MOVES);
        }
        return best;
    }

    /**
     * Three empty squares: a square alone in its quadrant first (the only case where parity
     * orders them: 3 in one quadrant, or 1-1-1, are all odd), then by {@link #last2}.
     */
    private int last3(long me, long opp, int alpha, int beta, long empty, int parity, boolean passed) {
        tick();
        int x1 = Long.numberOfTrailingZeros(empty) & 63;
        long rest = empty & (empty - 1);
        int x2 = Long.numberOfTrailingZeros(rest) & 63;
        int x3 = 63 - Long.numberOfLeadingZeros(rest) & 63;
        if ((parity & QUADRANT_BIT[x1]) == 0) { // 2-1: x1 is of the pair; the one alone first
            if ((parity & QUADRANT_BIT[x2]) != 0) {
                int t = x1;
                x1 = x2;
                x2 = t;
            } else {
                int t = x1;
                x1 = x3;
                x3 = t;
            }
        }
        int best = -INF;
        if ((opp & NEIGHBOURS[x1]) != 0) {
            long f = Bitboards.flipsOnEmpty(me, opp, x1);
            if (f != 0) {
                best = -last2(opp & ~f, me | f | 1L << x1, -beta, -alpha, x2, x3, false);
                if (best >= beta) {
                    return best;
                }
            }
        }
        if ((opp & NEIGHBOURS[x2]) != 0) {
            long f = Bitboards.flipsOnEmpty(me, opp, x2);
            if (f != 0) {
                int v = -last2(opp & ~f, me | f | 1L << x2, -beta, -Math.max(alpha, best), x1, x3, false);
                if (v > best) {
                    best = v;
                    if (v >= beta) {
                        return v;
                    }
                }
            }
        }
        if ((opp & NEIGHBOURS[x3]) != 0) {
            long f = Bitboards.flipsOnEmpty(me, opp, x3);
            if (f != 0) {
                int v = -last2(opp & ~f, me | f | 1L << x3, -beta, -Math.max(alpha, best), x1, x2, false);
                if (v > best) {
                    best = v;
                }
            }
        }
        if (best == -INF) {
            if (passed) {
                return finalScore(me, opp);
            }
            return -last3(opp, me, -beta, -alpha, empty, parity, true);
        }
        return best;
    }

    /** Two empty squares left, {@code x1} and {@code x2}: each tried, then the last by {@link #last1}. */
    private int last2(long me, long opp, int alpha, int beta, int x1, int x2, boolean passed) {
        tick();
        x1 &= 63;
        x2 &= 63;
        int best = -INF;
        if ((opp & NEIGHBOURS[x1]) != 0) {
            long f = Bitboards.flipsOnEmpty(me, opp, x1);
            if (f != 0) {
                best = -last1(opp & ~f, me | f | 1L << x1, x2);
                if (best >= beta) {
                    return best;
                }
            }
        }
        if ((opp & NEIGHBOURS[x2]) != 0) {
            long f = Bitboards.flipsOnEmpty(me, opp, x2);
            if (f != 0) {
                int v = -last1(opp & ~f, me | f | 1L << x2, x1);
                if (v > best) {
                    best = v;
                }
            }
        }
        if (best == -INF) {
            if (passed) {
                return finalScore(me, opp);
            }
            return -last2(opp, me, -beta, -alpha, x1, x2, true);
        }
        return best;
    }

    /**
     * Many empties: generated moves, fastest first, the table, enhanced cuts and stability.
     * {@code known} is the mover's legal moves when the parent's ordering found them already, else
     * {@link #UNKNOWN_MOVES}.
     */
    private int deep(long me, long opp, int alpha, int beta, int empties, long known) {
        tick();
        // the opponent's stable discs bound this side's score from above
        int max = stableCeiling(me, opp, alpha, empties);
        if (max <= alpha) {
            return max;
        }
        beta = Math.min(beta, max);
        TranspositionTable table = table(empties);
        long hit = table.probe(me, opp);
        int ttMove = -1;
        if (hit != TranspositionTable.MISS && (TranspositionTable.selectivity(hit) < selectivity
                || TranspositionTable.depth(hit) < empties)) {
            ttMove = TranspositionTable.move(hit); // a less sure search's bounds: only its move serves
        } else if (hit != TranspositionTable.MISS) {
            int lo = TranspositionTable.lower(hit);
            int up = TranspositionTable.upper(hit);
            if (lo >= beta) {
                return lo;
            }
            if (up <= alpha) {
                return up;
            }
            if (lo == up) {
                return lo;
            }
            ttMove = TranspositionTable.move(hit);
        }
        long moves = known != UNKNOWN_MOVES ? known : Bitboards.legalMoves(me, opp);
        if (moves == 0) {
            if (Bitboards.legalMoves(opp, me) == 0) {
                return finalScore(me, opp);
            }
            return -deep(opp, me, -beta, -alpha, empties, UNKNOWN_MOVES);
        }
        if (selectivity < TranspositionTable.EXACT && empties >= PROBCUT_EMPTIES) {
            int cut = probcut(me, opp, alpha, beta, empties);
            if (cut != NO_CUT) {
                return cut;
            }
        }
        int[] sqs = moveBuf[empties];
        long[] order = orderBuf[empties];
        long[] flips = flipBuf[empties];
        long[] replies = replyBuf[empties];
        int n = 0;
        for (long m = moves; m != 0; m &= m - 1) {
            int sq = Long.numberOfTrailingZeros(m) & 63;
            sqs[n] = sq;
            flips[n++] = Bitboards.flipsOnEmpty(me, opp, sq);
        }
        // the children the table holds, before any move is keyed: an enhanced transposition cut
        // then spares every key, and the probes (from 12 empties into the mid and large tables,
        // each a cache miss) wait on memory together rather than each between two keys
        long inTable = 0; // bit i: the i-th move's child is in the table
        if (empties >= ETC_EMPTIES) {
            TranspositionTable childTable = table(empties - 1);
            for (int i = 0; i < n; i++) {
                int sq = sqs[i];
                if (sq == ttMove) {
                    continue;
                }
                long f = flips[i];
                long child = childTable.probe(opp & ~f, me | f | 1L << sq);
                if (child != TranspositionTable.MISS) {
                    int childUpper = TranspositionTable.upper(child);
                    if (-childUpper >= beta && TranspositionTable.selectivity(child) >= selectivity) { // enhanced transposition cut-off
                        table.store(me, opp, empties, selectivity, -childUpper, INF, sq);
                        return -childUpper;
                    }
                    inTable |= 1L << i;
                }
            }
        }
        OrderCache cache = empties >= ORDER_CACHE_EMPTIES && orderCache != null && n <= OrderCache.MOVES
                ? orderCache : null;
        int slot = cache != null ? cache.slot(me, opp, empties) : -1; // this position's kept order keys
        int check = cache != null ? OrderCache.check(me, opp) : 0;
        for (int i = 0; i < n; i++) { // the i-th move in square order keyed
            int sq = sqs[i];
            long f = flips[i];
            int key;
            long reply = UNKNOWN_MOVES;
            if (sq == ttMove) {
                key = Integer.MIN_VALUE;
            } else {
                key = cache != null ? cache.key(slot, i, check) : OrderCache.NONE;
                if (key == OrderCache.NONE) {
                    key = orderKey(opp & ~f, me | f | 1L << sq, empties);
                    reply = lastReply;
                    if (cache != null) {
                        cache.put(slot, i, check, key);
                    }
                }
                if ((inTable >>> i & 1) != 0) {
                    key -= 8 * TIE; // a known child is cheap to search again
                }
            }
            replies[i] = reply;
            order[i] = (long) key << 8 | i; // the key above the move's index: one long to compare and move
        }
        int parity = empties - 1 <= SHALLOW ? parity(~(me | opp)) : 0; // the children's, move by move, for the shallow search
        int best = -INF;
        int bestMove = -1;
        int a = alpha;
        for (int i = 0; i < n; i++) {
            if (i == 1 && splitter != null && empties >= Splitter.MIN_EMPTIES && splitter.hasIdle()) {
                // the first move searched alone (young brothers wait); the others shared with the idle threads
                Arrays.sort(order, 1, n); // the others, in key order
                int[] restSqs = new int[n - 1];
                long[] restFlips = new long[n - 1];
                for (int r = 1; r < n; r++) {
                    int at = (int) order[r] & 0xff;
                    restSqs[r - 1] = sqs[at];
                    restFlips[r - 1] = flips[at];
                }
                Splitter.SplitPoint sp = new Splitter.SplitPoint(me, opp, restSqs, restFlips, a, beta, best, bestMove, current);
                splitter.run(this, sp);
                best = sp.best;
                bestMove = sp.bestMove;
                break;
            }
            // the lowest key left is picked as the moves are searched, not all sorted first: a cut
            // comes at the first move in 54-74% of the nodes of 7-12 empties, and then needs no more
            long first = order[i];
            int firstAt = i;
            for (int k = i + 1; k < n; k++) {
                if (order[k] < first) {
                    first = order[k];
                    firstAt = k;
                }
            }
            order[firstAt] = order[i];
            order[i] = first;
            int at = (int) first & 0xff;
            int sq = sqs[at];
            long f = flips[at];
            long nextMe = opp & ~f;
            long nextOpp = me | f | 1L << sq;
            int p = parity ^ QUADRANT_BIT[sq];
            long reply = replies[at];
            int v;
            if (i == 0) {
                v = -child(nextMe, nextOpp, -beta, -a, empties - 1, p, reply);
            } else {
                v = -child(nextMe, nextOpp, -a - 1, -a, empties - 1, p, reply);
                if (v > a && v < beta) {
                    v = -child(nextMe, nextOpp, -beta, -v, empties - 1, p, reply);
                }
            }
            if (v > best) {
                best = v;
                bestMove = sq;
                if (v > a) {
                    a = v;
                    if (a >= beta) {
                        break;
                    }
                }
            }
        }
        if (best >= beta) {
            table.store(me, opp, empties, selectivity, best, INF, bestMove);
        } else if (best <= alpha) {
            table.store(me, opp, empties, selectivity, -INF, best, bestMove);
        } else {
            table.store(me, opp, empties, selectivity, best, best, bestMove);
        }
        return best;
    }

    /** What {@link #probcut} gives when it does not cut. */
    private static final int NO_CUT = Integer.MIN_VALUE;

    /** The depth of ProbCut's shallow search at a node with so many empties. */
    static int probcutDepth(int empties) {
        return empties >= 24 ? 6 : empties >= 18 ? 4 : 2;
    }

    /** The standard deviation, in discs, of the error of a shallow search of that depth at so many empties. */
    static double probcutSigma(int empties, int depth) {
        return SIGMA_BASE + SIGMA_PER_EMPTY * empties - SIGMA_PER_DEPTH * depth;
    }

    private static final double SIGMA_BASE = Double.parseDouble(System.getProperty("thordb.sigmaBase", "6.0"));
    private static final double SIGMA_PER_EMPTY = Double.parseDouble(System.getProperty("thordb.sigmaEmpty", "0.05"));
    private static final double SIGMA_PER_DEPTH = Double.parseDouble(System.getProperty("thordb.sigmaDepth", "0.25"));

    /**
     * Multi-ProbCut: when a shallow search of the evaluation says, with the selectivity's
     * confidence, that the exact score is at least beta (or at most alpha), the node is cut
     * there: beta (or alpha) as a bound that rests on this selectivity only.
     */
    private int probcut(long me, long opp, int alpha, int beta, int empties) {
        int depth = probcutDepth(empties);
        double margin = PROBCUT_T[selectivity] * probcutSigma(empties, depth);
        int s = Evaluation.SCALE;
        int bias = (depth & 1) == 0 ? EVEN_BIAS : 0;
        if (beta < 64) {
            int bound = (int) Math.round((beta + margin) * s) + bias;
            if (bound < EVAL_INF - 1 && evalSearch(me, opp, depth, bound - 1, bound) >= bound) {
                return beta;
            }
        }
        if (alpha > -64) {
            int bound = (int) Math.round((alpha - margin) * s) + bias;
            if (bound > -EVAL_INF + 1 && evalSearch(me, opp, depth, bound, bound + 1) <= bound) {
                return alpha;
            }
        }
        return NO_CUT;
    }

    /** How much a search of an even depth overrates the mover (the last move is the opponent's), in 1/SCALE discs. */
    private static final int EVEN_BIAS = 2 * Evaluation.SCALE;
}
