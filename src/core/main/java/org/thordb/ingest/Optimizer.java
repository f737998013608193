package org.thordb.ingest;

import org.thordb.fault.Faults;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.index.FingerprintBlock;
import org.thordb.index.Postings;
import org.thordb.index.Terms;
import org.thordb.store.Catalog;
import org.thordb.store.FileRow;
import org.thordb.store.Keys;
import org.thordb.store.MergeGroup;
import org.thordb.store.Store;
import org.thordb.store.Store.Space;
import java.util.BitSet;
import java.util.Set;
import java.util.TreeSet;
import org.thordb.index.Field;
import org.thordb.index.GameColumns;
import org.thordb.index.PositionHash;
import org.thordb.index.PositionKeys;
import org.thordb.index.SegmentIndexer;
import org.thordb.othello.Replay;
import org.thordb.othello.Symmetry;
import org.thordb.store.GameRow;
import org.thordb.wthor.WthorGame;

/**
 * Merges the postings of every segment of a store into one merge group ({@code thordb optimize}),
 * the way Lucene merges segments: a term or a position then has one entry, and a fingerprint
 * partition one block, however many files the store holds.
 *
 * <p>The merge runs in many small batches, each atomic: one takes a run of keys (a term or a
 * position with all its segments' entries, or a run of fingerprint partitions) and writes the
 * merged entry and deletes what it merged in the same batch, so that every id is in exactly one
 * place at every moment and readers, which read the segments' entries and the group's together,
 * answer the same before, during and after. The group's row is written first (marked as merging)
 * and last; a merge that a kill interrupts is finished by the next one, which merges the same keys
 * again (merging merged keys is a no-op). Ids of games removed since the last merge are dropped.
 *
 * <p>Usage: {@code Optimizer.Report r = new Optimizer(store, catalog, commit, m -> { }).optimize();}
 */
public final class Optimizer {
    /** What a batch holds at most before it is committed, roughly, in bytes. */
    private static final long BATCH_BYTES = 8L << 20;

    /** The top bits of a hash that split the fingerprint merge into chunks: 4,096 of them. */
    private static final int CHUNK_BITS = FingerprintBlock.MIN_BITS;

    private final Store store;
    private final Catalog catalog;
    private final Committer committer;
    private final Listener listener;

    /** Commits a batch that changes the catalog (the group's row) and returns the catalog after it. */
    @FunctionalInterface
    public interface Committer {
        /** Commits {@code batch}. */
        Catalog commit(Store.Batch batch);
    }

    /** Hears how far the merge has gone. */
    public interface Listener {
        /** A line to show. */
        void line(String message);

        /** Progress within a family: {@code done} of {@code total} steps. */
        default void progress(String family, long done, long total) {
        }

        /** A batch of the merge landed: the {@code n}th, in {@code family}. */
        default void committed(String family, int n) {
        }
    }

    /**
     * What a merge did.
     *
     * @param segments the game files whose entries are now merged
     * @param games their games
     * @param entriesRead the entries read and merged (a segment's entries and the group's)
     * @param entriesWritten the merged entries written
     * @param staleIds ids of games no longer stored that were dropped from merged entries
     * @param resumed whether it finished a merge a kill had interrupted
     * @param alreadyMerged whether there was nothing to do
     * @param seconds how long it took
     * @param bookPositions the positions whose explorations were worked out for the explorer's book
     *        afterwards (by {@code Engine.optimize}; 0 here)
     * @param valuePositions the positions whose estimates the value book keeps afterwards, when it was
     *        made again (by {@code Engine.optimize}; 0 here, and when it was left as it was)
     * @param valuesSearched of those, the positions searched now (the others were kept from before)
     */
    public record Report(int segments, long games, long entriesRead, long entriesWritten, long staleIds,
                         boolean resumed, boolean alreadyMerged, double seconds, int bookPositions, int valuePositions,
                         int valuesSearched) {
        /** A report of the merge alone. */
        public Report(int segments, long games, long entriesRead, long entriesWritten, long staleIds,
                      boolean resumed, boolean alreadyMerged, double seconds, int bookPositions) {
            this(segments, games, entriesRead, entriesWritten, staleIds, resumed, alreadyMerged, seconds, bookPositions, 0, 0);
        }

        /** This report with the explorer's book's size. */
        public Report withBook(int positions) {
            return new Report(segments, games, entriesRead, entriesWritten, staleIds, resumed, alreadyMerged, seconds, positions,
                    valuePositions, valuesSearched);
        }

        /** This report with the value book's size and the positions searched for it now. */
        public Report withValues(int positions, int searched) {
            return new Report(segments, games, entriesRead, entriesWritten, staleIds, resumed, alreadyMerged, seconds, bookPositions,
                    positions, searched);
        }
    }

    /** An optimizer of {@code store}, whose catalog is {@code catalog}. */
    public Optimizer(Store store, Catalog catalog, Committer committer, Listener listener) {
        this.store = store;
        this.catalog = catalog;
        this.committer = committer;
        this.listener = listener;
    }

    /** The group number written: one group holds every file at the end of a merge. */
    static final int GROUP = 1;

    private long read;
    private long written;
    private long stale;
    /** Whether some position entries do not say their games' next moves (a store upgraded from schema 6 or before). */
    private boolean unsaid;
    /** The 8×8 moves of every game, read when an entry without next moves is first met (see {@link #movesOf}). */
    private byte[] table;
    private byte[] tableCounts;
    /** The most moves of an 8×8 game: a row of {@link #table}. */
    private static final int MOVES = 60;
    private int batches;
    private String family = "";

    /** Merges every game file's entries into the group, or finishes a merge under way. */
    public Report optimize() {
        long t0 = System.nanoTime();
        List<FileRow> files = catalog.gameFiles();
        MergeGroup old = catalog.group(MergeGroup.GROUP_BIT | GROUP);
        long games = catalog.games();
        if (files.isEmpty() && old == null) {
            return new Report(0, 0, 0, 0, 0, false, true, 0, 0);
        }
        writeMissingColumns(files);
        boolean allHeld = old != null && files.stream().allMatch(old::holds);
        boolean edgesMissing;
        try (Store.View v = store.view()) {
            unsaid = v.get(Space.META, Catalog.MOVES_UNSAID_KEY) != null;
            edgesMissing = v.get(Space.META, Catalog.EDGES_KEY) == null;
        }
        if (edgesMissing) {
            writeEdgeTerms(files); // then merged with the rest: the merge below runs whatever else it has to do
        }
        if (old != null && !old.merging() && allHeld && !catalog.staleIds() && packed(old) && !unsaid && !edgesMissing) {
            return new Report(files.size(), games, 0, 0, 0, false, true, (System.nanoTime() - t0) / 1e9, 0);
        }
        int firstId = files.stream().mapToInt(FileRow::firstId).min().orElse(catalog.nextGameId());
        if (old != null) {
            firstId = Math.min(firstId, old.firstId());
        }
        int endId = catalog.nextGameId();
        int hashBits = FingerprintBlock.MAX_BITS;
        long games8 = 0;
        for (FileRow f : files) {
            if (f.side() == 8) {
                hashBits = Math.min(hashBits, FingerprintBlock.bits(f));
                games8 += f.games();
            }
        }
        if (old != null) { // its merged blocks know the top bits of their layouts only
            for (MergeGroup.Layout l : old.layouts()) {
                hashBits = Math.min(hashBits, l.hashBits());
            }
        }
        if (games8 == 0 && old == null) {
            hashBits = FingerprintBlock.MIN_BITS;
        }
        int totalBits = Math.max(hashBits, FingerprintBlock.mergedBits(games8));
        MergeGroup.Layout layout = new MergeGroup.Layout(hashBits, totalBits);
        List<MergeGroup.Layout> layouts = new ArrayList<>();
        layouts.add(layout);
        if (old != null) {
            for (MergeGroup.Layout l : old.layouts()) {
                if (!layouts.contains(l)) {
                    layouts.add(l);
                }
            }
        }
        MergeGroup merging = new MergeGroup(GROUP, firstId, endId, 0, layouts, true, null);
        try (Store.Batch b = store.batch()) {
            b.put(Space.FILES, merging.key(), Catalog.encode(merging));
            committer.commit(b);
        }
        RoaringBitmap live = new RoaringBitmap();
        for (FileRow f : files) {
            live.add((long) f.firstId(), (long) f.firstId() + f.games());
        }
        BitSet members = new BitSet();
        for (FileRow f : files) {
            if (merging.holds(f)) {
                members.set(f.segment());
            }
        }
        mergePostings(Space.TERMS, merging, members, live);
        mergePostings(Space.POSITIONS, merging, members, live);
        mergeFingerprints(merging, layout, members, live);
        MergeGroup done = new MergeGroup(GROUP, firstId, endId, games, List.of(layout), false, Instant.now().toString());
        try (Store.Batch b = store.batch()) {
            b.put(Space.FILES, done.key(), Catalog.encode(done));
            if (unsaid) { // every position entry now says its games' next moves
                b.delete(Space.META, Catalog.MOVES_UNSAID_KEY);
            }
            b.put(Space.META, Catalog.EDGES_KEY, new byte[0]); // every file's edge terms are there (written above, or by its import)
            committer.commit(b);
        }
        table = null;
        return new Report(files.size(), games, read, written, stale, old != null && old.merging(), false,
                (System.nanoTime() - t0) / 1e9, 0);
    }

    /**
     * Writes the edge terms ({@code EDGE}, the edge index of board patterns) of each 8×8 game file
     * of a store made before there were any, from its records, a file a batch, under the file's own
     * segment: the merge that follows takes them into the group's entries. A kill leaves some
     * written, which the next run writes again (the same keys and values).
     */
    private void writeEdgeTerms(List<FileRow> files) {
        for (FileRow f : files) {
            if (f.side() != 8) {
                continue;
            }
            try (Store.View v = store.view(); Store.Batch b = store.batch()) {
                SegmentIndexer.ofStored(v, f, PositionHash.DEFAULT, null).emit((space, key, value) -> {
                    if (space == Space.TERMS && key[0] == Field.EDGE.code()) {
                        b.put(space, key, value);
                    }
                });
                committer.commit(b);
            }
        }
    }

    /**
     * Writes the stored columns of each game file that has none this version reads (a store written
     * before there were any, a file whose theoretical scores a fill changed), from its records, a
     * file a batch.
     */
    private void writeMissingColumns(List<FileRow> files) {
        for (FileRow f : files) {
            try (Store.View v = store.view()) {
                if (GameColumns.fits(f, v.get(Space.COLUMNS, GameColumns.key(f.firstId())))) {
                    continue;
                }
                byte[] entry = GameColumns.entryFromRecords(v, f);
                if (entry == null) {
                    continue; // its records are not all there: verify says so
                }
                try (Store.Batch b = store.batch()) {
                    b.put(Space.COLUMNS, GameColumns.key(f.firstId()), entry);
                    committer.commit(b);
                }
            }
        }
    }

    /**
     * Whether the group's fingerprint blocks are packed: a group merged before schema 5 has its
     * blocks in the plain layout (read as they are), and its next merge packs them. One block tells,
     * since a merge writes every block of its layout in one layout or the other.
     */
    private boolean packed(MergeGroup g) {
        boolean[] packed = {true};
        try (Store.View v = store.view()) {
            for (MergeGroup.Layout l : g.layouts()) {
                int mark = FingerprintBlock.MERGED_MARK + l.totalBits();
                v.scanRange(Space.FINGERPRINTS, new byte[] {(byte) mark}, new byte[] {(byte) (mark + 1)}, (k, val) -> {
                    if (FingerprintBlock.segmentOf(k) == g.suffix()) {
                        packed[0] = FingerprintBlock.isPacked(val);
                        return false;
                    }
                    return true;
                });
            }
        }
        return packed[0];
    }

    /**
     * Merges the entries of {@code terms} or {@code positions}: keys sharing everything but their
     * suffix stand together in key order, so one scan meets each term's entries side by side.
     */
    private void mergePostings(Space space, MergeGroup g, BitSet members, RoaringBitmap live) {
        int suffix = g.suffix();
        family = space.familyName();
        Pending batch = new Pending();
        List<byte[]> keys = new ArrayList<>();
        List<byte[]> values = new ArrayList<>();
        byte[][] body = {null};
        long[] steps = {0};
        try (Store.View v = store.view()) {
            reading = v;
            v.scan(space, new byte[0], null, (k, val) -> {
                if (space == Space.POSITIONS && PositionKeys.isMovesKey(k)) {
                    return true; // a big entry's moves: read, merged and deleted with the entry
                }
                int s = Terms.segmentOf(k);
                if (s == suffix || (s >= 0 && members.get(s))) {
                    if (body[0] != null && !sameBody(body[0], k)) {
                        mergeOne(space, body[0], keys, values, suffix, live, batch);
                    }
                    body[0] = k;
                    keys.add(k);
                    values.add(val);
                    if (++steps[0] % 1_000_000 == 0) {
                        listener.progress(space.familyName(), steps[0], -1);
                    }
                }
                return true;
            });
            if (body[0] != null) {
                mergeOne(space, body[0], keys, values, suffix, live, batch);
            }
        } finally {
            reading = null;
        }
        batch.commit();
        listener.progress(space.familyName(), steps[0], steps[0]);
    }

    private static boolean sameBody(byte[] a, byte[] b) {
        return a.length == b.length && Arrays.equals(a, 0, a.length - 4, b, 0, b.length - 4);
    }

    private void mergeOne(Space space, byte[] anyKey, List<byte[]> keys, List<byte[]> values, int suffix,
                          RoaringBitmap live, Pending batch) {
        read += keys.size();
        byte[] groupKey = Arrays.copyOf(anyKey, anyKey.length);
        Keys.putU32(groupKey, groupKey.length - 4, suffix);
        RoaringBitmap union = new RoaringBitmap();
        boolean onlyGroup = true;
        // an 8×8 position's entries say their games' next moves (schema 7): the merged one too, and
        // those written before get them (a 10×10 position's side code is 16 or more: none)
        boolean moves = space == Space.POSITIONS && (anyKey[16] & 0xff) < 16;
        boolean allSay = true;
        for (int i = 0; i < keys.size(); i++) {
            Postings.addTo(values.get(i), union);
            onlyGroup &= Terms.segmentOf(keys.get(i)) == suffix;
            allSay &= Postings.hasMoves(values.get(i));
        }
        long before = union.getLongCardinality();
        union.and(live);
        long dropped = before - union.getLongCardinality();
        stale += dropped;
        if (!onlyGroup || dropped > 0 || moves && !allSay) { // a merged entry of live games only is left as it is
            for (int i = 0; i < keys.size(); i++) {
                byte[] k = keys.get(i);
                if (Terms.segmentOf(k) != suffix) {
                    batch.delete(space, k);
                    if (moves && Postings.movesApart(values.get(i))) {
                        batch.delete(space, PositionKeys.movesKey(k));
                    }
                }
            }
            byte[] groupMoves = moves ? PositionKeys.movesKey(groupKey) : null;
            if (union.isEmpty()) {
                batch.delete(space, groupKey);
                if (groupMoves != null) {
                    batch.delete(space, groupMoves);
                }
            } else if (moves) {
                // a position's entries say their games' next moves (schema 7): the merged one too,
                // a big one under its moves key
                Postings.WithMoves e = withMoves(anyKey, keys, values, union);
                batch.put(space, groupKey, e.value());
                if (e.apart() != null) {
                    batch.put(space, groupMoves, e.apart());
                } else {
                    batch.delete(space, groupMoves);
                }
                written++;
            } else {
                batch.put(space, groupKey, Postings.encode(union));
                written++;
            }
            if (batch.bytes >= BATCH_BYTES) {
                batch.commit();
            }
        }
        keys.clear();
        values.clear();
    }

    /** (id, move) pairs gathered for one merged entry, reused: id in the high bits, move in the low 7. */
    private long[] pairs = new long[1024];
    /** The view a merge of postings reads through (for a big entry's moves, under their own key). */
    private Store.View reading;

    /**
     * The merged value of an 8×8 position's entries: the ids of {@code keep}, each with its next
     * move, as the entries say it or, for an entry written before schema 7, as the game's moves
     * replayed to the position give it.
     */
    private Postings.WithMoves withMoves(byte[] key, List<byte[]> keys, List<byte[]> values, RoaringBitmap keep) {
        int[] n = {0};
        Postings.MoveVisitor gather = (id, move) -> {
            if (n[0] == pairs.length) {
                pairs = Arrays.copyOf(pairs, pairs.length * 2);
            }
            pairs[n[0]++] = (long) id << 7 | move;
        };
        for (int i = 0; i < values.size(); i++) {
            byte[] v = values.get(i);
            byte[] apart = Postings.movesApart(v)
                    ? reading.get(Space.POSITIONS, PositionKeys.movesKey(keys.get(i))) : null;
            if (!Postings.forEachMove(v, v.length, apart, gather)) {
                long b = Keys.getU64(key, 0);
                long w = Keys.getU64(key, 8);
                Postings.decode(v).forEach((int id) -> {
                    if (keep.contains(id)) {
                        gather.game(id, movesOf(id, b, w, key[16]));
                    }
                });
            }
        }
        int count = n[0];
        boolean sorted = true;
        for (int i = 1; i < count && sorted; i++) {
            sorted = pairs[i - 1] < pairs[i];
        }
        if (!sorted) { // the group's entry (the oldest ids) comes after its segments' in key order
            Arrays.sort(pairs, 0, count);
        }
        int[] ids = new int[count];
        byte[] next = new byte[count];
        int k = 0;
        for (int i = 0; i < count; i++) {
            int id = (int) (pairs[i] >>> 7);
            if (keep.contains(id) && (k == 0 || ids[k - 1] != id)) {
                ids[k] = id;
                next[k++] = (byte) (pairs[i] & 0x7f);
            }
        }
        return Postings.encodeWithMoves(ids, next, k);
    }

    /**
     * The move game {@code id} played from the canonical position (black, white, side code), turned
     * as the position is: its moves, from a table of every game's read in one scan the first time
     * (60 bytes a game), replayed to the position's ply.
     */
    private int movesOf(int id, long black, long white, int side) {
        if (table == null) {
            int size = catalog.nextGameId();
            table = new byte[size * MOVES];
            tableCounts = new byte[size];
            try (Store.View v = store.view()) {
                v.scan(Space.GAMES, new byte[0], null, (k, val) -> {
                    GameRow row = GameRow.decode(Keys.getU32(k, 0), val);
                    if (row.side() == 8 && row.id() < size) {
                        int[] sq = new WthorGame(row.raw(), 8).squares();
                        int c = Math.min(Math.min(row.validMoves(), sq.length), MOVES);
                        for (int i = 0; i < c; i++) {
                            table[row.id() * MOVES + i] = (byte) sq[i];
                        }
                        tableCounts[row.id()] = (byte) c;
                    }
                    return true;
                });
            }
        }
        int ply = Long.bitCount(black | white) - 4;
        int count = id < tableCounts.length ? tableCounts[id] : -1;
        if (count < ply) {
            throw Faults.of(ErrorCode.CORRUPT, "positions: game " + id + " is in an entry of a position"
                    + " its moves do not reach");
        }
        long[] state = Replay.startState();
        for (int i = 0; i < ply; i++) {
            Replay.step(state, table[id * MOVES + i]);
        }
        long[] canon = new long[2];
        int image = Symmetry.canonicalize(state[0], state[1], canon);
        if (canon[0] != black || canon[1] != white || (int) state[2] != side) {
            throw Faults.of(ErrorCode.CORRUPT, "positions: game " + id + " is in an entry of a position"
                    + " its moves do not reach");
        }
        return ply < count ? Symmetry.imageSquare(image, table[id * MOVES + ply]) : Postings.END;
    }

    /**
     * Merges the fingerprint blocks, chunk by chunk (the hash's top 12 bits, which every layout's
     * partition begins with): a chunk's blocks of every member segment and of the group's layouts
     * are read, their entries put in the new layout's partitions, written, and the blocks read
     * deleted, in the same batch.
     */
    private void mergeFingerprints(MergeGroup g, MergeGroup.Layout layout, BitSet members, RoaringBitmap live) {
        int suffix = g.suffix();
        int hb = layout.hashBits();
        int tb = layout.totalBits();
        Set<Integer> sourceBits = new TreeSet<>();
        for (FileRow f : catalog.gameFiles()) {
            if (f.side() == 8 && members.get(f.segment())) {
                sourceBits.add(FingerprintBlock.bits(f));
            }
        }
        family = Space.FINGERPRINTS.familyName();
        Pending batch = new Pending();
        int chunks = 1 << CHUNK_BITS;
        int perPartition = 1 << (tb - CHUNK_BITS);
        for (int c = 0; c < chunks; c++) {
            int[] n = {0};
            List<byte[]> consumed = new ArrayList<>();
            boolean[] changed = {false};
            try (Store.View v = store.view()) {
                for (int b : sourceBits) {
                    v.scanRange(Space.FINGERPRINTS, chunkStart(b, c), chunkEnd(b, c), (k, val) -> {
                        int seg = FingerprintBlock.segmentOf(k);
                        if (seg < 0 || !members.get(seg)) {
                            return true;
                        }
                        FileRow f = catalog.segment(seg);
                        int top = partitionOfKey(k) >>> (b - hb);
                        int base = f.firstId() - g.firstId();
                        consumed.add(k);
                        changed[0] = true;
                        FingerprintBlock.forEach(val, val.length, (fp, local) -> {
                            add(n, FingerprintBlock.mergedPartition(top, fp, hb, tb), fp, base + local);
                        });
                        return true;
                    });
                }
                for (MergeGroup.Layout l : g.layouts()) {
                    int mark = FingerprintBlock.MERGED_MARK + l.totalBits();
                    v.scanRange(Space.FINGERPRINTS, chunkStart(mark, l.totalBits(), c), chunkEnd(mark, l.totalBits(), c), (k, val) -> {
                        if (FingerprintBlock.segmentOf(k) != suffix || Keys.getU32(val, 0) != suffix) {
                            return true;
                        }
                        int ohb = FingerprintBlock.mergedHashBits(val);
                        int top = (partitionOfKey(k) >>> (l.totalBits() - ohb)) >>> (ohb - hb);
                        int from = FingerprintBlock.mergedFirstId(val);
                        boolean sameLayout = l.equals(layout) && from == g.firstId() && FingerprintBlock.isPacked(val);
                        consumed.add(k);
                        changed[0] |= !sameLayout;
                        FingerprintBlock.forEach(val, val.length, (fp, local) -> {
                            int id = from + local;
                            if (!live.contains(id)) {
                                stale++;
                                changed[0] = true;
                                return;
                            }
                            add(n, FingerprintBlock.mergedPartition(top, fp, hb, tb), fp, id - g.firstId());
                        });
                        return true;
                    });
                }
            }
            if (changed[0]) {
                read += consumed.size();
                for (byte[] k : consumed) {
                    batch.delete(Space.FINGERPRINTS, k);
                }
                writeChunk(n[0], c * perPartition, perPartition, tb, suffix, g.firstId(), hb, batch);
                if (batch.bytes >= BATCH_BYTES) {
                    batch.commit();
                }
            }
            if ((c & 63) == 63) {
                listener.progress("fingerprints", c + 1, chunks);
            }
        }
        batch.commit();
    }

    // a chunk's entries (fingerprint << 32 | number) and their partitions, grown as needed and reused
    private long[] chunkEntries = new long[0];
    private int[] chunkPartitions = new int[0];

    private void add(int[] n, int partition, int fp, int local) {
        if (n[0] == chunkEntries.length) {
            int size = Math.max(1024, chunkEntries.length * 2);
            chunkEntries = Arrays.copyOf(chunkEntries, size);
            chunkPartitions = Arrays.copyOf(chunkPartitions, size);
        }
        chunkEntries[n[0]] = (long) fp << 32 | (local & 0xffffffffL);
        chunkPartitions[n[0]] = partition;
        n[0]++;
    }

    /** Writes a chunk's entries, sorted into their partitions (a counting sort), one block each. */
    private void writeChunk(int n, int firstPartition, int partitions,
                            int tb, int suffix, int firstId, int hb, Pending batch) {
        int[] start = new int[partitions + 1];
        for (int i = 0; i < n; i++) {
            start[chunkPartitions[i] - firstPartition + 1]++;
        }
        for (int p = 0; p < partitions; p++) {
            start[p + 1] += start[p];
        }
        long[] sorted = new long[n];
        int[] at = Arrays.copyOf(start, partitions);
        for (int i = 0; i < n; i++) {
            sorted[at[chunkPartitions[i] - firstPartition]++] = chunkEntries[i];
        }
        for (int p = 0; p < partitions; p++) {
            if (start[p + 1] > start[p]) {
                Arrays.sort(sorted, start[p], start[p + 1]);
                batch.put(Space.FINGERPRINTS, FingerprintBlock.mergedKey(tb, firstPartition + p, suffix),
                        FingerprintBlock.encodeMerged(sorted, start[p], start[p + 1], suffix, firstId, hb));
                written++;
            }
        }
    }

    private static int partitionOfKey(byte[] k) {
        return (k[1] & 0xff) << 16 | (k[2] & 0xff) << 8 | (k[3] & 0xff);
    }

    /** The first key of chunk {@code c} among the blocks of a segment layout of {@code bits} bits. */
    private static byte[] chunkStart(int bits, int c) {
        return chunkStart(bits, bits, c);
    }

    private static byte[] chunkEnd(int bits, int c) {
        return chunkEnd(bits, bits, c);
    }

    /** The first key of chunk {@code c} among keys whose first byte is {@code mark} and partition has {@code bits} bits. */
    private static byte[] chunkStart(int mark, int bits, int c) {
        return FingerprintBlock.partitionPrefix(mark, c << (bits - CHUNK_BITS));
    }

    private static byte[] chunkEnd(int mark, int bits, int c) {
        if (c == (1 << CHUNK_BITS) - 1) {
            return new byte[] {(byte) (mark + 1)};
        }
        return FingerprintBlock.partitionPrefix(mark, (c + 1) << (bits - CHUNK_BITS));
    }

    /** A batch committed whenever it has grown large, each commit atomic and durable. */
    private final class Pending {
        private Store.Batch batch;
        private long bytes;

        void put(Space s, byte[] k, byte[] v) {
            open().put(s, k, v);
            bytes += k.length + v.length;
        }

        void delete(Space s, byte[] k) {
            open().delete(s, k);
            bytes += k.length;
        }

        private Store.Batch open() {
            if (batch == null) {
                batch = store.batch();
            }
            return batch;
        }

        void commit() {
            if (batch != null) {
                try (Store.Batch b = batch) {
                    if (b.count() > 0) {
                        b.commit();
                        listener.committed(family, ++batches);
                    }
                }
                batch = null;
                bytes = 0;
            }
        }
    }
}
