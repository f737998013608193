package org.thordb.solve;

import java.util.LinkedHashMap;
import java.util.Map;
import org.thordb.othello.Position;
import org.thordb.othello.Side;

/**
 * Exact endgame solving: the final disc difference under perfect play for the side to move (empty
 * squares to the winner, as WTHOR counts them), a best move, and on request the exact score of every
 * legal move; or only the outcome (win, draw, loss), far cheaper. Works on any 8×8 position, passes
 * included; no store is needed. A node or time limit stops a solve cleanly as "not solved".
 *
 * <p>Usage:
 * <pre>{@code
 * Solver.Result r = Solver.solve(Position.parseBoard(board));
 * System.out.println(r.score() + " " + Notation.name(r.best()) + " Black " + r.blackDiscs());
 * }</pre>
 */
public final class Solver {
    /**
     * How a solve runs.
     *
     * @param maxNodes stop after about this many nodes (0: no limit)
     * @param maxMillis stop after about this many milliseconds (0: no limit)
     * @param tableBits the transposition table holds {@code 2^tableBits} positions (32 bytes each)
     * @param threads the threads searching (the machine's cores by default)
     */
    public record Options(long maxNodes, long maxMillis, int tableBits, int threads) {
        /**
         * No limit, a table of 2^21 positions (64 MB; 4 MB more for positions of 12-14 empties, 512
         * KB a thread for fewer, and the order keys of positions of 17 empties or more, shared: 770
         * KB once a solve meets 20 empties, 12 MB from 22), every core.
         */
        public static Options defaults() {
            return new Options(0, 0, 21, Runtime.getRuntime().availableProcessors());
        }

        /** These options with a node and time limit. */
        public Options limited(long nodes, long millis) {
            return new Options(nodes, millis, tableBits, threads);
        }

        /** These options with a table of {@code 2^bits} positions (smaller is quicker to make: small solves). */
        public Options withTableBits(int bits) {
            return new Options(maxNodes, maxMillis, Math.max(10, Math.min(26, bits)), threads);
        }

        /** These options with so many threads. */
        public Options withThreads(int n) {
            return new Options(maxNodes, maxMillis, tableBits, Math.max(1, n));
        }
    }

    /**
     * What a solve found.
     *
     * @param solved false when a limit stopped it: then score and best mean nothing
     * @param score the final disc difference for the side to move under perfect play (Black's when
     *     the game is over)
     * @param best a move that reaches it (-1 when there is no move: the game is over)
     * @param blackDiscs Black's discs at the end under perfect play, empties to the winner
     * @param moveScores with {@code allMoves}, each legal move's exact score, best first; else empty
     * @param nodes the positions searched
     * @param nanos the time taken
     */
    public record Result(boolean solved, int score, int best, int blackDiscs, Map<Integer, Integer> moveScores,
                         long nodes, long nanos) {
        /** Nodes a second. */
        public double nodesPerSecond() {
            return nanos == 0 ? 0 : nodes * 1e9 / nanos;
        }
    }

    /** Win, draw or loss for the side to move. */
    public enum Outcome { WIN, DRAW, LOSS }

    /**
     * What an outcome search found.
     *
     * @param solved false when a limit stopped it
     * @param outcome the outcome for the side to move (for Black when the game is over)
     * @param nodes the positions searched
     * @param nanos the time taken
     */
    public record OutcomeResult(boolean solved, Outcome outcome, long nodes, long nanos) {
    }

    private final Options options;
    private final TranspositionTable table;
    /**
     * The smaller tables for positions with few empties (a near one a thread, one mid one shared)
     * and the shared order keys of deep positions, kept as the large table is.
     */
    private final EndgameSearch.Local[] local;
    /** The team whose idle threads help this solver's solves, or null: its own helper threads. */
    private final SolverTeam team;

    /** A solver whose tables are kept from one solve to the next (positions of one game share much). */
    public Solver(Options options) {
        this(options, null);
    }

    /** A solver of a team ({@link SolverTeam#solver}). */
    Solver(Options options, SolverTeam team) {
        this.options = options;
        this.table = new TranspositionTable(options.tableBits());
        this.local = ParallelSearch.localTables(options.threads(), options.tableBits());
        this.team = team;
    }

    /**
     * Loads the evaluation's weights now, on a thread of their own ({@link Evaluation#preload}), so
     * that a command's first solves do not wait for them (110 ms; the other tables take a few
     * milliseconds): called before reading its input.
     */
    public static void preload() {
        Evaluation.preload();
    }

    /** The exact score and a best move of a position, with the default options. */
    public static Result solve(Position p) {
        return new Solver(Options.defaults()).solve(p, false);
    }

    /** Win, draw or loss of a position, with the default options. */
    public static OutcomeResult outcome(Position p) {
        return new Solver(Options.defaults()).outcomeOf(p);
    }

    private static long mover(Position p) {
        return p.toMove() == Side.WHITE ? p.white() : p.black();
    }

    private static long other(Position p) {
        return p.toMove() == Side.WHITE ? p.black() : p.white();
    }

    /** The exact score and best move; with {@code allMoves} the exact score of every legal move too. */
    public Result solve(Position p, boolean allMoves) {
        long t0 = System.nanoTime();
        if (p.toMove() == Side.NONE) {
            int s = EndgameSearch.finalScore(p.black(), p.white());
            return new Result(true, s, -1, (64 + s) / 2, Map.of(), 0, System.nanoTime() - t0);
        }
        SolveControl control = new SolveControl(options.maxNodes(), options.maxMillis());
        ParallelSearch search = new ParallelSearch(table, local, control, team);
        long me = mover(p);
        long opp = other(p);
        Map<Integer, Integer> scores = new LinkedHashMap<>();
        int[] bestMove = {-1};
        int score;
        try {
            score = allMoves ? search.everyMove(me, opp, scores, bestMove) : search.root(me, opp, -64, 64, bestMove);
        } catch (EndgameSearch.Stopped e) {
            return new Result(false, 0, -1, -1, Map.of(), search.nodes(), System.nanoTime() - t0);
        }
        int black = p.toMove() == Side.BLACK ? score : -score;
        return new Result(true, score, bestMove[0], (64 + black) / 2, scores, search.nodes(), System.nanoTime() - t0);
    }

    /**
     * Whether the side to move gets at least {@code target} discs more than the other under
     * perfect play: a null-window search, far cheaper than the exact score. Null when a limit
     * stopped it.
     *
     * @throws IllegalArgumentException for a finished game (no side to move)
     */
    public Boolean reaches(Position p, int target) {
        if (p.toMove() == Side.NONE) {
            throw new IllegalArgumentException("the game is over: no side to move");
        }
        SolveControl control = new SolveControl(options.maxNodes(), options.maxMillis());
        ParallelSearch search = new ParallelSearch(table, local, control, team);
        try {
            return search.root(mover(p), other(p), target - 1, target, new int[1]) >= target;
        } catch (EndgameSearch.Stopped e) {
            return null;
        }
    }

    /** Win, draw or loss: a search with the window around 0 only. */
    public OutcomeResult outcomeOf(Position p) {
        long t0 = System.nanoTime();
        if (p.toMove() == Side.NONE) {
            int s = EndgameSearch.finalScore(p.black(), p.white());
            return new OutcomeResult(true, s > 0 ? Outcome.WIN : s < 0 ? Outcome.LOSS : Outcome.DRAW, 0, System.nanoTime() - t0);
        }
        SolveControl control = new SolveControl(options.maxNodes(), options.maxMillis());
        ParallelSearch search = new ParallelSearch(table, local, control, team);
        try {
            int v = search.root(mover(p), other(p), -1, 1, new int[1]);
            return new OutcomeResult(true, v > 0 ? Outcome.WIN : v < 0 ? Outcome.LOSS : Outcome.DRAW, search.nodes(),
                    System.nanoTime() - t0);
        } catch (EndgameSearch.Stopped e) {
            return new OutcomeResult(false, null, search.nodes(), System.nanoTime() - t0);
        }
    }
}
