package org.thordb.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The parts of {@link RocksStore} that the lookups lean on for speed, on a real store on disk. */
class RocksStoreTest {
    @TempDir
    Path tmp;

    private static byte[] key(int prefix, int segment) {
        byte[] k = new byte[8];
        Keys.putU32(k, 0, prefix);
        Keys.putU32(k, 4, segment);
        return k;
    }

    private static byte[] value(int length, int seed) {
        byte[] v = new byte[length];
        for (int i = 0; i < length; i++) {
            v[i] = (byte) (seed * 31 + i * 7);
        }
        return v;
    }

    @Test
    void aViewIsCurrentUntilABatchLands() {
        try (RocksStore s = RocksStore.open(tmp.resolve("db"))) {
            try (Store.View before = s.view()) {
                assertTrue(before.current());
                try (Store.Batch b = s.batch()) {
                    b.put(Store.Space.META, Keys.u32(1), new byte[] {1});
                    assertTrue(before.current(), "a batch not yet committed changes nothing");
                    b.commit();
                }
                assertFalse(before.current());
                assertEquals(null, before.get(Store.Space.META, Keys.u32(1)), "the view still sees the store as it was");
                try (Store.View after = s.view()) {
                    assertTrue(after.current());
                    assertArrayEquals(new byte[] {1}, after.get(Store.Space.META, Keys.u32(1)));
                }
            }
        }
    }

    @Test
    void prefixValuesOfEverySizeComeWholeThroughTheReusedArray() {
        // sizes around and far beyond the array a view starts with, smaller ones after larger
        int[] sizes = {5, 4096, 4097, 100_000, 12, 70_000, 1, 300_000, 9};
        try (RocksStore s = RocksStore.open(tmp.resolve("db"))) {
            try (Store.Batch b = s.batch()) {
                for (int i = 0; i < sizes.length; i++) {
                    b.put(Store.Space.FINGERPRINTS, key(7, i), value(sizes[i], i));
                }
                b.put(Store.Space.FINGERPRINTS, key(6, 0), value(10, 99)); // other prefixes are not visited
                b.put(Store.Space.FINGERPRINTS, key(8, 0), value(10, 98));
                b.commit();
            }
            s.flush(); // read from table files, as lookups do, as well as from the memtable below
            try (Store.Batch b = s.batch()) {
                b.put(Store.Space.FINGERPRINTS, key(7, sizes.length), value(50_000, sizes.length));
                b.commit();
            }
            try (Store.View v = s.view()) {
                for (int round = 0; round < 2; round++) { // the second round reuses the grown array
                    List<byte[]> seen = new ArrayList<>();
                    v.scanPrefixValues(Store.Space.FINGERPRINTS, Arrays.copyOf(key(7, 0), 4),
                            (bytes, length) -> seen.add(Arrays.copyOf(bytes, length)));
                    assertEquals(sizes.length + 1, seen.size());
                    for (int i = 0; i < sizes.length; i++) {
                        assertArrayEquals(value(sizes[i], i), seen.get(i), "value " + i + " of " + sizes[i] + " bytes");
                    }
                    assertArrayEquals(value(50_000, sizes.length), seen.get(sizes.length));
                }
            }
        }
    }
}
