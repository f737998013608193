package org.thordb.solve;

/**
 * The bounds already proven for positions, shared by the solver's threads: each entry holds a
 * position whole (both bitboards, so a hit is never a collision), its lower and upper bound of the
 * exact score, and the move that gave the best score. Every bound is exact-game truth (the solver
 * searches to the end), so any entry of a position serves any later search of it. Two entries a
 * bucket; a new position replaces the one with fewer empties. Lock-free: an entry's first word is
 * stored XORed with its data, so a torn read is seen as a miss.
 *
 * <p>Usage: {@code long d = tt.probe(p, o); if (d != TranspositionTable.MISS && TranspositionTable.lower(d) >= beta) return ...;}
 */
final class TranspositionTable {
    /** What {@link #probe} gives for a position it does not hold. */
    static final long MISS = -1L;

    private final long[] keyP;
    private final long[] keyO;
    private final long[] data;
    private final int mask;

    /** A table of {@code 2^bits} entries (three longs each). */
    TranspositionTable(int bits) {
        int n = 1 << bits;
        keyP = new long[n];
        keyO = new long[n];
        data = new long[n];
        mask = n - 2; // bucket = two neighbouring entries
        java.util.Arrays.fill(data, MISS);
    }

    private int bucket(long p, long o) {
        long h = p * 0x9E3779B97F4A7C15L ^ Long.rotateLeft(o * 0xC2B2AE3D27D4EB4FL, 31);
        h ^= h >>> 29;
        return (int) h & mask;
    }

    /** The entry of a position, or {@link #MISS}. */
    long probe(long p, long o) {
        int i = bucket(p, o);
        for (int k = i; k < i + 2; k++) {
            long d = data[k];
            if (keyO[k] == o && (keyP[k] ^ d) == p && d != MISS) {
                return d;
            }
        }
        return MISS;
    }

    /** Records what a search proved: {@code lower <= score <= upper}, with its best move (-1: none). */
    void store(long p, long o, int empties, int lower, int upper, int move) {
        int i = bucket(p, o);
        int at = -1;
        for (int k = i; k < i + 2; k++) {
            long d = data[k];
            if (keyO[k] == o && (keyP[k] ^ d) == p && d != MISS) {
                lower = Math.max(lower, lower(d)); // both bounds hold: keep the tighter
                upper = Math.min(upper, upper(d));
                if (move < 0) {
                    move = move(d);
                }
                at = k;
                break;
            }
        }
        if (at < 0) { // the entry with fewer empties (less work behind it) goes
            long d0 = data[i];
            long d1 = data[i + 1];
            at = d0 == MISS ? i : d1 == MISS ? i + 1 : empties(d0) <= empties(d1) ? i : i + 1;
        }
        lower = Math.max(lower, -64);
        upper = Math.min(upper, 64);
        long d = (lower + 64L) | (upper + 64L) << 8 | (long) (move < 0 ? 64 : move) << 16 | (long) empties << 23;
        data[at] = d;
        keyO[at] = o;
        keyP[at] = p ^ d;
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

    static int empties(long d) {
        return (int) (d >>> 23 & 0x3f);
    }

    /** Forgets everything. */
    void clear() {
        java.util.Arrays.fill(data, MISS);
    }
}
