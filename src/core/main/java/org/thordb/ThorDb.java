package org.thordb;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Function;
import java.util.function.Supplier;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.index.IndexReader;
import org.thordb.index.PositionHash;
import org.thordb.index.Terms;
import org.thordb.ingest.ImportReport;
import org.thordb.ingest.Importer;
import org.thordb.othello.Position;
import org.thordb.query.exec.QueryEngine;
import org.thordb.store.Catalog;
import org.thordb.store.GameRow;
import org.thordb.store.Keys;
import org.thordb.store.RocksStore;
import org.thordb.store.Store;
import org.thordb.store.Store.Space;
import org.thordb.store.ViewPool;

/**
 * An open thordb store: import WTHOR files, look games up, and ask which games match a query or
 * reach a position. Safe for many reader threads at once; imports are serialised, and a reader sees
 * each imported file all or not at all.
 *
 * <p>Usage:
 * <pre>{@code
 * try (ThorDb db = ThorDb.open(Path.of("store"))) {
 *     db.importFiles(List.of(Path.of("wthor")), Importer.Options.defaults(), msg -> {});
 *     long n = db.count("player = \"Tastet Marc\"");
 * }
 * }</pre>
 */
public final class ThorDb implements AutoCloseable {
    private volatile Store store;
    private final PositionHash hash;
    private final Object publish = new Object();
    private final Object importing = new Object();
    private volatile Catalog catalog;
    private final Object columnsLock = new Object();
    private Catalog columnsCatalog;
    private org.thordb.explore.Columns columns;
    private volatile ViewPool views;
    /** A read-only store opens itself again when another process changed it (see {@link #refreshIfChanged()}). */
    private boolean reopenable;
    private volatile String changeStamp;
    private volatile long nextChangeCheck;
    /** Stores a refresh replaced while query results still read them: closed with this one. */
    private final List<Store> retired = new ArrayList<>();
    /**
     * Every call holds the read side while it runs; {@link #close()} takes the write side, so it
     * waits for the calls under way and no call reaches a freed native handle.
     */
    private final ReentrantReadWriteLock life = new ReentrantReadWriteLock();
    private volatile boolean closed;
    /** An import started a background flush: {@link #close()} waits for it. */
    private volatile boolean flushPending;
    /** Query results still open: closed with the store, and their later use throws. */
    private final Set<QueryResult> results = ConcurrentHashMap.newKeySet();

    private ThorDb(Store store, PositionHash hash) {
        this.store = store;
        this.hash = hash;
        this.views = new ViewPool(store, 8);
        try {
            checkSchema();
            try (Store.View v = store.view()) {
                this.catalog = Catalog.load(v);
            }
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
    }

    /** Opens (creating when missing) a store for reading and writing. */
    public static ThorDb open(Path dir) {
        return new ThorDb(RocksStore.open(dir), PositionHash.DEFAULT);
    }

    /** Opens an existing store read-only: another process may be writing it. */
    public static ThorDb openReadOnly(Path dir) {
        String stamp = RocksStore.changeStamp(dir);
        ThorDb db;
        try {
            db = new ThorDb(RocksStore.openReadOnly(dir), PositionHash.DEFAULT);
        } catch (ThorDbException e) {
            if (e.code() != ErrorCode.SCHEMA || !e.getMessage().contains("upgraded in place")) {
                throw e;
            }
            try (ThorDb writer = open(dir)) { // an older store: upgraded once, then read
                writer.catalog();
            }
            stamp = RocksStore.changeStamp(dir);
            db = new ThorDb(RocksStore.openReadOnly(dir), PositionHash.DEFAULT);
        }
        db.reopenable = true;
        db.changeStamp = stamp;
        return db;
    }

    /** How often a read-only store looks whether another process changed it. */
    static final long CHANGE_CHECK_NANOS = 200_000_000L;

    /**
     * A store opened read-only sees what an import in another process committed since: at most
     * every {@link #CHANGE_CHECK_NANOS}, a call looks at the store's log and manifest files, and
     * when they changed, opens the store again (RocksDB's read-only instance sees the store as it
     * was when opened; its secondary instance catches up but reads without snapshots, which would
     * break the one consistent view every call reads). Skipped while another call runs on this
     * thread or others hold the store; the next call tries again.
     */
    private void refreshIfChanged() {
        if (!reopenable || closed) {
            return;
        }
        long now = System.nanoTime();
        if (now - nextChangeCheck < 0) {
            return;
        }
        nextChangeCheck = now + CHANGE_CHECK_NANOS;
        String stamp = RocksStore.changeStamp(store.path());
        if (stamp.equals(changeStamp)) {
            return;
        }
        Lock w = life.writeLock();
        if (life.getReadHoldCount() > 0 || !w.tryLock()) {
            nextChangeCheck = now; // busy: the next call tries again
            return;
        }
        try {
            if (closed) {
                return;
            }
            Store fresh = RocksStore.openReadOnly(store.path());
            Catalog c;
            try (Store.View v = fresh.view()) {
                c = Catalog.load(v);
            } catch (RuntimeException e) {
                fresh.close();
                throw e;
            }
            Store old = store;
            ViewPool oldViews = views;
            store = fresh;
            views = new ViewPool(fresh, 8);
            catalog = c;
            changeStamp = stamp;
            oldViews.close();
            if (results.isEmpty()) {
                old.close();
            } else {
                retired.add(old); // open results still read it
            }
        } finally {
            w.unlock();
        }
    }

    /**
     * Opens a store whose fingerprint blocks use another position hash: for tests that force hash
     * collisions. A store must always be opened with the hash it was built with.
     */
    public static ThorDb open(Path dir, PositionHash hash) {
        return new ThorDb(RocksStore.open(dir), hash);
    }

    private void checkSchema() {
        Catalog.Schema want = new Catalog.Schema(Catalog.SCHEMA_VERSION, Terms.OPENING_DEPTH,
                org.thordb.index.FingerprintBlock.MIN_BITS, org.thordb.index.FingerprintBlock.TARGET_ENTRIES, hash == PositionHash.DEFAULT ? "splitmix64" : "custom");
        byte[] s;
        try (Store.View v = store.view()) {
            s = v.get(Space.META, Catalog.SCHEMA_KEY);
        }
        if (s == null) {
            if (store.readOnly()) {
                return; // read-only and empty: nothing to check, nothing to write
            }
            try (Store.Batch b = store.batch()) {
                b.put(Space.META, Catalog.SCHEMA_KEY, Catalog.encode(want));
                b.commit();
            }
            return;
        }
        Catalog.Schema have = Catalog.schema(s);
        // before schema 6 every store's blocks were bound to 256 entries; its segments keep them
        if (have.version() >= 2 && have.version() < Catalog.SCHEMA_VERSION
                && (have.fingerprintEntries() == org.thordb.index.FingerprintBlock.SCHEMA5_TARGET_ENTRIES
                        || have.version() == 6 && have.fingerprintEntries() == org.thordb.index.FingerprintBlock.TARGET_ENTRIES)
                && new Catalog.Schema(Catalog.SCHEMA_VERSION, have.openingDepth(), have.fingerprintBits(),
                        want.fingerprintEntries(), have.hash()).equals(want)) {
            if (store.readOnly()) {
                throw new ThorDbException(ErrorCode.SCHEMA, store.path() + ": the store has schema " + have.version()
                        + "; it is upgraded in place the first time it is opened for writing");
            }
            if (have.version() == 2) {
                upgradeFrom2(want);
            } else {
                upgradeFrom3(want);
            }
            return;
        }
        if (!have.equals(want)) {
            throw new ThorDbException(ErrorCode.SCHEMA, store.path() + ": the store has schema " + have
                    + " but this thordb reads " + want + "; import the files again into a new store");
        }
    }

    /**
     * Schema 3, 4 or 5 to 6. Version 4 adds merge groups ({@code 'M'} rows of {@code files}, keys
     * whose suffix has its top bit set), which a store of schema 3 has none of: its entries are all
     * per segment. Version 5 packs fingerprint blocks (the top bit of a block's count says so) and
     * keeps 17 bits of a fingerprint, not 24; blocks in the plain layout are read as they are, with
     * their 7 bits more ignored, and the next {@code optimize} packs them. Version 6 sizes a new
     * segment's blocks for 512 entries, not 256, and names its partition bits in its file row; a
     * row without them (every row before) keeps the bits the old rule gave, so its blocks are
     * found where they are. Version 7 says each game's next move in a position's entries; those
     * written before say none and are read as they are (the explorer then looks up each next move),
     * and the next {@code optimize} writes them with the moves: the new schema entry and the
     * {@link Catalog#MOVES_UNSAID_KEY} mark that tells it so are all there is to write.
     */
    private void upgradeFrom3(Catalog.Schema want) {
        try (Store.Batch b = store.batch()) {
            b.put(Space.META, Catalog.SCHEMA_KEY, Catalog.encode(want));
            b.put(Space.META, Catalog.MOVES_UNSAID_KEY, new byte[0]);
            b.commit();
        }
    }

    /**
     * Schema 2 to 6 (through 3): version 3 adds the {@code GAME} term (a game's whole move list, for
     * duplicates) and the {@code sources} family (empty for a store of WTHOR files). The records
     * are kept; the new terms are derived from them, in one batch with the new schema entry.
     */
    private void upgradeFrom2(Catalog.Schema want) {
        try (Store.View v = store.view(); Store.Batch b = store.batch()) {
            Catalog c = Catalog.load(v);
            for (org.thordb.store.FileRow f : c.gameFiles()) {
                org.thordb.index.SegmentIndexer.ofStored(v, f, hash, null).emit((space, key, value) -> {
                    if (space == Space.TERMS && key[0] == org.thordb.index.Field.GAME.code()) {
                        b.put(space, key, value);
                    }
                });
            }
            b.put(Space.META, Catalog.SCHEMA_KEY, Catalog.encode(want));
            b.put(Space.META, Catalog.MOVES_UNSAID_KEY, new byte[0]);
            b.commit();
        }
    }

    /**
     * Runs a call while the store is open: closing waits for it to end, and a call after close
     * throws {@link ErrorCode#CLOSED}.
     */
    <T> T guarded(Supplier<T> work) {
        refreshIfChanged();
        Lock l = life.readLock();
        l.lock();
        try {
            if (closed) {
                throw new ThorDbException(ErrorCode.CLOSED, store.path() + ": the store is closed");
            }
            return work.get();
        } finally {
            l.unlock();
        }
    }

    /** A query result was closed by its user. */
    void forget(QueryResult r) {
        results.remove(r);
    }

    /** The folder of the store (known after close too). */
    public Path path() {
        return store.path();
    }

    /** The catalog as of the last import: bases, names, files. */
    public Catalog catalog() {
        return guarded(() -> catalog);
    }

    /** Imports files and folders; see {@link Importer}. Closing the store waits for the import. */
    public ImportReport importFiles(List<Path> inputs, Importer.Options options, Importer.Listener listener) {
        return guarded(() -> {
            if (store.readOnly()) {
                throw new ThorDbException(ErrorCode.READ_ONLY, store.path() + ": the store is open read-only; nothing is imported");
            }
            synchronized (importing) {
                Importer im = new Importer(store, catalog, hash, this::commit, options, listener);
                ImportReport r = im.run(inputs);
                if (r.games() > 0 || r.names() > 0) {
                    // each file's batch was committed with a synced log: durable already; writing the
                    // memtables to tables (so that a later open replays no log) goes on in the background
                    store.flushInBackground();
                    flushPending = true;
                }
                return r;
            }
        });
    }

    /**
     * Imports a base's player registry from a CSV file ({@code name,aliases,country,born}); see
     * {@link org.thordb.ingest.RegistryImport}.
     *
     * <p>Usage: {@code db.importPlayers(Path.of("players.csv"), "WTHOR", System.err::println);}
     */
    public org.thordb.ingest.RegistryImport.Result importPlayers(Path file, String base, Importer.Listener listener) {
        return guarded(() -> {
            if (store.readOnly()) {
                throw new ThorDbException(ErrorCode.READ_ONLY, store.path() + ": the store is open read-only; nothing is imported");
            }
            synchronized (importing) {
                org.thordb.ingest.RegistryImport.Result r = new org.thordb.ingest.RegistryImport(store, catalog,
                        this::commit, listener).run(file, base);
                store.flushInBackground();
                flushPending = true;
                return r;
            }
        });
    }

    /**
     * The 10×10 explorer: every next move played from the position a 10×10 line reaches
     * ({@code g6e4…}, squares a1…j10), in any of the 8 orientations of the 10×10 board, by the games
     * of a filter; see {@link org.thordb.explore.Explorer10}.
     *
     * <p>Usage: {@code Exploration10 e = db.explore10("g6e4", "year >= 2000");}
     *
     * @throws ThorDbException {@link ErrorCode#ILLEGAL_MOVE} for a line that is not legal
     */
    public org.thordb.explore.Exploration10 explore10(String line, String filter) {
        return read(r -> org.thordb.explore.Explorer10.explore(r, line, filter));
    }

    /**
     * The stored solitaires a query over solitaires matches (see {@link org.thordb.query.exec.SolitaireFilter}:
     * {@code empties = 20 and year >= 2000}, {@code position = …} in any orientation), by base, empties and record.
     *
     * <p>Usage: {@code for (SolitaireRow s : db.solitaires("empties = 20")) System.out.println(s.solitaire().solutionScore());}
     *
     * @throws ThorDbException {@link ErrorCode#QUERY} for a bad query or a field solitaires lack
     */
    public List<org.thordb.store.SolitaireRow> solitaires(String query) {
        org.thordb.query.ast.Expr e = org.thordb.query.parse.QueryParser.parseOrBlank(query == null ? "" : query);
        return guarded(() -> {
            Catalog c = catalog;
            java.util.function.Predicate<org.thordb.store.SolitaireRow> test = org.thordb.query.exec.SolitaireFilter.of(e, c);
            List<org.thordb.store.SolitaireRow> out = new ArrayList<>();
            try (Store.View v = store.view()) {
                v.scan(Space.SOLITAIRES, new byte[0], null, (k, val) -> {
                    org.thordb.store.SolitaireRow row = org.thordb.store.SolitaireRow.decode(k, val);
                    if (test.test(row)) {
                        out.add(row);
                    }
                    return true;
                });
            }
            return out;
        });
    }

    /**
     * One player of {@link #players}: the games of the query (every game for a blank one) that
     * player played, from the player's side, with the registry's record and the old names.
     *
     * @param name the player's name
     * @param stats games, wins, draws, losses, score share, average disc difference, first and last year
     * @param record the registry's record in the first base that has one, or null
     * @param aliases the player's other names (renames, the registry's aliases), in every base
     */
    public record Player(String name, org.thordb.stats.GroupStats stats, org.thordb.store.PlayerRecord record,
                         List<String> aliases) {
        /** Average discs at the end from the player's side. */
        public double averageDiscs() {
            return 32 + stats.avgDiff() / 2;
        }
    }

    /**
     * Every player of a query's games, sorted by {@code games} (most first), {@code score} (best
     * score share first) or {@code name}.
     *
     * <p>Usage: {@code for (ThorDb.Player p : db.players("year >= 2010", "games")) System.out.println(p.name());}
     */
    public List<Player> players(String where, String sort) {
        if (!List.of("games", "score", "name").contains(sort)) {
            throw new ThorDbException(ErrorCode.BAD_ARGUMENT, "unknown sort '" + ThorDbException.quote(sort)
                    + "': games, score or name");
        }
        List<org.thordb.stats.GroupStats> rows = stats("player", where == null ? "" : where);
        Catalog c = catalog();
        List<Player> out = new ArrayList<>(rows.size());
        for (org.thordb.stats.GroupStats g : rows) {
            org.thordb.store.PlayerRecord rec = null;
            java.util.LinkedHashSet<String> aliases = new java.util.LinkedHashSet<>();
            for (Catalog.Base b : c.bases()) {
                for (int n : b.playerIndex().matching(g.group(), false)) {
                    if (!g.group().equals(b.player(n))) {
                        continue; // found by an alias: another player's old name
                    }
                    if (rec == null) {
                        rec = b.record(n);
                    }
                    aliases.addAll(b.otherNames(n));
                }
            }
            out.add(new Player(g.group(), g, rec, List.copyOf(aliases)));
        }
        java.util.Comparator<Player> order = switch (sort) {
            case "score" -> java.util.Comparator.comparingDouble((Player p) -> -p.stats().scorePct());
            case "name" -> java.util.Comparator.comparing(Player::name);
            default -> java.util.Comparator.comparingLong((Player p) -> -p.stats().games());
        };
        out.sort(order.thenComparing(Player::name));
        return out;
    }

    /**
     * One page of a query's games.
     *
     * @param total the games the query matches
     * @param games the page's games, in the order asked for
     */
    public record Page(long total, List<Game> games) {
    }

    /**
     * A page of a query's games (every game for a blank query), ordered by {@code sort}: keys
     * {@code year}, {@code record}, {@code score}, {@code theoretical}, {@code moves}, {@code black},
     * {@code white}, {@code tournament}, {@code base}, {@code id}, comma-separated, {@code -} before a
     * key for descending (null or blank: by id); then by id. Sorted from the in-memory game table,
     * so only the page's games are read.
     *
     * <p>Usage: {@code Page p = db.page("player = \"Tastet Marc\"", "-year", 0, 50);}
     *
     * @throws ThorDbException with {@link ErrorCode#QUERY} for a bad query, {@link ErrorCode#BAD_ARGUMENT}
     *     for a bad sort key, offset or limit
     */
    public Page page(String query, String sort, int offset, int limit) {
        if (offset < 0 || limit < 0) {
            throw new ThorDbException(ErrorCode.BAD_ARGUMENT, "offset and limit are 0 or more, not " + offset + " and " + limit);
        }
        return read(r -> {
            org.thordb.query.ast.Expr e = org.thordb.query.parse.QueryParser.parseOrBlank(query);
            RoaringBitmap ids = e == null ? r.all() : QueryEngine.evaluate(e, r);
            long total = ids.getLongCardinality();
            int[] chosen;
            if (sort == null || sort.isBlank()) {
                int n = (int) Math.max(0, Math.min(limit, total - offset));
                chosen = new int[n];
                if (n > 0) {
                    org.roaringbitmap.PeekableIntIterator it = ids.getIntIterator();
                    it.advanceIfNeeded(ids.select(offset)); // the page's first id, found by rank
                    for (int k = 0; k < n; k++) {
                        chosen[k] = it.next();
                    }
                }
            } else {
                java.util.Comparator<Integer> order = tableOrder(sort, org.thordb.index.GameTable.of(r), r.catalog());
                long keep = Math.min(total, (long) offset + limit);
                // the first offset + limit in order, kept in a heap as the ids go by: a page of the
                // whole base does not sort the whole base
                java.util.PriorityQueue<Integer> heap = new java.util.PriorityQueue<>(order.reversed());
                if (keep > 0) {
                    for (org.roaringbitmap.IntIterator it = ids.getIntIterator(); it.hasNext(); ) {
                        heap.add(it.next());
                        if (heap.size() > keep) {
                            heap.poll();
                        }
                    }
                }
                List<Integer> first = new ArrayList<>(heap);
                first.sort(order);
                chosen = first.stream().skip(offset).limit(limit).mapToInt(Integer::intValue).toArray();
            }
            List<Game> out = new ArrayList<>(chosen.length);
            for (int id : chosen) {
                org.thordb.store.GameRow row = r.game(id);
                if (row != null) {
                    out.add(Game.of(row, r.catalog()));
                }
            }
            return new Page(total, out);
        });
    }

    /** The order of a sort spec over game ids, read from the game table; names resolved once each. */
    private static java.util.Comparator<Integer> tableOrder(String spec, org.thordb.index.GameTable t, Catalog c) {
        java.util.Map<Long, String> names = new java.util.HashMap<>();
        java.util.function.BiFunction<Integer, Boolean, String> player = (id, black) -> names.computeIfAbsent(
                ((long) t.base(id) << 33) | ((black ? 1L : 0L) << 32) | (black ? t.black(id) : t.white(id)), k -> {
                    Catalog.Base b = c.base(t.base(id));
                    String n = b == null ? null : b.player(black ? t.black(id) : t.white(id));
                    return n == null ? "" : n.toLowerCase(Locale.ROOT);
                });
        java.util.Map<Long, String> tournaments = new java.util.HashMap<>();
        java.util.Comparator<Integer> all = null;
        for (String key : spec.split(",", -1)) {
            String k = key.strip();
            boolean desc = k.startsWith("-");
            String name = (desc ? k.substring(1) : k).toLowerCase(Locale.ROOT);
            if (name.isBlank()) {
                throw new ThorDbException(ErrorCode.BAD_ARGUMENT, "an empty sort key in '" + ThorDbException.quote(spec)
                        + "': year, record, score, theoretical, moves, black, white, tournament, base or id, with commas between");
            }
            java.util.Comparator<Integer> one = switch (name) {
                case "year" -> java.util.Comparator.comparingInt(t::year);
                case "record" -> java.util.Comparator.comparingInt(t::record);
                case "score" -> java.util.Comparator.comparingInt(t::score);
                case "theoretical" -> java.util.Comparator.comparingInt(t::theoretical);
                case "moves" -> java.util.Comparator.comparingInt(t::moveCount);
                case "id" -> java.util.Comparator.naturalOrder();
                case "black" -> java.util.Comparator.comparing(id -> player.apply(id, true));
                case "white" -> java.util.Comparator.comparing(id -> player.apply(id, false));
                case "tournament" -> java.util.Comparator.comparing(id -> tournaments.computeIfAbsent(
                        ((long) t.base(id) << 32) | t.tournament(id), x -> {
                            Catalog.Base b = c.base(t.base(id));
                            String n = b == null ? null : b.tournament(t.tournament(id));
                            return n == null ? "" : n.toLowerCase(Locale.ROOT);
                        }));
                case "base" -> java.util.Comparator.comparing(id -> c.base(t.base(id)).name());
                default -> throw new ThorDbException(ErrorCode.BAD_ARGUMENT, "unknown sort key '"
                        + ThorDbException.quote(name) + "': year, record, score, theoretical, moves, black, white,"
                        + " tournament, base or id");
            };
            one = desc ? one.reversed() : one;
            all = all == null ? one : all.thenComparing(one);
        }
        return all.thenComparing(java.util.Comparator.naturalOrder());
    }

    /**
     * The games of a query grouped ({@code player}, {@code black}, {@code white}, {@code opponent},
     * {@code tournament}, {@code year}, {@code opening} or {@code openingN}, {@code result}; see
     * {@link org.thordb.stats.Grouping}), each group with its games, wins, draws, losses, score,
     * average disc difference and theoretical score, first and last year, in the default order
     * (most games first; years and results in order). {@code opponent} is the record of the
     * players the query's {@code player}, {@code black} or {@code white} conditions name against
     * each opponent.
     *
     * <p>Usage: {@code db.stats("opponent", "player = \"Tastet Marc\"")}
     *
     * @throws ThorDbException with {@link ErrorCode#QUERY} for a bad query, {@link ErrorCode#BAD_ARGUMENT} for a bad grouping
     */
    public List<org.thordb.stats.GroupStats> stats(String by, String where) {
        org.thordb.stats.Grouping g = org.thordb.stats.Grouping.parse(by);
        return read(r -> {
            org.thordb.query.ast.Expr e = org.thordb.query.parse.QueryParser.parseOrBlank(where);
            RoaringBitmap ids = e == null ? r.all() : QueryEngine.evaluate(e, r);
            org.thordb.stats.Statistics.Subject subject = null;
            if (g.by() == org.thordb.stats.Grouping.By.OPPONENT && e != null) {
                java.util.Set<Long> named = new java.util.HashSet<>();
                namedPlayers(e, r.catalog(), named);
                if (!named.isEmpty()) {
                    subject = (base, player) -> named.contains(((long) base << 32) | player);
                }
            }
            return org.thordb.stats.Statistics.compute(org.thordb.index.GameTable.of(r), r.catalog(), ids, g, subject);
        });
    }

    /** The (base, number) of every player a query's player, black or white conditions name. */
    private static void namedPlayers(org.thordb.query.ast.Expr e, Catalog c, java.util.Set<Long> out) {
        for (org.thordb.query.ast.Predicate p : e.predicates(false)) {
            if (p instanceof org.thordb.query.ast.Predicate.NameMatch m
                    && m.field() != org.thordb.query.ast.Predicate.NameField.TOURNAMENT) {
                for (Catalog.Base b : c.bases()) {
                    for (int n : b.playerIndex().matching(m.name(), m.substring())) {
                        out.add(((long) b.id() << 32) | n);
                    }
                }
            }
        }
    }

    /**
     * What a user should hear about a query besides its games: each name it asks for that no base
     * holds, with the stored names nearest it ({@code player = "Marc Tastet"}: no player is named
     * "Marc Tastet"; did you mean "Tastet Marc"?). Empty when every name is known.
     *
     * <p>Usage: {@code db.notes(query).forEach(System.err::println);}
     *
     * @throws ThorDbException with {@link ErrorCode#QUERY} when the query is not valid
     */
    public List<String> notes(String query) {
        return guarded(() -> {
            List<String> out = new ArrayList<>();
            org.thordb.query.ast.Expr e = org.thordb.query.parse.QueryParser.parseOrBlank(query);
            if (e != null) {
                unknownNames(e, catalog, out);
            }
            return out;
        });
    }

    private static void unknownNames(org.thordb.query.ast.Expr e, Catalog c, List<String> out) {
        for (org.thordb.query.ast.Predicate p : e.predicates(true)) {
            if (p instanceof org.thordb.query.ast.Predicate.NameMatch m) {
                unknownName(m, c, out);
            }
        }
    }

    private static void unknownName(org.thordb.query.ast.Predicate.NameMatch m, Catalog c, List<String> out) {
        boolean tournament = m.field() == org.thordb.query.ast.Predicate.NameField.TOURNAMENT;
        java.util.LinkedHashSet<String> near = new java.util.LinkedHashSet<>();
        for (Catalog.Base b : c.bases()) {
            org.thordb.store.NameIndex ix = tournament ? b.tournamentIndex() : b.playerIndex();
            if (ix.matching(m.name(), m.substring()).length > 0) {
                return;
            }
            near.addAll(ix.nearest(m.name(), 3));
        }
        String kind = tournament ? "tournament" : "player";
        String what = m.substring() ? "no " + kind + "'s name contains \"" + m.name() + "\""
                : "no " + kind + " is named \"" + m.name() + "\"";
        List<String> best = near.stream().limit(3).map(n -> "\"" + n + "\"").toList();
        out.add(what + (best.isEmpty() ? "" : "; did you mean " + String.join(" or ", best) + "?"));
    }

    /**
     * What {@link #removeBase(String)} did.
     *
     * @param base the base removed
     * @param files its game and names files
     * @param games its games
     * @param verified what the verification of the whole store after the removal found
     */
    public record Removal(String base, long files, long games, org.thordb.ingest.StoreVerifier.Report verified) {
    }

    /**
     * Removes a base and everything of it, in one atomic write (a crash leaves the store with the
     * base or without it), then verifies the whole store against its records: a problem found
     * throws {@link ErrorCode#CORRUPT}.
     *
     * <p>Usage: {@code db.removeBase("SAMPLE");}
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} when there is no such base
     */
    public Removal removeBase(String name) {
        return guarded(() -> {
            if (store.readOnly()) {
                throw new ThorDbException(ErrorCode.READ_ONLY, store.path() + ": the store is open read-only; nothing is removed");
            }
            long[] done;
            synchronized (importing) {
                Importer im = new Importer(store, catalog, hash, this::commit, Importer.Options.defaults(), m -> { });
                String stored = catalog.bases().stream().map(Catalog.Base::name)
                        .filter(n -> n.equalsIgnoreCase(name)).findFirst().orElse(name);
                done = im.removeBase(stored);
                store.flush();
                org.thordb.ingest.StoreVerifier.Report report =
                        new org.thordb.ingest.StoreVerifier(store, catalog, hash).verify(false, m -> { });
                if (report.problems() > 0 || catalog.base(stored) != null) {
                    throw new ThorDbException(ErrorCode.CORRUPT, store.path() + ": after removing base " + stored
                            + " the store has " + report.problems() + " problems" + org.thordb.store.RocksStore.repairAdvice(store.path()));
                }
                return new Removal(stored, done[0], done[1], report);
            }
        });
    }

    private Catalog commit(Store.Batch batch) {
        synchronized (publish) {
            batch.commit();
            try (Store.View v = store.view()) {
                catalog = Catalog.load(v, catalog);
            }
            views.clear(); // they no longer see the store as it is; freed now rather than at the next read
            return catalog;
        }
    }

    /**
     * Runs {@code work} on one consistent view of the store and its catalog; the reader must not
     * escape {@code work}.
     */
    public <T> T read(Function<IndexReader, T> work) {
        return guarded(() -> {
            ViewPool.Lease l;
            synchronized (publish) { // the view and the catalog of one moment
                l = views.take(catalog);
            }
            try {
                return work.apply(new IndexReader(l.view(), l.catalog(), hash));
            } finally {
                views.giveBack(l);
            }
        });
    }

    /** A game by id. */
    public Optional<Game> game(int id) {
        return read(r -> {
            GameRow row = r.game(id);
            return Optional.ofNullable(row == null ? null : Game.of(row, r.catalog()));
        });
    }

    /** A game by base name, year and record number (8×8 files). */
    public Optional<Game> game(String base, int year, int record) {
        return read(r -> {
            Catalog.Base b = r.catalog().base(base);
            if (b == null) {
                return Optional.empty();
            }
            int id = r.gameId(b.id(), 8, year, record);
            if (id < 0) {
                id = r.gameId(b.id(), 10, year, record);
            }
            GameRow row = id < 0 ? null : r.game(id);
            return Optional.ofNullable(row == null ? null : Game.of(row, r.catalog()));
        });
    }

    /**
     * The groups of duplicate games (one whole move list, up to symmetry) holding a game the query
     * matches (every group for a blank query), each earliest first: base imported first, then year,
     * then record. See {@link org.thordb.index.Duplicates}.
     *
     * <p>Usage: {@code for (List<Game> g : db.duplicates("base = \"WTH_1990\"")) System.out.println(g.get(0).id());}
     */
    public List<List<Game>> duplicates(String where) {
        RoaringBitmap sel = where == null || where.isBlank() ? null : select(where);
        return read(r -> {
            List<org.thordb.index.Duplicates.Group> groups = sel == null ? org.thordb.index.Duplicates.of(r).groups()
                    : org.thordb.index.Duplicates.of(r).touching(sel);
            List<List<Game>> out = new ArrayList<>(groups.size());
            for (org.thordb.index.Duplicates.Group g : groups) {
                List<Game> games = new ArrayList<>(g.ids().length);
                for (int id : g.ids()) {
                    GameRow row = r.game(id);
                    if (row != null) {
                        games.add(Game.of(row, r.catalog()));
                    }
                }
                out.add(games);
            }
            return out;
        });
    }

    /**
     * A game's text as the text source it was imported from holds it, byte for byte.
     *
     * @param file the source file's name
     * @param format the source's format code ({@code ggf}, {@code pgn}, …)
     * @param line the line the game starts on, from 1
     * @param bytes the game's bytes
     */
    public record SourceText(String file, String format, int line, byte[] bytes) {
        /** The bytes as text (UTF-8 when they are valid UTF-8, else ISO-8859-1). */
        public String text() {
            return org.thordb.text.ByteLines.decode(bytes, 0, bytes.length);
        }
    }

    /**
     * The text a game was imported from, when it came from a text source (GGF, PGN, …); empty for
     * a game of a WTHOR file, whose record is the game.
     *
     * <p>Usage: {@code db.sourceText(id).ifPresent(s -> System.out.println(s.file() + ":" + s.line() + ": " + s.text()));}
     */
    public Optional<SourceText> sourceText(int id) {
        return read(r -> {
            org.thordb.store.FileRow f = r.catalog().gameFileOf(id);
            byte[] v = f == null || !f.fromSource() ? null : r.sourceBytes(id);
            return Optional.ofNullable(v == null ? null : new SourceText(f.name(), f.source(),
                    org.thordb.store.Keys.getU32(v, 0), java.util.Arrays.copyOfRange(v, 4, v.length)));
        });
    }

    /** The games of a bitmap, in id order. */
    public List<Game> games(RoaringBitmap ids) {
        return read(r -> {
            List<Game> out = new ArrayList<>(ids.getCardinality());
            for (int id : ids) {
                GameRow row = r.game(id);
                if (row != null) {
                    out.add(Game.of(row, r.catalog()));
                }
            }
            return out;
        });
    }

    /**
     * Visits every game in id order (base by base, year by year, as imported) on one consistent
     * view, reading the store in batches; the visitor returns false to stop.
     */
    public void forEachGame(java.util.function.Predicate<Game> visitor) {
        read(r -> {
            r.scanGames(row -> visitor.test(Game.of(row, r.catalog())));
            return null;
        });
    }

    /** The ids of every game. */
    public RoaringBitmap all() {
        return read(IndexReader::all);
    }

    /** The games that reach a position, in any orientation. */
    public RoaringBitmap position(Position p) {
        return read(r -> r.position(p));
    }

    /**
     * The games that reach each of many positions, in their order: {@link #position} of each,
     * looked up together (on a merged store, three batched reads for all of them, not three each).
     * For a program that asks thousands of positions at once, such as a batch of queries or a
     * book-making pass.
     */
    public List<RoaringBitmap> positions(List<Position> ps) {
        return read(r -> List.of(r.positions(ps.toArray(new Position[0]))));
    }

    /** The games that begin with a line, under the symmetries of the start position. */
    public RoaringBitmap opening(int[] line) {
        return read(r -> r.opening(line));
    }

    /**
     * The games a query matches (every game when the query is blank), streaming from one snapshot
     * of the store; close the result.
     *
     * @throws ThorDbException with {@link ErrorCode#QUERY} when the query is not valid
     */
    public QueryResult query(String query) {
        return guarded(() -> {
            Store.View v;
            Catalog c;
            synchronized (publish) {
                c = catalog;
                v = store.view();
            }
            try {
                IndexReader r = new IndexReader(v, c, hash);
                QueryResult out = new QueryResult(this, v, r, evaluate(query, r));
                results.add(out);
                return out;
            } catch (RuntimeException e) {
                v.close();
                throw e;
            }
        });
    }

    /** A query's games; a blank query (nothing but spaces and comments) means every game, here as everywhere. */
    private static RoaringBitmap evaluate(String query, IndexReader r) {
        org.thordb.query.ast.Expr e = parse(query);
        return e == null ? r.all() : QueryEngine.evaluate(e, r);
    }

    /** The query parsed, or null when it is blank. */
    private static org.thordb.query.ast.Expr parse(String query) {
        if (query == null) {
            throw new ThorDbException(ErrorCode.QUERY, "no query");
        }
        return org.thordb.query.parse.QueryParser.parseOrBlank(query);
    }

    /** The plan of a query, drawn: which parts the indexes answer, what they read, how many games each gives. */
    public String explain(String query) {
        return read(r -> {
            org.thordb.query.plan.QueryPlanner.Planned p = org.thordb.query.plan.QueryPlanner.plan(
                    org.thordb.query.parse.QueryParser.parse(query), r);
            long t0 = System.nanoTime();
            long n = QueryEngine.execute(p, r).getLongCardinality();
            long us = (System.nanoTime() - t0) / 1000;
            return p.plan().explain(r.catalog()) + "result: " + n + " games (bitmap operations " + us + " us)\n";
        });
    }

    /**
     * What was played from a position in the games that reach it and match a filter query (blank:
     * every game): one row a next move, in the orientation of {@code position}.
     */
    public org.thordb.explore.Exploration explore(Position position, String filter) {
        return read(r -> {
            String key = position.toBoardString() + "\n" + (filter == null ? "" : filter);
            synchronized (explorations) {
                if (explorationsCatalog != r.catalog()) { // an import landed: every figure may have moved
                    explorations.clear();
                    explorationsCatalog = r.catalog();
                }
                org.thordb.explore.Exploration e = explorations.get(key);
                if (e != null) {
                    return e;
                }
            }
            org.thordb.explore.Exploration e = org.thordb.explore.Explorer.explore(r, columns(r), position, filter);
            if (e.total() > EXPLORATION_CACHED_FROM) {
                synchronized (explorations) {
                    if (explorationsCatalog == r.catalog()) {
                        explorations.put(key, e);
                    }
                }
            }
            return e;
        });
    }

    /** Explorations of positions reached by more games than this are kept: the costly ones, and the popular. */
    static final long EXPLORATION_CACHED_FROM = 16;

    /** The most explorations kept, the least recently asked for dropped first. */
    static final int EXPLORATIONS_KEPT = 4096;

    /** Costly explorations already made for the catalog they were made on (access order: an LRU). */
    private final java.util.LinkedHashMap<String, org.thordb.explore.Exploration> explorations =
            new java.util.LinkedHashMap<>(256, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(java.util.Map.Entry<String, org.thordb.explore.Exploration> eldest) {
                    return size() > EXPLORATIONS_KEPT;
                }
            };
    private Catalog explorationsCatalog;

    /** The explorer's columns for a reader's catalog, read once per catalog (that is, per import). */
    private org.thordb.explore.Columns columns(IndexReader r) {
        synchronized (columnsLock) {
            if (columnsCatalog != r.catalog()) {
                columns = org.thordb.explore.Columns.of(r);
                columnsCatalog = r.catalog();
            }
            return columns;
        }
    }

    /** The ids of the games a query matches (every game when it is blank). */
    public RoaringBitmap select(String query) {
        return read(r -> evaluate(query, r));
    }

    /** The number of games a query matches (every game when it is blank). */
    public long count(String query) {
        org.thordb.query.ast.Expr e = parse(query);
        if (e instanceof org.thordb.query.ast.Predicate.PositionMatch p) {
            // the commonest batch question: counted entry by entry, no bitmap built
            return read(r -> r.positionCount(p.position()));
        }
        return read(r -> e == null ? r.all() : QueryEngine.evaluate(e, r)).getLongCardinality();
    }

    /**
     * Checks the store against its own records (see {@link org.thordb.ingest.StoreVerifier}); with
     * {@code repair}, rewrites what the records say the indexes should be. Imports wait meanwhile.
     */
    public org.thordb.ingest.StoreVerifier.Report verify(boolean repair, org.thordb.ingest.StoreVerifier.Listener out) {
        return verify(repair, Integer.MAX_VALUE, 0, out);
    }

    /** {@link #verify(boolean, org.thordb.ingest.StoreVerifier.Listener)} of {@code sample} game files drawn with {@code seed}. */
    public org.thordb.ingest.StoreVerifier.Report verify(boolean repair, int sample, long seed,
                                                        org.thordb.ingest.StoreVerifier.Listener out) {
        return guarded(() -> {
            synchronized (importing) {
                org.thordb.ingest.StoreVerifier.Report r =
                        new org.thordb.ingest.StoreVerifier(store, catalog, hash).verify(repair, sample, seed, out);
                r = verifyBook(r, repair, out);
                if (r.repaired() > 0) {
                    store.flush();
                    synchronized (publish) {
                        try (Store.View v = store.view()) {
                            catalog = Catalog.load(v, catalog); // a repair may have un-merged a group
                        }
                        views.clear(); // they were taken before the repairs
                    }
                }
                return r;
            }
        });
    }

    /**
     * Checks the explorer's book ({@link org.thordb.explore.ExplorationBook}): each entry made from
     * the store's files as they are must be what exploring its position gives now; an entry made
     * before an import is not used and only noted. {@code repair} makes the book again when an entry differs.
     */
    private org.thordb.ingest.StoreVerifier.Report verifyBook(org.thordb.ingest.StoreVerifier.Report r, boolean repair,
                                                             org.thordb.ingest.StoreVerifier.Listener out) {
        java.util.Map<byte[], byte[]> entries = new java.util.LinkedHashMap<>();
        try (Store.View v = store.view()) {
            v.scanPrefix(Space.META, org.thordb.explore.ExplorationBook.PREFIX, (k, val) -> entries.put(k, val) == null);
        }
        if (entries.isEmpty()) {
            return r;
        }
        java.util.List<byte[]> wrong = new java.util.ArrayList<>();
        long old = read(x -> {
            org.thordb.explore.Columns cols = columns(x);
            long n = 0;
            for (java.util.Map.Entry<byte[], byte[]> e : entries.entrySet()) {
                switch (org.thordb.explore.ExplorationBook.check(x, cols, e.getKey(), e.getValue())) {
                    case OLD -> n++;
                    case DIFFERS -> {
                        wrong.add(e.getKey());
                        out.line("meta: the explorer's book says of " + java.util.HexFormat.of().formatHex(e.getKey(),
                                org.thordb.explore.ExplorationBook.PREFIX.length, e.getKey().length) + " what its games do not");
                    }
                    case SAME -> { }
                }
            }
            return n;
        });
        if (old > 0) {
            out.line(old + " positions of the explorer's book were worked out before the last import and are"
                    + " not used (thordb optimize works them out again)");
        }
        if (repair && !wrong.isEmpty()) {
            // the book derives from the records like every index: made again whole, as optimize makes it
            byte[] from = read(x -> x.meta(org.thordb.explore.ExplorationBook.FROM_KEY));
            int made = writeBook(from == null ? org.thordb.explore.ExplorationBook.DEFAULT_FROM : Keys.getU64(from, 0));
            out.line("repaired: the explorer's book made again from the records (" + made + " positions)");
        }
        return new org.thordb.ingest.StoreVerifier.Report(r.games(), r.entries() + entries.size(),
                r.problems() + wrong.size(), r.repaired() + (repair ? wrong.size() : 0));
    }

    /** Bytes on disk, per key space name and in total ({@code "total"}). */
    public java.util.Map<String, Long> sizes() {
        return guarded(() -> {
            java.util.Map<String, Long> out = new java.util.LinkedHashMap<>();
            store.sizes().forEach((k, v) -> out.put(k == null ? "total" : k.name().toLowerCase(Locale.ROOT), v));
            return out;
        });
    }

    /**
     * Merges every game file's postings, positions and fingerprint blocks into one merge group
     * ({@link org.thordb.ingest.Optimizer}): a term or a position then has one entry however many
     * files hold it. Many small atomic batches; readers answer the same throughout, and a kill
     * leaves a merge that the next call finishes. Then compacts the store, unless {@code compact}
     * is false.
     *
     * <p>Usage: {@code db.optimize(true, m -> { });}
     *
     * @throws ThorDbException with {@link ErrorCode#READ_ONLY} on a store opened read-only
     */
    public org.thordb.ingest.Optimizer.Report optimize(boolean compact, org.thordb.ingest.Optimizer.Listener out) {
        return optimize(compact, org.thordb.explore.ExplorationBook.DEFAULT_FROM, out);
    }

    /**
     * {@link #optimize(boolean, org.thordb.ingest.Optimizer.Listener)}, putting in the explorer's
     * book every position at least {@code bookFrom} games reach (tests use small bases).
     */
    org.thordb.ingest.Optimizer.Report optimize(boolean compact, long bookFrom, org.thordb.ingest.Optimizer.Listener out) {
        return guarded(() -> {
            if (store.readOnly()) {
                throw new ThorDbException(ErrorCode.READ_ONLY, store.path() + ": the store is open read-only; nothing is merged");
            }
            synchronized (importing) {
                org.thordb.ingest.Optimizer.Report r =
                        new org.thordb.ingest.Optimizer(store, catalog, this::commit, out).optimize();
                synchronized (publish) {
                    views.clear(); // the postings they see were merged since
                }
                if (!r.alreadyMerged()) {
                    if (compact) {
                        store.compact();
                    } else {
                        store.flush();
                    }
                }
                boolean current = read(x -> org.thordb.explore.ExplorationBook.lookup(x, Position.start()) != null
                        && java.util.Arrays.equals(x.meta(org.thordb.explore.ExplorationBook.FROM_KEY), Keys.u64(bookFrom)));
                if (r.alreadyMerged() && current) {
                    return r;
                }
                return r.withBook(writeBook(bookFrom));
            }
        });
    }

    /**
     * Works out the explorer's book for the store as it is and writes it in place of the old one,
     * in one batch; returns its positions.
     */
    private int writeBook(long from) {
        java.util.Map<byte[], byte[]> book = read(x -> org.thordb.explore.ExplorationBook.build(x, columns(x), from));
        try (Store.View v = store.view(); Store.Batch b = store.batch()) {
            v.scanPrefix(Space.META, org.thordb.explore.ExplorationBook.PREFIX, (k, val) -> {
                b.delete(Space.META, k);
                return true;
            });
            book.forEach((k, val) -> b.put(Space.META, k, val));
            b.put(Space.META, org.thordb.explore.ExplorationBook.FROM_KEY, Keys.u64(from));
            commit(b);
        }
        return book.size();
    }

    /** Compacts the store (smaller, and faster to read after large imports). */
    public void compact() {
        guarded(() -> {
            store.compact();
            return null;
        });
    }

    /**
     * Closes the store: waits for the calls under way (an import, a read), closes the query
     * results still open (their later use throws {@link ErrorCode#CLOSED}), then frees every
     * native handle. Every later call throws {@link ErrorCode#CLOSED}; closing again does nothing.
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} when called from inside a read of this store
     */
    @Override
    public void close() {
        if (life.getReadHoldCount() > 0) {
            throw new ThorDbException(ErrorCode.BAD_ARGUMENT, store.path()
                    + ": close() was called from inside a read of the same store; close it after the read");
        }
        Lock l = life.writeLock();
        l.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            for (QueryResult r : results) {
                r.closeWithStore();
            }
            results.clear();
            views.close();
            if (flushPending) {
                try {
                    store.flush(); // the background flush an import started: later opens then replay no log
                } catch (ThorDbException e) {
                    // the log holds every committed batch: the next open replays it
                }
            }
            store.close();
            retired.forEach(Store::close);
            retired.clear();
        } finally {
            l.unlock();
        }
    }
}
