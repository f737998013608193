package org.thordb.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.othello.Bitboards;

/**
 * The border's bit slices against the same condition worked out game by game from a plain replay
 * of random games (passes and short games among them), and against the boards themselves: no game
 * whose border shows the pattern in the window is left out.
 */
@org.junit.jupiter.api.extension.ExtendWith(org.thordb.testing.Seeded.class)
class BorderPliesTest {
    private static final long BORDER = EdgePatterns.BORDER;
    private static final long CORNERS = 0x8100000000000081L;

    /** Random games as a move table keeps them, with each board along the way (true colours, passes included). */
    private static final class Games implements GameMoves {
        final int count;
        final byte[] moves;
        final byte[] moveCount;
        final byte[] side;
        final long[][] black;
        final long[][] white;
        /** Whether the player who did not play move {@link BorderPlies#CHECKPOINT} is White (the next one presumed). */
        final boolean[] whiteNext;

        Games(int count, SplittableRandom rnd) {
            this.count = count;
            moves = new byte[count * MoveTable.MOVES];
            moveCount = new byte[count];
            side = new byte[count];
            black = new long[count][];
            white = new long[count][];
            whiteNext = new boolean[count];
            for (int id = 0; id < count; id++) {
                side[id] = (byte) (rnd.nextInt(20) == 0 ? 10 : 8); // a few 10×10 games hold no moves
                int stop = rnd.nextInt(4) == 0 ? rnd.nextInt(61) : 60;
                long b = 0x0000000810000000L;
                long w = 0x0000001008000000L;
                boolean blackToMove = true;
                black[id] = new long[61];
                white[id] = new long[61];
                black[id][0] = b;
                white[id][0] = w;
                int n = 0;
                while (side[id] == 8 && n < stop) {
                    long me = blackToMove ? b : w;
                    long opp = blackToMove ? w : b;
                    long legal = Bitboards.legalMoves(me, opp);
                    if (legal == 0) {
                        if (Bitboards.legalMoves(opp, me) == 0) {
                            break;
                        }
                        blackToMove = !blackToMove; // a pass
                        continue;
                    }
                    int pick = rnd.nextInt(Long.bitCount(legal));
                    long m = legal;
                    for (int i = 0; i < pick; i++) {
                        m &= m - 1;
                    }
                    int sq = Long.numberOfTrailingZeros(m);
                    long f = Bitboards.flipsOnEmpty(me, opp, sq);
                    me |= f | 1L << sq;
                    opp &= ~f;
                    b = blackToMove ? me : opp;
                    w = blackToMove ? opp : me;
                    moves[id * MoveTable.MOVES + n] = (byte) sq;
                    n++;
                    black[id][n] = b;
                    white[id][n] = w;
                    blackToMove = !blackToMove;
                    if (n == BorderPlies.CHECKPOINT) {
                        whiteNext[id] = !blackToMove; // the one who did not play it
                    }
                }
                moveCount[id] = (byte) n;
            }
        }

        @Override
        public int side(int id) {
            return side[id];
        }

        @Override
        public int moveCount(int id) {
            return moveCount[id];
        }

        @Override
        public byte[] moves() {
            return moves;
        }

        @Override
        public int offset(int id) {
            return id * MoveTable.MOVES;
        }

        @Override
        public int firstPass(int id) {
            return GameMoves.firstPassOf(moves, offset(id), moveCount[id]);
        }

        @Override
        public boolean passFree(int id, int upTo) {
            int p = firstPass(id);
            return p == MoveTable.NO_PASS || p >= upTo;
        }

        /**
         * After how many moves a square between corners was first joined to a corner along its edge
         * by discs of its colour, its own included (63: never), from the boards.
         */
        int stable(int id, int sq) {
            for (int k = 1; k <= moveCount[id]; k++) {
                long mine = (black[id][k] >>> sq & 1) != 0 ? black[id][k] : (white[id][k] >>> sq & 1) != 0 ? white[id][k] : 0;
                for (int[] edge : EDGES) {
                    int at = indexOf(edge, sq);
                    if (at < 0 || mine == 0) {
                        continue;
                    }
                    boolean toFirst = true;
                    boolean toLast = true;
                    for (int i = 0; i <= at; i++) {
                        toFirst &= (mine >>> edge[i] & 1) != 0;
                    }
                    for (int i = at; i < 8; i++) {
                        toLast &= (mine >>> edge[i] & 1) != 0;
                    }
                    if (toFirst || toLast) {
                        return k;
                    }
                }
            }
            return 63;
        }

        /** After how many moves a square was taken (63: never). */
        int ply(int id, int sq) {
            for (int k = 0; k < moveCount[id]; k++) {
                if (moves[id * MoveTable.MOVES + k] == sq) {
                    return k + 1;
                }
            }
            return 63;
        }
    }

    /** The condition {@link BorderPlies#possible} states, worked out square by square for one game. */
    private static boolean condition(Games g, int id, long[] masks, int from, int to) {
        int first = Math.min(from, 60);
        int last = Math.min(to, 60);
        for (int o = 0; o < masks.length / 3; o++) {
            long taken = (masks[3 * o] | masks[3 * o + 1]) & BORDER;
            long empty = masks[3 * o + 2] & BORDER;
            boolean fits = true;
            long chain = joined(masks[3 * o] & BORDER, masks[3 * o + 1] & BORDER);
            for (long m = taken; m != 0; m &= m - 1) {
                int sq = Long.numberOfTrailingZeros(m);
                boolean joined = (chain >>> sq & 1) != 0;
                // a disc joined to a corner by discs of its colour counts from when it became stable
                int ply = joined ? g.stable(id, sq) : g.ply(id, sq);
                fits &= ply <= last;
                if ((joined || (CORNERS >>> sq & 1) != 0 || (along(sq) & empty) != 0) && ply <= 60) {
                    // a corner, or a disc beside an empty square of its edge: the colour it was taken
                    // by; one joined to a corner: the colour it became stable in
                    boolean black = (g.black[id][ply] >>> sq & 1) != 0;
                    fits &= black == ((masks[3 * o] >>> sq & 1) != 0);
                }
                for (long e = empty; e != 0 && last > first; e &= e - 1) {
                    fits &= ply < g.ply(id, Long.numberOfTrailingZeros(e));
                }
            }
            for (long m = empty; m != 0; m &= m - 1) {
                fits &= g.ply(id, Long.numberOfTrailingZeros(m)) > first;
            }
            if (fits) {
                return true;
            }
        }
        return false;
    }

    private static final int[][] EDGES = EdgePatterns.EDGES;

    private static int indexOf(int[] edge, int sq) {
        for (int i = 0; i < 8; i++) {
            if (edge[i] == sq) {
                return i;
            }
        }
        return -1;
    }

    /** The discs between corners a pattern joins to a corner along their edge by discs of their colour (worked out square by square). */
    private static long joined(long black, long white) {
        long out = 0;
        for (long m = (black | white) & BORDER & ~CORNERS; m != 0; m &= m - 1) {
            int sq = Long.numberOfTrailingZeros(m);
            long colour = (black >>> sq & 1) != 0 ? black : white;
            for (int[] edge : EDGES) {
                int at = indexOf(edge, sq);
                if (at < 0) {
                    continue;
                }
                boolean toFirst = true;
                boolean toLast = true;
                for (int i = 0; i < 8; i++) {
                    boolean given = (colour >>> edge[i] & 1) != 0;
                    toFirst &= i > at || given;
                    toLast &= i < at || given;
                }
                if (toFirst || toLast) {
                    out |= 1L << sq;
                }
            }
        }
        return out;
    }

    /**
     * A random pattern of the border that the slices answer exactly through its runs from a corner:
     * in each of one to four orientations, a corner and a run of its colour along one or both of its
     * edges, maybe an empty square past a run's end, maybe a disc beside an empty square elsewhere.
     */
    private static long[] chainPattern(SplittableRandom rnd) {
        int orientations = 1 + rnd.nextInt(4);
        long[] masks = new long[orientations * 3];
        for (int o = 0; o < orientations; o++) {
            int corner = new int[] {0, 7, 56, 63}[rnd.nextInt(4)];
            int colour = rnd.nextInt(2);
            masks[3 * o + colour] |= 1L << corner;
            for (int[] edge : EDGES) {
                int at = indexOf(edge, corner);
                if (at < 0 || rnd.nextInt(4) == 0) {
                    continue;
                }
                int run = rnd.nextInt(8);
                int step = at == 0 ? 1 : -1;
                for (int i = 1; i <= run; i++) {
                    masks[3 * o + colour] |= 1L << edge[at + step * i];
                }
                int past = at + step * (run + 1);
                if (past >= 0 && past < 8 && (given(masks, o) >>> edge[past] & 1) == 0 && rnd.nextBoolean()) {
                    masks[3 * o + 2] |= 1L << edge[past];
                }
            }
            if (rnd.nextInt(3) == 0) {
                int sq = borderSquare(rnd);
                long beside = along(sq);
                long e = rnd.nextBoolean() ? Long.lowestOneBit(beside) : Long.highestOneBit(beside);
                if (beside != 0 && ((given(masks, o) & (1L << sq | e)) == 0 || (given(masks, o) & 1L << sq) == 0
                        && (masks[3 * o + 2] & e) != 0)) {
                    masks[3 * o + rnd.nextInt(2)] |= 1L << sq;
                    masks[3 * o + 2] |= e;
                }
            }
        }
        return masks;
    }

    private static long given(long[] masks, int o) {
        return masks[3 * o] | masks[3 * o + 1] | masks[3 * o + 2];
    }

    /** A border square's neighbours on its edge (none for a corner). */
    private static long along(int sq) {
        int row = sq / 8;
        int column = sq % 8;
        if ((BORDER >>> sq & 1) == 0 || (CORNERS >>> sq & 1) != 0) {
            return 0;
        }
        return row == 0 || row == 7 ? 1L << (sq - 1) | 1L << (sq + 1) : 1L << (sq - 8) | 1L << (sq + 8);
    }

    /**
     * A random pattern that the slices answer exactly: in each of one to eight orientations, one to
     * three discs of the border, each with an empty square beside it on its edge, and maybe a corner.
     */
    private static long[] keptPattern(SplittableRandom rnd) {
        int orientations = 1 + rnd.nextInt(8);
        long[] masks = new long[orientations * 3];
        for (int o = 0; o < orientations; o++) {
            for (int i = 1 + rnd.nextInt(3); i > 0; i--) {
                int sq = borderSquare(rnd);
                long beside = along(sq);
                if (beside == 0) {
                    masks[3 * o + rnd.nextInt(2)] |= 1L << sq; // a corner
                    continue;
                }
                long e = rnd.nextBoolean() ? Long.lowestOneBit(beside) : Long.highestOneBit(beside);
                if (((masks[3 * o] | masks[3 * o + 1]) & e) == 0 && ((masks[3 * o + 2]) & 1L << sq) == 0) {
                    masks[3 * o + rnd.nextInt(2)] |= 1L << sq;
                    masks[3 * o + 2] |= e;
                }
            }
            if ((masks[3 * o] | masks[3 * o + 1]) == 0) {
                masks[3 * o] |= 1L; // a1
            }
        }
        return masks;
    }

    /** Whether a game's border shows the pattern (its border squares only) at one of the moves of the window. */
    private static boolean shows(Games g, int id, long[] masks, int from, int to) {
        for (int k = from; k <= Math.min(to, g.moveCount[id]) && g.side[id] == 8; k++) {
            long b = g.black[id][k];
            long w = g.white[id][k];
            for (int o = 0; o < masks.length / 3; o++) {
                if ((b & masks[3 * o] & BORDER) == (masks[3 * o] & BORDER)
                        && (w & masks[3 * o + 1] & BORDER) == (masks[3 * o + 1] & BORDER)
                        && ((b | w) & masks[3 * o + 2] & BORDER) == 0) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A random pattern in one to eight orientations: each square black, white, empty or not given. */
    private static long[] pattern(SplittableRandom rnd) {
        int orientations = 1 + rnd.nextInt(8);
        long[] masks = new long[orientations * 3];
        for (int o = 0; o < orientations; o++) {
            int given = 1 + rnd.nextInt(6);
            for (int i = 0; i < given; i++) {
                int sq = rnd.nextInt(4) == 0 ? rnd.nextInt(64) : borderSquare(rnd);
                long bit = 1L << sq;
                if (((masks[3 * o] | masks[3 * o + 1] | masks[3 * o + 2]) & bit) == 0) {
                    masks[3 * o + rnd.nextInt(3)] |= bit;
                }
            }
        }
        return masks;
    }

    private static int borderSquare(SplittableRandom rnd) {
        while (true) {
            int sq = rnd.nextInt(64);
            if ((BORDER >>> sq & 1) != 0) {
                return sq;
            }
        }
    }

    /**
     * A pattern of the border whose every disc keeps the colour it was taken by (a corner, or beside
     * an empty square of its edge) or is joined to a corner by discs of its colour is answered exactly: the games kept that last until the window's
     * first move are those whose boards show it (mutations: a disc beside another disc called kept,
     * or the colour words unread, fail it).
     */
    @Test
    void patternsWhoseDiscsKeepTheirColourAreAnsweredExactly(SplittableRandom rnd) {
        int count = 1000 + rnd.nextInt(3000);
        Games g = new Games(count, rnd);
        BorderPlies plies = BorderPlies.of(g, count);
        int shown = 0;
        for (int i = 0; i < 400; i++) {
            long[] masks = i % 2 == 0 ? keptPattern(rnd) : chainPattern(rnd);
            assertTrue(BorderPlies.exact(masks), java.util.Arrays.toString(masks));
            int from = rnd.nextInt(61);
            int to = rnd.nextInt(3) == 0 ? from : from + rnd.nextInt(61 - from);
            RoaringBitmap got = plies.possible(masks, from, to);
            for (int id = 0; id < count; id++) {
                boolean shows = shows(g, id, masks, from, to);
                shown += shows ? 1 : 0;
                assertEquals(shows, got.contains(id) && g.side[id] == 8 && g.moveCount[id] >= from,
                        "game " + id + ", moves " + from + " to " + to + ", masks " + java.util.Arrays.toString(masks));
            }
        }
        assertTrue(shown > 100, shown + " games shown");
        // a disc between two given discs may have been flipped since: not exact
        assertEquals(false, BorderPlies.exact(new long[] {0b1110, 0, 0}));
        assertEquals(false, BorderPlies.exact(new long[] {0b101, 0b10, 0}));
        // unless joined to a corner by discs of its colour: the border round a corner
        assertEquals(true, BorderPlies.exact(new long[] {0b111 | 1L << 8 | 1L << 16, 0, 0}));
        assertEquals(false, BorderPlies.exact(new long[] {0b10, 0, 0b1L << 9})); // b2 is inside the border
        assertEquals(true, BorderPlies.exact(new long[] {0b10, 0, 0b1}));
    }

    @Test
    void randomPatternsAgainstEachGameReplayed(SplittableRandom rnd) {
        // more than 4,096 groups of 64 are made and read in two halves: both ways are tested
        for (int count : new int[] {1 + rnd.nextInt(3000), 4096 * 64 + 1 + rnd.nextInt(64)}) {
            Games g = new Games(count, rnd);
            BorderPlies plies = BorderPlies.of(g, count);
            int patterns = count > 10_000 ? 6 : 300;
            int shown = 0;
            for (int i = 0; i < patterns; i++) {
                long[] masks = pattern(rnd);
                int from = rnd.nextInt(64);
                int to = rnd.nextInt(3) == 0 ? from : from + rnd.nextInt(64 - from);
                RoaringBitmap got = plies.possible(masks, from, to);
                boolean border = false;
                for (int o = 0; o < masks.length / 3; o++) {
                    border |= ((masks[3 * o] | masks[3 * o + 1] | masks[3 * o + 2]) & BORDER) != 0;
                }
                if (!border) {
                    assertNull(got, "no border square given");
                    continue;
                }
                int step = count > 10_000 ? 97 : 1; // the large base sampled, its last game always
                java.util.stream.IntStream ids = java.util.stream.IntStream.concat(
                        java.util.stream.IntStream.iterate(0, id -> id < count, id -> id + step),
                        java.util.stream.IntStream.of(count - 1));
                for (int id : ids.toArray()) {
                    String where = "game " + id + " of " + count + ", moves " + from + " to " + to + ", masks "
                            + java.util.Arrays.toString(masks);
                    assertEquals(condition(g, id, masks, from, to), got.contains(id), where);
                    if (shows(g, id, masks, from, to)) {
                        shown++;
                        assertTrue(got.contains(id), "a game showing the border is kept: " + where);
                    }
                }
                assertTrue(got.isEmpty() || got.last() < count, "no game past the last");
                // the boards kept after the checkpoint's move
                for (int id = 0; id < count; id += count > 10_000 ? 97 : 1) {
                    if (g.side[id] == 8 && g.moveCount[id] >= BorderPlies.CHECKPOINT) {
                        assertEquals(g.black[id][BorderPlies.CHECKPOINT], plies.blackAtCheckpoint(id), "game " + id);
                        assertEquals(g.white[id][BorderPlies.CHECKPOINT], plies.whiteAtCheckpoint(id), "game " + id);
                        assertEquals(g.whiteNext[id], plies.whiteNextAtCheckpoint(id), "game " + id);
                    }
                }
                // each orientation's games apart: those of the orientation alone, which together are the games
                BorderPlies.Fits each = plies.fits(masks, from, to, true);
                assertEquals(got, each.games());
                for (int o = 0; o < masks.length / 3; o++) {
                    RoaringBitmap alone = plies.possible(java.util.Arrays.copyOfRange(masks, 3 * o, 3 * o + 3), from, to);
                    for (int id = 0; id < count; id += count > 10_000 ? 97 : 1) {
                        boolean in = alone == null || alone.contains(id); // null: no border square, nothing to say
                        assertEquals(in, (each.orientations(id) >>> o & 1) != 0, "orientation " + o + ", game " + id);
                    }
                }
            }
            assertTrue(shown > 0, "some games show some patterns");
        }
    }
}
