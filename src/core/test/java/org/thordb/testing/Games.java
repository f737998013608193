package org.thordb.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.thordb.othello.Position;

/** Small helpers on games as square lists, for tests: a random legal game, a plain replay. */
public final class Games {
    private Games() {
    }

    /** A random legal game to its end, the same for the same seed. */
    public static int[] random(long seed) {
        Random rnd = new Random(seed);
        List<Integer> moves = new ArrayList<>();
        Position p = Position.start();
        while (!p.isFinal()) {
            long legal = p.legalMoves();
            int k = rnd.nextInt(Long.bitCount(legal));
            for (int i = 0; i < k; i++) {
                legal &= legal - 1;
            }
            int sq = Long.numberOfTrailingZeros(legal);
            moves.add(sq);
            p = p.play(sq);
        }
        return moves.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Whether a game reaches a position (given canonical) after one of its moves, by a plain replay. */
    public static boolean reaches(int[] game, Position canonical) {
        Position q = Position.start();
        for (int s : game) {
            q = q.play(s);
            if (q.canonical().equals(canonical)) {
                return true;
            }
        }
        return false;
    }

    /** A position of a random legal game with {@code empties} empty squares (or the game's end, when it ends before). */
    public static Position randomPosition(java.util.SplittableRandom rnd, int empties) {
        Position p = Position.start();
        while (p.toMove() != org.thordb.othello.Side.NONE && 64 - p.discs() > empties) {
            long legal = p.legalMoves();
            int k = rnd.nextInt(Long.bitCount(legal));
            for (int i = 0; i < k; i++) {
                legal &= legal - 1;
            }
            p = p.play(Long.numberOfTrailingZeros(legal));
        }
        return p;
    }
}
