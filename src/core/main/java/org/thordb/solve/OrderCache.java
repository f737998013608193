package org.thordb.solve;

/**
 * The order keys of the moves of positions with many empties, kept for when the search comes back
 * to them. Every selective pass, the exact search and each re-search in another window order a
 * deep node's moves again, and from {@link EndgameSearch#ORDER_CACHE_EMPTIES} empties each key is
 * a shallow search of the evaluation, hundreds of evaluations a node; a third to a half of those
 * nodes are visits of a position met before. A key depends on the position alone, so a kept one
 * orders the moves exactly as a new one would: the search and its values are unchanged.
 *
 * <p>One search thread's own (never written by another, so never torn), direct-mapped (a
 * position's entry is overwritten by the next to hash there). Its arrays are made on first use and
 * sized by the empties of the deepest position met so far, up to {@code 2^maxBits} positions: a
 * solver that never meets so many empties never holds them, and a solve of 20 empties, over in
 * tens of milliseconds, does not pay for clearing megabytes.
 *
 * <p>Usage: {@code int slot = cache.claim(me, opp, empties);} then {@code cache.key(slot, i)} for
 * the i-th legal move in square order, {@link #NONE} until {@code cache.put(slot, i, key)}.
 */
final class OrderCache {
    /** A move whose key is not kept (not yet keyed, or the position's table move, which needs none). */
    static final int NONE = Integer.MAX_VALUE;
    /** The most moves of a position whose keys are kept (more are not kept at all). */
    static final int MOVES = 24;

    private final int maxBits;
    private int bits;
    private long[] tags;
    private int[] keys;

    /** A cache of at most {@code 2^maxBits} positions (each 112 bytes). */
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

    /**
     * The entry of a position with so many empties: the one it already holds, or else the one it
     * hashes to, given to it with no key known.
     */
    int claim(long me, long opp, int empties) {
        int want = Math.min(maxBits, bitsFor(empties));
        if (want > bits) { // a deeper search than any before: a larger cache, the keys kept so far let go
            bits = want;
            tags = new long[2 << bits];
            keys = new int[MOVES << bits];
        }
        long h = me * 0x9E3779B97F4A7C15L + Long.rotateLeft(opp * 0xC2B2AE3D27D4EB4FL, 29);
        int slot = (int) (h >>> (64 - bits));
        if (tags[2 * slot] != me || tags[2 * slot + 1] != opp) {
            tags[2 * slot] = me;
            tags[2 * slot + 1] = opp;
            java.util.Arrays.fill(keys, slot * MOVES, slot * MOVES + MOVES, NONE);
        }
        return slot;
    }

    /** The key kept for the {@code move}-th legal move of the entry's position, or {@link #NONE}. */
    int key(int slot, int move) {
        return keys[slot * MOVES + move];
    }

    /** Keeps the key of the {@code move}-th legal move of the entry's position. */
    void put(int slot, int move, int key) {
        keys[slot * MOVES + move] = key;
    }
}
