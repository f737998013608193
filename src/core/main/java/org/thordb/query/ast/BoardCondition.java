package org.thordb.query.ast;

import java.util.Locale;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.index.MoveTable;
import org.thordb.index.IndexReader;
import org.thordb.othello.Bitboards;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.othello.Symmetry;
import org.thordb.store.Catalog;

/**
 * A condition on the board of a game at some of its moves: a pattern of squares, a count of discs,
 * corners, empties, moves or frontier discs, one square, or a sequence of them one after the
 * other. A pattern that gives three squares or more of an edge takes its candidates from the edge
 * index and checks their borders move by move ({@link #answer}); every other condition is checked
 * by replaying the moves of the games the indexed parts of a query leave ({@link #filter}), on bare
 * bitboards without allocating; alone, on every game.
 *
 * <p>Move {@code N} is the board after N discs were played (0 the start); a game shorter than the
 * moves asked about does not match. {@link Window} says at which moves the condition is looked at.
 *
 * <p>Usage: {@code RoaringBitmap cornerEarly = BoardCondition.filter(cond, MoveTable.of(r), r.all());}
 */
public sealed interface BoardCondition extends Predicate
        permits BoardCondition.PatternMatch, BoardCondition.Count, BoardCondition.SquareIs, BoardCondition.Sequence {

    /** The moves at which the condition is looked at. */
    Window window();

    /** A solitaire is one position: the condition on it, without a move (a sequence needs a game's moves). */
    @Override
    default java.util.function.Predicate<org.thordb.store.SolitaireRow> solitaireTest(org.thordb.store.Catalog c) {
        if (this instanceof Sequence) {
            throw new org.thordb.error.ThorDbException(org.thordb.error.ErrorCode.QUERY, "'" + text() + "': a solitaire"
                    + " is one position; a sequence needs the moves of a game");
        }
        if (!window().equals(Window.ANY)) {
            throw new org.thordb.error.ThorDbException(org.thordb.error.ErrorCode.QUERY, "'" + window().text() + "': a"
                    + " solitaire is one position; its board's fields take no move");
        }
        return s -> {
            Position q = Predicate.solitairePosition(s);
            return holds(q.black(), q.white(), q.toMove() == org.thordb.othello.Side.BLACK ? 0
                    : q.toMove() == org.thordb.othello.Side.WHITE ? 1 : 2);
        };
    }

    /**
     * Whether the condition holds on a board.
     *
     * @param black Black's discs
     * @param white White's discs
     * @param side the side to move: 0 Black, 1 White, 2 nobody (only when {@link #needsSide()}, else -1)
     */
    boolean holds(long black, long white, int side);

    /**
     * Whether no later board of the game can satisfy the condition, whatever is played: a pattern
     * whose empty squares are taken in every orientation (a square is never emptied again), fewer
     * empties than asked for. The replay of a game stops there.
     */
    default boolean hopeless(long black, long white) {
        return false;
    }

    /** Whether {@link #holds} needs the side to move (worked out only then). */
    default boolean needsSide() {
        return false;
    }

    @Override
    default RoaringBitmap lookup(IndexReader r) {
        return answer(this, r, r.all()).games();
    }

    /**
     * How a board condition was answered over some candidates: the games, the candidates the edge
     * index left, or the candidates checked on their edges without it (−1: neither), the games
     * replayed on bitboards, and whether the edge index was read.
     */
    record Answer(RoaringBitmap games, long edgeCandidates, long replayed, boolean indexRead) {
    }

    /**
     * The games among {@code candidates} whose board satisfies the condition. A pattern with three
     * or more squares on an edge takes its candidates from the edge index ({@link
     * org.thordb.index.EdgePatterns}) when they are many, and needs nothing more when the index
     * answers it exactly; a pattern that gives squares of the border has its candidates' borders
     * checked move by move ({@link PatternMatch#onEdges}), which answers it when it gives no other
     * square; every other game is replayed ({@link #filter}).
     */
    static Answer answer(BoardCondition c, IndexReader r, RoaringBitmap candidates) {
        if (c instanceof PatternMatch p && p.bordered()) {
            boolean read = p.edgeIndexed(r) && p.worthReading(r, candidates);
            RoaringBitmap edged = read ? p.edgeCandidates(r, candidates) : candidates;
            if (read && (p.edgesExact() || edged.isEmpty())) {
                return new Answer(edged, edged.getLongCardinality(), 0, true);
            }
            org.thordb.index.GameMoves t = org.thordb.index.GameMoves.of(r, edged);
            RoaringBitmap replay = new RoaringBitmap();
            RoaringBitmap games = p.onEdges(t, edged, replay);
            games.or(filter(c, t, replay));
            return new Answer(games, edged.getLongCardinality(), replay.getLongCardinality(), read);
        }
        return new Answer(filter(c, org.thordb.index.GameMoves.of(r, candidates), candidates), -1,
                candidates.getLongCardinality(), false);
    }

    @Override
    default String access(Catalog c) {
        return "the moves of each game replayed on bitboards, without allocating";
    }

    /**
     * The moves looked at: from {@code from} to {@code to} (both included), or the last board of
     * the game ({@code end}); the condition holds when it holds at one of them.
     *
     * @param from the first move, 0 the start
     * @param to the last move
     * @param end only the game's last board
     * @param text how it is written ({@code at move 20}, empty for any move)
     */
    record Window(int from, int to, boolean end, String text) {
        /** Every move of the game, the start and the end included. */
        public static final Window ANY = new Window(0, 60, false, "");

        /** {@code at move n}. */
        public static Window at(int n) {
            return new Window(n, n, false, "at move " + n);
        }

        /** {@code before move n}: moves 0 to n − 1. */
        public static Window before(int n) {
            return new Window(0, n - 1, false, "before move " + n);
        }

        /** {@code from move n to move m}. */
        public static Window between(int n, int m) {
            return new Window(n, m, false, "from move " + n + " to move " + m);
        }

        /** {@code at end}: the last board of the game. */
        public static Window atEnd() {
            return new Window(0, 60, true, "at end");
        }

        String suffix() {
            return text.isEmpty() ? "" : " " + text;
        }
    }

    /**
     * The games among {@code candidates} whose board satisfies the condition at one of the window's
     * moves. Each game is replayed from its moves in the table; a move the presumed player cannot
     * play is the other's (the presumed player passed), so a step costs one flip computation.
     */
    static RoaringBitmap filter(BoardCondition c, org.thordb.index.GameMoves t, RoaringBitmap candidates) {
        if (c instanceof Sequence q) {
            return q.filter(t, candidates);
        }
        RoaringBitmap out = new RoaringBitmap();
        byte[] moves = t.moves();
        Window w = c.window();
        boolean side = c.needsSide();
        long startBlack = Position.start().black();
        long startWhite = Position.start().white();
        long[] state = new long[3];
        org.roaringbitmap.IntIterator it = candidates.getIntIterator();
        int steps = 0;
        while (it.hasNext()) {
            int id = it.next();
            if ((++steps & 2047) == 0) {
                org.thordb.error.Cancellation.check();
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
            int off = t.offset(id);
            state[0] = startBlack;
            state[1] = startWhite;
            state[2] = 0; // who plays the next move, unless that player must pass
            for (int k = 0; ; k++) {
                long b = state[0];
                long wh = state[1];
                if (k >= from && c.holds(b, wh, side ? settle(b, wh, (int) state[2]) : -1)) {
                    out.add(id);
                    break;
                }
                if (k == to) {
                    break;
                }
                MoveTable.step(state, moves[off + k]);
                if (c.hopeless(state[0], state[1])) {
                    break;
                }
            }
        }
        return out;
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

    /**
     * {@code pattern = "<64 squares> [X|O]"} (in any of the 8 orientations) or {@code board = …}
     * (as written): every square that is not {@code ?} holds what the pattern says.
     *
     * @param masks for each orientation looked at, Black's, White's and the empty squares required
     * @param side the side to move required: 0 X, 1 O, −1 either
     * @param anyOrientation {@code pattern} (true) or {@code board}
     * @param written the pattern as written (64 squares and the side)
     * @param window the moves looked at
     */
    record PatternMatch(long[] masks, int side, boolean anyOrientation, String written, Window window)
            implements BoardCondition {

        /** Reads a pattern: a1…h8, {@code X} (or {@code *}) black, {@code O} white, {@code -} (or {@code .}) empty, {@code ?} any. */
        public static PatternMatch of(String text, boolean anyOrientation, Window window) {
            String t = text.strip();
            if (t.length() < 64) {
                throw new org.thordb.error.ThorDbException(org.thordb.error.ErrorCode.QUERY, "a pattern is 64 squares a1…h8 of X, O, - and ?, then"
                        + " optionally the side to move; got " + t.length() + " characters");
            }
            long b = 0;
            long w = 0;
            long e = 0;
            for (int i = 0; i < 64; i++) {
                switch (Character.toUpperCase(t.charAt(i))) {
                    case 'X', '*' -> b |= 1L << i;
                    case 'O' -> w |= 1L << i;
                    case '-', '.' -> e |= 1L << i;
                    case '?' -> { }
                    default -> throw new org.thordb.error.ThorDbException(org.thordb.error.ErrorCode.QUERY, String.valueOf("pattern: character " + (i + 1) + " '"
                            + t.charAt(i) + "' is not X, O, - or ?"));
                }
            }
            String rest = t.substring(64).strip();
            int side = switch (rest.toUpperCase(Locale.ROOT)) {
                case "" -> -1;
                case "X", "B", "*" -> 0;
                case "O", "W" -> 1;
                default -> throw new org.thordb.error.ThorDbException(org.thordb.error.ErrorCode.QUERY, "pattern: after the 64 squares comes the side to move,"
                        + " X or O, or nothing; not '" + rest + "'");
            };
            java.util.LinkedHashSet<java.util.List<Long>> seen = new java.util.LinkedHashSet<>();
            for (Symmetry s : anyOrientation ? Symmetry.values() : new Symmetry[] {Symmetry.IDENTITY}) {
                seen.add(java.util.List.of(s.apply(b), s.apply(w), s.apply(e)));
            }
            long[] masks = new long[seen.size() * 3];
            int k = 0;
            for (java.util.List<Long> m : seen) { // symmetric patterns are looked at once
                masks[k++] = m.get(0);
                masks[k++] = m.get(1);
                masks[k++] = m.get(2);
            }
            String written = t.substring(0, 64).toUpperCase(Locale.ROOT).replace('*', 'X').replace('.', '-')
                    + (side < 0 ? "" : side == 0 ? " X" : " O");
            return new PatternMatch(masks, side, anyOrientation, written, window);
        }

        @Override
        public boolean holds(long black, long white, int sideToMove) {
            if (side >= 0 && sideToMove != side) {
                return false;
            }
            long empty = ~(black | white);
            for (int i = 0; i < masks.length; i += 3) {
                if ((black & masks[i]) == masks[i] && (white & masks[i + 1]) == masks[i + 1]
                        && (empty & masks[i + 2]) == masks[i + 2]) {
                    return true;
                }
            }
            return false;
        }

        @Override
        public boolean needsSide() {
            return side >= 0;
        }

        /** The written pattern's edges that the edge index is read for: those with 3 squares or more given (at most 243 terms each). */
        private int[][] indexedEdges() {
            long b = masks[0];
            long w = masks[1];
            long e = masks[2];
            java.util.List<int[]> used = new java.util.ArrayList<>();
            for (int[] spec : org.thordb.index.EdgePatterns.specs(b, w, e)) {
                int given = 0;
                for (int x : spec) {
                    given += x >= 0 ? 1 : 0;
                }
                if (given >= 3) {
                    used.add(spec);
                }
            }
            return used.toArray(new int[0][]);
        }

        /**
         * The games among {@code candidates} that show, at some move, every edge configuration
         * this pattern requires in some orientation (each on some edge): a superset of its games,
         * from the edge index; null when the store has no edge index or the pattern gives fewer than
         * three squares of every edge.
         */
        public RoaringBitmap edgeCandidates(IndexReader r, RoaringBitmap candidates) {
            int[][] edges = indexedEdges();
            if (edges.length == 0 || !org.thordb.index.EdgePatterns.indexed(r)) {
                return null;
            }
            RoaringBitmap out = candidates;
            for (int[] spec : edges) {
                // read through the candidates when they are fewer than the games in scope (a conjunction's survivors)
                IndexReader reader = out.getLongCardinality() < r.gamesInScope() ? r.through(out) : r;
                out = RoaringBitmap.and(out, org.thordb.index.EdgePatterns.games(reader, org.thordb.index.EdgePatterns.matching(spec)));
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
            int onBorder = Long.bitCount(given & org.thordb.index.EdgePatterns.BORDER);
            return onBorder >= 2 || onBorder >= 1 && side < 0 && (given & ~org.thordb.index.EdgePatterns.BORDER) == 0;
        }

        /** Whether the store has the edge index and this pattern gives 3 squares or more of an edge. */
        public boolean edgeIndexed(IndexReader r) {
            return indexedEdges().length > 0 && org.thordb.index.EdgePatterns.indexed(r);
        }

        /**
         * Whether to read the edge index for these candidates rather than check each on its edges
         * directly: the postings entries it would read (every term of every edge, in each file or
         * group) cost a few microseconds each, a game checked on its edges a few hundred
         * nanoseconds; under {@code player = P} the player's games are checked at once.
         */
        public boolean worthReading(IndexReader r, RoaringBitmap candidates) {
            long terms = 0;
            for (int[] spec : indexedEdges()) {
                terms += org.thordb.index.EdgePatterns.matching(spec).length;
            }
            long entries = terms * Math.max(1, r.entriesPerKey(f -> f.side() == 8));
            return candidates.getLongCardinality() >= 10 * entries;
        }

        /**
         * The games among {@code candidates} (from {@link #edgeCandidates}) whose border fits this
         * pattern's, in one of its orientations, at one move of its window, worked out from their
         * moves on the edges alone ({@link org.thordb.index.EdgePatterns#showsAt}): the games
         * themselves when the pattern gives no square inside the border and no side to move;
         * else (or when a player passed before the window's end, so the colours are unknown) the
         * games go to {@code replay}, to be replayed on bitboards.
         */
        public RoaringBitmap onEdges(org.thordb.index.GameMoves t, RoaringBitmap candidates, RoaringBitmap replay) {
            long[][][] allowed = org.thordb.index.EdgePatterns.allowed(masks);
            // the border says it all when the pattern gives no square inside it, whoever is to move
            boolean alone = side < 0 && ((masks[0] | masks[1] | masks[2]) & ~org.thordb.index.EdgePatterns.BORDER) == 0;
            int n = candidates.getCardinality();
            // (a property so that the tests, whose bases are smaller, take the two halves too)
            if (n < Integer.getInteger("thordb.edgesInHalvesFrom", 200_000)) {
                return onEdges(t, candidates, allowed, alone, replay);
            }
            // many games: two halves side by side (the machines this runs on have two cores or more)
            RoaringBitmap low = candidates.limit(n / 2);
            RoaringBitmap high = RoaringBitmap.andNot(candidates, low);
            RoaringBitmap lowReplay = new RoaringBitmap();
            java.util.concurrent.ForkJoinTask<RoaringBitmap> lowOut = java.util.concurrent.ForkJoinPool.commonPool()
                    .submit(() -> onEdges(t, low, allowed, alone, lowReplay));
            RoaringBitmap out = onEdges(t, high, allowed, alone, replay);
            out.or(lowOut.join());
            replay.or(lowReplay);
            return out;
        }

        private RoaringBitmap onEdges(org.thordb.index.GameMoves t, RoaringBitmap candidates, long[][][] allowed, boolean alone,
                                      RoaringBitmap replay) {
            byte[] moves = t.moves();
            org.roaringbitmap.RoaringBitmapWriter<RoaringBitmap> out = org.roaringbitmap.RoaringBitmapWriter.writer().get();
            org.roaringbitmap.RoaringBitmapWriter<RoaringBitmap> again = org.roaringbitmap.RoaringBitmapWriter.writer().get();
            org.roaringbitmap.IntIterator it = candidates.getIntIterator();
            int steps = 0;
            while (it.hasNext()) {
                int id = it.next();
                if ((++steps & 8191) == 0) {
                    org.thordb.error.Cancellation.check();
                }
                if (t.side(id) != 8) {
                    continue;
                }
                int n = t.moveCount(id);
                int from = window.end() ? n : window.from();
                int to = window.end() ? n : Math.min(window.to(), n);
                if (from > to) {
                    continue;
                }
                // the colours are those of the moves' numbers up to a pass: what was found before
                // the first pass stands, and nothing found stands when no player passed at all
                int at = org.thordb.index.EdgePatterns.showsAt(moves, t.offset(id), from, to, allowed);
                if (!t.passFree(id, at >= 0 ? at : to)) {
                    again.add(id);
                } else if (at >= 0) {
                    if (alone) {
                        out.add(id);
                    } else {
                        again.add(id);
                    }
                }
            }
            replay.or(again.get());
            return out.get();
        }

        /** A pattern in any orientation, whoever is to move, whose squares all lie on one edge it gives 3 or more of. */
        private boolean oneEdgeAnyOrientation() {
            if (!anyOrientation || side >= 0) {
                return false;
            }
            int[][] edges = indexedEdges();
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

        @Override
        public boolean hopeless(long black, long white) {
            long taken = black | white;
            for (int i = 2; i < masks.length; i += 3) {
                if ((taken & masks[i]) == 0) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public String text() {
            return (anyOrientation ? "pattern" : "board") + " = \"" + written + "\"" + window.suffix();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof PatternMatch p && p.text().equals(text());
        }

        @Override
        public int hashCode() {
            return text().hashCode();
        }
    }

    /**
     * {@code pattern = "…" then mobility(white) <= 2 within 6 moves}: board conditions met one after
     * the other, each at a later move than the one before (within so many moves of it when said),
     * each at a move its own window allows. A game matches when some choice of moves meets every
     * step: per step, the moves at which the sequence can have reached it, as a bit a move.
     *
     * @param steps the conditions, in order (two or more, none a sequence)
     * @param within for each step after the first, the most moves after the step before ({@link #ANY_LATER}: any later move)
     */
    record Sequence(java.util.List<BoardCondition> steps, java.util.List<Integer> within) implements BoardCondition {
        /** No bound on the gap: any later move. */
        public static final int ANY_LATER = 60;

        public Sequence {
            steps = java.util.List.copyOf(steps);
            within = java.util.List.copyOf(within);
            if (steps.size() < 2 || within.size() != steps.size() - 1) {
                throw new IllegalArgumentException("a sequence is two steps or more, with a gap between each");
            }
        }

        @Override
        public Window window() {
            return Window.ANY;
        }

        /** Not one board's question: a sequence is answered by {@link #filter}, over a game's moves. */
        @Override
        public boolean holds(long black, long white, int side) {
            throw new UnsupportedOperationException("a sequence holds over a game's moves, not on one board");
        }

        @Override
        public boolean needsSide() {
            return steps.stream().anyMatch(BoardCondition::needsSide);
        }

        @Override
        public String text() {
            StringBuilder sb = new StringBuilder(steps.get(0).text());
            for (int i = 1; i < steps.size(); i++) {
                sb.append(" then ").append(steps.get(i).text());
                if (within.get(i - 1) < ANY_LATER) {
                    sb.append(" within ").append(within.get(i - 1)).append(within.get(i - 1) == 1 ? " move" : " moves");
                }
            }
            return sb.toString();
        }

        RoaringBitmap filter(org.thordb.index.GameMoves t, RoaringBitmap candidates) {
            RoaringBitmap out = new RoaringBitmap();
            byte[] moves = t.moves();
            boolean side = needsSide();
            long[] state = new long[3];
            long[] holds = new long[steps.size()];
            org.roaringbitmap.IntIterator it = candidates.getIntIterator();
            int games = 0;
            while (it.hasNext()) {
                int id = it.next();
                if ((++games & 2047) == 0) {
                    org.thordb.error.Cancellation.check();
                }
                if (t.side(id) != 8) {
                    continue;
                }
                int n = t.moveCount(id);
                java.util.Arrays.fill(holds, 0);
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
    }

    /** What {@link Count} counts. */
    enum Counted {
        BLACK_DISCS("discs(black)"), WHITE_DISCS("discs(white)"), EMPTIES("empties"),
        BLACK_CORNERS("corners(black)"), WHITE_CORNERS("corners(white)"),
        BLACK_MOBILITY("mobility(black)"), WHITE_MOBILITY("mobility(white)"),
        BLACK_FRONTIER("frontier(black)"), WHITE_FRONTIER("frontier(white)");

        private final String written;

        Counted(String written) {
            this.written = written;
        }

        /** As written in a query. */
        public String written() {
            return written;
        }

        int count(long black, long white) {
            long corners = 0x8100000000000081L;
            return switch (this) {
                case BLACK_DISCS -> Long.bitCount(black);
                case WHITE_DISCS -> Long.bitCount(white);
                case EMPTIES -> 64 - Long.bitCount(black | white);
                case BLACK_CORNERS -> Long.bitCount(black & corners);
                case WHITE_CORNERS -> Long.bitCount(white & corners);
                case BLACK_MOBILITY -> Long.bitCount(Bitboards.legalMoves(black, white));
                case WHITE_MOBILITY -> Long.bitCount(Bitboards.legalMoves(white, black));
                case BLACK_FRONTIER -> Long.bitCount(black & around(~(black | white)));
                case WHITE_FRONTIER -> Long.bitCount(white & around(~(black | white)));
            };
        }

        /** The squares next to (or on) a square of {@code x}, in the 8 directions, without wrapping round the board. */
        private static long around(long x) {
            long row = x | (x << 1) & 0xfefefefefefefefeL | (x >>> 1) & 0x7f7f7f7f7f7f7f7fL;
            return row | row << 8 | row >>> 8;
        }
    }

    /**
     * {@code discs(black) at move 40 > 45}, {@code empties at end > 0}, {@code corners(black) before
     * move 20 >= 1}: a count on the board compared with a number.
     *
     * @param counted what is counted
     * @param op the comparison
     * @param value the number
     * @param window the moves looked at
     */
    record Count(Counted counted, Op op, int value, Window window) implements BoardCondition {
        @Override
        public boolean holds(long black, long white, int side) {
            return op.test(counted.count(black, white), value);
        }

        @Override
        public boolean hopeless(long black, long white) {
            // empties only go down: once too few for > or >=, they stay too few
            return counted == Counted.EMPTIES && (op == Op.GT || op == Op.GE) && !holds(black, white, -1);
        }

        @Override
        public String text() {
            return counted.written() + window.suffix() + " " + op.symbol() + " " + value;
        }
    }

    /**
     * {@code square a1 = white at move 20}: one square, as written (no symmetry), holds a black or
     * a white disc or is empty.
     *
     * @param square the square
     * @param content 0 black, 1 white, 2 empty
     * @param equal {@code =} (true) or {@code !=}
     * @param window the moves looked at
     */
    record SquareIs(int square, int content, boolean equal, Window window) implements BoardCondition {
        @Override
        public boolean holds(long black, long white, int side) {
            long m = 1L << square;
            int here = (black & m) != 0 ? 0 : (white & m) != 0 ? 1 : 2;
            return (here == content) == equal;
        }

        @Override
        public String text() {
            return "square " + Notation.name(square) + (equal ? " = " : " != ")
                    + (content == 0 ? "black" : content == 1 ? "white" : "empty") + window.suffix();
        }
    }
}
