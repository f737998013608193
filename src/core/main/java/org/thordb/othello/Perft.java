package org.thordb.othello;

/**
 * Counts the leaves of the game tree to a depth: the standard check of a move generator.
 * A pass counts as a ply, and a finished game is a leaf at whatever depth it ends.
 *
 * <p>Usage: {@code long n = Perft.count(Position.start(), 8); // 390216}
 */
public final class Perft {
    private Perft() {
    }

    /** The number of leaves {@code depth} plies below the position. */
    public static long count(Position p, int depth) {
        long me = p.toMove() == Side.WHITE ? p.white() : p.black();
        long opp = p.toMove() == Side.WHITE ? p.black() : p.white();
        return count(me, opp, depth);
    }

    private static long count(long me, long opp, int depth) {
        if (depth == 0) {
            return 1;
        }
        long moves = Bitboards.legalMoves(me, opp);
        if (moves == 0) {
            if (Bitboards.legalMoves(opp, me) == 0) {
                return 1; // finished game
            }
            return count(opp, me, depth - 1); // pass
        }
        if (depth == 1) {
            return Long.bitCount(moves);
        }
        long n = 0;
        while (moves != 0) {
            int sq = Long.numberOfTrailingZeros(moves);
            moves &= moves - 1;
            long f = Bitboards.flips(me, opp, sq) | (1L << sq);
            n += count(opp & ~f, me | f, depth - 1);
        }
        return n;
    }
}
