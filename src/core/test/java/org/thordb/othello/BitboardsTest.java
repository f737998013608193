package org.thordb.othello;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.thordb.testing.Seeded;

/**
 * The move generator and the flips, each against a walk square by square along the 8 directions:
 * on random boards (any discs anywhere, not only positions games reach, so every ray's shape comes
 * up: runs to the edge, runs ending on an empty square, corners, wraps a shift could make) and on
 * positions of random games.
 */
@ExtendWith(Seeded.class)
class BitboardsTest {
    private static final int[][] STEPS = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

    /** The discs {@code me} flips on {@code sq}, walked square by square. */
    private static long walkedFlips(long me, long opp, int sq) {
        long f = 0;
        for (int[] s : STEPS) {
            long run = 0;
            int r = sq / 8 + s[0];
            int c = sq % 8 + s[1];
            while (r >= 0 && r < 8 && c >= 0 && c < 8 && (opp >>> (r * 8 + c) & 1) != 0) {
                run |= 1L << (r * 8 + c);
                r += s[0];
                c += s[1];
            }
            if (r >= 0 && r < 8 && c >= 0 && c < 8 && (me >>> (r * 8 + c) & 1) != 0) {
                f |= run;
            }
        }
        return f;
    }

    private static long walkedMoves(long me, long opp) {
        long moves = 0;
        for (int sq = 0; sq < 64; sq++) {
            if (((me | opp) >>> sq & 1) == 0 && walkedFlips(me, opp, sq) != 0) {
                moves |= 1L << sq;
            }
        }
        return moves;
    }

    private static void check(long me, long opp) {
        assertEquals(walkedMoves(me, opp), Bitboards.legalMoves(me, opp), () -> "moves of " + me + " against " + opp);
        for (int sq = 0; sq < 64; sq++) {
            if (((me | opp) >>> sq & 1) == 0) {
                int at = sq;
                assertEquals(walkedFlips(me, opp, sq), Bitboards.flipsOnEmpty(me, opp, sq),
                        () -> "flips on " + at + " of " + me + " against " + opp);
            }
        }
    }

    @Test
    void randomBoardsAgreeWithAWalk(SplittableRandom rnd) {
        for (int i = 0; i < 4_000; i++) {
            long a = rnd.nextLong();
            long b = rnd.nextLong();
            long dense = rnd.nextInt(3) == 0 ? rnd.nextLong() | rnd.nextLong() : -1L; // some boards with many empties
            long me = a & dense;
            long opp = ~a & b & dense;
            check(me, opp);
            check(opp, me);
        }
    }

    @Test
    void positionsOfRandomGamesAgreeWithAWalk(SplittableRandom rnd) {
        for (int game = 0; game < 200; game++) {
            Position p = Position.start();
            while (p.toMove() != Side.NONE) {
                long me = p.toMove() == Side.BLACK ? p.black() : p.white();
                long opp = p.toMove() == Side.BLACK ? p.white() : p.black();
                check(me, opp);
                long moves = Bitboards.legalMoves(me, opp);
                for (int k = rnd.nextInt(Long.bitCount(moves)); k > 0; k--) {
                    moves &= moves - 1;
                }
                p = p.play(Long.numberOfTrailingZeros(moves));
            }
        }
    }
}
