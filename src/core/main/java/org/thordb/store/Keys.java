package org.thordb.store;

import java.util.Arrays;
import org.thordb.error.ErrorCode;
import org.thordb.fault.Faults;

/**
 * Key encodings: integers big-endian with the sign bit flipped, so that the byte order of keys is
 * the numeric order of their values (negative before positive), as RocksDB compares bytes unsigned.
 *
 * <p>Usage: {@code byte[] k = Keys.concat(Keys.u16(base), Keys.i32(year), Keys.u32(record));}
 */
public final class Keys {
    private Keys() {
    }

    /**
     * SplitMix64's finaliser: every bit of {@code z} reaches every bit of the result. The one mix
     * behind position hashes, catalog stamps and verify's digests.
     */
    public static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** A signed int, sign flipped, 4 bytes. */
    public static byte[] i32(int v) {
        return u32(v ^ 0x80000000);
    }

    /** An unsigned 64-bit number, big-endian. */
    public static byte[] u64(long v) {
        byte[] b = new byte[8];
        for (int i = 0; i < 8; i++) {
            b[i] = (byte) (v >>> (56 - 8 * i));
        }
        return b;
    }

    /** An unsigned int (or a non-negative id), 4 bytes big-endian. */
    public static byte[] u32(int v) {
        return new byte[] {(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v};
    }

    /** An unsigned 16-bit number, 2 bytes big-endian. */
    public static byte[] u16(int v) {
        if (v < 0 || v > 0xffff) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, String.valueOf("not a 16-bit number: " + v));
        }
        return new byte[] {(byte) (v >>> 8), (byte) v};
    }

    /** Writes a long big-endian at {@code off}. */
    public static void putU64(byte[] b, int off, long v) {
        for (int i = 7; i >= 0; i--) {
            b[off + i] = (byte) v;
            v >>>= 8;
        }
    }

    /** Writes an int big-endian at {@code off}. */
    public static void putU32(byte[] b, int off, int v) {
        b[off] = (byte) (v >>> 24);
        b[off + 1] = (byte) (v >>> 16);
        b[off + 2] = (byte) (v >>> 8);
        b[off + 3] = (byte) v;
    }

    /** Reads an int big-endian at {@code off}. */
    public static int getU32(byte[] b, int off) {
        return (b[off] & 0xff) << 24 | (b[off + 1] & 0xff) << 16 | (b[off + 2] & 0xff) << 8 | (b[off + 3] & 0xff);
    }

    /** Reads a sign-flipped int at {@code off}. */
    public static int getI32(byte[] b, int off) {
        return getU32(b, off) ^ 0x80000000;
    }

    /** Reads an unsigned 16-bit number at {@code off}. */
    public static int getU16(byte[] b, int off) {
        return (b[off] & 0xff) << 8 | (b[off + 1] & 0xff);
    }

    /** Reads a long big-endian at {@code off}. */
    public static long getU64(byte[] b, int off) {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = v << 8 | (b[off + i] & 0xff);
        }
        return v;
    }

    /** The parts one after another. */
    public static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] out = new byte[n];
        int o = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, o, p.length);
            o += p.length;
        }
        return out;
    }

    /**
     * The smallest key greater than every key that starts with {@code prefix}: the end of a prefix
     * range, or null when there is none (the prefix is all 0xff).
     */
    public static byte[] prefixEnd(byte[] prefix) {
        byte[] end = prefix.clone();
        for (int i = end.length - 1; i >= 0; i--) {
            if (end[i] != (byte) 0xff) {
                end[i]++;
                return Arrays.copyOf(end, i + 1);
            }
        }
        return null;
    }
}
