package org.thordb.index;

import org.thordb.store.Keys;

/**
 * A block of the {@code FINGERPRINTS} space: the positions reached by exactly one game of a
 * segment whose hash falls in one partition, as the segment (u32, so that a lookup needs no key),
 * {@code n} (u32), then {@code n} fingerprints (the hash's low 24 bits, ascending), then {@code n}
 * game numbers within the segment (u16 when the segment holds at most 65,536 games, else u24; the
 * block's length tells which).
 *
 * <p>A segment's partitions are the top {@link #bits(int)} bits of the hash: 12 for a segment of
 * up to 17,476 games, one more each time the segment doubles, so that a block holds about 256
 * entries at most whatever the segment's size. Keys are the bits, the partition, then the segment,
 * so that one prefix scan per partition size reads a position's blocks in every segment, side by
 * side on disk. Candidates found here are replayed before they are believed.
 *
 * <p>Usage: {@code FingerprintBlock.candidates(value, FingerprintBlock.fingerprint(h), id -> ...);}
 */
public final class FingerprintBlock {
    private FingerprintBlock() {
    }

    /** The largest segment a block can address. */
    public static final int MAX_GAMES = 1 << 24;

    /** The fewest partition bits of a segment: 4,096 partitions. */
    public static final int MIN_BITS = 12;

    /** The most partition bits: a segment of {@link #MAX_GAMES} games still fits its blocks. */
    public static final int MAX_BITS = 24;

    /** The entries a block holds at most on average: the bound {@link #bits(int)} keeps. */
    public static final int TARGET_ENTRIES = 256;

    /** The positions met by one game, at most: the 60 moves after the start (which every game shares). */
    private static final long POSITIONS_PER_GAME = 60;

    /**
     * The partition bits of a segment of {@code games} games: the fewest, from {@link #MIN_BITS},
     * at which its single positions (at most 60 a game) fill a block with at most
     * {@link #TARGET_ENTRIES} on average. The segment's game count alone decides it, so a reader,
     * a verifier and a removal all find the same bits from the file row.
     */
    public static int bits(int games) {
        long singles = POSITIONS_PER_GAME * Math.max(0, games);
        int b = MIN_BITS;
        while (b < MAX_BITS && singles > (long) TARGET_ENTRIES << b) {
            b++;
        }
        return b;
    }

    /** The partition of a hash among {@code 2^bits}. */
    public static int partition(long hash, int bits) {
        return (int) (hash >>> (64 - bits));
    }

    /** The fingerprint of a hash: its low 24 bits, which the partition bits never overlap. */
    public static int fingerprint(long hash) {
        return (int) hash & 0xffffff;
    }

    /** The key of a block: bits u8, partition u24, segment u32. */
    public static byte[] key(int bits, int partition, int segment) {
        byte[] k = new byte[8];
        putPrefix(k, bits, partition);
        Keys.putU32(k, 4, segment);
        return k;
    }

    /** The key prefix of a partition's blocks in every segment of that partition size. */
    public static byte[] partitionPrefix(int bits, int partition) {
        byte[] k = new byte[4];
        putPrefix(k, bits, partition);
        return k;
    }

    private static void putPrefix(byte[] k, int bits, int partition) {
        k[0] = (byte) bits;
        k[1] = (byte) (partition >>> 16);
        k[2] = (byte) (partition >>> 8);
        k[3] = (byte) partition;
    }

    /** The segment of a block key: its last four bytes. */
    public static int segmentOf(byte[] key) {
        return Terms.segmentOf(key);
    }

    /** The segment of a block. */
    public static int segment(byte[] block) {
        return Keys.getU32(block, 0);
    }

    private static final int HEADER = 8;

    /**
     * Encodes entries packed as {@code fingerprint << 24 | local}, sorted ascending, from
     * {@code packed[from]} to {@code packed[to - 1]}, for segment {@code segment} of {@code games} games.
     */
    public static byte[] encode(long[] packed, int from, int to, int segment, int games) {
        int n = to - from;
        int width = games <= 1 << 16 ? 2 : 3;
        byte[] v = new byte[HEADER + (3 + width) * n];
        Keys.putU32(v, 0, segment);
        Keys.putU32(v, 4, n);
        for (int i = 0; i < n; i++) {
            long e = packed[from + i];
            int fp = (int) (e >>> 24);
            int o = HEADER + 3 * i;
            v[o] = (byte) (fp >>> 16);
            v[o + 1] = (byte) (fp >>> 8);
            v[o + 2] = (byte) fp;
            int local = (int) (e & 0xffffff);
            o = HEADER + 3 * n + width * i;
            if (width == 3) {
                v[o++] = (byte) (local >>> 16);
            }
            v[o] = (byte) (local >>> 8);
            v[o + 1] = (byte) local;
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
        candidates(v, v.length, fp, visitor);
    }

    /** {@link #candidates(byte[], int, LocalVisitor)} of a block held in {@code v[0, length)}. */
    public static void candidates(byte[] v, int length, int fp, LocalVisitor visitor) {
        int n = Keys.getU32(v, 4);
        if (n <= 0) {
            return;
        }
        int header = headerOf(v);
        int width = (length - header) / n - 3;
        int lo = 0;
        int hi = n;
        while (lo < hi) { // first entry with fingerprint >= fp
            int mid = (lo + hi) >>> 1;
            if (u24(v, header + 3 * mid) < fp) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        for (int i = lo; i < n && u24(v, header + 3 * i) == fp; i++) {
            visitor.local(number(v, header + 3 * n + width * i, width));
        }
    }

    /** Receives every entry of a block. */
    @FunctionalInterface
    public interface EntryVisitor {
        /** One entry: its fingerprint and its game number (within the segment, or from the group's first id). */
        void entry(int fp, int local);
    }

    /** Calls {@code visitor} with every entry of a block (of a segment or merged), in fingerprint order. */
    public static void forEach(byte[] v, int length, EntryVisitor visitor) {
        int n = Keys.getU32(v, 4);
        if (n <= 0) {
            return;
        }
        int header = headerOf(v);
        int width = (length - header) / n - 3;
        for (int i = 0; i < n; i++) {
            visitor.entry(u24(v, header + 3 * i), number(v, header + 3 * n + width * i, width));
        }
    }

    /** The entries of a block, whole or cut short: a value too short for what its header says. */
    public static boolean wellFormed(byte[] v, int length) {
        if (length < HEADER) {
            return false;
        }
        int header = headerOf(v);
        int n = Keys.getU32(v, 4);
        if (n <= 0 || length < header) {
            return false;
        }
        int rest = length - header;
        return rest % n == 0 && rest / n >= 5 && rest / n <= 7;
    }

    private static int number(byte[] v, int o, int width) {
        return switch (width) {
            case 2 -> (v[o] & 0xff) << 8 | (v[o + 1] & 0xff);
            case 3 -> u24(v, o);
            default -> Keys.getU32(v, o);
        };
    }

    private static int headerOf(byte[] v) {
        return isMerged(v) ? MERGED_HEADER : HEADER;
    }

    // ---- merged blocks (thordb optimize): one block a partition for every segment of a merge group

    private static final int MERGED_HEADER = 13;

    /** The first byte of a merged block's key: this plus its layout's total bits, apart from any segment's bits. */
    public static final int MERGED_MARK = 0x40;

    /**
     * The partition of a hash in a merged layout: its top {@code hashBits} bits, then the top
     * {@code totalBits - hashBits} bits of its fingerprint. A merge can take a segment's blocks
     * there without the hash (which is not stored), only from a block's partition and entries.
     */
    public static int mergedPartition(long hash, int hashBits, int totalBits) {
        return mergedPartition(partition(hash, hashBits), fingerprint(hash), hashBits, totalBits);
    }

    /** {@link #mergedPartition(long, int, int)} from the hash's top {@code hashBits} bits and its fingerprint. */
    public static int mergedPartition(int top, int fp, int hashBits, int totalBits) {
        int k = totalBits - hashBits;
        return k == 0 ? top : top << k | fp >>> (24 - k);
    }

    /** The key of a merged block: {@link #MERGED_MARK} + total bits u8, partition u24, group suffix u32. */
    public static byte[] mergedKey(int totalBits, int partition, int suffix) {
        return key(MERGED_MARK + totalBits, partition, suffix);
    }

    /** The key prefix of a merged partition's blocks. */
    public static byte[] mergedPrefix(int totalBits, int partition) {
        return partitionPrefix(MERGED_MARK + totalBits, partition);
    }

    /** Whether a block is merged: its first u32 is a group suffix, whose top bit is set. */
    public static boolean isMerged(byte[] block) {
        return block[0] < 0;
    }

    /** The game id a merged block's numbers count from. */
    public static int mergedFirstId(byte[] block) {
        return Keys.getU32(block, 8);
    }

    /** The hash bits of a merged block's layout. */
    public static int mergedHashBits(byte[] block) {
        return block[12];
    }

    /**
     * Encodes a merged block from entries packed as {@code fingerprint << 32 | (id - firstId)},
     * sorted ascending, {@code packed[from, to)}: the group suffix, n, the first id, the layout's hash
     * bits, the fingerprints (u24), then the numbers (u24 when the group's range spans at most
     * 2^24 ids, else u32).
     */
    public static byte[] encodeMerged(long[] packed, int from, int to, int suffix, int firstId, int span, int hashBits) {
        int n = to - from;
        int width = span <= 1 << 24 ? 3 : 4;
        byte[] v = new byte[MERGED_HEADER + (3 + width) * n];
        Keys.putU32(v, 0, suffix);
        Keys.putU32(v, 4, n);
        Keys.putU32(v, 8, firstId);
        v[12] = (byte) hashBits;
        for (int i = 0; i < n; i++) {
            long e = packed[from + i];
            int fp = (int) (e >>> 32);
            int o = MERGED_HEADER + 3 * i;
            v[o] = (byte) (fp >>> 16);
            v[o + 1] = (byte) (fp >>> 8);
            v[o + 2] = (byte) fp;
            int local = (int) e;
            o = MERGED_HEADER + 3 * n + width * i;
            if (width == 4) {
                v[o++] = (byte) (local >>> 24);
            }
            v[o] = (byte) (local >>> 16);
            v[o + 1] = (byte) (local >>> 8);
            v[o + 2] = (byte) local;
        }
        return v;
    }

    private static int u24(byte[] v, int o) {
        return (v[o] & 0xff) << 16 | (v[o + 1] & 0xff) << 8 | (v[o + 2] & 0xff);
    }
}
