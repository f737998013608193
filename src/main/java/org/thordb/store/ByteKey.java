package org.thordb.store;

import java.util.Arrays;

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

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return java.util.HexFormat.of().formatHex(bytes);
    }
}
