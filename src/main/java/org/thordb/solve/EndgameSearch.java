package org.thordb.solve;

import org.thordb.othello.Bitboards;

/**
 * One thread's exact endgame search: negamax alpha-beta to the end of the game, as principal
 * variation search (the first move with the open window, the others with a null window and a
 * re-search when they beat it). Near the end (at most {@link #SHALLOW} empties) moves are tried
 * square by square, odd quadrants first (parity), with no table; deeper, moves are generated and
 * ordered fastest first (the reply that leaves the opponent fewest moves, corners counted twice,
 * the table's best move before all), the table is asked for bounds (and, for each child, for a cut
 * before any child is searched), and a node whose opponent already holds enough stable discs is
 * cut. Scores are final disc differences for the side to move, empty squares to the winner.
 *
 * <p>Usage: {@code int score = new EndgameSearch(new TranspositionTable(20), control).search(me, opp, -64, 64);}
 */
final class EndgameSearch {
    /** Above every score. */
    static final int INF = 100;
    /** At most this many empties: square by square, no table, no move generation. */
    static final int SHALLOW = 6;
    /** From this many empties the children are looked up in the table before any is searched. */
    private static final int ETC_EMPTIES = 12;

    private static final long CORNERS = 0x8100000000000081L;

    /**
     * The alpha from which a node with so many empties counts its opponent's stable discs: a cut
     * needs {@code 64 - 2 * stable <= alpha}, and with many empties few discs are stable, so only a
     * high alpha can be cut (below these the count costs more than it cuts).
     */
    private static final int[] STABILITY_ALPHA = new int[61];

    static {
        for (int e = 0; e <= 60; e++) {
            STABILITY_ALPHA[e] = Math.min(64, 2 * e + 4);
        }
    }

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

    private static final Stopped STOPPED = new Stopped();

    final TranspositionTable tt;
    final SolveControl control;
    long nodes;

    // per-empties buffers for move ordering, so that no node allocates
    private final int[][] moveBuf = new int[61][40];
    private final int[][] keyBuf = new int[61][40];
    private final long[][] flipBuf = new long[61][40];

    EndgameSearch(TranspositionTable tt, SolveControl control) {
        this.tt = tt;
        this.control = control;
    }

    /** The final score of a finished game for the side with {@code me}: empties go to the winner. */
    static int finalScore(long me, long opp) {
        int p = Long.bitCount(me);
        int o = Long.bitCount(opp);
        int e = 64 - p - o;
        return p > o ? p + e - o : p < o ? p - o - e : 0;
    }

    private void tick() {
        if ((++nodes & 1023) == 0 && control.shouldStop(1024)) {
            throw STOPPED;
        }
    }

    /** The exact score within {@code (alpha, beta)}, fail-soft: below alpha an upper bound, above beta a lower bound. */
    int search(long me, long opp, int alpha, int beta) {
        int empties = 64 - Long.bitCount(me | opp);
        if (empties <= SHALLOW) {
            return shallow(me, opp, alpha, beta, empties, false);
        }
        return deep(me, opp, alpha, beta, empties);
    }

    /** The score with one empty square left. */
    private int last1(long me, long opp, int sq) {
        tick();
        long f = Flips.of(me, opp, sq);
        if (f != 0) {
            return 2 * (Long.bitCount(me) + Long.bitCount(f)) + 2 - 64;
        }
        f = Flips.of(opp, me, sq);
        if (f != 0) {
            return 64 - 2 * (Long.bitCount(opp) + Long.bitCount(f) + 1);
        }
        int p = Long.bitCount(me);
        return p > 31 ? 2 * p + 2 - 64 : 2 * p - 64; // 63 discs: the empty square to the one ahead
    }

    // measured on FFO #20-#39 (lines 4-17: 358 M nodes with mobility alone, 130 M with these)
    /** From this many empties the order adds a one-move search of the rough midgame value. */
    private static final int SORT_SEARCH_EMPTIES = 12;
    /** From this many empties that search is two moves deep. */
    private static final int SORT_SEARCH2_EMPTIES = 16;
    /** The weight of that value against the opponent's mobility (16 a move). */
    private static final int SORT_EVAL_WEIGHT = 8;

    /**
     * The order key of a move whose position is {@code (nextMe, nextOpp)} (the opponent to move):
     * lower first. The opponent's mobility (corners twice); with many empties also a shallow search
     * of the rough midgame value.
     */
    int orderKey(long nextMe, long nextOpp, int empties) {
        return orderKey(nextMe, nextOpp, empties, empties >= SORT_SEARCH2_EMPTIES ? 2 : 1);
    }

    /** {@link #orderKey(long, long, int)} with the shallow search {@code depth} deep. */
    int orderKey(long nextMe, long nextOpp, int empties, int depth) {
        long reply = Bitboards.legalMoves(nextMe, nextOpp);
        int key = 16 * Long.bitCount(reply) + 16 * Long.bitCount(reply & CORNERS);
        if (empties >= SORT_SEARCH_EMPTIES) {
            key += SORT_EVAL_WEIGHT * evalSearch(nextMe, nextOpp, depth, -INF * 8, INF * 8);
        }
        return key;
    }

    /** How deep the midgame search that orders the moves of the principal variation's nodes goes. */
    static final int PV_SORT_DEPTH = 4;

    // the weights of the rough value, tuned on the same positions
    private static final int EVAL_MOB = 8;
    private static final int EVAL_POT = 2;
    private static final int EVAL_CORNER = 24;
    private static final int EVAL_X = 12;

    /** The X squares (diagonal neighbours) of the given corners. */
    private static long xSquares(long corners) {
        long x = 0;
        if ((corners & 1L) != 0) {
            x |= 1L << 9;
        }
        if ((corners & 1L << 7) != 0) {
            x |= 1L << 14;
        }
        if ((corners & 1L << 56) != 0) {
            x |= 1L << 49;
        }
        if ((corners & 1L << 63) != 0) {
            x |= 1L << 54;
        }
        return x;
    }

    /** Squares next to a square (the 8 neighbours), for potential mobility. */
    private static long around(long b) {
        long h = ((b << 1) & 0xfefefefefefefefeL) | ((b >>> 1) & 0x7f7f7f7f7f7f7f7fL);
        long x = b | h;
        return h | (x << 8) | (x >>> 8);
    }

    /**
     * A rough midgame value for the side to move, for ordering only: mobility (corners twice),
     * potential mobility (empty squares next to the opponent's discs) and corners held.
     */
    static int eval(long me, long opp) {
        long empty = ~(me | opp);
        long mm = Bitboards.legalMoves(me, opp);
        long om = Bitboards.legalMoves(opp, me);
        int mob = Long.bitCount(mm) + Long.bitCount(mm & CORNERS) - Long.bitCount(om) - Long.bitCount(om & CORNERS);
        int pot = Long.bitCount(around(opp) & empty) - Long.bitCount(around(me) & empty);
        int corners = Long.bitCount(me & CORNERS) - Long.bitCount(opp & CORNERS);
        long x = xSquares(empty & CORNERS); // X squares beside an empty corner give it away
        int xs = Long.bitCount(opp & x) - Long.bitCount(me & x);
        return EVAL_MOB * mob + EVAL_POT * pot + EVAL_CORNER * corners + EVAL_X * xs;
    }

    /** A shallow alpha-beta on {@link #eval}, for the order of moves at nodes with many empties. */
    private int evalSearch(long me, long opp, int depth, int alpha, int beta) {
        if (depth == 0) {
            return eval(me, opp);
        }
        long moves = Bitboards.legalMoves(me, opp);
        if (moves == 0) {
            if (Bitboards.legalMoves(opp, me) == 0) {
                return 16 * finalScore(me, opp);
            }
            return -evalSearch(opp, me, depth, -beta, -alpha);
        }
        int best = -INF * 8;
        for (long m = moves; m != 0; m &= m - 1) {
            int sq = Long.numberOfTrailingZeros(m);
            long f = Flips.of(me, opp, sq);
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

    /** The quadrants holding an odd number of empty squares. */
    private static long oddQuadrants(long empty) {
        long odd = 0;
        for (long q : QUADRANTS) {
            if ((Long.bitCount(empty & q) & 1) != 0) {
                odd |= q;
            }
        }
        return odd;
    }

    /** Few empties: every empty square tried in parity order, no table. */
    private int shallow(long me, long opp, int alpha, int beta, int empties, boolean passed) {
        long empty = ~(me | opp);
        if (empties == 1) {
            return last1(me, opp, Long.numberOfTrailingZeros(empty));
        }
        tick();
        long odd = oddQuadrants(empty);
        int best = -INF;
        for (int round = 0; round < 2; round++) {
            long squares = round == 0 ? empty & odd : empty & ~odd;
            while (squares != 0) {
                int sq = Long.numberOfTrailingZeros(squares);
                squares &= squares - 1;
                long f = Flips.of(me, opp, sq);
                if (f == 0) {
                    continue;
                }
                int v = -shallow(opp & ~f, me | f | 1L << sq, -beta, -Math.max(alpha, best), empties - 1, false);
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
            return -shallow(opp, me, -beta, -alpha, empties, true);
        }
        return best;
    }

    /** Many empties: generated moves, fastest first, the table, enhanced cuts and stability. */
    private int deep(long me, long opp, int alpha, int beta, int empties) {
        tick();
        // the opponent's stable discs bound this side's score from above
        if (alpha >= STABILITY_ALPHA[empties]) {
            int max = 64 - 2 * Long.bitCount(Stability.stable(opp, me));
            if (max <= alpha) {
                return max;
            }
            beta = Math.min(beta, max);
        }
        long hit = tt.probe(me, opp);
        int ttMove = -1;
        if (hit != TranspositionTable.MISS) {
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
        long moves = Bitboards.legalMoves(me, opp);
        if (moves == 0) {
            if (Bitboards.legalMoves(opp, me) == 0) {
                return finalScore(me, opp);
            }
            return -deep(opp, me, -beta, -alpha, empties);
        }
        int[] sqs = moveBuf[empties];
        int[] keys = keyBuf[empties];
        long[] flips = flipBuf[empties];
        int n = 0;
        for (long m = moves; m != 0; m &= m - 1) {
            int sq = Long.numberOfTrailingZeros(m);
            long f = Flips.of(me, opp, sq);
            long nextMe = opp & ~f;
            long nextOpp = me | f | 1L << sq;
            int key;
            if (sq == ttMove) {
                key = -1000;
            } else {
                key = orderKey(nextMe, nextOpp, empties);
                if (empties >= ETC_EMPTIES) {
                    long child = tt.probe(nextMe, nextOpp);
                    if (child != TranspositionTable.MISS) {
                        int childUpper = TranspositionTable.upper(child);
                        if (-childUpper >= beta) { // enhanced transposition cut-off
                            tt.store(me, opp, empties, -childUpper, INF, sq);
                            return -childUpper;
                        }
                        key -= 8; // a known child is cheap to search again
                    }
                }
            }
            // insertion in key order (few moves)
            int i = n++;
            while (i > 0 && keys[i - 1] > key) {
                keys[i] = keys[i - 1];
                sqs[i] = sqs[i - 1];
                flips[i] = flips[i - 1];
                i--;
            }
            keys[i] = key;
            sqs[i] = sq;
            flips[i] = f;
        }
        int best = -INF;
        int bestMove = -1;
        int a = alpha;
        for (int i = 0; i < n; i++) {
            int sq = sqs[i];
            long f = flips[i];
            long nextMe = opp & ~f;
            long nextOpp = me | f | 1L << sq;
            int v;
            if (i == 0) {
                v = -search(nextMe, nextOpp, -beta, -a);
            } else {
                v = -search(nextMe, nextOpp, -a - 1, -a);
                if (v > a && v < beta) {
                    v = -search(nextMe, nextOpp, -beta, -v);
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
            tt.store(me, opp, empties, best, INF, bestMove);
        } else if (best <= alpha) {
            tt.store(me, opp, empties, -INF, best, bestMove);
        } else {
            tt.store(me, opp, empties, best, best, bestMove);
        }
        return best;
    }
}
