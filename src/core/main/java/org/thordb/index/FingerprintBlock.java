package org.thordb.index;

import org.thordb.store.Keys;
import org.thordb.error.ErrorCode;
import org.thordb.fault.Faults;
import org.thordb.store.FileRow;

/**
 * A block of the {@code FINGERPRINTS} space: the positions reached by exactly one game of a
 * segment whose hash falls in one partition, as the segment (u32, so that a lookup needs no key),
 * {@code n} (u32, its top bit set), then the entries packed: {@code n} fingerprints (17 bits of
 * the hash below the partition's, ascending) as an Elias-Fano list after their common prefix, then
 * {@code n} game numbers within the segment, each in as many bits as the block's largest needs.
 * Blocks written by schema 4 and before (the top bit of {@code n} clear) hold the fingerprints as
 * u24 (the hash's low 24 bits) and the numbers as u16 or u24; they are read as they are.
 *
 * <p>A segment's partitions are the top {@link #bits(int)} bits of the hash: 12 for a segment of
 * up to 34,952 games, one more each time the segment doubles, so that a block holds about 512
 * entries at most whatever the segment's size (256 for a segment imported before schema 6, whose
 * file row does not name its bits: {@link #bits(FileRow)}). Keys are the bits, the partition, then the segment,
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

    /**
     * The entries a block holds at most on average: the bound {@link #bits(int)} keeps. Packed, a
     * block of 512 costs a lookup little more than one of 256 (it counts zeros to its bucket a byte
     * at a time), and half the blocks save half their headers and keys and a bit of every
     * fingerprint: 112 MB of the 10M-game store as imported.
     */
    public static final int TARGET_ENTRIES = 512;

    /** The bound of segments imported before schema 6, whose file rows do not name their bits. */
    public static final int SCHEMA5_TARGET_ENTRIES = 256;

    /** The positions met by one game, at most: the 60 moves after the start (which every game shares). */
    private static final long POSITIONS_PER_GAME = 60;

    /**
     * The partition bits of a segment of {@code games} games: the fewest, from {@link #MIN_BITS},
     * at which its single positions (at most 60 a game) fill a block with at most
     * {@link #TARGET_ENTRIES} on average. The segment's game count alone decides it, so a reader,
     * a verifier and a removal all find the same bits from the file row.
     */
    public static int bits(int games) {
        return bitsFor(games, TARGET_ENTRIES);
    }

    /**
     * The partition bits of a stored 8×8 segment: those its file row names (from schema 6), else
     * the bits the rule of the stores before gave its game count (blocks of 256 at most).
     */
    public static int bits(FileRow f) {
        return f.fingerprintBits() != null ? f.fingerprintBits() : bitsFor(f.games(), SCHEMA5_TARGET_ENTRIES);
    }

    /** The fewest partition bits from {@link #MIN_BITS} at which 60 positions a game fill blocks of {@code target} on average. */
    private static int bitsFor(long games, int target) {
        long singles = POSITIONS_PER_GAME * Math.max(0, games);
        int b = MIN_BITS;
        while (b < MAX_BITS && singles > (long) target << b) {
            b++;
        }
        return b;
    }

    /** The entries a merged block holds at most on average: as a segment's. */
    public static final int MERGED_TARGET_ENTRIES = TARGET_ENTRIES;

    /**
     * The partition bits of a merged layout of {@code games} games: as {@link #bits(int)}, for
     * blocks of {@link #MERGED_TARGET_ENTRIES}. A merged block is read whole by one get and its
     * entries found by their Elias-Fano buckets.
     */
    public static int mergedBits(long games) {
        return bitsFor(games, MERGED_TARGET_ENTRIES);
    }

    /** The partition of a hash among {@code 2^bits}. */
    public static int partition(long hash, int bits) {
        return (int) (hash >>> (64 - bits));
    }

    /**
     * The fingerprint of a hash: its low 24 bits, which the partition bits never overlap, with the
     * lowest {@code 24 - }{@link #FINGERPRINT_BITS} cleared (a block does not keep them).
     */
    public static int fingerprint(long hash) {
        return (int) hash & MASK;
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
     * The most bits of a hash a block keeps: the top 17 of its low 24 (the rest cleared), as
     * {@link #fingerprint} gives them and the blocks of schemas 5 to 7 hold them.
     */
    public static final int FINGERPRINT_BITS = 17;

    /**
     * The bits of a fingerprint a block written now keeps (schema 8): the top 14 of the low 24.
     * With the partition's bits above them an entry names its position by 26 bits or more (29 in
     * a merged base of 10M games): a lookup in 10M games as imported (100 segments, blocks of about
     * 512 entries) meets about 3 strangers whose fingerprint agrees, each a record read and a
     * replay (2 µs), where the 3 bits more that would turn them away cost 0.3 times the WTHOR bytes
     * (some 220 MB at 10M games); in a merged base it meets one in some 30 lookups.
     */
    public static final int WRITTEN_BITS = 14;

    private static final int DROPPED = 24 - FINGERPRINT_BITS;

    private static final int MASK = 0xffffff & -(1 << DROPPED);

    /**
     * The bits of a fingerprint that blocks of every schema keep ({@link #WRITTEN_BITS}): a block
     * of schemas 5 to 7 (17 bits) and one written now compare equal on them.
     */
    public static int comparable(int fp) {
        return fp & COMPARABLE;
    }

    private static final int COMPARABLE = 0xffffff & -(1 << (24 - WRITTEN_BITS));

    /** The fingerprint bits of a packed block: 17 less the count in the top 3 bits of its prefix byte (0: schemas 5 to 7). */
    private static int widthOf(byte[] v, int header) {
        return FINGERPRINT_BITS - ((v[header] & 0xff) >>> 5);
    }

    /** The prefix length of a packed block (the low 5 bits of its prefix byte). */
    private static int prefixBitsOf(byte[] v, int header) {
        return v[header] & 0x1f;
    }

    /** A block in the packed layout: the top bit of its {@code n}. */
    private static final int PACKED = 0x80000000;

    /**
     * The packed layout's own header: prefix bits u8 (below 5 bits the prefix's length, above them
     * 17 less the block's fingerprint bits), prefix u24, low bits u8, number bits u8.
     */
    private static final int PACKED_HEADER = 6;

    /**
     * Where a packed block's parts lie, read from its header once: its {@code n} entries, the
     * fingerprints' common prefix ({@code restBits} below it), the Elias-Fano low bits, the number
     * bits, and the bit offsets of the unary high parts ({@code base}), the low parts and the numbers.
     */
    private record Packed(int n, int width, int restBits, int prefix, int low, int idBits, long base, long lowAt,
                          long idAt) {
        static Packed of(byte[] v, int header, int n) {
            int width = widthOf(v, header);
            int restBits = width - prefixBitsOf(v, header);
            int low = v[header + 4];
            int idBits = v[header + 5];
            long base = 8L * (header + PACKED_HEADER);
            long lowAt = base + highBits(n, restBits, low);
            return new Packed(n, width, restBits, u24(v, header + 1), low, idBits, base, lowAt, lowAt + (long) n * low);
        }

        /** The low bits of a 24-bit fingerprint this block drops. */
        int dropped() {
            return 24 - width;
        }

        /** The bits a packed block takes after its headers. */
        long bits() {
            return idAt + (long) n * idBits - base;
        }
    }

    /** The unary high parts' bits: one a entry and one closing each bucket of 2^low values. */
    private static long highBits(int n, int restBits, int low) {
        return n + ((1L << restBits) >>> low);
    }

    /**
     * Encodes entries packed as {@code fingerprint << 24 | local}, sorted ascending, from
     * {@code packed[from]} to {@code packed[to - 1]}, for segment {@code segment} of {@code games}
     * games, in the packed layout ({@link #encodeMerged} tells it).
     */
    public static byte[] encode(long[] packed, int from, int to, int segment, int games) {
        return encode(packed, from, to, segment, games, WRITTEN_BITS);
    }

    /**
     * {@link #encode(long[], int, int, int, int)} keeping {@code width} bits of each fingerprint (10
     * to 17): {@link #WRITTEN_BITS} now, 17 as schemas 5 to 7 wrote them (the tests' old stores).
     */
    public static byte[] encode(long[] packed, int from, int to, int segment, int games, int width) {
        if (games > MAX_GAMES) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, String.valueOf("a segment holds at most " + MAX_GAMES + " games"));
        }
        byte[] v = encodePacked(packed, from, to, 24, 0xffffffL, HEADER, width);
        Keys.putU32(v, 0, segment);
        return v;
    }

    /**
     * The packed layout of a block's entries, after its header: the fingerprints' common prefix
     * (its length in bits and its value), then the rest of each fingerprint as an Elias-Fano list
     * (its high bits in unary, then its {@code L} low bits each), then each entry's number in as
     * many bits as the block's largest needs. A fingerprint takes some 6 bits, not 24, and a
     * number of a 10M-game group 24 bits.
     */
    private static byte[] encodePacked(long[] packed, int from, int to, int shift, long numberMask, int header,
                                       int width) {
        int n = to - from;
        if (n <= 0) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, String.valueOf("a block holds one entry or more"));
        }
        if (width < 10 || width > FINGERPRINT_BITS) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT,
                    "a block keeps 10 to 17 bits of a fingerprint, not " + width);
        }
        int dropped = 24 - width;
        int first = (int) (packed[from] >>> shift) >>> dropped;
        int last = (int) (packed[to - 1] >>> shift) >>> dropped;
        int c = Integer.numberOfLeadingZeros(first ^ last) - (32 - width);
        if (first == last) {
            c = width;
        }
        int restBits = width - c;
        int prefix = first >>> restBits;
        long universe = 1L << restBits;
        int low = 0;
        while (universe >>> (low + 1) >= n) {
            low++;
        }
        long maxNumber = 0;
        for (int i = from; i < to; i++) {
            maxNumber = Math.max(maxNumber, packed[i] & numberMask);
        }
        int idBits = 64 - Long.numberOfLeadingZeros(maxNumber);
        long highBits = highBits(n, restBits, low);
        long bits = highBits + (long) n * (low + idBits);
        byte[] v = new byte[header + PACKED_HEADER + (int) ((bits + 7) >>> 3)];
        Keys.putU32(v, 4, n | PACKED);
        int o = header;
        v[o] = (byte) (c | (FINGERPRINT_BITS - width) << 5);
        v[o + 1] = (byte) (prefix >>> 16);
        v[o + 2] = (byte) (prefix >>> 8);
        v[o + 3] = (byte) prefix;
        v[o + 4] = (byte) low;
        v[o + 5] = (byte) idBits;
        long base = 8L * (header + PACKED_HEADER);
        long lowAt = base + highBits;
        long idAt = lowAt + (long) n * low;
        int restMask = (int) (universe - 1);
        for (int i = 0; i < n; i++) {
            long e = packed[from + i];
            int rest = ((int) (e >>> shift) >>> dropped) & restMask;
            setBit(v, base + (rest >>> low) + i);
            putBits(v, lowAt + (long) i * low, low, rest & ((1 << low) - 1));
            putBits(v, idAt + (long) i * idBits, idBits, e & numberMask);
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
        int header = headerOf(v);
        fp &= MASK;
        if (n < 0) {
            Packed k = Packed.of(v, header, n & ~PACKED);
            int f = fp >>> k.dropped();
            if (f >>> k.restBits() != k.prefix()) {
                return;
            }
            int low = k.low();
            int rest = f & ((1 << k.restBits()) - 1);
            int bucket = rest >>> low;
            int want = rest & ((1 << low) - 1);
            long p = k.base();
            if (bucket > 0) { // just after the bucket-th zero
                int zeros = 0;
                int at = (int) (p >>> 3);
                while (true) {
                    int z = 8 - Integer.bitCount(v[at] & 0xff);
                    if (zeros + z >= bucket) {
                        break;
                    }
                    zeros += z;
                    at++;
                }
                p = 8L * at;
                while (true) {
                    if (!bit(v, p++) && ++zeros == bucket) {
                        break;
                    }
                }
            }
            for (int i = (int) (p - k.base()) - bucket; p < k.lowAt() && bit(v, p); p++, i++) {
                int l = (int) getBits(v, k.lowAt() + (long) i * low, low);
                if (l == want) {
                    visitor.local((int) getBits(v, k.idAt() + (long) i * k.idBits(), k.idBits()));
                } else if (l > want) {
                    return;
                }
            }
            return;
        }
        if (n == 0) {
            return;
        }
        int width = (length - header) / n - 3;
        int lo = 0;
        int hi = n;
        while (lo < hi) { // first entry with fingerprint >= fp
            int mid = (lo + hi) >>> 1;
            if ((u24(v, header + 3 * mid) & MASK) < fp) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        for (int i = lo; i < n && (u24(v, header + 3 * i) & MASK) == fp; i++) {
            visitor.local(number(v, header + 3 * n + width * i, width));
        }
    }

    /** Receives every entry of a block. */
    @FunctionalInterface
    public interface EntryVisitor {
        /** One entry: its fingerprint and its game number (within the segment, or from the group's first id). */
        void entry(int fp, int local);
    }

    /**
     * Calls {@code visitor} with every entry of a block (of a segment or merged, packed or in the
     * plain layout of schema 4 and before), in fingerprint order; fingerprints as
     * {@link #fingerprint(long)} gives them.
     */
    public static void forEach(byte[] v, int length, EntryVisitor visitor) {
        int n = Keys.getU32(v, 4);
        int header = headerOf(v);
        if (n < 0) {
            Packed k = Packed.of(v, header, n & ~PACKED);
            int prefix = k.prefix() << k.restBits();
            int low = k.low();
            long p = k.base();
            int high = 0;
            for (int i = 0; i < k.n(); i++) {
                while (!bit(v, p)) {
                    high++;
                    p++;
                }
                p++;
                int rest = high << low | (int) getBits(v, k.lowAt() + (long) i * low, low);
                visitor.entry((prefix | rest) << k.dropped(), (int) getBits(v, k.idAt() + (long) i * k.idBits(), k.idBits()));
            }
            return;
        }
        if (n == 0) {
            return;
        }
        int width = (length - header) / n - 3;
        for (int i = 0; i < n; i++) {
            visitor.entry(u24(v, header + 3 * i) & MASK, number(v, header + 3 * n + width * i, width));
        }
    }

    /** The entries of a block, whole or cut short: a value too short for what its header says. */
    public static boolean wellFormed(byte[] v, int length) {
        if (length < HEADER || isMerged(v) && length < MERGED_HEADER) {
            return false;
        }
        int header = headerOf(v);
        int n = Keys.getU32(v, 4);
        if (n < 0) {
            n &= ~PACKED;
            if (n == 0 || length < header + PACKED_HEADER) {
                return false;
            }
            int width = widthOf(v, header);
            int c = prefixBitsOf(v, header);
            int low = v[header + 4];
            int idBits = v[header + 5];
            if (width < 10 || c > width || low < 0 || low > width - c || idBits < 0 || idBits > 32
                    || u24(v, header + 1) >>> c != 0) {
                return false;
            }
            Packed k = Packed.of(v, header, n);
            if (length != header + PACKED_HEADER + (k.bits() + 7) / 8) {
                return false;
            }
            long ones = 0;
            for (long p = k.base(); p < k.lowAt(); p++) {
                ones += bit(v, p) ? 1 : 0;
            }
            return ones == n;
        }
        if (n == 0 || length < header) {
            return false;
        }
        int rest = length - header;
        return rest % n == 0 && rest / n >= 5 && rest / n <= 7;
    }

    private static boolean bit(byte[] v, long p) {
        return (v[(int) (p >>> 3)] & 0x80 >>> (p & 7)) != 0;
    }

    private static void setBit(byte[] v, long p) {
        v[(int) (p >>> 3)] |= (byte) (0x80 >>> (p & 7));
    }

    /** Writes {@code width} (at most 32) bits of {@code value} from bit {@code p}, most significant first. */
    private static void putBits(byte[] v, long p, int width, long value) {
        while (width > 0) {
            int at = (int) (p >>> 3);
            int off = (int) (p & 7);
            int take = Math.min(8 - off, width);
            int chunk = (int) (value >>> (width - take)) & ((1 << take) - 1);
            v[at] |= (byte) (chunk << (8 - off - take));
            p += take;
            width -= take;
        }
    }

    /** Reads {@code width} (at most 32) bits from bit {@code p}. */
    private static long getBits(byte[] v, long p, int width) {
        if (width == 0) {
            return 0;
        }
        int at = (int) (p >>> 3);
        int end = (int) ((p + width - 1) >>> 3);
        long acc = 0;
        for (int i = at; i <= end; i++) {
            acc = acc << 8 | (v[i] & 0xff);
        }
        int right = (int) (8L * (end + 1) - (p + width));
        return acc >>> right & ((1L << width) - 1);
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

    /** Whether a block is in the packed layout (schema 5), not the plain one of the stores before. */
    public static boolean isPacked(byte[] block) {
        return block[4] < 0;
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
     * bits, then the entries in the packed layout ({@link #encode}).
     */
    public static byte[] encodeMerged(long[] packed, int from, int to, int suffix, int firstId, int hashBits) {
        byte[] v = encodePacked(packed, from, to, 32, 0xffffffffL, MERGED_HEADER, WRITTEN_BITS);
        Keys.putU32(v, 0, suffix);
        Keys.putU32(v, 8, firstId);
        v[12] = (byte) hashBits;
        return v;
    }

    private static int u24(byte[] v, int o) {
        return (v[o] & 0xff) << 16 | (v[o + 1] & 0xff) << 8 | (v[o + 2] & 0xff);
    }
}
