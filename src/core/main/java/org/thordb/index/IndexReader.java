package org.thordb.index;

import java.util.ArrayList;
import java.util.List;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.othello.Position;
import org.thordb.othello.Replay;
import org.thordb.othello.Symmetry;
import org.thordb.store.Catalog;
import org.thordb.store.FileRow;
import org.thordb.store.GameRow;
import org.thordb.store.Keys;
import org.thordb.store.SolitaireRow;
import org.thordb.store.Store;
import org.thordb.store.Store.Space;
import org.thordb.wthor.WthorGame;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.function.IntConsumer;
import java.util.function.Predicate;
import org.thordb.othello.Board10;
import org.thordb.othello.Symmetry10;
import org.thordb.store.MergeGroup;

/**
 * Answers "which games" from the postings of one consistent view of a store: terms, term ranges,
 * openings and positions, each as a Roaring bitmap of game ids. Position answers are exact:
 * candidates from fingerprint blocks are replayed and compared before they are added.
 *
 * <p>Usage:
 * <pre>{@code
 * IndexReader r = new IndexReader(view, catalog, PositionHash.DEFAULT);
 * RoaringBitmap games = r.position(Position.afterLine("f5d6c3"));
 * }</pre>
 */
public final class IndexReader {
    private final Store.View view;
    private final Catalog catalog;
    private final PositionHash hash;

    // the segments whose entries are read (null: every one); see within()
    private final BitSet scope;
    // the ids of those segments (null: every one), which cut what a merged entry gives
    private final RoaringBitmap scopeIds;
    // the games a conjunction's parts so far leave (null: every one); see through()
    private final RoaringBitmap through;

    /** A reader over a view and the catalog taken with it. */
    public IndexReader(Store.View view, Catalog catalog, PositionHash hash) {
        this(view, catalog, hash, null, null, null);
    }

    private IndexReader(Store.View view, Catalog catalog, PositionHash hash, BitSet scope,
                        RoaringBitmap scopeIds, RoaringBitmap through) {
        this.view = view;
        this.catalog = catalog;
        this.hash = hash;
        this.scope = scope;
        this.scopeIds = scopeIds;
        this.through = through;
    }

    /**
     * A reader whose term, opening and position lookups give only games of {@code games}: the
     * leapfrog of a conjunction, where a part is read through the games the parts before it leave.
     * Each postings value is intersected with them as it lies, serialized ({@link Postings.Union}),
     * and a fingerprint candidate outside them is not replayed. Its answers are exact within
     * {@code games} and hold no other game; counts ({@link #positionCount}) and the other lookups
     * are as the reader's it was made from.
     */
    public IndexReader through(RoaringBitmap games) {
        return new IndexReader(view, catalog, hash, scope, scopeIds, games);
    }

    /** A union of postings for a lookup of this reader: of the games it is read {@link #through}, if any. */
    public Postings.Union union() {
        return new Postings.Union(through);
    }

    /**
     * A reader that reads only the entries of the segments holding some of {@code ids}: for the
     * other parts of a conjunction with a year or a base, whose answers are then cut to those
     * segments anyway. Its answers are exact within those segments and may lack games elsewhere.
     */
    public IndexReader within(RoaringBitmap ids) {
        BitSet keep = new BitSet();
        RoaringBitmap keepIds = new RoaringBitmap();
        for (FileRow f : catalog.gameFiles()) {
            if (ids.intersects((long) f.firstId(), (long) f.firstId() + f.games())) {
                keep.set(f.segment());
                keepIds.add((long) f.firstId(), (long) f.firstId() + f.games());
            }
        }
        return new IndexReader(view, catalog, hash, keep, keepIds, through);
    }

    /**
     * Whether an entry whose key ends with its segment is to be read: a merged entry (its suffix
     * names a group) always is, and {@link #live} then cuts what it gives to the scope.
     */
    private boolean inScope(byte[] key) {
        int suffix = Terms.segmentOf(key);
        return scope == null || suffix < 0 || scope.get(suffix);
    }

    /**
     * A lookup's answer as it is to be given: without the ids of games no longer stored that merged
     * entries may still name ({@link Catalog#staleIds()}), and, for a reader {@link #within} some
     * segments, without the games a merged entry holds outside them. Changes {@code ids} in place.
     */
    public RoaringBitmap live(RoaringBitmap ids) {
        if (!masks()) {
            return ids;
        }
        if (catalog.staleIds()) {
            ids.and(all());
        }
        if (scopeIds != null && !catalog.groups().isEmpty()) {
            ids.and(scopeIds);
        }
        return ids;
    }

    /** Whether {@link #live} changes answers: merged entries may hold stale ids, or ids out of this reader's scope. */
    private boolean masks() {
        return catalog.staleIds() || scopeIds != null && !catalog.groups().isEmpty();
    }

    /** How many game files (segments) {@code pick} chooses among those this reader reads. */
    public int segmentCount(Predicate<FileRow> pick) {
        int n = 0;
        for (FileRow f : catalog.gameFiles()) {
            if ((scope == null || scope.get(f.segment())) && pick.test(f)) {
                n++;
            }
        }
        return n;
    }

    /**
     * How many postings entries a term or a position has at most among the files {@code pick}
     * chooses (of those this reader reads): one per file that has entries of its own, and one per
     * merge group holding any of them. What a lookup's cost grows with, for the planner's and the
     * explorer's estimates.
     */
    public int entriesPerKey(Predicate<FileRow> pick) {
        int n = 0;
        Set<Integer> groups = new HashSet<>();
        for (FileRow f : catalog.gameFiles()) {
            if ((scope == null || scope.get(f.segment())) && pick.test(f)) {
                MergeGroup g = catalog.groupOf(f);
                if (g == null || g.merging()) {
                    n++;
                }
                if (g != null) {
                    groups.add(g.group());
                }
            }
        }
        return n + groups.size();
    }

    /** How many games the files this reader reads hold. */
    public long gamesInScope() {
        long n = 0;
        for (FileRow f : catalog.gameFiles()) {
            if (scope == null || scope.get(f.segment())) {
                n += f.games();
            }
        }
        return n;
    }

    /** The game files this reader reads (all, or those of {@link #within}), in id order. */
    public List<FileRow> filesInScope() {
        List<FileRow> out = new ArrayList<>();
        for (FileRow f : catalog.gameFiles()) {
            if (scope == null || scope.get(f.segment())) {
                out.add(f);
            }
        }
        out.sort(Comparator.comparingInt(FileRow::firstId));
        return out;
    }

    /** The view this reader reads (for the columns, which scan the records once). */
    Store.View view() {
        return view;
    }

    /** The catalog this reader answers from. */
    public Catalog catalog() {
        return catalog;
    }

    private RoaringBitmap all;

    /** Every game of the store (made once per reader; do not change it). */
    public RoaringBitmap all() {
        if (all == null) {
            RoaringBitmap b = new RoaringBitmap();
            for (FileRow f : catalog.gameFiles()) {
                b.add((long) f.firstId(), (long) f.firstId() + f.games());
            }
            all = b;
        }
        return all;
    }

    /**
     * The games of the segments {@code pick} chooses, as id ranges from the catalog: what a
     * whole-segment term (a year, a base) holds, without reading or decoding its postings.
     */
    public RoaringBitmap segments(Predicate<FileRow> pick) {
        RoaringBitmap b = new RoaringBitmap();
        for (FileRow f : catalog.gameFiles()) {
            if (pick.test(f)) {
                b.add((long) f.firstId(), (long) f.firstId() + f.games());
            }
        }
        return b;
    }

    /** The games with a term. */
    public RoaringBitmap term(Field f, byte[] term) {
        Postings.Union out = union();
        addTerm(f, term, out);
        return live(out.result());
    }

    /** Adds the games with a term to a union (for lookups that gather many terms). */
    public void addTerm(Field f, byte[] term, Postings.Union into) {
        // into an array the view reuses: the value of a term a third of 10M games have is 1.25 MB,
        // whose allocation took longer than reading it
        view.scanPrefixInto(Space.TERMS, Terms.key(f, term), Integer.MAX_VALUE, (k, v, length, size) -> {
            if (inScope(k)) {
                into.add(v, length);
            }
        });
    }

    /**
     * How many games a term's entries in scope hold, from their headers (nothing decoded): at most
     * the games {@link #term} gives (a merged entry may still name removed games).
     */
    public long termCount(Field f, byte[] term) {
        long[] n = {0};
        boolean[] whole = {false};
        view.scanPrefixInto(Space.TERMS, Terms.key(f, term), HEAD, (k, v, length, size) -> {
            if (inScope(k)) {
                long c = Postings.cardinalityOfHead(v, length);
                whole[0] |= c < 0;
                n[0] += Math.max(0, c);
            }
        });
        if (whole[0]) { // a header longer than the head read (more than 16,000 containers): read all
            n[0] = 0;
            view.scanPrefixInto(Space.TERMS, Terms.key(f, term), Integer.MAX_VALUE, (k, v, length, size) -> {
                if (inScope(k)) {
                    n[0] += Postings.cardinality(v, length);
                }
            });
        }
        return n[0];
    }

    /** How much of a postings value a count reads: its header, for up to 16,000 containers. */
    private static final int HEAD = 64 * 1024;

    /**
     * How many games the opening terms of a line hold ({@link #termCount} of its first moves up to
     * the indexed depth), never fewer than {@link #opening} gives; 0 for a line no game can begin.
     * At 10 moves a file's games alone with their 9-move line are in no line's term
     * ({@link Terms#openingUnsplit}): each 9-move entry of one game counts as one more.
     */
    public long openingCount(int[] line, int side) {
        if (line.length == 0) {
            return side == 8 ? all().getLongCardinality() : segments(f -> f.side() == side).getLongCardinality();
        }
        int[] turned = side == 10 ? Symmetry10.normalize(line, line.length)
                : Openings.normalize(line, line.length);
        if (turned == null) {
            return 0;
        }
        int depth = Math.min(line.length, side == 10 ? Terms.OPENING_DEPTH_10 : Terms.OPENING_DEPTH);
        long n = termCount(side == 10 ? Field.OPENING10 : Field.OPENING, Terms.opening(turned, depth));
        if (side == 8 && depth == Terms.OPENING_DEPTH) {
            long[] alone = {0};
            view.scanPrefixInto(Space.TERMS, Terms.key(Field.OPENING, Terms.opening(turned, depth - 1)), HEAD,
                    (k, v, length, size) -> {
                        if (inScope(k) && Postings.cardinalityOfHead(v, length) == 1) {
                            alone[0]++;
                        }
                    });
            n += alone[0];
        }
        return n;
    }

    /**
     * How many games a position's exact entries hold, from their headers: the games that share it
     * within a file, without those alone in theirs (fingerprint blocks, which only a replay tells).
     * Near the start it is almost every game that reaches it; deep in a game, few or none.
     */
    public long positionEntriesCount(Position p) {
        Position c = p.canonical();
        int side = PositionKeys.sideCode(c.toMove());
        if (catalog.allMerged()) { // the entries' heads alone
            long[] n = {0};
            boolean[] whole = {false};
            for (MergeGroup g : catalog.groups()) {
                view.getInto(Space.POSITIONS, PositionKeys.postingKey(c.black(), c.white(), side, g.suffix()), HEAD,
                        (k, v, length, size) -> {
                            long x = Postings.cardinalityOfHead(v, length);
                            whole[0] |= x < 0;
                            n[0] += Math.max(0, x);
                        });
            }
            return whole[0] ? positionEntriesCountWhole(c, side) : n[0];
        }
        return positionEntriesCountWhole(c, side);
    }

    private long positionEntriesCountWhole(Position c, int side) {
        long[] n = {0};
        positionEntries(c, side, (v, length) -> n[0] += Postings.cardinality(v, length));
        return n[0];
    }

    /** The games whose term of a field lies in {@code [from, to)} as bytes (null ends are open). */
    public RoaringBitmap termRange(Field f, byte[] from, byte[] to) {
        Postings.Union out = union();
        byte[] start = from == null ? new byte[] {f.code()} : Terms.key(f, from);
        byte[] end = to == null ? new byte[] {(byte) (f.code() + 1)} : Terms.key(f, to);
        view.scan(Space.TERMS, start, end, (k, v) -> {
            if (inScope(k)) {
                out.add(v);
            }
            return true;
        });
        return live(out.result());
    }

    /** Visits every postings entry of a field in key order (term, then segment), whatever this reader's scope. */
    public void scanTerms(Field f, BiConsumer<byte[], byte[]> visitor) {
        view.scan(Space.TERMS, new byte[] {f.code()}, new byte[] {(byte) (f.code() + 1)}, (k, v) -> {
            visitor.accept(k, v);
            return true;
        });
    }

    /**
     * Every value of a numeric field with its games, from one scan of the field's postings; the
     * term bytes are the value (u8, or i32 for years).
     */
    public TreeMap<Integer, RoaringBitmap> valuesOf(Field f) {
        TreeMap<Integer, RoaringBitmap> out = new TreeMap<>();
        view.scan(Space.TERMS, new byte[] {f.code()}, new byte[] {(byte) (f.code() + 1)}, (k, v) -> {
            if (!inScope(k)) {
                return true;
            }
            int termLength = k.length - 1 - 4;
            int value = termLength == 4 ? Keys.getI32(k, 1) : k[1] & 0xff;
            Postings.addTo(v, out.computeIfAbsent(value, x -> new RoaringBitmap()));
            return true;
        });
        if (masks()) {
            out.values().forEach(this::live);
            out.values().removeIf(RoaringBitmap::isEmpty);
        }
        return out;
    }

    /** The games that begin with a line, under the 4 symmetries of the start position. */
    public RoaringBitmap opening(int[] line) {
        return opening(line, 8);
    }

    /**
     * The games of every 8×8 opening of {@code length} moves (1 to {@link Terms#OPENING_DEPTH} − 1),
     * turned so that the first move is f5, from one scan of those openings' postings: the lines,
     * each with its games (a game shorter than that, or 10×10, is in none).
     */
    public List<Map.Entry<int[], RoaringBitmap>> openingsOfLength(int length) {
        if (length < 1 || length >= Terms.OPENING_DEPTH) { // at 10, some games are in no line's term (Terms.openingUnsplit)
            throw new IllegalArgumentException("openings are listed from 1 to " + (Terms.OPENING_DEPTH - 1) + " moves, not " + length);
        }
        List<Map.Entry<int[], RoaringBitmap>> out = new ArrayList<>();
        byte[][] current = {null};
        Postings.Union[] union = {null};
        // a term's entries (one a file or merge group) lie side by side: each union closed when the next term starts
        view.scan(Space.TERMS, new byte[] {Field.OPENING.code(), (byte) length}, new byte[] {Field.OPENING.code(), (byte) (length + 1)},
                (k, v) -> {
                    byte[] term = Arrays.copyOfRange(k, 2, k.length - 4);
                    if (current[0] == null || !Arrays.equals(current[0], term)) {
                        if (current[0] != null) {
                            out.add(Map.entry(squares(current[0]), live(union[0].result())));
                        }
                        current[0] = term;
                        union[0] = union();
                    }
                    if (inScope(k)) {
                        union[0].add(v);
                    }
                    return true;
                });
        if (current[0] != null) {
            out.add(Map.entry(squares(current[0]), live(union[0].result())));
        }
        return out;
    }

    private static int[] squares(byte[] term) {
        int[] sq = new int[term.length];
        for (int i = 0; i < sq.length; i++) {
            sq[i] = term[i];
        }
        return sq;
    }

    /**
     * The games of a board size (8, or 10 with squares row × 10 + column) that begin with a line,
     * under the 4 symmetries of that board's start position.
     */
    public RoaringBitmap opening(int[] line, int side) {
        if (line.length == 0) {
            return side == 8 ? all() : segments(f -> f.side() == side);
        }
        int[] turned = side == 10 ? Symmetry10.normalize(line, line.length)
                : Openings.normalize(line, line.length);
        if (turned == null) {
            return new RoaringBitmap();
        }
        int depth = Math.min(line.length, side == 10 ? Terms.OPENING_DEPTH_10 : Terms.OPENING_DEPTH);
        RoaringBitmap candidates = term(side == 10 ? Field.OPENING10 : Field.OPENING, Terms.opening(turned, depth));
        if (side == 8 && depth == Terms.OPENING_DEPTH) {
            RoaringBitmap alone = unsplit(turned, candidates);
            if (!alone.isEmpty()) { // a line of 10 moves checks them here, a longer one all its candidates below
                candidates = RoaringBitmap.or(candidates, line.length == depth ? beginning(alone, turned, side) : alone);
            }
        }
        if (line.length <= depth) {
            return candidates;
        }
        if (side == 8) { // the position the line reaches narrows an 8×8 opening down first
            Replay.Result r = Replay.replay(turned, null);
            if (!r.ok()) {
                return new RoaringBitmap();
            }
            candidates = RoaringBitmap.and(candidates, position(r.finalPosition()));
        }
        return beginning(candidates, turned, side); // longer than the terms: the records say
    }

    /** The games of {@code candidates} whose records begin with {@code turned} (a line turned as the terms are). */
    private RoaringBitmap beginning(RoaringBitmap candidates, int[] turned, int side) {
        RoaringBitmap out = new RoaringBitmap();
        for (int id : candidates) {
            GameRow g = game(id);
            int[] sq = new WthorGame(g.raw(), g.side()).squares();
            if (sq.length >= turned.length) {
                int[] t = side == 10 ? Symmetry10.normalize(sq, turned.length)
                        : Openings.normalize(sq, turned.length);
                if (t != null && Arrays.equals(t, turned)) {
                    out.add(id);
                }
            }
        }
        return out;
    }

    /**
     * The games that may begin with {@code turned} (an 8×8 line of 10 moves or more) without being
     * in its 10-move term, each to be checked against its record: in a store that splits its
     * openings, a file's game alone with its 9-move line is in no 10-move term
     * ({@link Terms#openingUnsplit}). So, of each entry of the 9-move line that has games outside
     * the 10-move line's term: a file's, when it holds one game (with two or more, each has a term
     * at 10 moves); a merge group's (which joins files' lone games), its games themselves when they
     * are few, else those of them its unsplit entry holds (at ten million merged games a bitmap of
     * 1.2 MB, read only for a line that thousands of games share).
     *
     * @param ten the games of the line's 10-move term
     */
    private RoaringBitmap unsplit(int[] turned, RoaringBitmap ten) {
        RoaringBitmap out = new RoaringBitmap();
        List<RoaringBitmap> groups = new ArrayList<>();
        List<Integer> groupSuffixes = new ArrayList<>();
        view.scanPrefixInto(Space.TERMS, Terms.key(Field.OPENING, Terms.opening(turned, Terms.OPENING_DEPTH - 1)),
                Integer.MAX_VALUE, (k, v, length, size) -> {
                    if (!inScope(k)) {
                        return;
                    }
                    int suffix = Terms.segmentOf(k);
                    if (!MergeGroup.isGroupSuffix(suffix)) {
                        if (Postings.cardinality(v, length) == 1) {
                            Postings.addTo(v, length, out);
                        }
                        return;
                    }
                    RoaringBitmap games = new RoaringBitmap();
                    Postings.addTo(v, length, games);
                    games.andNot(ten);
                    if (games.getCardinality() <= CHECKED_ALONE) {
                        out.or(games);
                    } else {
                        groups.add(games);
                        groupSuffixes.add(suffix);
                    }
                });
        for (int i = 0; i < groups.size(); i++) {
            byte[] v = view.get(Space.TERMS, Terms.postingKey(Terms.key(Field.OPENING, Terms.openingUnsplit()), groupSuffixes.get(i)));
            if (v != null) {
                Postings.Union alone = new Postings.Union(groups.get(i));
                alone.add(v);
                out.or(alone.result());
            }
        }
        out.andNot(ten);
        if (through != null) {
            out.and(through); // as every lookup of a reader that reads through some games
        }
        return live(out);
    }

    /** The games of a merge group's 9-move line checked on their records rather than through its unsplit entry. */
    private static final int CHECKED_ALONE = 64;

    /** The games that reach a position, in any orientation, with the same side to move. */
    public RoaringBitmap position(Position p) {
        Position c = p.canonical();
        int side = PositionKeys.sideCode(c.toMove());
        Postings.Union out = union();
        positionEntries(c, side, out::add);
        singleGames(c, side, through, (id, move) -> out.add(id));
        return live(out.result());
    }

    /**
     * The games that reach a position, as {@link #position} gives them, split by the move each
     * played next: {@code [sq]} the games that played square {@code sq} (0 = a1 … 63 = h8, in the
     * orientation {@code p} is given in), {@code [64]} ({@link Postings#END}) those whose last legal move
     * led there; null entries for moves no game played. Read from the position's own entries, which
     * say each game's next move, and from the replay that checks each fingerprint candidate: no
     * other position is looked up. Null when an entry does not say its games' next moves (one
     * written before schema 7, until {@code thordb optimize} writes it again).
     */
    public RoaringBitmap[] positionByNextMove(Position p) {
        return positionByNextMove(p, null);
    }

    /**
     * {@link #positionByNextMove(Position)} for the games of {@code only} alone (null: all): an
     * entry's other games are skipped where they lie, and a fingerprint candidate outside it is
     * not replayed.
     */
    public RoaringBitmap[] positionByNextMove(Position p, RoaringBitmap only) {
        Symmetry turn = p.canonicalSymmetry();
        Position c = p.transform(turn);
        int side = PositionKeys.sideCode(c.toMove());
        RoaringBitmap[] canonical = new RoaringBitmap[Postings.END + 1];
        boolean[] said = {true};
        byte[] prefix = PositionKeys.key(c.black(), c.white(), side);
        BiConsumer<byte[], byte[]> entry = (key, v) -> {
            // a big entry's moves are under a key of their own, read here only (a lookup never does)
            byte[] apart = Postings.movesApart(v) ? view.get(Space.POSITIONS, PositionKeys.movesKey(key)) : null;
            said[0] &= Postings.addByMove(v, v.length, apart, only, canonical);
        };
        if (catalog.allMerged()) {
            for (MergeGroup g : catalog.groups()) {
                byte[] key = PositionKeys.postingKey(c.black(), c.white(), side, g.suffix());
                byte[] v = view.get(Space.POSITIONS, key);
                if (v != null) {
                    entry.accept(key, v);
                }
            }
        } else {
            view.scanPrefix(Space.POSITIONS, prefix, (k, v) -> {
                if (scope == null || inScope(k)) {
                    entry.accept(k, v);
                }
                return true;
            });
        }
        if (!said[0]) {
            return null;
        }
        singleGames(c, side, only, (id, move) -> {
            if (canonical[move] == null) {
                canonical[move] = new RoaringBitmap();
            }
            canonical[move].add(id);
        });
        Symmetry back = turn.inverse();
        RoaringBitmap[] out = new RoaringBitmap[Postings.END + 1];
        for (int m = 0; m <= Postings.END; m++) {
            if (canonical[m] != null) {
                RoaringBitmap games = live(canonical[m]);
                if (!games.isEmpty()) {
                    out[m == Postings.END ? m : back.apply(m)] = games;
                }
            }
        }
        return out;
    }

    /**
     * The games that reach each of many positions ({@link #position} of each, in the same order),
     * looked up together: when every file is merged, three batched reads answer them all (the
     * positions' entries, their fingerprint blocks, then the records of every candidate to replay,
     * each RocksDB MultiGet), where one by one each position costs three reads of its own.
     * Otherwise (files not merged yet, a merge under way, a scope) they are answered one by one.
     */
    public RoaringBitmap[] positions(Position[] ps) {
        RoaringBitmap[] out = new RoaringBitmap[ps.length];
        List<MergeGroup> groups = catalog.groups();
        if (!catalog.allMerged() || scope != null) { // allMerged: no merge under way either
            for (int i = 0; i < ps.length; i++) {
                out[i] = position(ps[i]);
            }
            return out;
        }
        int n = ps.length;
        Position[] c = new Position[n];
        int[] side = new int[n];
        List<byte[]> keys = new ArrayList<>(n * groups.size());
        for (int i = 0; i < n; i++) {
            c[i] = ps[i].canonical();
            side[i] = PositionKeys.sideCode(c[i].toMove());
            for (MergeGroup g : groups) {
                keys.add(PositionKeys.postingKey(c[i].black(), c[i].white(), side[i], g.suffix()));
            }
        }
        List<byte[]> entries = view.getAll(Space.POSITIONS, keys);
        // the fingerprint blocks: one a position for each layout of each group
        int[] fp = new int[n];
        List<byte[]> blockKeys = new ArrayList<>();
        List<int[]> blockOf = new ArrayList<>(); // query, group index, layout's hash bits
        for (int i = 0; i < n; i++) {
            long h = hash.hash(c[i].black(), c[i].white(), side[i]);
            fp[i] = FingerprintBlock.fingerprint(h);
            for (int gi = 0; gi < groups.size(); gi++) {
                MergeGroup g = groups.get(gi);
                for (MergeGroup.Layout l : g.layouts()) {
                    int partition = FingerprintBlock.mergedPartition(h, l.hashBits(), l.totalBits());
                    blockKeys.add(FingerprintBlock.mergedKey(l.totalBits(), partition, g.suffix()));
                    blockOf.add(new int[] {i, gi, l.hashBits()});
                }
            }
        }
        List<byte[]> blocks = view.getAll(Space.FINGERPRINTS, blockKeys);
        // the candidates, as (query, id) pairs: each game replayed once per position it may reach
        IntList pairQuery = new IntList();
        IntList pairId = new IntList();
        RoaringBitmap candidateIds = new RoaringBitmap();
        for (int b = 0; b < blocks.size(); b++) {
            byte[] block = blocks.get(b);
            int[] of = blockOf.get(b);
            if (block != null) {
                mergedCandidates(block, block.length, groups.get(of[1]), of[2], fp[of[0]], id -> {
                    pairQuery.add(of[0]);
                    pairId.add(id);
                    candidateIds.add(id);
                });
            }
        }
        int[] ids = candidateIds.toArray();
        List<byte[]> recordKeys = new ArrayList<>(ids.length);
        for (int id : ids) {
            recordKeys.add(GameRow.key(id));
        }
        List<byte[]> records = view.getAll(Space.GAMES, recordKeys);
        RoaringBitmap[] singles = new RoaringBitmap[n];
        for (int p = 0; p < pairId.size; p++) {
            int i = pairQuery.values[p];
            int id = pairId.values[p];
            if (reaches(decodeGame(id, records.get(Arrays.binarySearch(ids, id))), c[i].discs() - 4, c[i])) {
                if (singles[i] == null) {
                    singles[i] = new RoaringBitmap();
                }
                singles[i].add(id);
            }
        }
        for (int i = 0; i < n; i++) {
            Postings.Union u = new Postings.Union();
            for (int gi = 0; gi < groups.size(); gi++) {
                byte[] v = entries.get(i * groups.size() + gi);
                if (v != null) {
                    u.add(v, v.length);
                }
            }
            if (singles[i] != null) {
                singles[i].forEach((int id) -> u.add(id));
            }
            out[i] = live(u.result());
        }
        return out;
    }

    /** A growable list of ints. */
    private static final class IntList {
        int[] values = new int[4];
        int size;

        void add(int v) {
            if (size == values.length) {
                values = Arrays.copyOf(values, 2 * size);
            }
            values[size++] = v;
        }
    }

    /**
     * How many games reach a position: {@link #position}'s cardinality, without building it when
     * no game is alone in its segment to reach it. A segment's entries are disjoint from every
     * other's, so the count is then the sum of each entry's own count (a Roaring entry's is in its
     * header). Fingerprint candidates are another matter: a game counted in an entry may also be a
     * candidate (one of its other positions sharing the fingerprint), so when there are any, the
     * entries and the candidates are united as {@link #position} does.
     */
    public long positionCount(Position p) {
        Position c = p.canonical();
        int side = PositionKeys.sideCode(c.toMove());
        RoaringBitmap found = new RoaringBitmap();
        singleGames(c, side, null, (id, move) -> found.add(id));
        if (!found.isEmpty() || masks()) {
            Postings.Union out = new Postings.Union();
            positionEntries(c, side, out::add);
            RoaringBitmap all = out.result();
            all.or(found);
            return live(all).getLongCardinality();
        }
        return positionEntriesCount(c);
    }

    /**
     * Hands over the postings of canonical position {@code c} in each segment in scope that has
     * an entry for it (two or more of its games reach it); when every segment is in scope, the
     * values are read without their keys.
     */
    private void positionEntries(Position c, int side, Store.ValueVisitor visitor) {
        byte[] key = PositionKeys.key(c.black(), c.white(), side);
        if (catalog.allMerged()) { // every file's entries are the group's: its key is known whole, a get and no scan
            for (MergeGroup g : catalog.groups()) {
                // into the view's array: a position a third of 10M games reach is 1.25 MB
                view.getInto(Space.POSITIONS, PositionKeys.postingKey(c.black(), c.white(), side, g.suffix()),
                        Integer.MAX_VALUE, (k, v, length, size) -> visitor.value(v, length));
            }
            return;
        }
        if (scope == null) {
            view.scanPrefixValues(Space.POSITIONS, key, visitor);
            return;
        }
        view.scanPrefix(Space.POSITIONS, key, (k, v) -> {
            if (inScope(k)) {
                visitor.value(v, v.length);
            }
            return true;
        });
    }

    /**
     * Hands over the games that are alone in their segment to reach canonical position {@code c},
     * with the move each played next (turned as {@code c} is, or {@link Postings#END}): the
     * candidates of its fingerprint blocks (one prefix scan per partition size among the
     * segments) that replay to it; only those of {@code only}, when it is not null (a candidate
     * outside it is not replayed).
     */
    private void singleGames(Position c, int side, RoaringBitmap only, Postings.MoveVisitor found) {
        long h = hash.hash(c.black(), c.white(), side);
        int fp = FingerprintBlock.fingerprint(h);
        int ply = c.discs() - 4;
        int sizes = partitionSizes();
        for (int bits = FingerprintBlock.MIN_BITS; bits <= FingerprintBlock.MAX_BITS; bits++) {
            if ((sizes & 1 << bits) == 0) {
                continue;
            }
            view.scanPrefixValues(Space.FINGERPRINTS, FingerprintBlock.partitionPrefix(bits, FingerprintBlock.partition(h, bits)),
                    (block, length) -> {
                        int segment = FingerprintBlock.segment(block);
                        FileRow f = catalog.segment(segment);
                        if (f != null && (scope == null || scope.get(segment))) {
                            int first = f.firstId();
                            int[] last = {-1}; // a game's entries of one fingerprint: replayed once when they stand together
                            FingerprintBlock.candidates(block, length, fp, local -> {
                                if (local != last[0]) {
                                    last[0] = local;
                                    int next;
                                    if ((only == null || only.contains(first + local))
                                            && (next = nextMove(game(first + local), ply, c)) >= 0) {
                                        found.game(first + local, next);
                                    }
                                }
                            });
                        }
                    });
        }
        for (MergeGroup g : catalog.groups()) {
            for (MergeGroup.Layout l : g.layouts()) {
                int hb = l.hashBits();
                int partition = FingerprintBlock.mergedPartition(h, hb, l.totalBits());
                Store.ValueVisitor merged = (block, length) -> mergedCandidates(block, length, g, hb, fp, id -> {
                    int next;
                    if ((only == null || only.contains(id)) && (next = nextMove(game(id), ply, c)) >= 0) {
                        found.game(id, next);
                    }
                });
                if (g.merging()) { // blocks of other layouts may share the prefix while a merge is under way
                    view.scanPrefixValues(Space.FINGERPRINTS, FingerprintBlock.mergedPrefix(l.totalBits(), partition), merged);
                } else { // one block: its key is known whole
                    byte[] block = view.get(Space.FINGERPRINTS, FingerprintBlock.mergedKey(l.totalBits(), partition, g.suffix()));
                    if (block != null) {
                        merged.value(block, block.length);
                    }
                }
            }
        }
    }

    /**
     * Hands over the ids of a merged block's entries whose fingerprint is {@code fp}, each once,
     * within this reader's scope; nothing when the block is another group's, or another layout's
     * (during a merge).
     */
    private void mergedCandidates(byte[] block, int length, MergeGroup g, int hashBits, int fp,
                                  IntConsumer candidate) {
        if (Keys.getU32(block, 0) != g.suffix() || FingerprintBlock.mergedHashBits(block) != hashBits) {
            return;
        }
        int first = FingerprintBlock.mergedFirstId(block);
        int[] last = {-1}; // a game's entries of one fingerprint stand together: handed over once
        FingerprintBlock.candidates(block, length, fp, local -> {
            int id = first + local;
            if (local != last[0] && (scopeIds == null || scopeIds.contains(id))) {
                last[0] = local;
                candidate.accept(id);
            }
        });
    }

    private int partitionSizes = -1;

    /**
     * The partition sizes of the store's 8×8 segments that have blocks of their own, one bit each
     * (bit b: b partition bits).
     */
    private int partitionSizes() {
        if (partitionSizes >= 0) {
            return partitionSizes;
        }
        int sizes = 0;
        for (FileRow f : catalog.gameFiles()) {
            MergeGroup g;
            if (f.side() == 8 && ((g = catalog.groupOf(f)) == null || g.merging())) { // a merged segment has no blocks of its own
                sizes |= 1 << FingerprintBlock.bits(f);
            }
        }
        partitionSizes = sizes;
        return sizes;
    }

    /** Whether game {@code g} stands at the canonical position {@code c} after {@code ply} moves. */
    private static boolean reaches(GameRow g, int ply, Position c) {
        return nextMove(g, ply, c) >= 0;
    }

    /**
     * The move game {@code g} played from the canonical position {@code c}, turned as {@code c}
     * is ({@link Postings#END} when its last legal move led there), or −1 when it does not stand
     * at {@code c} after {@code ply} moves.
     */
    private static int nextMove(GameRow g, int ply, Position c) {
        if (g == null || g.side() != 8 || g.validMoves() < ply) {
            return -1;
        }
        long[] at = new long[3];
        int[] squares = new WthorGame(g.raw(), 8).squares();
        if (!Replay.boardsAfter(squares, ply, at)) {
            return -1;
        }
        long[] canon = new long[2];
        int image = Symmetry.canonicalize(at[0], at[1], canon);
        if (canon[0] != c.black() || canon[1] != c.white() || (int) at[2] != PositionKeys.sideCode(c.toMove())) {
            return -1;
        }
        return ply < g.validMoves() ? Symmetry.imageSquare(image, squares[ply]) : Postings.END;
    }

    /**
     * The 10×10 games that reach a position (in any of the 8 orientations of the 10×10 board, with
     * that side to move): the position's entries, each game then replayed to check it.
     *
     * @param bits the board ({@link Board10#bits()})
     * @param sideToMove 1 Black, 2 White, 0 nobody
     */
    public RoaringBitmap position10(long[] bits, int sideToMove) {
        RoaringBitmap out = new RoaringBitmap();
        Symmetry10[] turn = new Symmetry10[1];
        for (int id : position10Candidates(bits, sideToMove)) {
            int[] sq = squares10(id);
            if (sq != null && Board10.meeting(sq, bits, sideToMove, turn) >= 0) {
                out.add(id);
            }
        }
        return out;
    }

    /**
     * The games the {@code positions} entries of a 10×10 position name, before any replay: a
     * superset of those that reach it (see {@link PositionKeys#key10}).
     */
    public RoaringBitmap position10Candidates(long[] bits, int sideToMove) {
        long[] k = PositionKeys.key10(bits, sideToMove);
        Postings.Union candidates = new Postings.Union();
        view.scanPrefix(Space.POSITIONS, PositionKeys.key(k[0], k[1], (int) k[2]), (key, v) -> {
            if (inScope(key)) {
                candidates.add(v);
            }
            return true;
        });
        return live(candidates.result());
    }

    /** The moves of a 10×10 game, or null when the id names none. */
    public int[] squares10(int id) {
        GameRow g = game(id);
        return g == null || g.side() != 10 ? null : new WthorGame(g.raw(), 10).squares();
    }

    /** A value of the {@code meta} family (the explorer's book keeps its entries there), or null. */
    public byte[] meta(byte[] key) {
        return view.get(Space.META, key);
    }

    /** A game's {@code sources} value (its first line u32, then its text's bytes), or null. */
    public byte[] sourceBytes(int id) {
        return view.get(Space.SOURCES, GameRow.key(id));
    }

    /** A game by id, or null. */
    public GameRow game(int id) {
        return decodeGame(id, view.get(Space.GAMES, GameRow.key(id)));
    }

    /** Game {@code id}'s record from its stored value (null for none); one that does not decode is CORRUPT. */
    private GameRow decodeGame(int id, byte[] v) {
        try {
            return v == null ? null : GameRow.decode(id, v);
        } catch (RuntimeException e) {
            throw Store.isDecodeFailure(e) ? Store.corrupt(view.path(), Space.GAMES, GameRow.key(id), e) : e;
        }
    }

    /** The stored solitaires, by base, empties and record (their key's order). */
    public List<SolitaireRow> solitaires() {
        List<SolitaireRow> out = new ArrayList<>();
        view.scan(Space.SOLITAIRES, new byte[0], null, (k, v) -> {
            out.add(SolitaireRow.decode(k, v));
            return true;
        });
        return out;
    }

    /**
     * Visits every game in id order; the visitor returns false to stop. A record that does not
     * decode is CORRUPT; what the visitor throws comes through as it is.
     */
    public void scanGames(Predicate<GameRow> visitor) {
        RuntimeException[] thrown = {null};
        view.scan(Space.GAMES, new byte[0], null, (k, v) -> {
            GameRow row = GameRow.decode(Keys.getU32(k, 0), v); // the view names a failure here as damage
            try {
                return visitor.test(row);
            } catch (RuntimeException e) {
                thrown[0] = e;
                return false;
            }
        });
        if (thrown[0] != null) {
            throw thrown[0];
        }
    }

    /**
     * The id of a game by base, board side, year and record number, or -1: its file's first id plus
     * the record number, as every import numbers them (the locators an older thordb kept for it in
     * {@code GAME_KEYS} said the same, 37 MB at ten million games).
     */
    public int gameId(int base, int side, int year, int record) {
        org.thordb.store.FileRow f = catalog.gameFile(base, side, year);
        return f == null || record < 0 || record >= f.games() ? -1 : f.firstId() + record;
    }
}
