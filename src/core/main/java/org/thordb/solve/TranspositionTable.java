package org.thordb.solve;

/**
 * The bounds already proven for positions, shared by the solver's threads: each entry holds a
 * position whole (both bitboards, so a hit is never a collision), its lower and upper bound of the
 * exact score, and the move that gave the best score. Every bound is exact-game truth (the solver
 * searches to the end), so any entry of a position serves any later search of it. Two entries a
 * bucket; a new position replaces the one with less work behind it.
 *
 * <p>Usage: {@code long d = tt.probe(p, o); if (d != TranspositionTable.MISS && TranspositionTable.lower(d) >= beta) return ...;}
 */
final class TranspositionTable {
    /** What {@link #probe} gives for a position it does not hold. */
    static final long MISS = -1L;

    /** The selectivity of a search without ProbCut cuts: its bounds are exact. */
    static final int EXACT = 5;

    // a bucket is 8 longs, one cache line: two entries of (opponent's discs, mover's discs XOR
    // data, data), then two unused; so a probe reads one line
    private final long[] slots;
    private final int mask;

    /** A table of {@code 2^bits} entries (in buckets of two, 32 bytes each). */
    TranspositionTable(int bits) {
        int buckets = 1 << (bits - 1);
        slots = new long[buckets * 8];
        mask = buckets - 1;
        clear();
    }

    private int bucket(long p, long o) {
        long h = p * 0x9E3779B97F4A7C15L ^ Long.rotateLeft(o * 0xC2B2AE3D27D4EB4FL, 31);
        h ^= h >>> 29;
        return ((int) h & mask) << 3;
    }

    /** The table holds {@code 2^bits()} positions. */
    int bits() {
        return Integer.numberOfTrailingZeros(mask + 1) + 1;
    }

    /** The entry of a position, or {@link #MISS}. */
    long probe(long p, long o) {
        int i = bucket(p, o);
        long[] s = slots;
        long d = s[i + 2];
        if (s[i] == o && (s[i + 1] ^ d) == p && d != MISS) {
            return d;
        }
        d = s[i + 5];
        if (s[i + 3] == o && (s[i + 4] ^ d) == p && d != MISS) {
            return d;
        }
        return MISS;
    }

    /** Records what an exact search to the end proved: {@code lower <= score <= upper}, with its best move (-1: none). */
    void store(long p, long o, int empties, int lower, int upper, int move) {
        store(p, o, empties, EXACT, lower, upper, move);
    }

    /**
     * Records what a search {@code depth} moves deep at {@code selectivity} found: {@code lower <=
     * score <= upper}, with its best move (-1: none).
     */
    void store(long p, long o, int depth, int selectivity, int lower, int upper, int move) {
        int i = bucket(p, o);
        long[] s = slots;
        int at = -1;
        int work = depth << 3 | selectivity;
        for (int k = i; k < i + 6; k += 3) {
            long d = s[k + 2];
            if (s[k] == o && (s[k + 1] ^ d) == p && d != MISS) {
                int had = work(d);
                if (had == work) { // both bounds hold: keep the tighter
                    lower = Math.max(lower, lower(d));
                    upper = Math.min(upper, upper(d));
                } else if (had > work) { // the bounds there rest on more: keep them, and their move
                    return;
                }
                if (move < 0) {
                    move = move(d);
                }
                at = k;
                break;
            }
        }
        if (at < 0) { // the entry with less work behind it goes
            long d0 = s[i + 2];
            long d1 = s[i + 5];
            at = d0 == MISS ? i : d1 == MISS ? i + 3 : work(d0) <= work(d1) ? i : i + 3;
        }
        lower = Math.max(lower, -64);
        upper = Math.min(upper, 64);
        long d = (lower + 64L) | (upper + 64L) << 8 | (long) (move < 0 ? 64 : move) << 16 | (long) depth << 23
                | (long) selectivity << 29;
        s[at + 2] = d;
        s[at] = o;
        s[at + 1] = p ^ d;
    }

    static int lower(long d) {
        return (int) (d & 0xff) - 64;
    }

    static int upper(long d) {
        return (int) (d >>> 8 & 0xff) - 64;
    }

    /** The best move, or -1. */
    static int move(long d) {
        int m = (int) (d >>> 16 & 0x7f);
        return m == 64 ? -1 : m;
    }

    /** How deep the search behind an entry went (the empties, for a search to the end). */
    static int depth(long d) {
        return (int) (d >>> 23 & 0x3f);
    }

    /** The selectivity of the search behind an entry ({@link #EXACT}: no ProbCut cut). */
    static int selectivity(long d) {
        return (int) (d >>> 29 & 0x7);
    }

    /** Depth, then selectivity: which of two entries has more work behind it. */
    private static int work(long d) {
        return (int) (d >>> 23 & 0x1ff);
    }

    /** Forgets everything. */
    void clear() {
        for (int i = 0; i < slots.length; i += 8) {
            slots[i + 2] = MISS;
            slots[i + 5] = MISS;
        }
    }
}
