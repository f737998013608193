package org.thordb.solve;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The order keys of the moves of positions with many empties, kept for when the search comes back
 * to them. Every selective pass, the exact search and each re-search in another window order a
 * deep node's moves again, and from {@link EndgameSearch#ORDER_CACHE_EMPTIES} empties each key is
 * a shallow search of the evaluation, hundreds of evaluations a node; a third to a half of those
 * nodes are visits of a position met before. A key depends on the position alone, so a kept one
 * orders the moves exactly as a new one would: the search and its values are unchanged.
 *
 * <p>Shared by a solve's threads without a lock: each move's key is one long with a 32-bit check
 * of its position and move beside it, written and read whole, so a thread reads either a key of
 * that move or nothing (a check that matches another position's, one time in four billion,
 * misorders a node's moves; the search's values never depend on the order). Direct-mapped: a
 * position's moves are overwritten by the next to hash there. Its array is made on first use and
 * sized by the empties of the deepest position met so far, up to {@code 2^maxBits} positions: a
 * solver that never meets so many empties never holds it, and a solve of 20 empties, over in tens
 * of milliseconds, does not pay for clearing megabytes.
 *
 * <p>Usage: {@code int slot = cache.slot(me, opp, empties);} then {@code cache.key(slot, i, check)}
 * for the i-th legal move in square order, {@link #NONE} until {@code cache.put(slot, i, check, key)},
 * with {@code check = OrderCache.check(me, opp)}.
 */
final class OrderCache {
    /** What {@link #key} gives for a move whose key is not kept. */
    static final int NONE = Integer.MAX_VALUE;
    /** The most moves of a position whose keys are kept (more are not kept at all). */
    static final int MOVES = 24;

    private final int maxBits;
    /**
     * 2^bits positions of {@link #MOVES} words: a key in the high half, its check in the low.
     * Volatile: a thread that did not make the array sees it whole (read at deep nodes only).
     */
    private volatile long[] words;

    /** A cache of at most {@code 2^maxBits} positions (each 192 bytes). */
    OrderCache(int maxBits) {
        this.maxBits = maxBits;
    }

    /**
     * The positions kept for a search whose deepest position has so many empties: 2^12 at 20
     * (a few thousand such nodes), 2^16 at 22: four times more for each empty square more.
     */
    static int bitsFor(int empties) {
        return Math.max(10, 2 * (empties - 14));
    }

    /** A position's check: what its moves' words hold beside their keys (with the move's number mixed in). */
    static int check(long me, long opp) {
        long h = me * 0xC2B2AE3D27D4EB4FL ^ Long.rotateLeft(opp * 0x9E3779B97F4A7C15L, 23);
        return (int) (h ^ h >>> 32);
    }

    /** The entry of a position with so many empties (its moves' words from there). */
    int slot(long me, long opp, int empties) {
        int want = Math.min(maxBits, bitsFor(empties));
        long[] w = words;
        if (w == null || w.length < MOVES << want) {
            w = grow(want);
        }
        int bits = Integer.numberOfTrailingZeros(w.length / MOVES);
        long h = me * 0x9E3779B97F4A7C15L + Long.rotateLeft(opp * 0xC2B2AE3D27D4EB4FL, 29);
        return (int) (h >>> (64 - bits)) * MOVES;
    }

    /** A deeper search than any before: a larger array, the keys kept so far let go. */
    private synchronized long[] grow(int bits) {
        if (words == null || words.length < MOVES << bits) {
            words = new long[MOVES << bits];
        }
        return words;
    }

    /** The key kept for the {@code move}-th legal move of the position at {@code slot}, or {@link #NONE}. */
    int key(int slot, int move, int check) {
        long word = (long) WORD.getOpaque(words, slot + move); // a slot of a smaller array lies within a larger one
        return (int) word == (check ^ move) ? (int) (word >>> 32) : NONE;
    }

    /** Keeps the key of the {@code move}-th legal move of the position at {@code slot}. */
    void put(int slot, int move, int check, int key) {
        WORD.setOpaque(words, slot + move, (long) key << 32 | (check ^ move) & 0xFFFFFFFFL);
    }

    /** Whole-word reads and writes (a plain long's may be split in two by the Java memory model). */
    private static final VarHandle WORD = MethodHandles.arrayElementVarHandle(long[].class);
}
