package org.thordb.store;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * A key's bytes as a value, for hash maps of keys (arrays compare by identity).
 *
 * <p>Usage: {@code Map<ByteKey, byte[]> entries = new HashMap<>(); entries.put(new ByteKey(k), v);}
 *
 * @param bytes the key (not copied)
 */
public record ByteKey(byte[] bytes) {
    @Override
    public boolean equals(Object o) {
        return o instanceof ByteKey k && Arrays.equals(k.bytes, bytes);
    }

    /**
     * A hash that spreads short keys: {@code Arrays.hashCode}'s multiplier 31 makes keys that differ
     * in their last two bytes collide in droves (term keys are such keys), and a crowded bin of a
     * {@code HashMap} turns into a tree that compares keys it cannot order.
     */
    @Override
    public int hashCode() {
        int h = bytes.length;
        for (byte b : bytes) {
            h = (h + (b & 0xff)) * 0x9e3779b1;
        }
        return h ^ h >>> 15;
    }

    @Override
    public String toString() {
        return HexFormat.of().formatHex(bytes);
    }
}
