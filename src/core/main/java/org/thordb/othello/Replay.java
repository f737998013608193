package org.thordb.othello;

/**
 * Replays a move list from the start position with automatic passes, as WTHOR files need (they
 * store no passes): before each move, a side with no legal move passes.
 *
 * <p>Usage:
 * <pre>{@code
 * Replay.Result r = Replay.replay(Notation.parseLine("f5d6c3"), (ply, p) -> System.out.println(p));
 * if (r.error() != null) System.err.println(r.error());
 * }</pre>
 */
public final class Replay {
    private Replay() {
    }

    /** Sees each position of a replay, the start position as ply 0. */
    @FunctionalInterface
    public interface Visitor {
        /** Called with the position after {@code ply} moves, its side to move settled. */
        void position(int ply, Position p);
    }

    /**
     * A move that could not be played.
     *
     * @param moveNumber the move's number, from 1
     * @param square the square, or -1 when the move was not a square at all
     * @param reason why the move is illegal
     */
    public record IllegalMove(int moveNumber, int square, String reason) {
        @Override
        public String toString() {
            return "move " + moveNumber + (square >= 0 ? " " + Notation.name(square) : "") + ": " + reason;
        }
    }

    /**
     * The outcome of a replay.
     *
     * @param finalPosition the position after the last move played
     * @param movesPlayed how many moves were played
     * @param error the first illegal move, or null when every move was legal
     */
    public record Result(Position finalPosition, int movesPlayed, IllegalMove error) {
        /** Whether every move was legal. */
        public boolean ok() {
            return error == null;
        }
    }

    /** Replays the squares in order; stops at the first illegal one. */
    public static Result replay(int[] squares, Visitor visitor) {
        return replay(squares, squares.length, visitor);
    }

    /**
     * Plays one move on bare bitboards, without allocating: {@code state} is {Black's discs, White's
     * discs, side to move (0 Black, 1 White, 2 nobody)} and becomes the position after the move,
     * with the next side settled (a pass taken); false, and {@code state} unchanged, when the move
     * is illegal. Start from {@link #startState()}.
     */
    public static boolean step(long[] state, int square) {
        int side = (int) state[2];
        if (side == 2 || square < 0 || square > 63) {
            return false;
        }
        long me = side == 0 ? state[0] : state[1];
        long opp = side == 0 ? state[1] : state[0];
        long f = Bitboards.flips(me, opp, square);
        if (f == 0) {
            return false;
        }
        me |= f | (1L << square);
        opp &= ~f;
        state[0] = side == 0 ? me : opp;
        state[1] = side == 0 ? opp : me;
        state[2] = Bitboards.legalMoves(opp, me) != 0 ? 1 - side : Bitboards.legalMoves(me, opp) != 0 ? side : 2;
        return true;
    }

    /** The start position as a {@link #step} state. */
    public static long[] startState() {
        return new long[] {Position.start().black(), Position.start().white(), 0};
    }

    /**
     * Replays the first {@code plies} squares with {@link #step}: writes Black's discs, White's
     * discs and the side to move into {@code out}; false when a move is illegal or the game ends
     * before.
     */
    public static boolean boardsAfter(int[] squares, int plies, long[] out) {
        if (plies > squares.length) {
            return false;
        }
        long[] s = startState();
        for (int i = 0; i < plies; i++) {
            if (!step(s, squares[i])) {
                return false;
            }
        }
        System.arraycopy(s, 0, out, 0, 3);
        return true;
    }

    /** Replays the first {@code count} squares; stops at the first illegal one. */
    public static Result replay(int[] squares, int count, Visitor visitor) {
        Position p = Position.start();
        if (visitor != null) {
            visitor.position(0, p);
        }
        for (int i = 0; i < count; i++) {
            int sq = squares[i];
            String why = p.whyIllegal(sq);
            if (why != null) {
                return new Result(p, i, new IllegalMove(i + 1, sq >= 0 && sq < 64 ? sq : -1, why));
            }
            p = p.playUnchecked(sq);
            if (visitor != null) {
                visitor.position(i + 1, p);
            }
        }
        return new Result(p, count, null);
    }
}
