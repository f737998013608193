package org.thordb.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import org.roaringbitmap.RoaringBitmap;

/**
 * The value of a postings key: a set of game ids. Small sets (most positions are reached by few
 * games) are a varint-delta list, tag 0; larger ones a Roaring bitmap in its portable format, tag 1.
 *
 * <p>Usage: {@code byte[] v = Postings.encode(ids, n); RoaringBitmap games = Postings.decode(v);}
 */
public final class Postings {
    private Postings() {
    }

    private static final int SMALL = 48;

    /** Encodes the first {@code n} ids of {@code ids}, sorted ascending and distinct. */
    public static byte[] encode(int[] ids, int n) {
        if (n < SMALL) {
            byte[] out = new byte[1 + 5 * (n + 1)];
            int o = 1;
            o = putVarint(out, o, n);
            int prev = 0;
            for (int i = 0; i < n; i++) {
                o = putVarint(out, o, ids[i] - prev);
                prev = ids[i];
            }
            return java.util.Arrays.copyOf(out, o);
        }
        RoaringBitmap b = RoaringBitmap.bitmapOf(java.util.Arrays.copyOf(ids, n));
        return encode(b);
    }

    /** Encodes a bitmap. */
    public static byte[] encode(RoaringBitmap b) {
        if (b.getCardinality() < SMALL) {
            return encode(b.toArray(), b.getCardinality());
        }
        b.runOptimize();
        ByteBuffer buf = ByteBuffer.allocate(1 + b.serializedSizeInBytes());
        buf.put((byte) 1);
        b.serialize(buf);
        return buf.array();
    }

    /** Adds the ids of an encoded value to {@code into}. */
    public static void addTo(byte[] value, RoaringBitmap into) {
        addTo(value, value.length, into);
    }

    /** Adds the ids of a value held in {@code value[0, length)} to {@code into}. */
    public static void addTo(byte[] value, int length, RoaringBitmap into) {
        if (value[0] == 0) {
            int[] pos = {1};
            int n = getVarint(value, pos);
            int prev = 0;
            for (int i = 0; i < n; i++) {
                prev += getVarint(value, pos);
                into.add(prev);
            }
        } else {
            RoaringBitmap b = new RoaringBitmap();
            try {
                b.deserialize(ByteBuffer.wrap(value, 1, length - 1).slice().order(java.nio.ByteOrder.LITTLE_ENDIAN));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            into.or(b);
        }
    }

    /**
     * Gathers the values of one lookup across segments and ORs them at the end in one pass
     * ({@code FastAggregation}), which costs far less than OR-ing them in one by one.
     */
    public static final class Union {
        private final java.util.List<RoaringBitmap> bitmaps = new java.util.ArrayList<>();
        private int[] small = new int[16];
        private int size;

        /** Adds the ids of an encoded value. */
        public void add(byte[] value) {
            add(value, value.length);
        }

        /** Adds the ids of a value held in {@code value[0, length)} (copied: the array may be reused). */
        public void add(byte[] value, int length) {
            if (value[0] == 0) {
                int[] pos = {1};
                int n = getVarint(value, pos);
                if (size + n > small.length) {
                    small = java.util.Arrays.copyOf(small, Math.max(small.length * 2, size + n));
                }
                int prev = 0;
                for (int i = 0; i < n; i++) {
                    prev += getVarint(value, pos);
                    small[size++] = prev;
                }
            } else {
                RoaringBitmap b = new RoaringBitmap();
                addTo(value, length, b);
                bitmaps.add(b);
            }
        }

        /** Adds one id. */
        public void add(int id) {
            if (size == small.length) {
                small = java.util.Arrays.copyOf(small, small.length * 2);
            }
            small[size++] = id;
        }

        /** The union of everything added. */
        public RoaringBitmap result() {
            if (size == 0 && bitmaps.size() == 1) {
                return bitmaps.get(0); // one merged entry, most often: it is the answer as it is
            }
            RoaringBitmap ids = new RoaringBitmap();
            ids.addN(small, 0, size);
            if (bitmaps.isEmpty()) {
                return ids;
            }
            bitmaps.add(ids);
            return org.roaringbitmap.FastAggregation.or(bitmaps.iterator());
        }
    }

    /**
     * The number of ids of a value held in {@code value[0, length)}, without decoding them: a short
     * list's count leads it, and a Roaring bitmap's serialisation keeps each container's count in
     * its header.
     */
    public static long cardinality(byte[] value, int length) {
        if (value[0] == 0) {
            return getVarint(value, new int[] {1});
        }
        return new org.roaringbitmap.buffer.ImmutableRoaringBitmap(
                java.nio.ByteBuffer.wrap(value, 1, length - 1).slice()).getLongCardinality();
    }

    /** Decodes a value. */
    public static RoaringBitmap decode(byte[] value) {
        RoaringBitmap b = new RoaringBitmap();
        addTo(value, b);
        return b;
    }

    static int putVarint(byte[] out, int o, int v) {
        while ((v & ~0x7f) != 0) {
            out[o++] = (byte) ((v & 0x7f) | 0x80);
            v >>>= 7;
        }
        out[o++] = (byte) v;
        return o;
    }

    static int getVarint(byte[] in, int[] pos) {
        int v = 0;
        int shift = 0;
        while (true) {
            byte b = in[pos[0]++];
            v |= (b & 0x7f) << shift;
            if (b >= 0) {
                return v;
            }
            shift += 7;
        }
    }
}
