package org.thordb.index;

import org.thordb.store.Keys;

/**
 * A block of the {@code FINGERPRINTS} space: the positions reached by exactly one game of a
 * segment whose hash falls in one partition, as {@code n} (u32), then {@code n} fingerprints (the
 * hash's low 32 bits, ascending as unsigned), then {@code n} game numbers within the segment (u24).
 * Keys are the partition (the hash's top {@link #BITS} bits) then the segment, so that one prefix
 * scan reads a position's blocks in every segment. Candidates found here are replayed before they
 * are believed.
 *
 * <p>Usage: {@code FingerprintBlock.candidates(value, fp, id -> ...);}
 */
public final class FingerprintBlock {
    private FingerprintBlock() {
    }

    /** The largest segment a block can address. */
    public static final int MAX_GAMES = 1 << 24;

    /** The partition bits of every store: 4,096 partitions. */
    public static final int BITS = 12;

    /** The partition of a hash. */
    public static int partition(long hash) {
        return (int) (hash >>> (64 - BITS));
    }

    /** The fingerprint of a hash. */
    public static int fingerprint(long hash) {
        return (int) hash;
    }

    /** The key of a block: partition u16, segment u32. */
    public static byte[] key(int partition, int segment) {
        byte[] k = new byte[6];
        k[0] = (byte) (partition >>> 8);
        k[1] = (byte) partition;
        Keys.putU32(k, 2, segment);
        return k;
    }

    /** The key prefix of a partition's blocks in every segment. */
    public static byte[] partitionPrefix(int partition) {
        return new byte[] {(byte) (partition >>> 8), (byte) partition};
    }

    /** The segment of a block key. */
    public static int segmentOf(byte[] key) {
        return Keys.getU32(key, 2);
    }

    /**
     * Encodes entries packed as {@code fingerprint << 24 | local}, sorted ascending, from
     * {@code packed[from]} to {@code packed[to - 1]}.
     */
    public static byte[] encode(long[] packed, int from, int to) {
        int n = to - from;
        byte[] v = new byte[4 + 7 * n];
        Keys.putU32(v, 0, n);
        for (int i = 0; i < n; i++) {
            long e = packed[from + i];
            Keys.putU32(v, 4 + 4 * i, (int) (e >>> 24));
            int local = (int) (e & 0xffffff);
            int o = 4 + 4 * n + 3 * i;
            v[o] = (byte) (local >>> 16);
            v[o + 1] = (byte) (local >>> 8);
            v[o + 2] = (byte) local;
        }
        return v;
    }

    /** Receives a candidate game number within the segment. */
    @FunctionalInterface
    public interface LocalVisitor {
        /** Called once per entry whose fingerprint matches. */
        void local(int local);
    }

    /** Calls {@code visitor} with every game number of the block whose fingerprint is {@code fp}. */
    public static void candidates(byte[] v, int fp, LocalVisitor visitor) {
        int n = Keys.getU32(v, 0);
        int lo = 0;
        int hi = n;
        while (lo < hi) { // first entry with fingerprint >= fp
            int mid = (lo + hi) >>> 1;
            if (Integer.compareUnsigned(Keys.getU32(v, 4 + 4 * mid), fp) < 0) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        for (int i = lo; i < n && Keys.getU32(v, 4 + 4 * i) == fp; i++) {
            int o = 4 + 4 * n + 3 * i;
            visitor.local((v[o] & 0xff) << 16 | (v[o + 1] & 0xff) << 8 | (v[o + 2] & 0xff));
        }
    }
}
