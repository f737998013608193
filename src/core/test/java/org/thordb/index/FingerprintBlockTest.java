package org.thordb.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

@org.junit.jupiter.api.extension.ExtendWith(org.thordb.testing.Seeded.class)
class FingerprintBlockTest {
    @Test
    void aSegmentTakesMorePartitionBitsAsItGrows() {
        assertEquals(12, FingerprintBlock.bits(0));
        assertEquals(12, FingerprintBlock.bits(34_952)); // 60 positions a game fill 4,096 blocks of 512
        assertEquals(13, FingerprintBlock.bits(34_953));
        assertEquals(13, FingerprintBlock.bits(50_000));
        assertEquals(14, FingerprintBlock.bits(100_000));
        assertEquals(21, FingerprintBlock.bits(FingerprintBlock.MAX_GAMES));
        // a merged layout's blocks hold as many: 21 bits for ten million games
        assertEquals(21, FingerprintBlock.mergedBits(10_000_000));
        assertEquals(21, FingerprintBlock.bits(10_000_000));
        // a segment imported before schema 6 (its row names no bits) keeps the rule of blocks of 256
        org.thordb.store.FileRow before = new org.thordb.store.FileRow(0, "wtb", 2001, "X_2001.wtb", "", 0, "", 0, 1, 0,
                50_000, 0, "");
        assertEquals(14, FingerprintBlock.bits(before));
        assertEquals(12, FingerprintBlock.bits(before.withFingerprintBits(12)));
        assertEquals(12, FingerprintBlock.mergedBits(34_952));
        assertEquals(13, FingerprintBlock.mergedBits(34_953));
        assertEquals(24, FingerprintBlock.mergedBits(100_000_000L));
        for (int games = 1; games < FingerprintBlock.MAX_GAMES; games = games * 3 + 1) {
            int b = FingerprintBlock.bits(games);
            assertTrue(60L * games <= (long) FingerprintBlock.TARGET_ENTRIES << b, "games " + games);
            assertTrue(b == FingerprintBlock.MIN_BITS || 60L * games > (long) FingerprintBlock.TARGET_ENTRIES << (b - 1));
        }
    }

    private static final int MASK = 0xffff80; // the 17 bits of a fingerprint a block of schemas 5 to 7 keeps
    private static final int MASK14 = 0xfffc00; // the 14 a block written now keeps

    @Test
    void candidatesFindEveryEntryOfAFingerprintInSmallAndLargeSegments() {
        candidatesFindEveryEntry(14, MASK14);
        candidatesFindEveryEntry(17, MASK);
        long[] packed = {(long) 0x123456 << 24 | 5, (long) 0x123457 << 24 | 6};
        assertEquals(List.of(0x123400L << 24 | 5, 0x123400L << 24 | 6), entries(FingerprintBlock.encode(packed, 0, 2, 1, 10)),
                "a block written now keeps 14 bits of each fingerprint");
        assertEquals(List.of(0x123400L << 24 | 5, 0x123400L << 24 | 6),
                entries(FingerprintBlock.encode(packed, 0, 2, 1, 10, 17)), "and one of schema 7 17 bits");
        assertEquals(0x123400, FingerprintBlock.comparable(0x123456));
        List<Integer> got = new ArrayList<>();
        FingerprintBlock.candidates(FingerprintBlock.encode(packed, 0, 2, 1, 10), 0x1237ff, got::add);
        assertEquals(List.of(5, 6), got, "the 10 low bits of the 24 do not matter to a 14-bit block");
    }

    private static List<Long> entries(byte[] block) {
        List<Long> got = new ArrayList<>();
        FingerprintBlock.forEach(block, block.length, (fp, local) -> got.add((long) fp << 24 | local));
        return got;
    }

    /** Blocks keeping {@code width} bits of each fingerprint ({@code mask} of the low 24). */
    private static void candidatesFindEveryEntry(int width, int MASK) {
        for (int games : new int[] {1, 300, 65_536, 65_537, 1 << 23, FingerprintBlock.MAX_GAMES}) {
            for (int n : new int[] {1, 2, 37, 500}) {
                Random rnd = new Random(org.thordb.testing.Seeded.seedOf("candidates " + width + " " + games + " " + n));
                long[] packed = new long[n];
                for (int i = 0; i < n; i++) {
                    int fp = i % 7 == 0 && i > 0 ? (int) (packed[i - 1] >>> 24) : rnd.nextInt(1 << 24) & MASK; // some repeats
                    packed[i] = (long) fp << 24 | rnd.nextInt(games);
                }
                packed[0] = (long) MASK << 24 | (games - 1); // the largest fingerprint and number
                Arrays.sort(packed);
                byte[] block = FingerprintBlock.encode(packed, 0, n, 77, games, width);
                assertEquals(77, FingerprintBlock.segment(block));
                assertTrue(FingerprintBlock.isPacked(block));
                assertTrue(FingerprintBlock.wellFormed(block, block.length));
                int numberBits = 32 - Integer.numberOfLeadingZeros(games - 1);
                // about 2 bits of unary and log2(2^18 / n) low bits a fingerprint, besides the number
                double fingerprintBits = 8.0 * (block.length - 14) / n - numberBits; // past the headers
                assertTrue(n < 37 || fingerprintBits <= 3 + Math.log((double) (1 << width) / n) / Math.log(2) + 1,
                        "games " + games + ", n " + n + ": " + fingerprintBits + " bits a fingerprint");
                assertEqualsEntries(packed, block, games + "/" + n);
                for (int i = 0; i < n; i++) {
                    int fp = (int) (packed[i] >>> 24);
                    List<Integer> want = new ArrayList<>();
                    for (long e : packed) {
                        if ((int) (e >>> 24) == fp) {
                            want.add((int) (e & 0xffffff));
                        }
                    }
                    List<Integer> got = new ArrayList<>();
                    FingerprintBlock.candidates(block, fp | ~MASK & 0xffffff, got::add); // the bits a block drops do not matter
                    assertEquals(want, got, "games " + games + ", fingerprint " + fp);
                }
                for (int t = 0; t < 2_000; t++) { // fingerprints the block lacks find nothing
                    int fp = rnd.nextInt(1 << 24) & MASK;
                    if (Arrays.stream(packed).noneMatch(e -> (int) (e >>> 24) == fp)) {
                        List<Integer> none = new ArrayList<>();
                        FingerprintBlock.candidates(block, fp, none::add);
                        assertTrue(none.isEmpty(), "fingerprint " + fp);
                    }
                }
                for (int cut = 1; cut < 3 && cut < block.length; cut++) {
                    assertTrue(!FingerprintBlock.wellFormed(Arrays.copyOf(block, block.length - cut), block.length - cut));
                }
            }
        }
    }

    private static void assertEqualsEntries(long[] packed, byte[] block, String what) {
        List<Long> got = new ArrayList<>();
        FingerprintBlock.forEach(block, block.length, (fp, local) -> got.add((long) fp << 24 | local));
        List<Long> want = new ArrayList<>();
        for (long e : packed) {
            want.add(e);
        }
        assertEquals(want, got, what);
    }

    @Test
    void aMergedBlockKeepsItsHeaderAndIdsFromItsFirst(Random rnd) {
        int n = 300;
        long[] packed = new long[n];
        for (int i = 0; i < n; i++) {
            packed[i] = (long) (0xa40000 | rnd.nextInt(1 << 18) & MASK14) << 32 | rnd.nextInt(10_000_000);
        }
        Arrays.sort(packed);
        byte[] block = FingerprintBlock.encodeMerged(packed, 0, n, 0x80000001, 1_000, 15);
        assertTrue(FingerprintBlock.isMerged(block) && FingerprintBlock.isPacked(block));
        assertEquals(1_000, FingerprintBlock.mergedFirstId(block));
        assertEquals(15, FingerprintBlock.mergedHashBits(block));
        assertTrue(FingerprintBlock.wellFormed(block, block.length));
        List<Long> got = new ArrayList<>();
        FingerprintBlock.forEach(block, block.length, (fp, local) -> got.add((long) fp << 32 | local));
        assertEquals(Arrays.stream(packed).boxed().toList(), got);
        // 5 bits a fingerprint of a 6-bit common prefix, 24 a number: under 4 bytes an entry, not 6
        assertTrue(block.length < 13 + 6 + 4 * n, block.length + " bytes");
        List<Integer> found = new ArrayList<>();
        FingerprintBlock.candidates(block, (int) (packed[17] >>> 32), found::add);
        assertTrue(found.contains((int) packed[17]));
        FingerprintBlock.candidates(block, 0x140000, found::add); // another prefix
        assertEquals(found.size(), (int) Arrays.stream(packed).filter(e -> e >>> 32 == packed[17] >>> 32).count());
    }

    @Test
    void blocksInThePlainLayoutOfSchema4AreReadWithTheirLowBitsDropped() {
        // the layout of stores before schema 5: header, n fingerprints u24, n numbers u16
        int[] fps = {0x000081, 0x000082, 0x000100, 0xabcdef};
        int[] numbers = {5, 6, 7, 8};
        byte[] v = new byte[8 + 5 * fps.length];
        org.thordb.store.Keys.putU32(v, 0, 9);
        org.thordb.store.Keys.putU32(v, 4, fps.length);
        for (int i = 0; i < fps.length; i++) {
            v[8 + 3 * i] = (byte) (fps[i] >>> 16);
            v[9 + 3 * i] = (byte) (fps[i] >>> 8);
            v[10 + 3 * i] = (byte) fps[i];
            v[8 + 3 * fps.length + 2 * i + 1] = (byte) numbers[i];
        }
        assertTrue(FingerprintBlock.wellFormed(v, v.length) && !FingerprintBlock.isPacked(v));
        List<Integer> got = new ArrayList<>();
        FingerprintBlock.candidates(v, 0x0000f0, got::add); // 0x81 and 0x82 keep 0x80, as 0xf0 does
        assertEquals(List.of(5, 6), got);
        List<Long> all = new ArrayList<>();
        FingerprintBlock.forEach(v, v.length, (fp, local) -> all.add((long) fp << 24 | local));
        assertEquals(List.of(0x80L << 24 | 5, 0x80L << 24 | 6, 0x100L << 24 | 7, (long) 0xabcd80 << 24 | 8), all);
    }

    @Test
    void keysSortByBitsThenPartitionThenSegmentAndPrefixesSelectOnePartition() {
        byte[] a = FingerprintBlock.key(12, 4095, 7);
        byte[] b = FingerprintBlock.key(13, 0, 1);
        byte[] c = FingerprintBlock.key(13, 0, 2);
        byte[] d = FingerprintBlock.key(13, 1, 0);
        assertTrue(Arrays.compareUnsigned(a, b) < 0); // RocksDB's byte order
        assertTrue(Arrays.compareUnsigned(b, c) < 0);
        assertTrue(Arrays.compareUnsigned(c, d) < 0);
        assertEquals(7, FingerprintBlock.segmentOf(a));
        assertArrayEquals(FingerprintBlock.partitionPrefix(13, 0), Arrays.copyOf(c, 4));
        long h = 0xfedcba9876543210L;
        assertEquals(0xfed, FingerprintBlock.partition(h, 12));
        assertEquals(0xfedcba, FingerprintBlock.partition(h, 24));
        assertEquals(0x543200, FingerprintBlock.fingerprint(h)); // 17 bits kept of the low 24
    }

    @Test
    void theStoreKnowsThePrefixesLookupsAskFor() {
        // the store reads these prefixes through a Bloom filter and a bounded iterator; were the
        // lengths to drift apart, lookups would still answer, through the slower general scan
        assertEquals(org.thordb.store.Store.Space.POSITIONS.prefixLength(), PositionKeys.LENGTH);
        assertEquals(org.thordb.store.Store.Space.FINGERPRINTS.prefixLength(), FingerprintBlock.partitionPrefix(12, 0).length);
    }
}
