package org.thordb.solve;

import org.thordb.othello.Bitboards;

/**
 * A depth-limited search of the evaluation: negamax alpha-beta as principal variation search,
 * the table's best move first and the others by the evaluation of the position they lead to,
 * {@link Evaluation} at the leaves in discs; where the depth reaches the end of the game (at most
 * {@link #EXACT_EMPTIES} empties left) the exact solver finishes the line. Scores are disc
 * differences for the side to move; a value that rests on the evaluation anywhere is an
 * estimate. It shares the solver's table: its bounds are stored with their depth, and exact ones
 * (from the end of the game) serve every later search.
 *
 * <p>Usage: {@code int v = new MidgameSearch(new TranspositionTable(20), control).search(me, opp, -64, 64, 8);}
 */
final class MidgameSearch {
    /** At most this many empties, a line whose depth reaches the end is solved exactly (by default). */
    static final int EXACT_EMPTIES = 14;

    /**
     * A line this many moves short of the end, at most {@link #endgameEmpties} empties, is
     * solved to the end all the same: there a solve costs little more than the search it
     * replaces, and is exact where the evaluation errs by several discs.
     */
    static final int ENDGAME_SLACK = Integer.getInteger("thordb.endgameSlack", 6);

    /** At most this many empties, a line whose depth reaches the end is handed to the endgame search. */
    int endgameEmpties = EXACT_EMPTIES;

    private final TranspositionTable tt;
    private final SolveControl control;
    private final EndgameSearch endgame;
    /** The positions searched (the exact solver's counted in its own). */
    long nodes;

    /**
     * The selectivity: below {@link TranspositionTable#EXACT}, a null-window node whose shallow
     * search is far enough beyond the window is cut there (ProbCut), with the confidence of
     * {@link EndgameSearch#PROBCUT_T}; its bounds are stored as resting on that selectivity.
     */
    int selectivity = TranspositionTable.EXACT;

    /** From this depth a node orders its moves by the evaluation of the position each leads to. */
    static final int SORT_EVAL_DEPTH = Integer.getInteger("thordb.midSortEval", 4);

    /** The standard deviation, in discs, between a search and a shallower one of the same parity (measured on FFO positions at 24 to 48 empties: 2.2 to 4.1). */
    static final double PROBCUT_SIGMA = 3.5;

    private final int[][] moveBuf = new int[64][40];
    private final int[][] keyBuf = new int[64][40];
    private final long[][] flipBuf = new long[64][40];

    MidgameSearch(TranspositionTable tt, SolveControl control) {
        this.tt = tt;
        this.control = control;
        this.endgame = new EndgameSearch(tt, control);
    }

    /** The endgame search lines that reach the end are handed to (its selectivity is theirs). */
    EndgameSearch endgame() {
        return endgame;
    }

    /** All positions searched, the exact solver's too. */
    long allNodes() {
        return nodes + endgame.nodes + endgame.orderNodes;
    }

    /** The evaluation in whole discs, within the score range. */
    static int discs(int eval) {
        int v = Math.round(eval / (float) Evaluation.SCALE);
        return Math.max(-64, Math.min(64, v));
    }

    /**
     * One move from the leaves: each move's position evaluated straight away (no table, no
     * order: every child is a leaf), the best kept, cut at beta.
     */
    private int frontier(long me, long opp, int alpha, int beta, long moves) {
        int best = -EndgameSearch.INF;
        for (long m = moves; m != 0; m &= m - 1) {
            int sq = Long.numberOfTrailingZeros(m);
            long f = Bitboards.flipsOnEmpty(me, opp, sq);
            long nextMe = opp & ~f;
            long nextOpp = me | f | 1L << sq;
            nodes++;
            long replies = Bitboards.legalMoves(nextMe, nextOpp);
            int v;
            if (replies == 0 && Bitboards.legalMoves(nextOpp, nextMe) == 0) {
                v = -EndgameSearch.finalScore(nextMe, nextOpp);
            } else if (replies == 0) {
                v = discs(Evaluation.eval(nextOpp, nextMe)); // the opponent passes: the mover's turn again
            } else {
                v = -discs(Evaluation.eval(nextMe, nextOpp, replies));
            }
            if (v > best) {
                best = v;
                if (v >= beta) {
                    return v;
                }
            }
        }
        return best;
    }

    /**
     * The value of a position searched {@code depth} moves deep, within {@code (alpha, beta)}
     * (fail-soft, as the solver's): exact where every line reaches the end.
     */
    int search(long me, long opp, int alpha, int beta, int depth) {
        int empties = 64 - Long.bitCount(me | opp);
        if (depth + ENDGAME_SLACK >= empties && empties <= endgameEmpties) {
            return endgame.search(me, opp, alpha, beta);
        }
        if ((++nodes & 1023) == 0 && control.shouldStop(1024)) {
            throw new EndgameSearch.Stopped();
        }
        long moves = Bitboards.legalMoves(me, opp);
        if (depth <= 0) {
            return discs(Evaluation.eval(me, opp, moves));
        }
        if (moves == 0) {
            if (Bitboards.legalMoves(opp, me) == 0) {
                return EndgameSearch.finalScore(me, opp);
            }
            return -search(opp, me, -beta, -alpha, depth); // a pass costs no depth
        }
        if (depth == 1 && empties > endgameEmpties) {
            return frontier(me, opp, alpha, beta, moves);
        }
        long hit = tt.probe(me, opp);
        int ttMove = -1;
        if (hit != TranspositionTable.MISS) {
            ttMove = TranspositionTable.move(hit);
            if (TranspositionTable.depth(hit) >= Math.min(depth, empties)
                    && TranspositionTable.selectivity(hit) >= selectivity) {
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
            }
        }
        if (selectivity < TranspositionTable.EXACT && depth >= 4 && beta == alpha + 1 && depth < empties) {
            int shallow = (depth / 4) * 2 + (depth & 1); // the same parity: no odd-even bias
            double margin = EndgameSearch.PROBCUT_T[selectivity] * PROBCUT_SIGMA;
            int hi = (int) Math.ceil(beta + margin);
            if (hi < 64 && search(me, opp, hi - 1, hi, shallow) >= hi) {
                return beta;
            }
            int lo = (int) Math.floor(alpha - margin);
            if (lo > -64 && search(me, opp, lo, lo + 1, shallow) <= lo) {
                return alpha;
            }
        }
        int d = Math.min(depth, empties);
        int[] sqs = moveBuf[d];
        int[] keys = keyBuf[d];
        long[] flips = flipBuf[d];
        int n = 0;
        for (long m = moves; m != 0; m &= m - 1) {
            int sq = Long.numberOfTrailingZeros(m);
            long f = Bitboards.flipsOnEmpty(me, opp, sq);
            long nextMe = opp & ~f;
            long nextOpp = me | f | 1L << sq;
            // the table's move first; deep nodes: the opponent's evaluation after the move, lower
            // first; shallower: its mobility, corners twice (an evaluation a child costs more there
            // than it saves)
            int key;
            if (sq == ttMove) {
                key = Integer.MIN_VALUE;
            } else if (depth >= SORT_EVAL_DEPTH) {
                key = Evaluation.eval(nextMe, nextOpp);
            } else {
                long reply = Bitboards.legalMoves(nextMe, nextOpp);
                key = Long.bitCount(reply) + Long.bitCount(reply & 0x8100000000000081L);
            }
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
        int best = -EndgameSearch.INF;
        int bestMove = -1;
        int a = alpha;
        for (int i = 0; i < n; i++) {
            long f = flips[i];
            long nextMe = opp & ~f;
            long nextOpp = me | f | 1L << sqs[i];
            int v;
            if (i == 0) {
                v = -search(nextMe, nextOpp, -beta, -a, depth - 1);
            } else {
                v = -search(nextMe, nextOpp, -a - 1, -a, depth - 1);
                if (v > a && v < beta) {
                    v = -search(nextMe, nextOpp, -beta, -v, depth - 1);
                }
            }
            if (v > best) {
                best = v;
                bestMove = sqs[i];
                if (v > a) {
                    a = v;
                    if (a >= beta) {
                        break;
                    }
                }
            }
        }
        int stored = Math.min(depth, empties);
        if (best >= beta) {
            tt.store(me, opp, stored, selectivity, best, EndgameSearch.INF, bestMove);
        } else if (best <= alpha) {
            tt.store(me, opp, stored, selectivity, -EndgameSearch.INF, best, bestMove);
        } else {
            tt.store(me, opp, stored, selectivity, best, best, bestMove);
        }
        return best;
    }
}
