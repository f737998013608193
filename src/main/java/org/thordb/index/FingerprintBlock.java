package org.thordb.index;

import org.thordb.store.Keys;

/**
 * A block of the {@code FINGERPRINTS} space: the positions reached by exactly one game of a
 * segment whose hash falls in one partition, as {@code n} (u32), then {@code n} fingerprints (the
 * hash's low 32 bits, ascending as unsigned), then {@code n} game numbers within the segment (u24).
 * Candidates found here are replayed before they are believed.
 *
 * <p>Usage: {@code FingerprintBlock.candidates(value, fp, id -> ...);}
 */
public final class FingerprintBlock {
    private FingerprintBlock() {
    }

    /** The largest segment a block can address. */
    public static final int MAX_GAMES = 1 << 24;

    /** The partition of a hash when a segment has {@code bits} partition bits. */
    public static int partition(long hash, int bits) {
        return bits == 0 ? 0 : (int) (hash >>> (64 - bits));
    }

    /** The fingerprint of a hash. */
    public static int fingerprint(long hash) {
        return (int) hash;
    }

    /** The partition bits for a segment of {@code singletons} positions: blocks of about 64 entries. */
    public static int bitsFor(int singletons) {
        int bits = 0;
        while (bits < 24 && (singletons >>> bits) > 64) {
            bits++;
        }
        return bits;
    }

    /** The key of a block. */
    public static byte[] key(int segment, int partition) {
        byte[] k = new byte[8];
        Keys.putU32(k, 0, segment);
        Keys.putU32(k, 4, partition);
        return k;
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
