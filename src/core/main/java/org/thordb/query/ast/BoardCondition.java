package org.thordb.query.ast;

import java.util.Locale;
import org.thordb.othello.Bitboards;
import org.thordb.othello.Notation;
import org.thordb.othello.Symmetry;
import java.util.LinkedHashSet;
import java.util.List;
import org.thordb.error.ErrorCode;
import org.thordb.fault.Faults;
import org.thordb.query.plan.BoardCheck;

/**
 * A condition on the board of a game at some of its moves: a pattern of squares, a count of discs,
 * corners, empties, moves or frontier discs, one square, or a sequence of them one after the
 * other: what holds on a board ({@link #holds}), and when no later board can hold. How a query
 * answers it (the edge index for a pattern that gives three squares or more of an edge, the
 * borders checked move by move, the games replayed on bitboards) is
 * {@code BoardCheck}'s.
 *
 * <p>Move {@code N} is the board after N discs were played (0 the start); a game shorter than the
 * moves asked about does not match. {@link Window} says at which moves the condition is looked at.
 *
 * <p>Usage: {@code boolean early = BoardCondition.PatternMatch.of(text, true, BoardCondition.Window.before(20)).holds(black, white, -1);}
 */
public sealed interface BoardCondition extends Predicate
        permits BoardCondition.PatternMatch, BoardCondition.Count, BoardCondition.SquareIs, BoardCondition.Sequence {

    /** The moves at which the condition is looked at. */
    Window window();

    @Override
    default <R> R accept(Visitor<R> v) {
        return v.board(this);
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
                throw Faults.of(ErrorCode.QUERY, "a pattern is 64 squares a1…h8 of X, O, - and ?, then"
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
                    default -> throw Faults.of(ErrorCode.QUERY, String.valueOf("pattern: character " + (i + 1) + " '"
                            + t.charAt(i) + "' is not X, O, - or ?"));
                }
            }
            String rest = t.substring(64).strip();
            int side = switch (rest.toUpperCase(Locale.ROOT)) {
                case "" -> -1;
                case "X", "B", "*" -> 0;
                case "O", "W" -> 1;
                default -> throw Faults.of(ErrorCode.QUERY, "pattern: after the 64 squares comes the side to move,"
                        + " X or O, or nothing; not '" + rest + "'");
            };
            LinkedHashSet<List<Long>> seen = new LinkedHashSet<>();
            for (Symmetry s : anyOrientation ? Symmetry.values() : new Symmetry[] {Symmetry.IDENTITY}) {
                seen.add(List.of(s.apply(b), s.apply(w), s.apply(e)));
            }
            long[] masks = new long[seen.size() * 3];
            int k = 0;
            for (List<Long> m : seen) { // symmetric patterns are looked at once
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
    record Sequence(List<BoardCondition> steps, List<Integer> within) implements BoardCondition {
        /** No bound on the gap: any later move. */
        public static final int ANY_LATER = 60;

        public Sequence {
            steps = List.copyOf(steps);
            within = List.copyOf(within);
            if (steps.size() < 2 || within.size() != steps.size() - 1) {
                throw new IllegalArgumentException("a sequence is two steps or more, with a gap between each");
            }
        }

        @Override
        public Window window() {
            return Window.ANY;
        }

        /** Not one board's question: a sequence is answered over a game's moves (the board check's replay of a sequence). */
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
