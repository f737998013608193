package org.thordb.index;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.thordb.othello.Board10;
import org.thordb.othello.Replay;
import org.thordb.othello.Symmetry;
import org.thordb.store.ByteKey;
import org.thordb.store.Store.Space;
import org.thordb.wthor.WthorGame;

/**
 * Builds every postings entry of one segment (the games of one imported file) in memory: term
 * postings, exact postings of the positions two or more of its games reach, and fingerprint blocks
 * of the positions one game reaches. Each game is replayed once, here; what is damaged about it is
 * returned, and its positions past the damage are left out.
 *
 * <p>The same games always give the same entries, which is how a segment is removed: its games are
 * indexed again and every key is deleted.
 *
 * <p>Usage:
 * <pre>{@code
 * SegmentIndexer ix = new SegmentIndexer(segment, firstId, base, year, PositionHash.DEFAULT);
 * for (WthorGame g : games) ix.add(g, null);
 * ix.emit((space, key, value) -> batch.put(space, key, value));
 * }</pre>
 */
public final class SegmentIndexer {
    /** Receives the entries of a segment. */
    @FunctionalInterface
    public interface Emitter {
        /** One entry. */
        void entry(Space space, byte[] key, byte[] value);
    }

    private final int segment;
    private final int firstId;
    private final int base;
    private final int year;
    private final PositionHash hash;

    private int games;
    private final Map<ByteKey, IntList> terms = new HashMap<>();
    private final IntList damaged = new IntList();

    // position occurrences, canonical
    private long[] ob = new long[1 << 12];
    private long[] ow = new long[1 << 12];
    private byte[] os = new byte[1 << 12];
    private int[] og = new int[1 << 12];
    private int occurrences;
    private final long[] canon = new long[2];
    private final IntList validPlies = new IntList();

    /**
     * A new segment.
     *
     * @param segment the segment id
     * @param firstId the game id of the segment's first game; the others follow densely
     * @param base the base id
     * @param year the year of the file
     * @param hash the hash of fingerprint blocks
     */
    public SegmentIndexer(int segment, int firstId, int base, int year, PositionHash hash) {
        this.segment = segment;
        this.firstId = firstId;
        this.base = base;
        this.year = year;
        this.hash = hash;
    }

    /** The number of games added. */
    public int games() {
        return games;
    }

    /** The moves of game {@code local} replayed without fault (all of them in a sound game). */
    public int validPlies(int local) {
        return validPlies.values[local];
    }

    /**
     * Replays and indexes the next game.
     *
     * @param g the record
     * @param problem a fault found outside the moves (an unknown player number), or null
     * @return what is damaged about the game, or null when it is sound
     */
    public String add(WthorGame g, String problem) {
        int local = games++;
        if (local >= FingerprintBlock.MAX_GAMES) {
            throw new IllegalStateException("a segment holds at most " + FingerprintBlock.MAX_GAMES + " games");
        }
        int side = g.side();
        String damage = g.damage();
        int[] squares = g.squares();
        int usable = 0;
        while (usable < squares.length && squares[usable] >= 0) {
            usable++;
        }
        int plies;
        String illegal;
        if (side == 8) {
            plies = replay8(squares, usable, local);
            illegal = plies < usable ? whyIllegal(squares, plies) : null;
        } else {
            Board10.Result r = Board10.replay(squares, usable);
            plies = r.movesPlayed();
            illegal = r.error() != null ? r.error().toString() : null;
        }
        validPlies.add(plies);
        String fault = illegal != null ? illegal : damage != null ? damage : problem;
        if (fault != null) {
            damaged.add(local);
        }
        term(Field.BLACK, Terms.name(base, g.black()), local);
        term(Field.WHITE, Terms.name(base, g.white()), local);
        term(Field.TOURNAMENT, Terms.name(base, g.tournament()), local);
        term(Field.RESULT, Terms.small(Terms.result(g.blackScore(), side)), local);
        term(Field.SCORE, Terms.small(g.blackScore()), local);
        term(Field.THEORETICAL, Terms.small(g.theoreticalScore()), local);
        term(Field.MOVES, Terms.small(g.moveCount()), local);
        if (side == 8 && plies > 0) {
            int depth = Math.min(plies, Terms.OPENING_DEPTH);
            int[] turned = Openings.normalize(squares, depth);
            if (turned != null) {
                for (int len = 1; len <= depth; len++) {
                    term(Field.OPENING, Terms.opening(turned, len), local);
                }
            }
        }
        return fault;
    }

    /** The reason the move after {@code plies} legal ones is illegal, worded as {@link Replay} words it. */
    private static String whyIllegal(int[] squares, int plies) {
        return Replay.replay(squares, plies + 1, null).error().toString();
    }

    /** Replays on bitboards without allocating, recording each position; returns the moves played. */
    private int replay8(int[] squares, int count, int local) {
        long[] state = Replay.startState();
        record(state[0], state[1], 0, local);
        int i = 0;
        while (i < count && Replay.step(state, squares[i])) {
            i++;
            record(state[0], state[1], (int) state[2], local);
        }
        return i;
    }

    private void record(long b, long w, int side, int local) {
        if (occurrences == ob.length) {
            int n = ob.length * 2;
            ob = Arrays.copyOf(ob, n);
            ow = Arrays.copyOf(ow, n);
            os = Arrays.copyOf(os, n);
            og = Arrays.copyOf(og, n);
        }
        Symmetry.canonicalize(b, w, canon);
        ob[occurrences] = canon[0];
        ow[occurrences] = canon[1];
        os[occurrences] = (byte) side;
        og[occurrences] = local;
        occurrences++;
    }

    private void term(Field f, byte[] term, int local) {
        terms.computeIfAbsent(new ByteKey(Terms.key(f, term)), k -> new IntList()).add(local);
    }

    /** The local numbers of the damaged games. */
    public int[] damagedGames() {
        return damaged.toArray();
    }

    /** Hands every entry of the segment to {@code out}. */
    public void emit(Emitter out) {
        int[] ids = new int[Math.max(1, games)];
        // whole-segment terms
        for (int i = 0; i < games; i++) {
            ids[i] = firstId + i;
        }
        byte[] all = Postings.encode(ids, games);
        out.entry(Space.TERMS, Terms.postingKey(Terms.key(Field.YEAR, Terms.year(year)), segment), all);
        out.entry(Space.TERMS, Terms.postingKey(Terms.key(Field.BASE, Terms.base(base)), segment), all);
        if (damaged.size > 0) {
            out.entry(Space.TERMS, Terms.postingKey(Terms.key(Field.DAMAGED, new byte[0]), segment),
                    Postings.encode(shift(damaged), damaged.size));
        }
        // in key order: RocksDB inserts a batch's ascending keys into its memtable much faster
        List<Map.Entry<ByteKey, IntList>> sorted = new ArrayList<>(terms.entrySet());
        sorted.sort((a, b) -> Arrays.compareUnsigned(a.getKey().bytes(), b.getKey().bytes()));
        for (Map.Entry<ByteKey, IntList> e : sorted) {
            IntList l = e.getValue();
            out.entry(Space.TERMS, Terms.postingKey(e.getKey().bytes(), segment), Postings.encode(shift(l), l.size));
        }
        emitPositions(out);
    }

    private int[] shift(IntList l) {
        int[] a = new int[l.size];
        for (int i = 0; i < l.size; i++) {
            a[i] = firstId + l.values[i];
        }
        return a;
    }

    private static long tableHash(long b, long w, int s) {
        return PositionHash.mix(b * 0x9e3779b97f4a7c15L ^ Long.rotateLeft(w, 31) ^ s);
    }

    private void emitPositions(Emitter out) {
        int n = occurrences;
        int cap = Integer.highestOneBit(Math.max(16, n * 2 - 1)) << 1;
        int mask = cap - 1;
        // open addressing, one long a slot: the hash's high half as a tag (most probes that miss
        // stop there, without touching the boards), the latest occurrence + 1 in the low half
        long[] table = new long[cap];
        int[] next = new int[n]; // the previous occurrence of the same position, or -1
        for (int i = 0; i < n; i++) {
            long h = tableHash(ob[i], ow[i], os[i]);
            long tag = h & 0xffffffff00000000L;
            int slot = (int) h & mask;
            while (true) {
                long e = table[slot];
                if (e == 0) {
                    table[slot] = tag | (i + 1);
                    next[i] = -1;
                    break;
                }
                int j = (int) e - 1;
                if ((e & 0xffffffff00000000L) == tag && ob[j] == ob[i] && ow[j] == ow[i] && os[j] == os[i]) {
                    next[i] = j;
                    table[slot] = tag | (i + 1);
                    break;
                }
                slot = (slot + 1) & mask;
            }
        }
        long[] singleHash = new long[Math.max(1, n)];
        int[] singleLocal = new int[Math.max(1, n)];
        int singles = 0;
        int[] shared = new int[Math.max(1, n)]; // the latest occurrence of each position met twice or more
        int groups = 0;
        for (int slot = 0; slot < cap; slot++) {
            long e = table[slot];
            if (e == 0) {
                continue;
            }
            int j = (int) e - 1;
            if (next[j] < 0) {
                singleHash[singles] = hash.hash(ob[j], ow[j], os[j]);
                singleLocal[singles] = og[j];
                singles++;
            } else {
                shared[groups++] = j;
            }
        }
        // in key order (Black, White, side): RocksDB inserts a batch's ascending keys into its
        // memtable much faster than scattered ones
        Integer[] order = new Integer[groups];
        for (int g = 0; g < groups; g++) {
            order[g] = shared[g];
        }
        Arrays.sort(order, (x, y) -> {
            int c = Long.compareUnsigned(ob[x], ob[y]);
            if (c == 0) {
                c = Long.compareUnsigned(ow[x], ow[y]);
            }
            return c != 0 ? c : Byte.compare(os[x], os[y]);
        });
        int[] ids = new int[Math.max(1, games)];
        for (Integer head : order) {
            int j = head;
            // the chain runs from the latest occurrence back, and a game meets a position once:
            // filled from the end, the ids come out ascending with no sort
            int k = 0;
            for (int o = j; o >= 0; o = next[o]) {
                k++;
            }
            int at = k;
            for (int o = j; o >= 0; o = next[o]) {
                ids[--at] = firstId + og[o];
            }
            out.entry(Space.POSITIONS, PositionKeys.postingKey(ob[j], ow[j], os[j], segment), Postings.encode(ids, k));
        }
        emitFingerprints(out, singleHash, singleLocal, singles);
    }

    private void emitFingerprints(Emitter out, long[] h, int[] local, int n) {
        int bits = FingerprintBlock.bits(games);
        int parts = 1 << bits;
        int[] start = new int[parts + 1];
        for (int i = 0; i < n; i++) {
            start[FingerprintBlock.partition(h[i], bits) + 1]++;
        }
        for (int p = 0; p < parts; p++) {
            start[p + 1] += start[p];
        }
        long[] packed = new long[Math.max(1, n)];
        int[] fill = Arrays.copyOf(start, parts);
        for (int i = 0; i < n; i++) {
            int p = FingerprintBlock.partition(h[i], bits);
            packed[fill[p]++] = (long) FingerprintBlock.fingerprint(h[i]) << 24 | local[i];
        }
        for (int p = 0; p < parts; p++) {
            if (start[p] == start[p + 1]) {
                continue;
            }
            Arrays.sort(packed, start[p], start[p + 1]);
            out.entry(Space.FINGERPRINTS, FingerprintBlock.key(bits, p, segment),
                    FingerprintBlock.encode(packed, start[p], start[p + 1], games));
        }
    }

    /** A growable list of ints. */
    static final class IntList {
        int[] values = new int[4];
        int size;

        void add(int v) {
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = v;
        }

        int[] toArray() {
            return Arrays.copyOf(values, size);
        }
    }
}
