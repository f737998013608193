package org.thordb.index;

import org.thordb.store.Keys;

/**
 * The 64-bit hash of a canonical position that places it in the fingerprint blocks. Its top bits
 * choose the partition (as many as the segment's block size asks, {@link FingerprintBlock#partition}),
 * bits 7 to 23 are the fingerprint ({@link FingerprintBlock#fingerprint}). A collision only costs a replay: every
 * candidate game is replayed and compared before it joins a result, so answers stay exact whatever
 * the hash (tests force collisions with a constant one).
 *
 * <p>Usage: {@code long h = PositionHash.DEFAULT.hash(black, white, side);}
 */
@FunctionalInterface
public interface PositionHash {
    /** The hash of a canonical position. */
    long hash(long black, long white, int side);

    /** A strong mix of both boards and the side (the finaliser of SplitMix64 over each part). */
    PositionHash DEFAULT = new SplitMix();

    /**
     * {@link #DEFAULT}'s hash. A class, not a lambda: a lambda's call site is linked by method
     * handles when the interface is first used, 5 ms of every store's first open in a process.
     */
    final class SplitMix implements PositionHash {
        private SplitMix() {
        }

        @Override
        public long hash(long black, long white, int side) {
            long h = mix(black + 0x9e3779b97f4a7c15L);
            h = mix(h ^ white ^ 0xbf58476d1ce4e5b9L);
            return mix(h + side);
        }
    }

    /** The SplitMix64 finaliser. */
    static long mix(long z) {
        return Keys.mix(z);
    }
}
