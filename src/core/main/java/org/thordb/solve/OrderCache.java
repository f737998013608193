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
 * position's entry is overwritten by the next to hash there), its arrays made on first use: a
 * solver that never meets so many empties never holds them.
 *
 * <p>Usage: {@code int slot = cache.claim(me, opp);} then {@code cache.key(slot, i)} for the
 * i-th legal move in square order, {@link #NONE} until {@code cache.put(slot, i, key)}.
 */
final class OrderCache {
    /** A move whose key is not kept (not yet keyed, or the position's table move, which needs none). */
    static final int NONE = Integer.MAX_VALUE;
    /** The most moves of a position whose keys are kept (more are not kept at all). */
    static final int MOVES = 24;

    private final int bits;
    private long[] tags;
    private int[] keys;

    /** A cache of {@code 2^bits} positions (each 112 bytes). */
    OrderCache(int bits) {
        this.bits = bits;
    }

    /**
     * The entry of a position: the one it already holds, or else the one it hashes to, given to it
     * with no key known.
     */
    int claim(long me, long opp) {
        if (tags == null) {
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
