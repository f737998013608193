package org.thordb.index;

import java.util.List;

import java.util.Arrays;
import org.thordb.othello.Board10;
import org.thordb.othello.Notation;
import org.thordb.othello.Replay;
import org.thordb.othello.Symmetry;
import org.thordb.store.Store.Space;
import org.thordb.wthor.WthorGame;
import org.thordb.error.ErrorCode;
import org.thordb.fault.Faults;
import org.thordb.othello.Symmetry10;
import org.thordb.store.FileRow;
import org.thordb.store.GameRow;
import org.thordb.store.Keys;
import org.thordb.store.Store;

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
    /** The game numbers the import writes a term of for each game, from its record. */
    private static final GameNumber[] PER_GAME_NUMBERS = Arrays.stream(GameNumber.values())
            .filter(GameNumber::termPerGame).toArray(GameNumber[]::new);

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
    // every (term, game) pair of the segment, the term packed into a long (see termKey)
    private long[] termKeys = new long[1 << 12];
    private int[] termGames = new int[1 << 12];
    private int termCount;
    private final IntList damaged = new IntList();

    // position occurrences, canonical
    private long[] ob = new long[1 << 12];
    private long[] ow = new long[1 << 12];
    private byte[] os = new byte[1 << 12];
    private int[] og = new int[1 << 12];
    // the move each occurrence's game played next, turned as its canonical form (Postings.END: none)
    private byte[] on = new byte[1 << 12];
    private int occurrences;
    private final long[] canon = new long[2];
    // the edge terms of the game being added, a bit a configuration (EdgePatterns)
    private final long[] edges = new long[(EdgePatterns.CODES + 63) / 64];
    // the games of each edge term, in order: 30 terms a game, kept apart from the other terms'
    // table (whose hashing and chains cost a fifth of the import when they went through it)
    private final IntList[] edgeGames = new IntList[EdgePatterns.CODES];
    private final IntList validPlies = new IntList();
    // whether a 10-move opening alone in its 9-move line goes to the unsplit term (Terms.openingUnsplit)
    private boolean splitOpenings = true;

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

    /** Sees each stored record of a segment as it is indexed again. */
    @FunctionalInterface
    public interface StoredRecords {
        /**
         * One record: {@code row} decoded, or null with {@code undecodable} saying why (the record
         * is then not indexed). Records come in id order.
         */
        void record(int id, GameRow row, RuntimeException undecodable);
    }

    /**
     * A stored segment indexed again from its records, which gives back exactly the keys its
     * import wrote: what removing the segment deletes, and what verifying it compares with.
     *
     * @param records sees each record (null: none; a record that does not decode then throws CORRUPT)
     */
    public static SegmentIndexer ofStored(Store.View v, FileRow f, PositionHash hash,
                                          StoredRecords records) {
        SegmentIndexer ix = new SegmentIndexer(f.segment(), f.firstId(), f.base(), f.year(), hash);
        ix.storedBits = f.side() == 8 ? FingerprintBlock.bits(f) : null;
        ix.splitOpenings = splits(v);
        v.scan(Space.GAMES, GameRow.key(f.firstId()), GameRow.key(f.firstId() + f.games()),
                (k, val) -> {
                    int id = Keys.getU32(k, 0);
                    GameRow row;
                    try {
                        row = GameRow.decode(id, val);
                    } catch (RuntimeException e) {
                        if (records == null || !Store.isDecodeFailure(e)) {
                            throw e;
                        }
                        records.record(id, null, e);
                        return true;
                    }
                    if (records != null) {
                        records.record(id, row, null);
                    }
                    ix.add(new WthorGame(row.raw(), row.side()), row.damage());
                    return true;
                });
        return ix;
    }

    /**
     * The indexer of a stored file's games given as rows (not read from a view): for a release
     * restored from {@code RETIRED} in the batch that moves its records back.
     */
    public static SegmentIndexer ofRows(FileRow f, List<GameRow> rows, PositionHash hash,
                                        boolean splitOpenings) {
        SegmentIndexer ix = new SegmentIndexer(f.segment(), f.firstId(), f.base(), f.year(), hash);
        ix.storedBits = f.side() == 8 ? FingerprintBlock.bits(f) : null;
        ix.splitOpenings = splitOpenings;
        for (GameRow row : rows) {
            ix.add(new WthorGame(row.raw(), row.side()), row.damage());
        }
        return ix;
    }

    /** The number of games added. */
    public int games() {
        return games;
    }

    /**
     * The partition bits of the segment's fingerprint blocks, for its file row: those its row names
     * when indexed again from the store, else {@link FingerprintBlock#bits(int)} of the games added;
     * null for a 10×10 segment, which has no blocks.
     */
    public Integer fingerprintBits() {
        return ten ? null : storedBits != null ? storedBits : Integer.valueOf(FingerprintBlock.bits(games));
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
        return add(g, problem, null, -1);
    }

    /**
     * {@link #add(WthorGame, String)} for a game its caller has replayed already, perhaps on
     * another thread: {@code states} holds each position from the start, for the {@code plies}
     * legal moves, as three longs: Black's and White's discs already in their canonical form
     * ({@link #canonicalize}), then the side to move (0, 1, 2 nobody) as {@link Replay#step} leaves
     * it. The indexes are those {@code add} would make.
     */
    public String addReplayed(WthorGame g, String problem, long[] states, int plies) {
        return add(g, problem, states, plies);
    }

    /**
     * Turns the positions of a {@link #addReplayed} state array into their canonical forms, in
     * place; the image each took ({@link Symmetry#canonicalize}) goes to bits 8–10 of its side, so
     * that the move played from it can be turned the same way.
     */
    public static void canonicalize(long[] states, int plies) {
        long[] c = new long[2];
        for (int i = 0; i <= plies; i++) {
            int image = Symmetry.canonicalize(states[3 * i], states[3 * i + 1], c);
            states[3 * i] = c[0];
            states[3 * i + 1] = c[1];
            states[3 * i + 2] = states[3 * i + 2] & 0xff | (long) image << 8;
        }
    }

    private String add(WthorGame g, String problem, long[] states, int replayed) {
        int local = games++;
        if (local >= FingerprintBlock.MAX_GAMES) {
            throw Faults.of(ErrorCode.STORE, String.valueOf("a segment holds at most " + FingerprintBlock.MAX_GAMES + " games"));
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
        if (side == 8 && states != null) {
            plies = replayed;
            for (int i = 0; i <= plies; i++) {
                long sideAndImage = states[3 * i + 2];
                int next = i < plies ? Symmetry.imageSquare((int) (sideAndImage >>> 8) & 7, squares[i]) : Postings.END;
                recordCanonical(states[3 * i], states[3 * i + 1], (int) sideAndImage & 0xff, local, next);
                EdgePatterns.addEdges(states[3 * i], states[3 * i + 1], edges);
            }
            illegal = plies < usable ? whyIllegal(squares, plies) : null;
        } else if (side == 8) {
            plies = replay8(squares, usable, local);
            illegal = plies < usable ? whyIllegal(squares, plies) : null;
        } else {
            ten = true;
            plies = replay10(squares, usable, local);
            Board10.Result r = plies < usable ? Board10.replay(squares, plies + 1) : null;
            illegal = r != null && r.error() != null ? r.error().toString() : null;
        }
        validPlies.add(plies);
        if (side == 8) {
            for (int i = 0; i < edges.length; i++) {
                for (long x = edges[i]; x != 0; x &= x - 1) {
                    int code = i * 64 + Long.numberOfTrailingZeros(x);
                    IntList l = edgeGames[code];
                    if (l == null) {
                        l = edgeGames[code] = new IntList();
                    }
                    l.add(local);
                }
                edges[i] = 0;
            }
        }
        String fault = illegal != null ? illegal : damage != null ? damage : problem;
        if (fault != null) {
            damaged.add(local);
        }
        term(termKey(Field.BLACK, base << 16 | g.black()), local);
        term(termKey(Field.WHITE, base << 16 | g.white()), local);
        term(termKey(Field.TOURNAMENT, base << 16 | g.tournament()), local);
        term(termKey(Field.RESULT, Terms.result(g.blackScore(), side)), local);
        for (GameNumber n : PER_GAME_NUMBERS) { // score, theoretical, moves: a term of each a game
            term(termKey(n.term(), n.termOf(g)), local);
        }
        if (side == 8 && usable > 0) {
            long h = Terms.gameHash(squares, usable);
            if (h >= 0) {
                term(termKey(Field.GAME, h), local);
            }
        }
        if (side == 10 && plies > 0) {
            int depth = Math.min(plies, Terms.OPENING_DEPTH_10);
            int[] turned = Symmetry10.normalize(squares, depth);
            if (turned != null) {
                long moves = 0; // the moves after g6, 7 bits each from bit 47 down
                for (int len = 1; len <= depth; len++) {
                    if (len > 1) {
                        moves |= (long) turned[len - 1] << (54 - 7 * (len - 1));
                    }
                    term(termKey(Field.OPENING10, (long) len << 54 | moves), local);
                }
            }
        }
        if (side == 8 && plies > 0) {
            int depth = Math.min(plies, Terms.OPENING_DEPTH);
            int[] turned = Openings.normalize(squares, depth);
            if (turned != null) {
                long moves = 0; // the moves after f5, 6 bits each from bit 48 down
                for (int len = 1; len <= depth; len++) {
                    if (len > 1) {
                        moves |= (long) turned[len - 1] << (54 - 6 * (len - 1));
                    }
                    term(termKey(Field.OPENING, (long) len << 54 | moves), local);
                }
            }
        }
        return fault;
    }

    /** The reason the move after {@code plies} legal ones is illegal, worded as {@link Replay} words it. */
    private static String whyIllegal(int[] squares, int plies) {
        return Replay.replay(squares, plies + 1, null).error().toString();
    }

    /** Whether the segment's games are 10×10 ones: every position then gets an exact entry. */
    private boolean ten;
    /** The bits a stored segment's file row gives ({@link #ofStored}), else null. */
    private Integer storedBits;

    /**
     * Replays a 10×10 game on {@link Board10}, recording each position as its key in
     * {@code positions} ({@link PositionKeys#key10}); returns the moves played.
     */
    private int replay10(int[] squares, int count, int local) {
        Board10 b = Board10.start();
        long[] k = PositionKeys.key10(b.bits(), b.sideToMove());
        recordCanonical(k[0], k[1], (int) k[2], local, Postings.END);
        int i = 0;
        while (i < count && b.playMove(squares[i]) == null) {
            i++;
            k = PositionKeys.key10(b.bits(), b.sideToMove());
            recordCanonical(k[0], k[1], (int) k[2], local, Postings.END);
        }
        return i;
    }

    /**
     * Replays on bitboards without allocating, recording each position with the move played from
     * it; returns the moves played.
     */
    private int replay8(int[] squares, int count, int local) {
        long[] state = Replay.startState();
        int i = 0;
        while (true) {
            long b = state[0];
            long w = state[1];
            int side = (int) state[2];
            boolean played = i < count && Replay.step(state, squares[i]);
            int image = Symmetry.canonicalize(b, w, canon);
            EdgePatterns.addEdges(b, w, edges);
            recordCanonical(canon[0], canon[1], side, local, played ? Symmetry.imageSquare(image, squares[i]) : Postings.END);
            if (!played) {
                return i;
            }
            i++;
        }
    }

    private void recordCanonical(long b, long w, int side, int local, int next) {
        if (occurrences == ob.length) {
            int n = ob.length * 2;
            ob = Arrays.copyOf(ob, n);
            ow = Arrays.copyOf(ow, n);
            os = Arrays.copyOf(os, n);
            og = Arrays.copyOf(og, n);
            on = Arrays.copyOf(on, n);
        }
        ob[occurrences] = b;
        ow[occurrences] = w;
        os[occurrences] = (byte) side;
        og[occurrences] = local;
        on[occurrences] = (byte) next;
        occurrences++;
    }

    /**
     * A term as a long whose order is its key's byte order: the field code from bit 59, then the
     * term: base u16 and number u16 for names, the value for small numbers, and for an opening its
     * length from bit 54 and its moves after f5 (the first, always f5 once turned) 6 bits each.
     */
    private static long termKey(Field f, long term) {
        return (long) f.code() << 59 | term;
    }

    /** The term bytes of a packed term (see {@link #termKey}). */
    private static byte[] termBytes(Field f, long key) {
        long term = key & ((1L << 59) - 1);
        return switch (f) {
            case BLACK, WHITE, TOURNAMENT -> Terms.name((int) (term >>> 16), (int) term & 0xffff);
            case OPENING -> {
                int len = (int) (term >>> 54);
                int[] squares = new int[len];
                squares[0] = Notation.F5;
                for (int i = 1; i < len; i++) {
                    squares[i] = (int) (term >>> (54 - 6 * i)) & 63;
                }
                yield Terms.opening(squares, len);
            }
            case GAME -> Terms.game(term);
            case EDGE -> Terms.edge((int) term);
            case OPENING10 -> {
                int len = (int) (term >>> 54);
                int[] squares = new int[len];
                squares[0] = Symmetry10.G6;
                for (int i = 1; i < len; i++) {
                    squares[i] = (int) (term >>> (54 - 7 * i)) & 127;
                }
                yield Terms.opening(squares, len);
            }
            default -> Terms.small((int) term);
        };
    }

    private void term(long key, int local) {
        if (termCount == termKeys.length) {
            termKeys = Arrays.copyOf(termKeys, termCount * 2);
            termGames = Arrays.copyOf(termGames, termCount * 2);
        }
        termKeys[termCount] = key;
        termGames[termCount++] = local;
    }

    /** The fingerprint bits its blocks keep ({@link FingerprintBlock#WRITTEN_BITS} unless told). */
    private int fingerprintWidth = FingerprintBlock.WRITTEN_BITS;

    /**
     * Whether a 10-move opening alone in its 9-move line in the file goes to the file's unsplit term
     * ({@link Terms#openingUnsplit}) rather than a term of its own: as the store says
     * ({@link #splits}); a new indexer splits them.
     */
    public SegmentIndexer splitOpenings(boolean split) {
        this.splitOpenings = split;
        return this;
    }

    /** Whether a store's files split their 10-move openings ({@code Catalog.SPLITS_KEY}). */
    public static boolean splits(Store.View v) {
        return v.get(Space.META, org.thordb.store.Catalog.SPLITS_KEY) != null;
    }

    /**
     * Makes its blocks keep {@code width} bits of each fingerprint: 17 writes them as schemas 5 to 7
     * did (for the tests of an upgrade).
     */
    public SegmentIndexer fingerprintWidth(int width) {
        this.fingerprintWidth = width;
        return this;
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
        emitTerms(out);
        emitEdges(out, ids);
        emitPositions(out);
    }

    /** The edge terms' postings, in key order (their field's code is the highest of the terms: they follow the others). */
    private void emitEdges(Emitter out, int[] ids) {
        for (int code = 0; code < edgeGames.length; code++) {
            IntList l = edgeGames[code];
            if (l == null) {
                continue;
            }
            for (int i = 0; i < l.size; i++) {
                ids[i] = firstId + l.values[i];
            }
            out.entry(Space.TERMS, Terms.postingKey(Terms.key(Field.EDGE, Terms.edge(code)), segment), Postings.encode(ids, l.size));
        }
    }

    /** The terms' postings, grouped through an open-addressing table, handed over in key order. */
    private void emitTerms(Emitter out) {
        int n = termCount;
        int cap = Integer.highestOneBit(Math.max(16, n * 2 - 1)) << 1;
        int mask = cap - 1;
        long[] keys = new long[cap]; // 0 empty: every packed term has a field code
        int[] head = new int[cap];   // the latest occurrence + 1
        int[] next = new int[Math.max(1, n)];
        long[] distinct = new long[Math.max(1, n)];
        int d = 0;
        for (int i = 0; i < n; i++) {
            long k = termKeys[i];
            int s = slot(k, mask);
            while (keys[s] != 0 && keys[s] != k) {
                s = (s + 1) & mask;
            }
            if (keys[s] == 0) {
                keys[s] = k;
                distinct[d++] = k;
            }
            next[i] = head[s] - 1;
            head[s] = i + 1;
        }
        // a 10-move line under a 9-move line that one game of the file has is that game's alone:
        // not written, the game goes to the unsplit term instead (Terms.openingUnsplit)
        // (packed with the largest length its five bits hold: after every line, as its bytes sort)
        long unsplitKey = termKey(Field.OPENING, 31L << 54);
        IntList unsplit = new IntList();
        if (splitOpenings) {
            long tenth = termKey(Field.OPENING, (long) Terms.OPENING_DEPTH << 54);
            long lines = 0x3FL << 48 | (1L << 48) - 1; // the moves' bits of a packed line
            for (int t = 0; t < d; t++) {
                long k = distinct[t];
                if ((k & ~lines) == tenth && alone(termKey(Field.OPENING, (long) (Terms.OPENING_DEPTH - 1) << 54 | k & lines & ~0x3FL),
                        keys, head, next, mask)) {
                    distinct[t] = 0; // left out below
                    unsplit.add(termGames[head[find(k, keys, mask)] - 1]);
                }
            }
            if (unsplit.size > 0) {
                if (d == distinct.length) {
                    distinct = Arrays.copyOf(distinct, d + 1);
                }
                distinct[d++] = unsplitKey;
            }
        }
        // in key order (the packed terms are positive longs in key order): RocksDB inserts a
        // batch's ascending keys into its memtable much faster than scattered ones
        Arrays.sort(distinct, 0, d);
        int[] ids = new int[Math.max(1, games)];
        Field[] byCode = new Field[16];
        for (Field f : Field.values()) {
            byCode[f.code()] = f;
        }
        for (int t = 0; t < d; t++) {
            long k = distinct[t];
            if (k == 0) {
                continue;
            }
            if (k == unsplitKey) {
                int[] local = unsplit.toArray();
                Arrays.sort(local);
                for (int i = 0; i < local.length; i++) {
                    ids[i] = firstId + local[i];
                }
                out.entry(Space.TERMS, Terms.postingKey(Terms.key(Field.OPENING, Terms.openingUnsplit()), segment),
                        Postings.encode(ids, local.length));
                continue;
            }
            int s = find(k, keys, mask);
            // the chain runs from the latest occurrence back, one per game: filled from the end,
            // the ids come out ascending
            int count = 0;
            for (int o = head[s] - 1; o >= 0; o = next[o]) {
                count++;
            }
            int at = count;
            for (int o = head[s] - 1; o >= 0; o = next[o]) {
                ids[--at] = firstId + termGames[o];
            }
            Field f = byCode[(int) (k >>> 59)];
            out.entry(Space.TERMS, Terms.postingKey(Terms.key(f, termBytes(f, k)), segment), Postings.encode(ids, count));
        }
    }

    private static int slot(long key, int mask) {
        return (int) PositionHash.mix(key) & mask;
    }

    /** The slot of a term that is in the table. */
    private static int find(long key, long[] keys, int mask) {
        int s = slot(key, mask);
        while (keys[s] != key) {
            s = (s + 1) & mask;
        }
        return s;
    }

    /** Whether a term in the table has one game (its chain one occurrence long). */
    private static boolean alone(long key, long[] keys, int[] head, int[] next, int mask) {
        return next[head[find(key, keys, mask)] - 1] < 0;
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

    /**
     * Groups the segment's position occurrences by position: a position met once goes to a
     * fingerprint block, one met twice or more gets a postings entry, handed over in key order.
     * The occurrences are first scattered into buckets by the top bits of a hash of the position
     * (their boards, side and game copied along, in their order), then each bucket is grouped with
     * an open-addressing table small enough to stay in the cache: one random table of the whole
     * segment (hundreds of megabytes at 100,000 games) cost a cache miss an occurrence, and
     * several more for each position met once, whose boards and game were read back at random.
     */
    private void emitPositions(Emitter out) {
        int n = occurrences;
        // about 16,384 occurrences a bucket: its table (32,768 slots) fits in a core's cache
        int bucketBits = 0;
        while (bucketBits < 12 && (long) n >>> bucketBits > 16_384) {
            bucketBits++;
        }
        int buckets = 1 << bucketBits;
        int[] start = new int[buckets + 1];
        short[] bucketOf = new short[Math.max(1, n)]; // at most 4,096 buckets
        for (int i = 0; i < n; i++) {
            int k = bucket(tableHash(ob[i], ow[i], os[i]), bucketBits);
            bucketOf[i] = (short) k;
            start[k + 1]++;
        }
        for (int k = 0; k < buckets; k++) {
            start[k + 1] += start[k];
        }
        // scattered in order, so that within a bucket the occurrences (and their games) ascend
        long[] cb = new long[Math.max(1, n)];
        long[] cw = new long[Math.max(1, n)];
        byte[] cs = new byte[Math.max(1, n)];
        int[] cg = new int[Math.max(1, n)];
        int[] ci = new int[Math.max(1, n)]; // the occurrence's own index
        int[] fill = Arrays.copyOf(start, buckets);
        for (int i = 0; i < n; i++) {
            int p = fill[bucketOf[i]]++;
            cb[p] = ob[i];
            cw[p] = ow[i];
            cs[p] = os[i];
            cg[p] = og[i];
            ci[p] = i;
        }
        int largest = 0;
        for (int k = 0; k < buckets; k++) {
            largest = Math.max(largest, start[k + 1] - start[k]);
        }
        int cap = Integer.highestOneBit(Math.max(16, largest * 2 - 1)) << 1;
        long[] table = new long[cap]; // the hash's high half as a tag, the latest occurrence (bucket order) + 1
        int[] next = new int[Math.max(1, n)]; // by the occurrences' own indices: the previous one of the same position, or -1
        long[] singleHash = new long[Math.max(1, n)];
        int[] singleLocal = new int[Math.max(1, n)];
        int singles = 0;
        int[] order = new int[Math.max(1, n)]; // each position met twice or more: its latest occurrence
        int groups = 0;
        for (int k = 0; k < buckets; k++) {
            int from = start[k];
            int to = start[k + 1];
            if (from == to) {
                continue;
            }
            int size = Integer.highestOneBit(Math.max(16, (to - from) * 2 - 1)) << 1;
            int mask = size - 1;
            Arrays.fill(table, 0, size, 0L);
            for (int p = from; p < to; p++) {
                long h = tableHash(cb[p], cw[p], cs[p]);
                long tag = h & 0xffffffff00000000L;
                int slot = (int) h & mask;
                while (true) {
                    long e = table[slot];
                    if (e == 0) {
                        table[slot] = tag | (p + 1);
                        next[ci[p]] = -1;
                        break;
                    }
                    int q = (int) (e & ~SHARED) - 1;
                    if ((e & 0xffffffff00000000L) == tag && cb[q] == cb[p] && cw[q] == cw[p] && cs[q] == cs[p]) {
                        next[ci[p]] = ci[q];
                        table[slot] = tag | (p + 1) | SHARED;
                        break;
                    }
                    slot = (slot + 1) & mask;
                }
            }
            for (int slot = 0; slot < size; slot++) {
                long e = table[slot];
                if (e == 0) {
                    continue;
                }
                int q = (int) (e & ~SHARED) - 1;
                if ((e & SHARED) == 0 && !ten) { // 10×10 positions all get exact entries: no fingerprint replays them
                    singleHash[singles] = hash.hash(cb[q], cw[q], cs[q]);
                    singleLocal[singles] = cg[q];
                    singles++;
                } else {
                    order[groups++] = ci[q];
                }
            }
        }
        // in key order (Black, White, side): RocksDB inserts a batch's ascending keys into its
        // memtable much faster than scattered ones
        order = Arrays.copyOf(order, groups);
        sortByPosition(order, new int[groups], 0, groups);
        int[] ids = new int[Math.max(1, games)];
        byte[] moves = new byte[Math.max(1, games)];
        for (int j : order) {
            // the chain runs from the latest occurrence back, and a game meets a position once:
            // filled from the end, the ids come out ascending with no sort
            int c = 0;
            for (int o = j; o >= 0; o = next[o]) {
                c++;
            }
            int at = c;
            for (int o = j; o >= 0; o = next[o]) {
                ids[--at] = firstId + og[o];
                moves[at] = on[o];
            }
            // an 8×8 entry says each game's next move, for the explorer (a big one under a key of
            // their own, handed over right after it); a 10×10 one does not
            byte[] key = PositionKeys.postingKey(ob[j], ow[j], os[j], segment);
            if (ten) {
                out.entry(Space.POSITIONS, key, Postings.encode(ids, c));
            } else {
                Postings.WithMoves e = Postings.encodeWithMoves(ids, moves, c);
                out.entry(Space.POSITIONS, key, e.value());
                if (e.apart() != null) {
                    out.entry(Space.POSITIONS, PositionKeys.movesKey(key), e.apart());
                }
            }
        }
        emitFingerprints(out, singleHash, singleLocal, singles);
    }

    /** The bit of a bucket table's slot that says its position was met twice or more. */
    private static final long SHARED = 0x80000000L;

    private static int bucket(long h, int bits) {
        return bits == 0 ? 0 : (int) (h >>> (64 - bits));
    }

    /** Whether occurrence x's position sorts before y's: Black, White unsigned, then the side. */
    private boolean before(int x, int y) {
        if (ob[x] != ob[y]) {
            return Long.compareUnsigned(ob[x], ob[y]) < 0;
        }
        if (ow[x] != ow[y]) {
            return Long.compareUnsigned(ow[x], ow[y]) < 0;
        }
        return os[x] < os[y];
    }

    /** Sorts occurrences {@code a[from, to)} by position: a merge sort on ints, with no boxing. */
    private void sortByPosition(int[] a, int[] tmp, int from, int to) {
        if (to - from <= 16) {
            for (int i = from + 1; i < to; i++) {
                int v = a[i];
                int j = i - 1;
                while (j >= from && before(v, a[j])) {
                    a[j + 1] = a[j];
                    j--;
                }
                a[j + 1] = v;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        sortByPosition(a, tmp, from, mid);
        sortByPosition(a, tmp, mid, to);
        if (!before(a[mid], a[mid - 1])) {
            return;
        }
        System.arraycopy(a, from, tmp, from, to - from);
        int i = from;
        int j = mid;
        for (int k = from; k < to; k++) {
            a[k] = j >= to || (i < mid && !before(tmp[j], tmp[i])) ? tmp[i++] : tmp[j++];
        }
    }

    private void emitFingerprints(Emitter out, long[] h, int[] local, int n) {
        if (ten) {
            return; // a 10×10 segment's positions all have exact entries
        }
        int bits = fingerprintBits();
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
                    FingerprintBlock.encode(packed, start[p], start[p + 1], segment, games, fingerprintWidth));
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
