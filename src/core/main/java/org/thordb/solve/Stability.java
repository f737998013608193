package org.thordb.solve;

import java.util.Arrays;

/**
 * A lower bound of the discs that can never flip: those on edges that no sequence of plays on
 * their edge can flip (a table of every edge, made once), those whose four lines are full, and
 * those held in every direction by such discs. The solver cuts a node when even the opponent's
 * stable discs leave it no score above its window.
 *
 * <p>Usage: {@code int sure = Long.bitCount(Stability.stable(opp, me)); if (64 - 2 * sure <= alpha) return alpha;}
 */
final class Stability {
    private Stability() {
    }

    /** For an edge of 8 squares (bit i = square i along the edge): the mover's discs that are stable. */
    private static final byte[] EDGE = new byte[256 * 256];

    static {
        int[] memo = new int[256 * 256];
        Arrays.fill(memo, -1); // not worked out yet
        for (int p = 0; p < 256; p++) {
            for (int o = 0; o < 256; o++) {
                if ((p & o) == 0) {
                    EDGE[p << 8 | o] = (byte) edgeStable(p, o, memo);
                }
            }
        }
    }

    /**
     * The discs of {@code p} that stay p's through every sequence of plays on the edge, by either
     * side, each play flipping what it brackets along the edge: those p's discs that stay so after
     * every next play. Kept in {@code memo} as found, so each of the 6,561 edges is worked out once
     * (a search of every sequence from each edge again took 70 ms of each command's start).
     */
    private static int edgeStable(int p, int o, int[] memo) {
        int known = memo[p << 8 | o];
        if (known >= 0) {
            return known;
        }
        int stable = p;
        int empty = ~(p | o) & 0xff;
        for (int x = 0; x < 8 && stable != 0; x++) {
            if ((empty & 1 << x) == 0) {
                continue;
            }
            int next = play(p, o, x); // p plays x
            stable &= edgeStable(next & 0xff, next >>> 8, memo);
            next = play(o, p, x); // o plays x
            stable &= edgeStable(next >>> 8, next & 0xff, memo);
        }
        memo[p << 8 | o] = stable;
        return stable;
    }

    /**
     * The mover's discs (low 8 bits) and the other's (next 8) after the mover plays on x of the
     * edge (a play may flip nothing: it may come from another line).
     */
    private static int play(int mover, int other, int x) {
        mover |= 1 << x;
        int y = x - 1;
        while (y >= 0 && (other & 1 << y) != 0) {
            y--;
        }
        if (y >= 0 && y < x - 1 && (mover & 1 << y) != 0) {
            int run = ((1 << x) - 1) & ~((2 << y) - 1);
            mover |= run;
            other &= ~run;
        }
        y = x + 1;
        while (y < 8 && (other & 1 << y) != 0) {
            y++;
        }
        if (y < 8 && y > x + 1 && (mover & 1 << y) != 0) {
            int run = ((1 << y) - 1) & ~((2 << x) - 1);
            mover |= run;
            other &= ~run;
        }
        return mover | other << 8;
    }

    private static final long FILE_A = 0x0101010101010101L;
    private static final long FILE_H = 0x8080808080808080L;

    /** Column x of a board as 8 bits (bit r = row r). */
    private static int column(long b, int x) {
        return (int) ((((b >>> x) & FILE_A) * 0x0102040810204080L) >>> 56);
    }

    /** 8 bits placed back as column 0 (bit r to row r). */
    private static final long[] AS_COLUMN = new long[256];

    static {
        for (int bits = 0; bits < 256; bits++) {
            for (int r = 0; r < 8; r++) {
                if ((bits & 1 << r) != 0) {
                    AS_COLUMN[bits] |= 1L << (8 * r);
                }
            }
        }
    }

    private static long toColumn(int bits, int x) {
        return AS_COLUMN[bits] << x;
    }

    /** The stable discs of the four edges. */
    private static long edges(long me, long opp) {
        long s = EDGE[(int) (me & 0xff) << 8 | (int) (opp & 0xff)] & 0xffL;
        s |= (EDGE[(int) (me >>> 56) << 8 | (int) (opp >>> 56)] & 0xffL) << 56;
        s |= toColumn(EDGE[column(me, 0) << 8 | column(opp, 0)] & 0xff, 0);
        s |= toColumn(EDGE[column(me, 7) << 8 | column(opp, 7)] & 0xff, 7);
        return s;
    }

    private static final long RANK_1 = 0xffL;
    private static final long RANK_8 = 0xffL << 56;
    /** Squares with no neighbour one step up (toward h8 / a8) or down, on each diagonal direction. */
    static final long END_UP_9 = FILE_H | RANK_8;
    static final long END_DOWN_9 = FILE_A | RANK_1;
    static final long END_UP_7 = FILE_A | RANK_8;
    static final long END_DOWN_7 = FILE_H | RANK_1;

    /**
     * The squares whose diagonal (step 9: a1–h8 way, or 7: h1–a8 way) is full: every square from
     * it to the board's edge is occupied, both ways. Three doubling steps a way (runs of 2, 4, then
     * 8 squares), each step's mask letting through the squares within reach of the edge already
     * (a diagonal has at most 8 squares; 7 steps a way took one shift each).
     */
    static long fullDiagonals(long occupied, int step, long endUp, long endDown) {
        long up = occupied & ((occupied >>> step) | endUp);
        long up2 = endUp | (endUp >>> step);
        up &= (up >>> 2 * step) | up2;
        up &= (up >>> 4 * step) | up2 | (up2 >>> 2 * step);
        long down = occupied & ((occupied << step) | endDown);
        long down2 = endDown | (endDown << step);
        down &= (down << 2 * step) | down2;
        down &= (down << 4 * step) | down2 | (down2 << 2 * step);
        return up & down;
    }

    /** A lower bound of {@code me}'s discs that no play can ever flip. */
    static long stable(long me, long opp) {
        long occupied = me | opp;
        long h = occupied & (occupied >>> 1);
        h &= h >>> 2;
        h &= h >>> 4;
        h = (h & FILE_A) * 0xff; // rows that are full
        long v = occupied & (occupied >>> 8);
        v &= v >>> 16;
        v &= v >>> 32;
        v = (v & 0xff) * FILE_A; // columns that are full
        long d9 = fullDiagonals(occupied, 9, END_UP_9, END_DOWN_9);
        long d7 = fullDiagonals(occupied, 7, END_UP_7, END_DOWN_7);
        long s = edges(me, opp) | me & h & v & d9 & d7;
        if (s == 0) {
            return 0;
        }
        // a disc whose every line is full or leans on a stable disc of its own colour is stable
        long grown;
        do {
            grown = s;
            long sh = h | ((s << 1) & ~FILE_A) | ((s >>> 1) & ~FILE_H);
            long sv = v | (s << 8) | (s >>> 8);
            long s9 = d9 | ((s << 9) & ~FILE_A) | ((s >>> 9) & ~FILE_H);
            long s7 = d7 | ((s << 7) & ~FILE_H) | ((s >>> 7) & ~FILE_A);
            s |= me & sh & sv & s9 & s7;
        } while (s != grown);
        return s;
    }
}
