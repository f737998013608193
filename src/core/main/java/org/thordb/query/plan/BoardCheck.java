package org.thordb.query.plan;

import org.thordb.fault.Faults;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.index.IndexReader;
import org.thordb.index.MoveTable;
import org.thordb.othello.Bitboards;
import org.thordb.othello.Position;
import org.thordb.query.ast.BoardCondition;
import org.thordb.query.ast.BoardCondition.PatternMatch;
import org.thordb.query.ast.BoardCondition.Sequence;
import org.thordb.query.ast.BoardCondition.Window;
import org.thordb.store.Catalog;
import org.thordb.store.SolitaireRow;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BinaryOperator;
import java.util.function.Function;
import java.util.function.Predicate;
import org.roaringbitmap.IntIterator;
import org.roaringbitmap.RoaringBitmapWriter;
import org.thordb.fault.Cancellation;
import org.thordb.index.BorderPlies;
import org.thordb.index.EdgePatterns;
import org.thordb.othello.Side;

/**
 * A condition on the board compiled: how a query answers it. A pattern that gives three squares
 * or more of an edge takes its candidates from the edge index and checks their borders move by
 * move ({@link #answer}); every other condition is checked by replaying the moves of the games the
 * indexed parts of a query leave ({@link #filter}), on bare bitboards without allocating; alone,
 * on every game. A solitaire is one position: the condition is tested on it, without a move.
 *
 * <p>Usage: {@code RoaringBitmap cornerEarly = BoardCheck.filter(cond, GameMoves.of(r, r.all()), r.all());}
 */
public final class BoardCheck implements CompiledPredicate {
    private final BoardCondition condition;
    /** The pattern's edges, for a pattern; null for every other condition. */
    private final Edges edges;

    BoardCheck(BoardCondition condition) {
        this.condition = condition;
        this.edges = condition instanceof PatternMatch p ? new Edges(p) : null;
    }

    @Override
    public BoardCondition source() {
        return condition;
    }

    @Override
    public RoaringBitmap lookup(IndexReader r) {
        return answer(r, r.all()).games();
    }

    @Override
    public String access(Catalog c) {
        return "the moves of each game replayed on bitboards, without allocating";
    }

    /** A solitaire is one position: the condition on it, without a move (a sequence needs a game's moves). */
    @Override
    public Predicate<SolitaireRow> solitaireTest(Catalog c) {
        if (condition instanceof Sequence) {
            throw Faults.of(ErrorCode.QUERY, "'" + condition.text() + "': a solitaire"
                    + " is one position; a sequence needs the moves of a game");
        }
        if (!condition.window().equals(Window.ANY)) {
            throw Faults.of(ErrorCode.QUERY, "'" + condition.window().text() + "': a"
                    + " solitaire is one position; its board's fields take no move");
        }
        return s -> {
            Position q = PredicateCompiler.solitairePosition(s);
            return condition.holds(q.black(), q.white(), q.toMove() == Side.BLACK ? 0
                    : q.toMove() == Side.WHITE ? 1 : 2);
        };
    }

    /**
     * How a board condition was answered over some candidates: the games, the candidates the edge
     * index left, or the candidates checked on their edges without it (−1: neither), the games
     * replayed on bitboards, whether the edge index was read, and the candidates left by when
     * their border squares were taken ({@link BorderPlies}; −1 when not asked).
     */
    public record Answer(RoaringBitmap games, long edgeCandidates, long replayed, boolean indexRead, long plied) {
    }

    /**
     * The games among {@code candidates} whose board satisfies the condition. A pattern with three
     * or more squares on an edge takes its candidates from the edge index ({@link
     * EdgePatterns}) when they are many, and needs nothing more when the index
     * answers it exactly; a pattern that gives squares of the border has its candidates' borders
     * checked move by move, which answers it when it gives no other
     * square; every other game is replayed ({@link #filter}).
     */
    public Answer answer(IndexReader r, RoaringBitmap candidates) {
        if (edges != null && edges.bordered()) {
            Edges p = edges;
            boolean exact = p.edgeIndexed(r) && p.edgesExact();
            // over most of the base, first the games whose border squares were taken in time (the
            // slices are read for every game: a few hundred candidates are checked sooner directly);
            // they are made by a process that asked for a board over most games before (the move
            // table made), not by a one-shot command, which would spend more on them than they save
            boolean warm = MoveTable.ifMade(r) != null;
            // a pattern whose border the slices answer exactly, with squares inside: each game is
            // then replayed in the orientations its border fits only
            boolean oriented = !p.pliedExact() && p.pliedBorderExact() && p.side < 0;
            BorderPlies.Fits fits = !exact && many(r, candidates) ? p.plied(r, warm, oriented) : null;
            RoaringBitmap left = fits == null ? candidates : RoaringBitmap.and(candidates, fits.games());
            if (fits != null && p.pliedExact()) {
                // the slices answer it (an edge whose discs have an empty square beside them): the
                // games left but those that end before the window
                org.thordb.index.GameMoves t = org.thordb.index.GameMoves.of(r, left);
                RoaringBitmap games = p.longEnough(t, left);
                return new Answer(games, -1, 0, false, left.getLongCardinality());
            }
            if (fits != null && p.pliedBorderExact()) {
                // the slices left the games whose border fits: no border check to make, only the
                // squares inside (or the side to move) to see, on the board replayed
                org.thordb.index.GameMoves t = org.thordb.index.GameMoves.of(r, left);
                RoaringBitmap games = oriented ? p.replayFitting(t, left, fits) : filter(condition, t, left);
                return new Answer(games, -1, left.getLongCardinality(), false, left.getLongCardinality());
            }
            boolean read = p.edgeIndexed(r) && p.worthReading(r, left);
            RoaringBitmap edged = read ? p.edgeCandidates(r, left) : left;
            long plied = fits == null ? -1 : left.getLongCardinality();
            if (read && (exact || edged.isEmpty())) {
                return new Answer(edged, edged.getLongCardinality(), 0, true, plied);
            }
            org.thordb.index.GameMoves t = org.thordb.index.GameMoves.of(r, edged);
            RoaringBitmap replay = new RoaringBitmap();
            LongAdder replayedThere = new LongAdder();
            RoaringBitmap games = p.onEdges(t, edged, replay, replayedThere);
            games.or(filter(condition, t, replay));
            return new Answer(games, edged.getLongCardinality(), replay.getLongCardinality() + replayedThere.sum(), read, plied);
        }
        return new Answer(filter(condition, org.thordb.index.GameMoves.of(r, candidates), candidates), -1,
                candidates.getLongCardinality(), false, -1);
    }

    /** Whether the candidates are a twentieth of the games or more (then {@link org.thordb.index.GameMoves#of} makes the move table too). */
    private static boolean many(IndexReader r, RoaringBitmap candidates) {
        return candidates.getLongCardinality() * 20 >= r.catalog().games();
    }

    /**
     * The games among {@code candidates} whose board satisfies the condition at one of the window's
     * moves. Each game is replayed from its moves in the table; a move the presumed player cannot
     * play is the other's (the presumed player passed), so a step costs one flip computation.
     */
    public static RoaringBitmap filter(BoardCondition c, org.thordb.index.GameMoves t, RoaringBitmap candidates) {
        if (c instanceof Sequence q) {
            return filter(q, t, candidates);
        }
        Thread owner = Thread.currentThread();
        return inHalves(candidates, part -> filter(c, t, part, owner), (a, b) -> {
            a.or(b);
            return a;
        });
    }

    /**
     * {@code part} of the candidates, merged: when they are many, in two halves side by side (the
     * machines this runs on have two cores or more), the half on the other thread stopping when
     * this one is told to ({@link #cancelled}); else at once.
     */
    private static <R> R inHalves(RoaringBitmap candidates, Function<RoaringBitmap, R> part,
                                  BinaryOperator<R> merge) {
        int n = candidates.getCardinality();
        if (n < halvesFrom()) {
            return part.apply(candidates);
        }
        RoaringBitmap low = candidates.limit(n / 2);
        RoaringBitmap high = RoaringBitmap.andNot(candidates, low);
        ForkJoinTask<R> lowOut = ForkJoinPool.commonPool().submit(() -> part.apply(low));
        R out;
        try {
            out = part.apply(high);
        } catch (RuntimeException e) {
            lowOut.cancel(false);
            throw e;
        }
        return merge.apply(out, lowOut.join());
    }

    /**
     * {@link Cancellation#check()} for the request whose thread is {@code owner}:
     * a half of a long loop run on another thread stops when the request's own thread is told to.
     */
    private static void cancelled(Thread owner) {
        if (owner == Thread.currentThread()) {
            Cancellation.check();
        } else if (owner.isInterrupted()) {
            throw Faults.of(ErrorCode.CANCELLED, "the work was cancelled before its end");
        }
    }

    /** From this many candidates a check runs in two halves side by side (a property, so that the tests' smaller bases take both ways). */
    private static int halvesFrom() {
        return Integer.getInteger("thordb.edgesInHalvesFrom", 200_000);
    }

    private static RoaringBitmap filter(BoardCondition c, org.thordb.index.GameMoves t, RoaringBitmap candidates, Thread owner) {
        RoaringBitmap out = new RoaringBitmap();
        byte[] moves = t.moves();
        Window w = c.window();
        boolean side = c.needsSide();
        long[] state = new long[3];
        IntIterator it = candidates.getIntIterator();
        int[] batch = new int[scattered(candidates) ? PREFETCH : 1];
        int size = 0;
        int next = 0;
        int steps = 0;
        int touched = 0;
        while (next < size || it.hasNext()) {
            if (next == size) {
                size = fill(it, batch);
                next = 0;
                touched += touch(t, moves, batch, size);
            }
            int id = batch[next++];
            if ((++steps & 2047) == 0) {
                cancelled(owner);
            }
            if (t.side(id) != 8) {
                continue; // boards are 8×8
            }
            int n = t.moveCount(id);
            int from = w.end() ? n : w.from();
            int to = w.end() ? n : Math.min(w.to(), n);
            if (from > to) {
                continue; // the game ends before the moves asked about
            }
            if (replayHolds(c, side, moves, t.offset(id), from, to, state)) {
                out.add(id);
            }
        }
        sink = touched;
        return out;
    }

    /**
     * Whether a game's board satisfies the condition at one of the moves {@code from} to {@code
     * to}: its moves (from {@code off}) replayed on bare bitboards in {@code state}, a move the
     * presumed player cannot play being the other's; stops at the first move it holds, or once it
     * cannot hold any more (its empty squares all taken).
     */
    private static boolean replayHolds(BoardCondition c, boolean side, byte[] moves, int off, int from, int to, long[] state) {
        state[0] = START_BLACK;
        state[1] = START_WHITE;
        state[2] = 0; // who plays the next move, unless that player must pass
        for (int k = 0; ; k++) {
            long b = state[0];
            long wh = state[1];
            if (k >= from && c.holds(b, wh, side ? settle(b, wh, (int) state[2]) : -1)) {
                return true;
            }
            if (k == to) {
                return false;
            }
            MoveTable.step(state, moves[off + k]);
            if (c.hopeless(state[0], state[1])) {
                return false;
            }
        }
    }

    private static final long START_BLACK = Position.start().black();
    private static final long START_WHITE = Position.start().white();

    /** Games whose moves are asked for together before they are checked, when they lie scattered over the table. */
    private static final int PREFETCH = 32;
    /** Where the batches' first reads go, so that the compiler keeps them. */
    private static volatile int sink;

    /**
     * Whether candidates lie scattered over the table (under half the ids between their first and
     * last): each game's moves then wait on memory one at a time (150 ns a game against 55 when
     * they follow one another), unless a batch's moves are asked for first, side by side.
     */
    private static boolean scattered(RoaringBitmap candidates) {
        return !candidates.isEmpty()
                && 2L * candidates.getLongCardinality() < (long) candidates.last() - candidates.first() + 1;
    }

    /** The next ids into {@code batch}; how many. */
    private static int fill(IntIterator it, int[] batch) {
        int size = 0;
        while (size < batch.length && it.hasNext()) {
            batch[size++] = it.next();
        }
        return size;
    }

    /** Asks for the first and last byte of each batched game's moves (a batch of one: nothing). */
    private static int touch(org.thordb.index.GameMoves t, byte[] moves, int[] batch, int size) {
        int sum = 0;
        for (int b = 0; b < size && batch.length > 1; b++) {
            int off = t.offset(batch[b]);
            sum += moves[off] + moves[off + MoveTable.MOVES - 1];
        }
        return sum;
    }

    /** The side to move on a board, the presumed next player first: 0, 1, or 2 when nobody can move. */
    private static int settle(long black, long white, int presumed) {
        long me = presumed == 0 ? black : white;
        long opp = presumed == 0 ? white : black;
        if (Bitboards.legalMoves(me, opp) != 0) {
            return presumed;
        }
        return Bitboards.legalMoves(opp, me) != 0 ? 1 - presumed : 2;
    }

    /** A sequence's games: per step, the moves at which the sequence can have reached it, as a bit a move. */
    private static RoaringBitmap filter(Sequence q, org.thordb.index.GameMoves t, RoaringBitmap candidates) {
        List<BoardCondition> steps = q.steps();
        List<Integer> within = q.within();
        RoaringBitmap out = new RoaringBitmap();
        byte[] moves = t.moves();
        boolean side = q.needsSide();
        long[] state = new long[3];
        long[] holds = new long[steps.size()];
        IntIterator it = candidates.getIntIterator();
        int games = 0;
        while (it.hasNext()) {
            int id = it.next();
            if ((++games & 2047) == 0) {
                Cancellation.check();
            }
            if (t.side(id) != 8) {
                continue;
            }
            int n = t.moveCount(id);
            Arrays.fill(holds, 0);
            state[0] = Position.start().black();
            state[1] = Position.start().white();
            state[2] = 0;
            int off = t.offset(id);
            for (int k = 0; ; k++) {
                long b = state[0];
                long w = state[1];
                int s = side ? settle(b, w, (int) state[2]) : -1;
                for (int i = 0; i < holds.length; i++) {
                    BoardCondition c = steps.get(i);
                    Window win = c.window();
                    int from = win.end() ? n : win.from();
                    int to = win.end() ? n : Math.min(win.to(), n);
                    if (k >= from && k <= to && c.holds(b, w, s)) {
                        holds[i] |= 1L << k;
                    }
                }
                if (k == n) {
                    break;
                }
                MoveTable.step(state, moves[off + k]);
            }
            long reach = holds[0];
            for (int i = 1; i < holds.length && reach != 0; i++) {
                long later = 0;
                for (int d = 1; d <= within.get(i - 1) && d <= 60; d++) {
                    later |= reach << d;
                }
                reach = holds[i] & later;
            }
            if (reach != 0) {
                out.add(id);
            }
        }
        return out;
    }

    /** What a pattern's edges say: which the edge index is read for, and its candidates' borders checked move by move. */
    private static final class Edges {
        private final PatternMatch pattern;
        private final long[] masks;
        private final int side;
        private final boolean anyOrientation;
        private final Window window;
        /** The edges the edge index is read for, and each one's terms, worked out once (not at each question below). */
        private final int[][] indexedEdges;
        private final int[][] indexedTerms;

        Edges(PatternMatch p) {
            this.pattern = p;
            this.masks = p.masks();
            this.side = p.side();
            this.anyOrientation = p.anyOrientation();
            this.window = p.window();
            List<int[]> specs = new ArrayList<>();
            List<int[]> terms = new ArrayList<>();
            indexedEdges(specs, terms);
            this.indexedEdges = specs.toArray(new int[0][]);
            this.indexedTerms = terms.toArray(new int[0][]);
            this.locks = new long[masks.length / 3][];
            for (int o = 0; o < locks.length; o++) {
                locks[o] = locks(masks[3 * o], masks[3 * o + 1]);
            }
        }

        /**
         * For each orientation, triples (a square it gives one colour, its shield, 1 when the
         * colour that locks it is Black's): when the square holds the other colour and so does every
         * disc of its shield, it holds it for good, and the orientation can show no more.
         */
        private final long[][] locks;

        /**
         * The locks of an orientation giving {@code black} and {@code white}. The discs it gives that
         * are stable once they show (corners, and discs joined to a corner along their edge by discs
         * it gives of their colour: {@link BorderPlies#chained}) shield a square
         * given the other colour when, on each of the four lines through it, the squares from it to
         * one end of the board are all such discs of one colour: no move can then bracket it on that
         * line. A corner needs no shield. Only squares of the border and the four beside a corner
         * diagonally can have one (every other square has a square inside on both sides of a line),
         * and each disc of their shield comes with its whole run to its corner (along the edge for a
         * square of the border; for the square beside a corner, the corner and the two squares beside
         * both), so the shield showing makes each of its discs stable.
         */
        private static long[] locks(long black, long white) {
            long[] out = new long[0];
            for (int colour = 0; colour < 2; colour++) {
                long mine = colour == 0 ? black : white; // the colour that would lock
                long theirs = colour == 0 ? white : black; // the squares given the other
                long stable = BorderPlies.stableOnceShown(mine);
                for (long q = theirs; q != 0; q &= q - 1) {
                    int sq = Long.numberOfTrailingZeros(q);
                    long shield = shield(sq, stable);
                    if (shield != -1L) {
                        out = Arrays.copyOf(out, out.length + 3);
                        out[out.length - 3] = 1L << sq;
                        out[out.length - 2] = shield;
                        out[out.length - 1] = colour == 0 ? 1 : 0;
                    }
                }
            }
            return out;
        }

        /** The squares of {@code stable} that shield square {@code sq} on each of the four lines through it; −1 when some line has none. */
        private static long shield(int sq, long stable) {
            long out = 0;
            for (int[] d : new int[][] {{0, 1}, {1, 0}, {1, 1}, {1, -1}}) {
                long ahead = Bitboards.ray(sq, d[0], d[1]);
                long behind = Bitboards.ray(sq, -d[0], -d[1]);
                if ((ahead & ~stable) == 0) {
                    out |= ahead;
                } else if ((behind & ~stable) == 0) {
                    out |= behind;
                } else {
                    return -1L;
                }
            }
            return out;
        }


        /**
         * The written pattern's edges that the edge index is read for: those with 3 squares or more
         * given (at most 243 terms each), each set of terms once (a corner's two edges often ask
         * for the same: {@code XXX} along a row and down a column).
         */
        private void indexedEdges(List<int[]> used, List<int[]> terms) {
            long b = masks[0];
            long w = masks[1];
            long e = masks[2];
            for (int[] spec : EdgePatterns.specs(b, w, e)) {
                int given = 0;
                for (int x : spec) {
                    given += x >= 0 ? 1 : 0;
                }
                int[] matching = given >= 3 ? EdgePatterns.matching(spec) : null;
                if (matching != null && terms.stream().noneMatch(t -> Arrays.equals(t, matching))) {
                    used.add(spec);
                    terms.add(matching);
                }
            }
        }

        /**
         * The games among {@code candidates} that show, at some move, every edge configuration
         * this pattern requires in some orientation (each on some edge): a superset of its games,
         * from the edge index; null when the store has no edge index or the pattern gives fewer than
         * three squares of every edge.
         */
        public RoaringBitmap edgeCandidates(IndexReader r, RoaringBitmap candidates) {
            if (indexedTerms.length == 0 || !EdgePatterns.indexed(r)) {
                return null;
            }
            RoaringBitmap out = candidates;
            for (int[] terms : indexedTerms) {
                // read through the candidates when they are few (a conjunction's survivors): each
                // value is then probed for them container by container, which costs more than a
                // plain read once they lie in most containers (438,751 of ten million games: 5 times)
                IndexReader reader = out.getLongCardinality() * THROUGH_BELOW < r.gamesInScope() ? r.through(out) : r;
                out = RoaringBitmap.and(out, EdgePatterns.games(reader, terms));
                if (out.isEmpty()) {
                    break;
                }
            }
            return out;
        }

        /**
         * Whether checking borders first pays: the pattern gives no square inside the border and
         * no side to move (the border then answers it), or two squares of the border or more (a
         * check of a game's border costs a fifth of its replay, and leaves few games to replay).
         */
        public boolean bordered() {
            long given = masks[0] | masks[1] | masks[2];
            int onBorder = Long.bitCount(given & EdgePatterns.BORDER);
            return onBorder >= 2 || onBorder >= 1 && side < 0 && (given & ~EdgePatterns.BORDER) == 0;
        }

        /**
         * The games that can show this pattern's border in its window, from when each game's border
         * squares were taken ({@link BorderPlies}, made first when {@code make});
         * null when the window is the end of each game (a move that differs game by game), the
         * pattern gives no border square, or the slices are not made. Each orientation's games
         * apart too when {@code apart} ({@link BorderPlies#fits}).
         */
        public BorderPlies.Fits plied(IndexReader r, boolean make, boolean apart) {
            if (window.end()) {
                return null; // not made for a window they cannot answer
            }
            BorderPlies plies = make ? BorderPlies.of(r) : BorderPlies.ifMade(r);
            return plies == null ? null : plies.fits(masks, window.from(), window.to(), apart);
        }

        /**
         * The games among {@code games} (whose border fits this pattern's in the orientations {@code
         * fits} gives, at a move of its window) whose board shows it: each replayed, looked at in
         * the orientation it fits only when it fits one, and left as soon as that one cannot show
         * any more ({@link #locks}).
         */
        public RoaringBitmap replayFitting(org.thordb.index.GameMoves t, RoaringBitmap games,
                                          BorderPlies.Fits fits) {
            Thread owner = Thread.currentThread();
            return inHalves(games, part -> replayFitting(t, part, fits, owner), (a, b) -> {
                a.or(b);
                return a;
            });
        }

        private RoaringBitmap replayFitting(org.thordb.index.GameMoves t, RoaringBitmap games,
                                            BorderPlies.Fits fits, Thread owner) {
            RoaringBitmapWriter<RoaringBitmap> out = RoaringBitmapWriter.writer().get();
            byte[] moves = t.moves();
            IntIterator it = games.getIntIterator();
            int[] batch = new int[scattered(games) ? PREFETCH : 1];
            int steps = 0;
            int touched = 0;
            // a window from the slices' checkpoint on: each game replayed from its board kept there
            BorderPlies kept = window.from() >= BorderPlies.CHECKPOINT ? fits.plies() : null;
            long[] start = new long[3];
            while (it.hasNext()) {
                int size = fill(it, batch);
                touched += touch(t, moves, batch, size);
                for (int b = 0; b < size && kept != null && batch.length > 1; b++) {
                    touched += (int) kept.blackAtCheckpoint(batch[b]); // the kept boards asked for together too
                }
                for (int b = 0; b < size; b++) {
                    int id = batch[b];
                    if (t.side(id) != 8) {
                        continue;
                    }
                    int n = t.moveCount(id);
                    int to = Math.min(window.to(), n);
                    if (window.from() > to) {
                        continue;
                    }
                    if (kept != null) {
                        start[0] = kept.blackAtCheckpoint(id);
                        start[1] = kept.whiteAtCheckpoint(id);
                        start[2] = kept.whiteNextAtCheckpoint(id) ? 1 : 0;
                    }
                    int k0 = kept != null ? BorderPlies.CHECKPOINT : 0;
                    long[] s0 = kept != null ? start : START;
                    int live = fits.orientations(id);
                    if ((live & live - 1) == 0 ? showsIn(moves, t.offset(id), k0, s0, window.from(), to, Integer.numberOfTrailingZeros(live))
                            : shows(moves, t.offset(id), k0, s0, window.from(), to, live)) {
                        out.add(id);
                    }
                }
                steps += size;
                if (steps >= 8192) {
                    steps = 0;
                    cancelled(owner);
                }
            }
            sink = touched;
            return out.get();
        }

        /**
         * Whether a game's board shows this pattern in orientation {@code o} at one of the moves
         * {@code from} to {@code to}: its moves (from {@code off}) replayed from move {@code k0},
         * whose board {@code s0} is (Black's discs, White's, 1 when White is presumed next; before
         * {@code from}, the moves alone: half the time a move), left as soon as the orientation
         * cannot show any more (a square it gives empty taken, or a square it gives a colour locked
         * in the other, {@link #locks}).
         */
        private boolean showsIn(byte[] moves, int off, int k0, long[] s0, int from, int to, int o) {
            long black = masks[3 * o];
            long white = masks[3 * o + 1];
            long empty = masks[3 * o + 2];
            boolean blackMoves = s0[2] == 0; // whether the presumed mover is Black
            long mover = blackMoves ? s0[0] : s0[1]; // the presumed mover's discs, and the other's
            long other = blackMoves ? s0[1] : s0[0];
            for (int k = k0; ; k++) {
                if (k >= from) {
                    long b = blackMoves ? mover : other;
                    long w = blackMoves ? other : mover;
                    // one test, not three: a branch whose way changes from game to game costs more
                    if ((b & black ^ black | w & white ^ white | (b | w) & empty) == 0) {
                        return true;
                    }
                    if (k == to || ((b | w) & empty) != 0 | locked(o, b, w)) {
                        return false;
                    }
                }
                int sq = moves[off + k];
                long f = Bitboards.flipsOnEmpty(mover, other, sq);
                if (f == 0) { // the presumed mover passed: the move is the other's
                    long x = mover;
                    mover = other;
                    other = x;
                    blackMoves = !blackMoves;
                    f = Bitboards.flipsOnEmpty(mover, other, sq);
                }
                long played = mover | f | 1L << sq;
                mover = other & ~f;
                other = played;
                blackMoves = !blackMoves;
            }
        }

        /**
         * {@link #showsIn} for a game whose border fits more than one orientation ({@code live}, a
         * bit each), each looked at until it can show no more. Kept apart from {@link #showsIn}, whose
         * masks stay at hand: one method for both took 15% longer on the 3×3 corner at ten million games.
         */
        private boolean shows(byte[] moves, int off, int k0, long[] s0, int from, int to, int live) {
            long[] m = masks;
            boolean black = s0[2] == 0; // whether the presumed mover is Black
            long mover = black ? s0[0] : s0[1]; // the presumed mover's discs, and the other's
            long other = black ? s0[1] : s0[0];
            for (int k = k0; ; k++) {
                if (k >= from) {
                    long b = black ? mover : other;
                    long w = black ? other : mover;
                    long empty = ~(b | w);
                    for (int l = live; l != 0; l &= l - 1) {
                        int o = Integer.numberOfTrailingZeros(l);
                        int at = 3 * o;
                        if ((b & m[at] ^ m[at] | w & m[at + 1] ^ m[at + 1] | ~empty & m[at + 2]) == 0) {
                            return true;
                        }
                        boolean dead = (~empty & m[at + 2]) != 0 | locked(o, b, w);
                        live &= dead ? ~(1 << o) : -1;
                    }
                    if (k == to || live == 0) {
                        return false;
                    }
                }
                int sq = moves[off + k];
                long f = Bitboards.flipsOnEmpty(mover, other, sq);
                if (f == 0) { // the presumed mover passed: the move is the other's
                    long x = mover;
                    mover = other;
                    other = x;
                    black = !black;
                    f = Bitboards.flipsOnEmpty(mover, other, sq);
                }
                long played = mover | f | 1L << sq;
                mover = other & ~f;
                other = played;
                black = !black;
            }
        }

        /** The board before the first move, as {@link MoveTable#step} keeps it. */
        private static final long[] START = MoveTable.startState();

        /** Whether a square orientation {@code o} gives one colour holds the other for good ({@link #locks}). */
        private boolean locked(int o, long black, long white) {
            long[] l = locks[o];
            boolean out = false;
            for (int i = 0; i < l.length; i += 3) {
                long colour = l[i + 2] != 0 ? black : white;
                out |= (colour & l[i]) != 0 & (colour & l[i + 1]) == l[i + 1];
            }
            return out;
        }

        /**
         * Whether {@link #plied} is exactly the games that show this pattern in its window, of those
         * that last until its first move ({@link BorderPlies#exact}), whoever is to move.
         */
        public boolean pliedExact() {
            return side < 0 && !window.end() && BorderPlies.exact(masks);
        }

        /**
         * Whether {@link #plied} is exactly the games whose border shows this pattern's border in
         * its window, of those that last until its first move ({@link
         * BorderPlies#exactOnBorder}), when the pattern gives squares inside too or a side to move.
         */
        public boolean pliedBorderExact() {
            return !window.end() && BorderPlies.exactOnBorder(masks);
        }

        /** The games among {@code games} that have as many moves as the window's first at least. */
        public RoaringBitmap longEnough(org.thordb.index.GameMoves t, RoaringBitmap games) {
            RoaringBitmapWriter<RoaringBitmap> out = RoaringBitmapWriter.writer().get();
            for (IntIterator it = games.getIntIterator(); it.hasNext(); ) {
                int id = it.next();
                if (t.side(id) == 8 && t.moveCount(id) >= window.from()) {
                    out.add(id);
                }
            }
            return out.get();
        }

        /** Whether the store has the edge index and this pattern gives 3 squares or more of an edge. */
        public boolean edgeIndexed(IndexReader r) {
            return indexedEdges.length > 0 && EdgePatterns.indexed(r);
        }

        /**
         * Whether to read the edge index for these candidates rather than check each on its edges
         * directly: the postings entries it would read (every term of every edge, in each file or
         * group) cost about 2.6 microseconds each, a game checked on its edges 40 to 80 nanoseconds
         * (on two cores; measured at ten million games), so a read pays only when the candidates
         * are 50 times its entries or more; under {@code player = P} the player's games are checked at once.
         */
        public boolean worthReading(IndexReader r, RoaringBitmap candidates) {
            long terms = 0;
            for (int[] t : indexedTerms) {
                terms += t.length;
            }
            long entries = terms * Math.max(1, r.entriesPerKey(f -> f.side() == 8));
            return candidates.getLongCardinality() >= READ_VERSUS_CHECK * entries;
        }

        /**
         * The games among {@code candidates} (from {@link #edgeCandidates}) whose border fits this
         * pattern's, in one of its orientations, at one move of its window, worked out from their
         * moves on the edges alone ({@link EdgePatterns#showsAt}): the games
         * themselves when the pattern gives no square inside the border and no side to move; else
         * those whose border fits are replayed on bitboards there and then (their moves just read),
         * from the first move it fits (counted in {@code replayedThere}); and when a player passed
         * before the window's end, so the colours are unknown, the games go to {@code replay}, to be
         * replayed from their first move.
         */
        public RoaringBitmap onEdges(org.thordb.index.GameMoves t, RoaringBitmap candidates, RoaringBitmap replay,
                                     LongAdder replayedThere) {
            byte[][] fits = EdgePatterns.fitsByEdge(EdgePatterns.allowed(masks));
            // the border says it all when the pattern gives no square inside it, whoever is to move
            boolean alone = side < 0 && ((masks[0] | masks[1] | masks[2]) & ~EdgePatterns.BORDER) == 0;
            Thread owner = Thread.currentThread();
            Checked c = inHalves(candidates, part -> onEdges(t, part, fits, alone, replayedThere, owner), Checked::merge);
            replay.or(c.again());
            return c.games();
        }

        /** What a part of the candidates' border check gave: its games, and those to replay from their first move. */
        private record Checked(RoaringBitmap games, RoaringBitmap again) {
            Checked merge(Checked other) {
                games.or(other.games);
                again.or(other.again);
                return this;
            }
        }

        private Checked onEdges(org.thordb.index.GameMoves t, RoaringBitmap candidates, byte[][] fits, boolean alone,
                                LongAdder replayedThere, Thread owner) {
            byte[] moves = t.moves();
            RoaringBitmapWriter<RoaringBitmap> out = RoaringBitmapWriter.writer().get();
            RoaringBitmapWriter<RoaringBitmap> again = RoaringBitmapWriter.writer().get();
            IntIterator it = candidates.getIntIterator();
            // scattered candidates (a fifth of the games, say): a batch's moves asked for first
            int[] batch = new int[scattered(candidates) ? PREFETCH : 1];
            int steps = 0;
            int touched = 0;
            long[] state = new long[3];
            long replayed = 0;
            while (it.hasNext()) {
                int size = fill(it, batch);
                touched += touch(t, moves, batch, size);
                for (int b = 0; b < size; b++) {
                    replayed += check(t, batch[b], moves, fits, alone, out, again, state);
                }
                steps += size;
                if (steps >= 8192) {
                    steps = 0;
                    cancelled(owner);
                }
            }
            sink = touched; // so that the reads above are made
            replayedThere.add(replayed);
            return new Checked(out.get(), again.get());
        }

        /** How many candidates an entry of the edge index must be read for: see {@link #worthReading}. */
        private static final int READ_VERSUS_CHECK = 50;
        /** The edge index is read through candidates fewer than the games in scope by this factor: see {@link #edgeCandidates}. */
        private static final int THROUGH_BELOW = 64;

        /**
         * One candidate checked on its border: into {@code out}, or {@code again} to be replayed,
         * or neither; 1 when it was replayed here (its border fits a pattern with squares inside).
         */
        private int check(org.thordb.index.GameMoves t, int id, byte[] moves, byte[][] fits, boolean alone,
                          RoaringBitmapWriter<RoaringBitmap> out,
                          RoaringBitmapWriter<RoaringBitmap> again, long[] state) {
            if (t.side(id) != 8) {
                return 0;
            }
            int n = t.moveCount(id);
            int from = window.end() ? n : window.from();
            int to = window.end() ? n : Math.min(window.to(), n);
            if (from > to) {
                return 0;
            }
            // the colours are those of the moves' numbers up to a pass: what was found before
            // the first pass stands, and nothing found stands when no player passed at all
            int at = EdgePatterns.showsAt(moves, t.offset(id), from, to, fits);
            if (!t.passFree(id, at >= 0 ? at : to)) {
                again.add(id);
            } else if (at >= 0) {
                if (alone) {
                    out.add(id);
                } else {
                    // the squares inside: the whole board replayed, looked at from the first move
                    // the border fits (before it the pattern cannot hold)
                    if (replayHolds(pattern, side >= 0, moves, t.offset(id), at, to, state)) {
                        out.add(id);
                    }
                    return 1;
                }
            }
            return 0;
        }

        /** A pattern in any orientation, whoever is to move, whose squares all lie on one edge it gives 3 or more of. */
        private boolean oneEdgeAnyOrientation() {
            if (!anyOrientation || side >= 0) {
                return false;
            }
            int[][] edges = indexedEdges;
            if (edges.length != 1) {
                return false;
            }
            int onEdge = 0;
            for (int x : edges[0]) {
                onEdge += x >= 0 ? 1 : 0;
            }
            return onEdge == Long.bitCount(masks[0] | masks[1] | masks[2]);
        }

        /**
         * Whether {@link #edgeCandidates} are exactly the games: a pattern in any orientation, every
         * square it gives on one edge, at any move, whoever is to move. The four edges in both
         * directions are what the 8 symmetries make of that edge, so an edge term is the pattern.
         */
        public boolean edgesExact() {
            return !window.end() && window.from() == 0 && window.to() >= 60 && oneEdgeAnyOrientation();
        }
    }
}
