package org.thordb.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class FingerprintBlockTest {
    @Test
    void aSegmentTakesMorePartitionBitsAsItGrows() {
        assertEquals(12, FingerprintBlock.bits(0));
        assertEquals(12, FingerprintBlock.bits(17_476)); // 60 positions a game fill 4,096 blocks of 256
        assertEquals(13, FingerprintBlock.bits(17_477));
        assertEquals(14, FingerprintBlock.bits(50_000));
        assertEquals(22, FingerprintBlock.bits(FingerprintBlock.MAX_GAMES));
        for (int games = 1; games < FingerprintBlock.MAX_GAMES; games = games * 3 + 1) {
            int b = FingerprintBlock.bits(games);
            assertTrue(60L * games <= (long) FingerprintBlock.TARGET_ENTRIES << b, "games " + games);
            assertTrue(b == FingerprintBlock.MIN_BITS || 60L * games > (long) FingerprintBlock.TARGET_ENTRIES << (b - 1));
        }
    }

    @Test
    void candidatesFindEveryEntryOfAFingerprintInNarrowAndWideBlocks() {
        for (int games : new int[] {300, 65_536, 65_537, 1 << 23}) {
            Random rnd = new Random(games);
            int n = 500;
            long[] packed = new long[n];
            for (int i = 0; i < n; i++) {
                int fp = i % 7 == 0 && i > 0 ? (int) (packed[i - 1] >>> 24) : rnd.nextInt(1 << 24); // some repeats
                packed[i] = (long) fp << 24 | rnd.nextInt(games);
            }
            packed[0] = (long) 0xffffff << 24 | (games - 1); // the largest fingerprint and number
            Arrays.sort(packed);
            byte[] block = FingerprintBlock.encode(packed, 0, n, 77, games);
            assertEquals(8 + (games <= 65_536 ? 5 : 6) * n, block.length, "games " + games);
            assertEquals(77, FingerprintBlock.segment(block));
            for (int i = 0; i < n; i++) {
                int fp = (int) (packed[i] >>> 24);
                List<Integer> want = new ArrayList<>();
                for (long e : packed) {
                    if ((int) (e >>> 24) == fp) {
                        want.add((int) (e & 0xffffff));
                    }
                }
                List<Integer> got = new ArrayList<>();
                FingerprintBlock.candidates(block, fp, got::add);
                assertEquals(want, got, "games " + games + ", fingerprint " + fp);
            }
            List<Integer> none = new ArrayList<>();
            FingerprintBlock.candidates(block, 0x123457, none::add);
            assertTrue(none.isEmpty() || Arrays.stream(packed).anyMatch(e -> (int) (e >>> 24) == 0x123457));
        }
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
        assertEquals(0x543210, FingerprintBlock.fingerprint(h));
    }

    @Test
    void theStoreKnowsThePrefixesLookupsAskFor() {
        // the store reads these prefixes through a Bloom filter and a bounded iterator; were the
        // lengths to drift apart, lookups would still answer, through the slower general scan
        assertEquals(org.thordb.store.Store.Space.POSITIONS.prefixLength(), PositionKeys.LENGTH);
        assertEquals(org.thordb.store.Store.Space.FINGERPRINTS.prefixLength(), FingerprintBlock.partitionPrefix(12, 0).length);
    }
}
