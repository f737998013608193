package org.thordb.index;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import org.roaringbitmap.RoaringBitmap;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntConsumer;
import org.roaringbitmap.ArrayContainer;
import org.roaringbitmap.BitSetUtil;
import org.roaringbitmap.BitmapContainer;
import org.roaringbitmap.Container;
import org.roaringbitmap.ContainerPointer;
import org.roaringbitmap.IntIterator;
import org.roaringbitmap.PeekableCharIterator;
import org.roaringbitmap.RunContainer;
import org.roaringbitmap.buffer.ImmutableRoaringBitmap;
import org.roaringbitmap.buffer.MutableRoaringBitmap;

/**
 * The value of a postings key: a set of game ids, as a varint-delta list (tag 0) or a Roaring bitmap
 * in its portable format (tag 1), whichever is shorter; a position's entry is a list under 48 games
 * (most positions are reached by few) and Roaring from there.
 * A position's entry also says which move each of its games played next ({@link #encodeWithMoves}:
 * after a short list's ids, apart for a Roaring value): what the explorer reads instead of a lookup
 * a next move.
 *
 * <p>Usage: {@code byte[] v = Postings.encode(ids, n); RoaringBitmap games = Postings.decode(v);}
 */
public final class Postings {
    private Postings() {
    }

    private static final int SMALL = 48;

    /** The tag bit of a Roaring bitmap (clear: a varint list). */
    private static final int ROARING = 1;
    /** The tag bit of a value whose games' next moves follow its ids. */
    private static final int MOVES = 2;
    /** The tag bit of moves written 7 bits a game (else: codes among the distinct moves). */
    private static final int DIRECT = 4;
    /**
     * The tag bit of a Roaring value whose games' next moves are in a value of their own, under
     * the position's moves key ({@code PositionKeys.movesKey}): a lookup of the position then reads
     * its ids alone.
     */
    private static final int APART = 8;
    /** The next move of a game that ends at the position (its last legal move was played). */
    public static final int END = 64;

    /**
     * A position's entry with its games' next moves: {@code value} under the position's key and,
     * for a Roaring value, {@code apart} (else null) under its moves key.
     */
    public record WithMoves(byte[] value, byte[] apart) {
    }

    /**
     * Encodes the first {@code n} ids of {@code ids} (ascending, distinct) with the next move of
     * each, {@code moves[i]} a square 0–63 turned as the position's canonical form or {@link #END}.
     * The moves are written in one of two layouts, whichever is shorter: each game's move in 7
     * bits (tag bit {@code DIRECT}), or each game's code among the {@code k} distinct moves in
     * {@code w} bits, then those moves (ascending; code c is the c-th), then {@code k} in a byte,
     * {@code w} being the fewest bits that number {@code k} codes (0 when every game played the
     * same move). Bits are packed in id order from the low bit of each byte. A short list (a deep
     * position's few games: two bytes) has them after its ids; a Roaring value (hundreds of games
     * and more) has them apart, after a tag byte of their own, so that a lookup, which needs the
     * ids alone, does not read them (inline, they had made a lookup at ten million games a fifth
     * slower at the median and four times at the 99th percentile).
     */
    public static WithMoves encodeWithMoves(int[] ids, byte[] moves, int n) {
        byte[] body = encodeByCount(ids, n);
        boolean[] seen = new boolean[END + 1];
        for (int i = 0; i < n; i++) {
            seen[moves[i]] = true;
        }
        int[] codeOf = new int[END + 1];
        byte[] distinct = new byte[END + 1];
        int k = 0;
        for (int m = 0; m <= END; m++) {
            if (seen[m]) {
                codeOf[m] = k;
                distinct[k++] = (byte) m;
            }
        }
        int w = codeBits(k);
        int codeBytes = packedBytes(n, w);
        int directBytes = packedBytes(n, 7);
        boolean direct = directBytes <= codeBytes + k + 1;
        boolean inline = (body[0] & ROARING) == 0;
        int from = inline ? body.length : 1;
        byte[] out = Arrays.copyOf(inline ? body : new byte[1], from + (direct ? directBytes : codeBytes + k + 1));
        out[0] |= MOVES | (direct ? DIRECT : 0);
        if (direct) {
            for (int i = 0; i < n; i++) {
                pack(out, from, i, 7, moves[i]);
            }
        } else {
            if (w > 0) {
                for (int i = 0; i < n; i++) {
                    pack(out, from, i, w, codeOf[moves[i]]);
                }
            }
            System.arraycopy(distinct, 0, out, from + codeBytes, k);
            out[out.length - 1] = (byte) k;
        }
        if (inline) {
            return new WithMoves(out, null);
        }
        body[0] |= APART;
        return new WithMoves(body, out);
    }

    private static int packedBytes(int n, int w) {
        return (int) (((long) n * w + 7) >>> 3);
    }

    /** Writes value {@code c} as the {@code i}-th of {@code w}-bit values packed from byte {@code from}. */
    private static void pack(byte[] out, int from, int i, int w, int c) {
        long bit = (long) i * w;
        int at = from + (int) (bit >>> 3);
        int shift = (int) (bit & 7);
        out[at] |= (byte) (c << shift);
        if (shift + w > 8) {
            out[at + 1] |= (byte) (c >>> (8 - shift));
        }
    }

    /** The bits of a code among {@code k} distinct moves. */
    private static int codeBits(int k) {
        return k <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(k - 1);
    }

    /** Whether a value says its games' next moves, after its ids or apart ({@link #encodeWithMoves}). */
    public static boolean hasMoves(byte[] value) {
        return (value[0] & (MOVES | APART)) != 0;
    }

    /** Whether a value's games' next moves are in a value of their own, under the position's moves key. */
    public static boolean movesApart(byte[] value) {
        return (value[0] & APART) != 0;
    }

    /**
     * Where the ids of a short list held in {@code value[0, length)} end: its length, unless its next
     * moves follow (only a list has them inline; a Roaring value's are apart, so its readers never
     * look for their end).
     */
    private static int idsEnd(byte[] value, int length) {
        if ((value[0] & MOVES) == 0) {
            return length;
        }
        int n = getVarint(value, new int[] {1});
        if ((value[0] & DIRECT) != 0) {
            return length - packedBytes((int) n, 7);
        }
        int k = value[length - 1] & 0xff;
        return length - 1 - k - packedBytes(n, codeBits(k));
    }

    /**
     * Where a value's next moves are: in {@code buf} from bit {@code firstBit}, {@code w} bits a
     * game, each the move itself ({@code direct}) or a code naming one of the {@code k} moves at
     * {@code distinctAt}.
     */
    private record Codes(byte[] buf, long firstBit, int w, boolean direct, int distinctAt, int k) {
        int move(long i) {
            int c = w == 0 ? 0 : codeAt(buf, firstBit + i * w, w, (1 << w) - 1);
            return direct ? c : buf[distinctAt + c] & 0xff;
        }
    }

    /** The next moves of a value held in {@code value[0, length)}, its moves value {@code apart} when they are apart; null: none. */
    private static Codes codes(byte[] value, int length, byte[] apart) {
        byte[] buf;
        long first;
        int end;
        if ((value[0] & MOVES) != 0) {
            buf = value;
            first = (long) idsEnd(value, length) << 3;
            end = length;
        } else if ((value[0] & APART) != 0 && apart != null && apart.length > 0 && (apart[0] & MOVES) != 0) {
            buf = apart;
            first = 8;
            end = apart.length;
        } else {
            return null;
        }
        boolean direct = (buf[0] & DIRECT) != 0;
        int k = direct ? 0 : buf[end - 1] & 0xff;
        return new Codes(buf, first, direct ? 7 : codeBits(k), direct, end - 1 - k, k);
    }

    /** Sees the games of a value with their next moves, in id order. */
    @FunctionalInterface
    public interface MoveVisitor {
        /** Game {@code id} played {@code move} next (a square turned as the canonical form, or {@link #END}). */
        void game(int id, int move);
    }

    /**
     * The games of a value held in {@code value[0, length)} that are in {@code only} (null: every
     * game), each with its next move, split by the move: {@code into[m]} gets the ids that played m
     * ({@link #END}: ended there), made when missing. The moves are read from {@code apart} when the
     * value says they are apart; false, and nothing added, when the value says no moves, or says
     * they are apart and {@code apart} is null. A Roaring value is walked
     * container by container: one that holds none of those games is skipped (its count, in the
     * header, moves the codes on), one that holds many has its codes read in order, and one that
     * holds a few has each game's code found by its rank in the container. A filter that keeps a
     * tenth of a big position's games then costs about a tenth.
     */
    public static boolean addByMove(byte[] value, int length, byte[] apart, RoaringBitmap only, RoaringBitmap[] into) {
        Codes codes = codes(value, length, apart);
        if (codes == null) {
            return false;
        }
        if ((value[0] & ROARING) == 0) {
            forEachMove(value, length, apart, (id, move) -> {
                if (only == null || only.contains(id)) {
                    if (into[move] == null) {
                        into[move] = new RoaringBitmap();
                    }
                    into[move].add(id);
                }
            });
            return true;
        }
        RoaringBitmap ids = roaring(value, length);
        if (codes.k() == 1) { // every game played the same move: no code to read
            int m = codes.buf()[codes.distinctAt()] & 0xff;
            RoaringBitmap kept = only == null ? ids : RoaringBitmap.and(ids, only);
            if (into[m] == null) {
                into[m] = kept;
            } else {
                into[m].or(kept);
            }
            return true;
        }
        byte[] buf = codes.buf();
        int w = codes.w();
        int mask = (1 << w) - 1;
        long bits = codes.firstBit();
        Split split = new Split(codes.direct() ? END + 1 : codes.k());
        ContainerPointer cp = ids.getContainerPointer();
        ContainerPointer op = only == null ? null : only.getContainerPointer();
        long rankBase = 0;
        int[] all = null;
        int[] wanted = null;
        for (Container c; (c = cp.getContainer()) != null; cp.advance()) {
            int key = cp.key();
            int card = c.getCardinality();
            Container kept = null;
            if (op != null) {
                while (op.getContainer() != null && op.key() < key) {
                    op.advance();
                }
                if (op.getContainer() == null || op.key() != key) {
                    rankBase += card; // none of these games is asked for
                    continue;
                }
                kept = op.getContainer();
            }
            long at = bits + rankBase * w;
            if (kept == null || (long) kept.getCardinality() * 64 >= card) { // the container's codes in order
                // its ids written out in one pass (the library's bulk copy), then walked beside the
                // games asked for, both ascending: no iterator and no lookup a game
                if (all == null || all.length < card) {
                    all = new int[card];
                }
                c.fillLeastSignificant16bits(all, 0, 0);
                Container both = kept == null ? null : c.and(kept);
                if (both == null || both.getCardinality() == card) { // every game of the container asked for
                    split.start(card);
                    for (int i = 0; i < card; i++) {
                        split.add(codeAt(buf, at + (long) i * w, w, mask), all[i]);
                    }
                } else {
                    int m = both.getCardinality();
                    if (wanted == null || wanted.length < m) {
                        wanted = new int[m];
                    }
                    both.fillLeastSignificant16bits(wanted, 0, 0);
                    split.start(m);
                    int i = 0;
                    for (int j = 0; j < m; j++) {
                        int low = wanted[j];
                        while (all[i] != low) {
                            i++;
                        }
                        split.add(codeAt(buf, at + (long) i * w, w, mask), low);
                    }
                }
            } else { // a few games asked for: each one's code by its rank
                split.start(0);
                for (PeekableCharIterator it = kept.getCharIterator(); it.hasNext(); ) {
                    char low = it.next();
                    if (c.contains(low)) {
                        split.add(codeAt(buf, at + (long) (c.rank(low) - 1) * w, w, mask), low);
                    }
                }
            }
            split.end(key);
            rankBase += card;
        }
        for (int c = 0; c < split.out.length; c++) {
            if (split.out[c] != null) {
                int m = codes.direct() ? c : buf[codes.distinctAt() + c] & 0xff;
                if (into[m] == null) {
                    into[m] = split.out[c];
                } else {
                    into[m].or(split.out[c]);
                }
            }
        }
        return true;
    }

    /**
     * A position's games split by their move's code, one Roaring container at a time: a container's
     * games go to a bitmap of 1,024 words a code when it has thousands (a bit set a game), else to a
     * list of 16-bit values a code; at its end each code's container is appended to that code's
     * bitmap. Keys come ascending, so nothing is searched or merged.
     */
    private static final class Split {
        final RoaringBitmap[] out;
        private final char[][] lows;
        private final long[][] words;
        private final int[] counts;
        private final int[] touched;
        private int touchedCount;
        private boolean dense;

        Split(int codes) {
            out = new RoaringBitmap[codes];
            lows = new char[codes][];
            words = new long[codes][];
            counts = new int[codes];
            touched = new int[codes];
        }

        /** A container begins, of about {@code games} games to split (0: a few). */
        void start(int games) {
            dense = games >= 4096;
            touchedCount = 0;
        }

        void add(int code, int low) {
            int n = counts[code]++;
            if (n == 0) {
                touched[touchedCount++] = code;
            }
            if (dense) {
                long[] wd = words[code];
                if (wd == null) {
                    wd = words[code] = new long[1024];
                }
                wd[low >>> 6] |= 1L << low;
            } else {
                char[] a = lows[code];
                if (a == null) {
                    a = lows[code] = new char[64];
                } else if (n == a.length) {
                    a = lows[code] = Arrays.copyOf(a, 2 * n);
                }
                a[n] = (char) low;
            }
        }

        /** The container of key {@code key} ends: each code's games appended to its bitmap. */
        void end(int key) {
            for (int t = 0; t < touchedCount; t++) {
                int code = touched[t];
                int n = counts[code];
                Container c;
                if (dense) {
                    long[] wd = words[code];
                    c = n > 4096 ? new BitmapContainer(wd.clone(), n) : arrayOf(wd, n);
                    Arrays.fill(wd, 0L);
                } else {
                    c = new ArrayContainer(n, Arrays.copyOf(lows[code], n));
                }
                if (out[code] == null) {
                    out[code] = new RoaringBitmap();
                }
                out[code].append((char) key, c);
                counts[code] = 0;
            }
        }

        private static Container arrayOf(long[] wd, int n) {
            char[] a = new char[n];
            int j = 0;
            for (int i = 0; i < wd.length; i++) {
                for (long x = wd[i]; x != 0; x &= x - 1) {
                    a[j++] = (char) (i << 6 | Long.numberOfTrailingZeros(x));
                }
            }
            return new ArrayContainer(n, a);
        }
    }

    /** The {@code w}-bit value packed at bit {@code bit} of {@code v}. */
    private static int codeAt(byte[] v, long bit, int w, int mask) {
        int at = (int) (bit >>> 3);
        int shift = (int) (bit & 7);
        int two = (v[at] & 0xff) | (shift + w > 8 ? (v[at + 1] & 0xff) << 8 : 0);
        return (two >>> shift) & mask;
    }

    /**
     * Hands over each game of a value held in {@code value[0, length)} with its next move, in id
     * order. False, with nothing handed over, when the value does not say its next moves inline.
     */
    public static boolean forEachMove(byte[] value, int length, MoveVisitor visitor) {
        return forEachMove(value, length, null, visitor);
    }

    /**
     * {@link #forEachMove(byte[], int, MoveVisitor)} with the moves read from {@code apart} when the
     * value says they are apart (false when they are and {@code apart} is null).
     */
    public static boolean forEachMove(byte[] value, int length, byte[] apart, MoveVisitor visitor) {
        Codes codes = codes(value, length, apart);
        if (codes == null) {
            return false;
        }
        long[] i = {0};
        IntConsumer each = id -> visitor.game(id, codes.move(i[0]++));
        if ((value[0] & ROARING) == 0) {
            forEachListed(value, each);
        } else {
            for (IntIterator it = roaring(value, length).getIntIterator(); it.hasNext(); ) {
                each.accept(it.next());
            }
        }
        return true;
    }

    /**
     * Encodes the first {@code n} ids of {@code ids}, sorted ascending and distinct, as whichever is
     * shorter: a varint-delta list or a Roaring bitmap. Roaring keeps 16 bits an id in an array
     * container, where a list of ids a few dozen apart needs one byte: the edge index's terms at
     * ten million games were 455 MB in Roaring, 257 MB so (RocksDB's ZSTD on both).
     */
    public static byte[] encode(int[] ids, int n) {
        if (n < SMALL) {
            return list(ids, n);
        }
        byte[] roaring = roaring(RoaringBitmap.bitmapOf(Arrays.copyOf(ids, n)));
        return listBytes(ids, n) < roaring.length ? list(ids, n) : roaring;
    }

    /** Encodes a bitmap, as {@link #encode(int[], int)} does. */
    public static byte[] encode(RoaringBitmap b) {
        int n = b.getCardinality();
        if (n < SMALL) {
            return list(b.toArray(), n);
        }
        byte[] roaring = roaring(b);
        if (roaring.length <= n) { // a list takes a byte an id at least
            return roaring;
        }
        int[] ids = b.toArray();
        return listBytes(ids, n) < roaring.length ? list(ids, n) : roaring;
    }

    /**
     * Encodes ids as a position's entry has them: a list under {@value #SMALL} ids, else Roaring,
     * whose games' next moves go apart ({@link #encodeWithMoves}) so that a lookup never reads
     * them; a long list would carry them inline.
     */
    static byte[] encodeByCount(int[] ids, int n) {
        return n < SMALL ? list(ids, n) : roaring(RoaringBitmap.bitmapOf(Arrays.copyOf(ids, n)));
    }

    private static byte[] list(int[] ids, int n) {
        byte[] out = new byte[1 + 5 * (n + 1)];
        int o = 1;
        o = putVarint(out, o, n);
        int prev = 0;
        for (int i = 0; i < n; i++) {
            o = putVarint(out, o, ids[i] - prev);
            prev = ids[i];
        }
        return Arrays.copyOf(out, o);
    }

    /** The length of {@link #list}'s value, without writing it. */
    private static long listBytes(int[] ids, int n) {
        long bytes = 1 + varintBytes(n);
        int prev = 0;
        for (int i = 0; i < n; i++) {
            bytes += varintBytes(ids[i] - prev);
            prev = ids[i];
        }
        return bytes;
    }

    private static int varintBytes(int v) {
        return (38 - Integer.numberOfLeadingZeros(v | 1)) / 7;
    }

    private static byte[] roaring(RoaringBitmap b) {
        b.runOptimize();
        ByteBuffer buf = ByteBuffer.allocate(1 + b.serializedSizeInBytes());
        buf.put((byte) ROARING);
        b.serialize(buf);
        return buf.array();
    }

    /** Adds the ids of an encoded value to {@code into}. */
    public static void addTo(byte[] value, RoaringBitmap into) {
        addTo(value, value.length, into);
    }

    /** Adds the ids of a value held in {@code value[0, length)} to {@code into}. */
    public static void addTo(byte[] value, int length, RoaringBitmap into) {
        if ((value[0] & ROARING) == 0) {
            if (getVarint(value, new int[] {1}) >= LONG_LIST) {
                into.or(listedBitmap(value));
            } else {
                forEachListed(value, into::add);
            }
        } else {
            into.or(roaring(value, length));
        }
    }

    /**
     * A list this long is read into a bitmap a container at a time, as a Roaring value is, rather
     * than into the union's ids (whose addition at the end, unsorted across lists, searched a
     * container for each: the edge at any move over ten million games took 22 ms so, 8 before)
     */
    private static final int LONG_LIST = SMALL;

    /**
     * The ids of a value that lists them, as a bitmap made a container at a time: the ids come
     * ascending, so each 2^16 of them is an array (or, past 4,096, a bitmap) container appended
     * whole, where adding them one by one looks up a container for each.
     */
    static RoaringBitmap listedBitmap(byte[] value) {
        return bitmapOf(listedIds(value, null), getVarint(value, new int[] {1}));
    }

    /** The first {@code n} of {@code ids} (ascending) as a bitmap, a container at a time. */
    private static RoaringBitmap bitmapOf(int[] ids, int n) {
        RoaringBitmap out = new RoaringBitmap();
        for (int i = 0; i < n; ) {
            int high = ids[i] >>> 16;
            int j = i;
            while (j < n && ids[j] >>> 16 == high) {
                j++;
            }
            int card = j - i;
            Container c;
            if (card > 4096) {
                long[] words = new long[1024];
                for (int k = i; k < j; k++) {
                    words[(ids[k] & 0xFFFF) >>> 6] |= 1L << ids[k];
                }
                c = new BitmapContainer(words, card);
            } else {
                char[] lows = new char[card];
                for (int k = i; k < j; k++) {
                    lows[k - i] = (char) ids[k];
                }
                c = new ArrayContainer(card, lows);
            }
            out.append((char) high, c);
            i = j;
        }
        return out;
    }

    /**
     * The ids of a value that lists them, ascending, in the first places of {@code into} (a new
     * array when it is null or too short): its count leads it. Most deltas of a long list take one
     * byte, the case tested first.
     */
    private static int[] listedIds(byte[] value, int[] into) {
        int[] pos = {1};
        int n = getVarint(value, pos);
        int[] ids = into == null || into.length < n ? new int[n] : into;
        int p = pos[0];
        int prev = 0;
        for (int i = 0; i < n; i++) {
            int b = value[p++];
            if (b < 0) {
                int v = b & 0x7f;
                int shift = 7;
                do {
                    b = value[p++];
                    v |= (b & 0x7f) << shift;
                    shift += 7;
                } while (b < 0);
                b = v;
            }
            prev += b;
            ids[i] = prev;
        }
        return ids;
    }

    /** Sets in {@code dense} (grown as needed; null: none yet) the bits of the first {@code n} of {@code ids}; returns the array. */
    private static long[] setAll(int[] ids, int n, long[] dense) {
        int last = n == 0 ? 0 : ids[n - 1] >>> 6; // ascending: the last is the largest
        if (dense == null || last >= dense.length) {
            dense = Arrays.copyOf(dense == null ? new long[0] : dense,
                    Math.max(last + 1, dense == null ? 1024 : 2 * dense.length));
        }
        for (int i = 0; i < n; i++) {
            dense[ids[i] >>> 6] |= 1L << ids[i];
        }
        return dense;
    }

    /** Hands over the ids of a value that lists them (its tag's Roaring bit clear), ascending. */
    private static void forEachListed(byte[] value, IntConsumer id) {
        int[] pos = {1};
        int n = getVarint(value, pos);
        int prev = 0;
        for (int i = 0; i < n; i++) {
            prev += getVarint(value, pos);
            id.accept(prev);
        }
    }

    /**
     * The Roaring bitmap of a value whose tag says it is one, read from Roaring's portable format
     * (https://github.com/RoaringBitmap/RoaringFormatSpec) straight into containers: a bitmap
     * container's 1,024 words are read as little-endian longs through a {@link VarHandle},
     * which the JIT turns into plain loads. The library's own readers copy them a long at a time
     * through a byte buffer view, which made a big position's lookup at ten million games (3.3 M
     * ids, 1.25 MB) take three times as long. Anything unexpected is handed to the library's
     * reader, so a damaged value fails there as it did before.
     */
    static RoaringBitmap roaring(byte[] value, int length) {
        RoaringBitmap fast = roaringFast(value, 1, length);
        if (fast != null) {
            return fast;
        }
        RoaringBitmap b = new RoaringBitmap();
        try {
            b.deserialize(ByteBuffer.wrap(value, 1, length - 1).slice());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return b;
    }

    private static final VarHandle LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INTS =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final int SERIAL_COOKIE_NO_RUNCONTAINER = 12346;
    private static final int SERIAL_COOKIE = 12347;
    private static final int NO_OFFSET_THRESHOLD = 4;

    /** Reads {@code v[from, end)} as a portable Roaring bitmap, or null when it is not one as expected. */
    static RoaringBitmap roaringFast(byte[] v, int from, int end) {
        if (end - from < 8) {
            return null;
        }
        int cookie = (int) INTS.get(v, from);
        int pos = from + 4;
        int size;
        int runFlags = -1;
        if ((cookie & 0xFFFF) == SERIAL_COOKIE) {
            size = (cookie >>> 16) + 1;
            runFlags = pos;
            pos += (size + 7) / 8;
        } else if (cookie == SERIAL_COOKIE_NO_RUNCONTAINER) {
            size = (int) INTS.get(v, pos);
            pos += 4;
        } else {
            return null;
        }
        if (size < 0 || size > 1 << 16 || pos + 4L * size > end) {
            return null;
        }
        int header = pos;
        pos += 4 * size;
        if (runFlags < 0 || size >= NO_OFFSET_THRESHOLD) {
            pos += 4 * size; // the offsets: the containers follow one another anyway
        }
        RoaringBitmap out = new RoaringBitmap();
        int lastKey = -1;
        for (int i = 0; i < size; i++) {
            int key = u16le(v, header + 4 * i);
            int cardinality = u16le(v, header + 4 * i + 2) + 1;
            if (key <= lastKey) {
                return null;
            }
            lastKey = key;
            boolean run = runFlags >= 0 && (v[runFlags + i / 8] & (1 << (i % 8))) != 0;
            Container c;
            if (run) {
                if (pos + 2 > end) {
                    return null;
                }
                int runs = u16le(v, pos);
                pos += 2;
                if (pos + 4L * runs > end) {
                    return null;
                }
                char[] vl = new char[2 * runs];
                for (int j = 0; j < 2 * runs; j++) {
                    vl[j] = (char) u16le(v, pos + 2 * j);
                }
                pos += 4 * runs;
                c = new RunContainer(vl, runs);
            } else if (cardinality > 4096) {
                if (pos + 8192 > end) {
                    return null;
                }
                long[] words = new long[1024];
                for (int j = 0; j < 1024; j++) {
                    words[j] = (long) LONGS.get(v, pos + 8 * j);
                }
                pos += 8192;
                c = new BitmapContainer(words, cardinality);
            } else {
                if (pos + 2L * cardinality > end) {
                    return null;
                }
                char[] values = new char[cardinality];
                for (int j = 0; j < cardinality; j++) {
                    values[j] = (char) u16le(v, pos + 2 * j);
                }
                pos += 2 * cardinality;
                c = new ArrayContainer(cardinality, values);
            }
            out.append((char) key, c);
        }
        return pos == end ? out : null;
    }

    private static int u16le(byte[] v, int o) {
        return (v[o] & 0xff) | (v[o + 1] & 0xff) << 8;
    }

    /**
     * Gathers the values of one lookup across segments and ORs them at the end in one pass
     * ({@code FastAggregation}), which costs far less than OR-ing them in one by one.
     */
    public static final class Union {
        private final List<RoaringBitmap> bitmaps = new ArrayList<>();
        // the ids of the long lists added, a bit each: millions of them (the edge at any move over
        // ten million games) are set here in 5 ms, where containers made a list at a time and OR-ed
        // took 15
        private long[] dense;
        private int[] buffer;
        private long listed;
        /** The long lists' ids from which they go to {@code dense}: a bitset to the highest id is not made for a few. */
        private static final int DENSE_FROM = 1 << 16;
        private int[] small = new int[16];
        private int size;
        // the games a conjunction's parts so far leave (null: every id is kept); see through()
        private final RoaringBitmap through;
        private final MutableRoaringBitmap throughBuffer;

        /** A union of every id added. */
        public Union() {
            this(null);
        }

        /**
         * A union of the ids added that are in {@code through} (null: all of them). A Roaring value
         * is then intersected with {@code through} where it lies, serialized: its containers whose
         * high bits no game of {@code through} has are skipped unread (galloping over the keys), and
         * a container met is probed for those games only, never decoded whole. This is the
         * leapfrog of a conjunction: a part of millions of games read through the few hundred the
         * parts before it leave.
         */
        public Union(RoaringBitmap through) {
            this.through = through;
            this.throughBuffer = through == null ? null : through.toMutableRoaringBitmap();
        }

        /** Adds the ids of an encoded value. */
        public void add(byte[] value) {
            add(value, value.length);
        }

        /** Adds the ids of a value held in {@code value[0, length)} (copied: the array may be reused). */
        public void add(byte[] value, int length) {
            if ((value[0] & ROARING) == 0) {
                int[] pos = {1};
                int n = getVarint(value, pos);
                if (n >= LONG_LIST) { // a long list (the edge index's terms)
                    if (through == null) {
                        buffer = listedIds(value, buffer);
                        listed += n;
                        if (dense != null || listed >= DENSE_FROM) {
                            dense = setAll(buffer, n, dense);
                        } else { // the first lists (a name's merged entry: a few hundred ids over millions) in containers
                            bitmaps.add(bitmapOf(buffer, n));
                        }
                    } else {
                        bitmaps.add(RoaringBitmap.and(through, listedBitmap(value)));
                    }
                    return;
                }
                if (size + n > small.length) {
                    small = Arrays.copyOf(small, Math.max(small.length * 2, size + n));
                }
                int prev = 0;
                for (int i = 0; i < n; i++) {
                    prev += getVarint(value, pos);
                    if (through == null || through.contains(prev)) {
                        small[size++] = prev;
                    }
                }
            } else if (through == null) {
                bitmaps.add(roaring(value, length));
            } else {
                ImmutableRoaringBitmap serialized = new ImmutableRoaringBitmap(
                        ByteBuffer.wrap(value, 1, length - 1).slice());
                bitmaps.add(ImmutableRoaringBitmap.and(throughBuffer, serialized).toRoaringBitmap());
            }
        }

        /** Adds one id (when it is {@code through}'s). */
        public void add(int id) {
            if (through != null && !through.contains(id)) {
                return;
            }
            if (size == small.length) {
                small = Arrays.copyOf(small, small.length * 2);
            }
            small[size++] = id;
        }

        /** The union of everything added. */
        public RoaringBitmap result() {
            if (dense != null) {
                bitmaps.add(BitSetUtil.bitmapOf(dense));
                dense = null;
            }
            if (size == 0 && bitmaps.size() == 1) {
                return bitmaps.get(0); // one merged entry, most often: it is the answer as it is
            }
            RoaringBitmap ids = new RoaringBitmap();
            ids.addN(small, 0, size);
            if (bitmaps.isEmpty()) {
                return ids;
            }
            if (!ids.isEmpty()) {
                bitmaps.add(ids);
            }
            if (bitmaps.size() == 2) {
                // FastAggregation.or turns each small array container into a bitmap container
                // first: a name's two merged entries at 10M games (some 170 ids in 150 containers
                // each) took 160 µs to join that way, against 3 µs so
                return RoaringBitmap.or(bitmaps.get(0), bitmaps.get(1));
            }
            return bitmaps.size() == 1 ? bitmaps.get(0) : org.roaringbitmap.FastAggregation.or(bitmaps.iterator());
        }
    }

    /**
     * The number of ids of a value held in {@code value[0, length)}, without decoding them: a short
     * list's count leads it, and a Roaring bitmap's serialisation keeps each container's count in
     * its header.
     */
    public static long cardinality(byte[] value, int length) {
        if ((value[0] & ROARING) == 0) {
            return getVarint(value, new int[] {1});
        }
        return new ImmutableRoaringBitmap(
                ByteBuffer.wrap(value, 1, length - 1).slice()).getLongCardinality();
    }

    /**
     * The number of ids of a value from its head alone, {@code value[0, length)}: a short list's
     * count leads it, and a Roaring bitmap's header (its cookie, then a key and a count for each
     * container) comes before any container, a few hundred bytes for millions of ids. −1 when the
     * head is too short to hold the header.
     */
    public static long cardinalityOfHead(byte[] value, int length) {
        if (length < 1) {
            return -1;
        }
        if ((value[0] & ROARING) == 0) {
            return length < 11 && !varintEndsWithin(value, 1, length) ? -1 : getVarint(value, new int[] {1});
        }
        if (length < 9) {
            return -1;
        }
        int cookie = (int) INTS.get(value, 1);
        int pos = 5;
        int size;
        if ((cookie & 0xFFFF) == SERIAL_COOKIE) {
            size = (cookie >>> 16) + 1;
            pos += (size + 7) / 8;
        } else if (cookie == SERIAL_COOKIE_NO_RUNCONTAINER) {
            size = (int) INTS.get(value, pos);
            pos += 4;
        } else {
            return -1;
        }
        if (size < 0 || pos + 4L * size > length) {
            return -1;
        }
        long n = 0;
        for (int i = 0; i < size; i++) {
            n += u16le(value, pos + 4 * i + 2) + 1;
        }
        return n;
    }

    private static boolean varintEndsWithin(byte[] v, int from, int end) {
        for (int i = from; i < end; i++) {
            if (v[i] >= 0) {
                return true;
            }
        }
        return false;
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
