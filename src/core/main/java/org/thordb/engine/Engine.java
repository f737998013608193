package org.thordb.engine;

import org.thordb.fault.Faults;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
import org.thordb.explore.ExplorationBook;
import org.thordb.index.IndexReader;
import org.thordb.index.PositionHash;
import org.thordb.ingest.ImportReport;
import org.thordb.ingest.Importer;
import org.thordb.ingest.Optimizer;
import org.thordb.ingest.StoreVerifier;
import org.thordb.othello.Position;
import org.thordb.query.ast.Expr;
import org.thordb.query.Filter;
import org.thordb.query.exec.QueryEngine;
import org.thordb.query.parse.QueryParser;
import org.thordb.store.Catalog;
import org.thordb.store.GameRow;
import org.thordb.store.RocksStore;
import org.thordb.store.Store;
import org.thordb.store.Store.Space;
import org.thordb.store.ViewPool;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.thordb.ThorDb;
import org.thordb.explore.Exploration;
import org.thordb.explore.Exploration10;
import org.thordb.explore.Explorer10;
import org.thordb.index.Copies;
import org.thordb.index.Duplicates;
import org.thordb.index.Field;
import org.thordb.index.GameColumns;
import org.thordb.index.TheoreticalKnown;
import org.thordb.ingest.IdentityLinks;
import org.thordb.ingest.RegistryImport;
import org.thordb.ingest.Releases;
import org.thordb.ingest.TheoreticalWriter;
import org.thordb.query.ast.QueryField;
import org.thordb.query.exec.SolitaireFilter;
import org.thordb.query.plan.QueryPlanner;
import org.thordb.stats.GroupStats;
import org.thordb.stats.Grouping;
import org.thordb.stats.Statistics;
import org.thordb.store.FileRow;
import org.thordb.store.Identities;
import org.thordb.store.Keys;
import org.thordb.store.PlayerRecord;
import org.thordb.store.SolitaireRow;
import org.thordb.text.ByteLines;
import org.thordb.wthor.WthorGame;

/**
 * An open store, as thordb's own command line, server and exporters use it: the wiring of its
 * generations (the snapshots reads run on), schema checks, imports, and the services that answer
 * (pages, players, explorer, maintenance). Embedders use the narrow front, {@code ThorDb}.
 * Safe for many reader threads at once; imports are serialised, and a reader sees each imported
 * file all or not at all.
 *
 * <p>Usage:
 * <pre>{@code
 * try (Engine db = Engine.open(Path.of("store"))) {
 *     db.importFiles(List.of(Path.of("wthor")), Importer.Options.defaults(), msg -> {});
 *     long n = db.count("player = \"Tastet Marc\"");
 * }
 * }</pre>
 */
public final class Engine implements AutoCloseable {
    private final Path dir;
    private final PositionHash hash;
    private final Generations generations;
    /** The one generation of a store opened for writing; null when read-only. */
    private final Generation writer;
    private final Object importing = new Object();
    private final ExplorerService explorer = new ExplorerService();
    private final Maintenance maintenance;
    /**
     * Every call holds the read side while it runs; {@link #close()} takes the write side, so it
     * waits for the calls under way and no call reaches a freed native handle.
     */
    private final ReentrantReadWriteLock life = new ReentrantReadWriteLock();
    private volatile boolean closed;
    /** An import started a background flush: {@link #close()} waits for it. */
    private volatile boolean flushPending;
    /** Query results still open: closed with the store, and their later use throws. */
    private final Set<MatchedGames> results = ConcurrentHashMap.newKeySet();

    /**
     * How to open a store: the block cache's size, and how often a read-only handle looks whether
     * another process changed the store.
     *
     * @param cacheBytes the RocksDB block cache, in bytes
     * @param checkNanos the time between two looks of a read-only handle at the store's files
     */
    public record Tuning(long cacheBytes, long checkNanos) {
        /** 256 MB of cache, a look every 0.1 s. */
        public static final Tuning DEFAULT = new Tuning(RocksStore.CACHE_BYTES, Generations.CHANGE_CHECK_NANOS);
    }

    private Engine(Path dir, PositionHash hash, boolean readOnly) {
        this(dir, hash, readOnly, Tuning.DEFAULT);
    }

    private Engine(Path dir, PositionHash hash, boolean readOnly, Tuning tuning) {
        this(dir, hash, readOnly, tuning, false);
    }

    private Engine(Path dir, PositionHash hash, boolean readOnly, Tuning tuning, boolean repairing) {
        this.dir = dir;
        this.hash = hash;
        if (repairing) {
            this.generations = Generations.writable(dir, (n, stamp, onFree) ->
                    generation(RocksStore.openForRepair(dir, true), n, stamp, onFree));
            this.writer = generations.current();
        } else if (readOnly) {
            this.generations = Generations.following(dir, (n, stamp, onFree) ->
                    generation(RocksStore.openReadOnly(dir, tuning.cacheBytes()), n, stamp, onFree), tuning.checkNanos());
            this.writer = null;
        } else {
            this.generations = Generations.writable(dir, (n, stamp, onFree) ->
                    generation(RocksStore.open(dir, tuning.cacheBytes()), n, stamp, onFree));
            this.writer = generations.current();
        }
        this.maintenance = new Maintenance(generations, hash, explorer, this::commit);
    }

    /** A generation of a store just opened: its schema checked (and upgraded when writable), its catalog loaded. */
    private Generation generation(Store store, long number, String stamp, Runnable onFree) {
        try {
            if (SchemaMigrations.check(store, hash) == SchemaMigrations.State.UPGRADE_NEEDED) {
                throw new UpgradeNeeded(store.path());
            }
            Catalog c;
            try (Store.View v = store.view()) {
                c = Catalog.load(v);
            }
            return new Generation(store, c, number, stamp, onFree);
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
    }

    /** A read-only open met an older schema: the store is upgraded once by a writer, then read. */
    private static final class UpgradeNeeded extends RuntimeException {
        UpgradeNeeded(Path dir) {
            super(dir + ": the store has an older schema", null, false, false);
        }
    }

    /** Opens (creating when missing) a store for reading and writing. */
    public static Engine open(Path dir) {
        return new Engine(dir, PositionHash.DEFAULT, false);
    }

    /**
     * Starts, in a background thread, what a process's first store and first query wait for: the
     * storage engine's native library loaded (50–150 ms) and the query parser's tables made. A
     * one-shot command calls it first thing, so that this runs beside its own start-up on a
     * second core; it changes nothing but when that work is done (what fails here fails again,
     * and is reported, where it is used).
     *
     * <p>Usage: {@code Engine.prepareInBackground(); … Engine.openReadOnly(dir)}
     */
    public static void prepareInBackground() {
        Thread t = new Thread(() -> {
            try {
                Class.forName("org.thordb.store.RocksStore", true, Engine.class.getClassLoader());
                QueryParser.parse("year = 2000 and player ~ \"a\"");
            } catch (Throwable ignored) { // said again where it matters
            }
        }, "thordb-prepare");
        t.setDaemon(true);
        t.start();
    }

    /**
     * Opens an existing store read-only: another process may be writing it, and each call sees
     * what that process committed (at most {@link #CHANGE_CHECK_NANOS} late). A store of an older
     * schema is upgraded in place once, then read.
     */
    public static Engine openReadOnly(Path dir) {
        return openReadOnly(dir, Tuning.DEFAULT);
    }

    /** {@link #openReadOnly(Path)} with a tuning. */
    public static Engine openReadOnly(Path dir, Tuning tuning) {
        try {
            return new Engine(dir, PositionHash.DEFAULT, true, tuning);
        } catch (UpgradeNeeded e) {
            // a read-only open never writes: the one-time upgrade is a writer's (any import, optimize, verify --repair)
            throw Faults.of(ErrorCode.SCHEMA, dir + ": the store has an older schema, which this thordb upgrades"
                    + " in place the first time it opens the store for writing; a read-only open never writes: run"
                    + " 'thordb verify --db " + dir + " --repair' (or any import or optimize) once, then read it");
        }
    }

    /**
     * {@link #openReadOnly(Path)}, upgrading a store of an older schema first through a short
     * writable open (what a read-only open never does on its own): for programs that know no
     * writer is at work.
     */
    public static Engine openReadOnlyUpgrading(Path dir) {
        try {
            return new Engine(dir, PositionHash.DEFAULT, true, Tuning.DEFAULT);
        } catch (UpgradeNeeded e) {
            try (Engine w = open(dir, Tuning.DEFAULT)) { // an older store: upgraded once, then read
                w.catalog();
            }
            return new Engine(dir, PositionHash.DEFAULT, true, Tuning.DEFAULT);
        }
    }

    /**
     * Opens a store for writing for {@code verify --repair}: as {@link #open(Path)}, though a repair
     * cut short left its mark ({@code StoreFolder.REPAIRING}), which a repair that ends removes.
     */
    public static Engine openForRepair(Path dir) {
        return new Engine(dir, PositionHash.DEFAULT, false, Tuning.DEFAULT, true);
    }

    /** {@link #open(Path)} with a tuning. */
    public static Engine open(Path dir, Tuning tuning) {
        return new Engine(dir, PositionHash.DEFAULT, false, tuning);
    }

    /** How often a read-only store looks whether another process changed it. */
    public static final long CHANGE_CHECK_NANOS = Generations.CHANGE_CHECK_NANOS;

    /**
     * Opens a store whose fingerprint blocks use another position hash: for tests that force hash
     * collisions. A store must always be opened with the hash it was built with.
     */
    public static Engine open(Path dir, PositionHash hash) {
        return new Engine(dir, hash, false);
    }

    /**
     * Runs a call while the store is open: closing waits for it to end, and a call after close
     * throws {@link ErrorCode#CLOSED}.
     */
    <T> T guarded(Supplier<T> work) {
        Lock l = life.readLock();
        l.lock();
        try {
            if (closed) {
                throw Faults.of(ErrorCode.CLOSED, dir + ": the store is closed");
            }
            return work.get();
        } finally {
            l.unlock();
        }
    }

    /** Runs a call on the current generation, held for the call's length. */
    private <T> T onGeneration(Function<Generation, T> work) {
        return guarded(() -> {
            Generation g = generations.acquire();
            try {
                return work.apply(g);
            } finally {
                g.release();
            }
        });
    }

    /** The generation of a store opened for writing, for a call that writes. */
    private Generation writer(String nothing) {
        if (writer == null) {
            throw Faults.of(ErrorCode.READ_ONLY, dir + ": the store is open read-only; nothing is " + nothing);
        }
        return writer;
    }

    /** The folder of the store (known after close too). */
    public Path path() {
        return dir;
    }

    /** Store generations opened and not yet freed: the current one and those query results still read. */
    public int openGenerations() {
        return generations.open();
    }

    /** The catalog as of the last import: bases, names, files. */
    public Catalog catalog() {
        return onGeneration(Generation::catalog);
    }

    /** Imports files and folders; see {@link Importer}. Closing the store waits for the import. */
    public ImportReport importFiles(List<Path> inputs, Importer.Options options, Importer.Listener listener) {
        return guarded(() -> {
            Generation g = writer("imported");
            synchronized (importing) {
                Importer im = new Importer(g.store(), g.catalog(), hash, this::commit, options, listener);
                ImportReport r = im.run(inputs);
                if (r.games() > 0 || r.names() > 0 || g.catalog().joinsStamp() != g.catalog().namesStamp()) {
                    // copies that name one player in two spellings, and names that are one player's:
                    // the links and joins that say so, made again
                    IdentityLinks.refresh(g.store(), g.catalog(), hash, this::commit);
                }
                if (r.games() > 0 || r.names() > 0) {
                    // each file's batch was committed with a synced log: durable already; writing the
                    // memtables to tables (so that a later open replays no log) goes on in the background
                    g.store().flushInBackground();
                    flushPending = true;
                }
                return r;
            }
        });
    }

    /**
     * Imports a base's player registry from a CSV file ({@code name,aliases,country,born}); see
     * {@link RegistryImport}.
     *
     * <p>Usage: {@code db.importPlayers(Path.of("players.csv"), "WTHOR", System.err::println);}
     */
    public RegistryImport.Result importPlayers(Path file, String base, Importer.Listener listener) {
        return guarded(() -> {
            Generation g = writer("imported");
            synchronized (importing) {
                RegistryImport.Result r = new RegistryImport(g.store(), g.catalog(),
                        this::commit, listener).run(file, base);
                g.store().flushInBackground();
                flushPending = true;
                return r;
            }
        });
    }

    /**
     * The 10×10 explorer: every next move played from the position a 10×10 line reaches
     * ({@code g6e4…}, squares a1…j10), in any of the 8 orientations of the 10×10 board, by the games
     * of a filter; see {@link Explorer10}.
     *
     * @throws ThorDbException {@link ErrorCode#ILLEGAL_MOVE} for a line that is not legal
     */
    public Exploration10 explore10(String line, String filter) {
        return read(r -> Explorer10.explore(r, line, filter));
    }

    /** {@link #explore10(String, String)} over a filter read once. */
    public Exploration10 explore10(String line, Filter filter) {
        return read(r -> Explorer10.explore(r, line, filter));
    }

    /**
     * The stored solitaires a query over solitaires matches (see {@link SolitaireFilter}:
     * {@code empties = 20 and year >= 2000}, {@code position = …} in any orientation), by base, empties and record.
     *
     * @throws ThorDbException {@link ErrorCode#QUERY} for a bad query or a field solitaires lack
     */
    public List<SolitaireRow> solitaires(String query) {
        Expr e = QueryParser.parseOrBlank(query == null ? "" : query);
        return onGeneration(g -> {
            java.util.function.Predicate<SolitaireRow> test = SolitaireFilter.of(e, g.catalog());
            List<SolitaireRow> out = new ArrayList<>();
            try (Store.View v = g.store().view()) {
                v.scan(Space.SOLITAIRES, new byte[0], null, (k, val) -> {
                    SolitaireRow row = SolitaireRow.decode(k, val);
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
    public record Player(String name, GroupStats stats, PlayerRecord record,
                         List<String> aliases) {
        /** Average discs at the end from the player's side. */
        public double averageDiscs() {
            return 32 + stats.avgDiff() / 2;
        }
    }

    /**
     * One page of a query's games.
     *
     * @param total the games the query matches
     * @param games the page's games, in the order asked for
     */
    public record Page(long total, List<StoredGame> games) {
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
            return ByteLines.decode(bytes, 0, bytes.length);
        }
    }

    /**
     * What {@link #removeBase(String)} did.
     *
     * @param base the base removed
     * @param files its game and names files
     * @param games its games
     * @param verified what the verification of the whole store after the removal found
     */
    public record Removal(String base, long files, long games, StoreVerifier.Report verified) {
    }

    /**
     * Every player of a query's games, sorted by {@code games} (most first), {@code score} (best
     * score share first) or {@code name}.
     */
    public List<Player> players(String where, String sort) {
        return players(filter(where == null ? "" : where), sort);
    }

    /** {@link #players(String, String)} of a query read once. */
    public List<Player> players(Filter f, String sort) {
        PlayerDirectory.checkSort(sort);
        return read(r -> PlayerDirectory.players(statsOn(r, Grouping.parse("player"), f),
                r.catalog(), sort));
    }

    /**
     * A page of a query's games (every game for a blank query), ordered by {@code sort}: keys
     * {@link GamePages#KEYS}, comma-separated, {@code -} before a key for descending (null or
     * blank: by id); then by id.
     *
     * @throws ThorDbException with {@link ErrorCode#QUERY} for a bad query, {@link ErrorCode#BAD_ARGUMENT}
     *     for a bad sort key, offset or limit
     */
    public Page page(String query, String sort, int offset, int limit) {
        return page(filter(query), sort, offset, limit);
    }

    /** {@link #page(String, String, int, int)} of a filter. */
    public Page page(Filter filter, String sort, int offset, int limit) {
        if (offset < 0 || limit < 0) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "offset and limit are 0 or more, not " + offset + " and " + limit);
        }
        return read(r -> GamePages.page(r, filter, sort, offset, limit));
    }

    /**
     * The {@code limit} games after game {@code after} in {@code sort}'s order (keyset paging: pass
     * the last id of the page before): a page deep in a sorted result costs what the first does.
     */
    public Page pageAfter(String query, String sort, int after, int limit) {
        return pageAfter(filter(query), sort, after, limit);
    }

    /** {@link #pageAfter(String, String, int, int)} of a filter. */
    public Page pageAfter(Filter filter, String sort, int after, int limit) {
        if (after < 0 || limit < 0) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "after and limit are 0 or more, not " + after + " and " + limit);
        }
        return read(r -> GamePages.page(r, filter, sort, 0, limit, after));
    }

    /**
     * The games of a query grouped ({@code player}, {@code black}, {@code white}, {@code opponent},
     * {@code tournament}, {@code year}, {@code opening} or {@code openingN}, {@code result}; see
     * {@link Grouping}), each group with its record, in the default order.
     * {@code opponent} is the record of the players the query's {@code player}, {@code black} or
     * {@code white} conditions name against each opponent.
     *
     * @throws ThorDbException with {@link ErrorCode#QUERY} for a bad query, {@link ErrorCode#BAD_ARGUMENT} for a bad grouping
     */
    public List<GroupStats> stats(String by, String where) {
        return stats(by, filter(where == null ? "" : where));
    }

    /** {@link #stats(String, String)} of a filter. */
    public List<GroupStats> stats(String by, Filter where) {
        Grouping g = Grouping.parse(by);
        return read(r -> statsOn(r, g, where));
    }

    /**
     * {@link #stats(String, String)} from a player's side: each game's figures as the player's
     * (wins, score, disc difference and theoretical discs), with the colours asked for
     * ({@code black}, {@code white} or {@code both}, the default); grouped by year, tournament,
     * opening or result (win, draw, loss).
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for a grouping by player, or a colour
     *     that is none of those, {@link ErrorCode#QUERY} for a bad query
     */
    public List<GroupStats> stats(String by, String where, String asPlayer, String colour) {
        return stats(by, filter(where == null ? "" : where), asPlayer, colour);
    }

    /** {@link #stats(String, String, String, String)} of a filter. */
    public List<GroupStats> stats(String by, Filter where, String asPlayer, String colour) {
        Grouping g = Grouping.parse(by);
        if (asPlayer == null || asPlayer.isBlank()) {
            return stats(by, where);
        }
        String c = colour == null || colour.isBlank() ? "both" : colour.strip().toLowerCase(Locale.ROOT);
        Filter w = where.playedBy(asPlayer, c); // refuses a colour that is none of the three
        Expr named = Filter.ALL.playedBy(asPlayer, "both").where();
        return read(r -> {
            Set<Long> players = new HashSet<>();
            PlayerDirectory.namedPlayers(named, r.catalog(), players);
            Statistics.Perspective as = new Statistics.Perspective(
                    (base, number) -> players.contains(((long) base << 32) | number), !c.equals("white"), !c.equals("black"));
            RoaringBitmap ids = QueryEngine.matching(w, r);
            return Statistics.compute(r, ids, g, null, as);
        });
    }

    private static List<GroupStats> statsOn(IndexReader r, Grouping g, Filter where) {
        Expr e = where.where();
        RoaringBitmap ids = QueryEngine.matching(where, r);
        Statistics.Subject subject = null;
        if (g.by() == Grouping.By.OPPONENT && e != null) {
            Set<Long> named = new HashSet<>();
            PlayerDirectory.namedPlayers(e, r.catalog(), named);
            if (!named.isEmpty()) {
                subject = (base, player) -> named.contains(((long) base << 32) | player);
            }
        }
        return Statistics.compute(r, ids, g, subject);
    }

    /**
     * What a user should hear about a query besides its games: each name it asks for that no base
     * holds, with the stored names nearest it; how many copies of games from other bases it counted
     * once. Empty when there is nothing to say.
     *
     * @throws ThorDbException with {@link ErrorCode#QUERY} when the query is not valid
     */
    public List<String> notes(String query) {
        return notes(filter(query));
    }

    /** {@link #notes(String)} of a filter. */
    public List<String> notes(Filter filter) {
        Expr e = filter.where();
        List<String> out = new ArrayList<>(e == null ? List.of() : onGeneration(g -> PlayerDirectory.unknownNames(e, g.catalog())));
        String copies = read(r -> copiesNote(filter, r));
        if (copies != null) {
            out.add(copies);
        }
        return out;
    }

    /** "N games, K copies counted once" when the query's games hold copies of one another from other bases. */
    private static String copiesNote(Filter f, IndexReader r) {
        if (f.allCopies() || r.catalog().bases().size() < 2) {
            return null;
        }
        RoaringBitmap all = f.where() == null ? r.all() : QueryEngine.evaluate(f.where(), r);
        long once = Copies.once(r, all).getLongCardinality();
        long left = all.getLongCardinality() - once;
        return left == 0 ? null : String.format(Locale.ROOT, "%,d games, %,d cop%s of games from other bases"
                + " counted once (copies = all counts each)", once, left, left == 1 ? "y" : "ies");
    }

    /**
     * Removes a base and everything of it, in one atomic write (a crash leaves the store with the
     * base or without it), then verifies the whole store against its records: a problem found
     * throws {@link ErrorCode#CORRUPT}.
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} when there is no such base
     */
    public Removal removeBase(String name) {
        return guarded(() -> {
            Generation g = writer("removed");
            synchronized (importing) {
                Importer im = new Importer(g.store(), g.catalog(), hash, this::commit, Importer.Options.defaults(), m -> { });
                String stored = g.catalog().bases().stream().map(Catalog.Base::name)
                        .filter(n -> n.equalsIgnoreCase(name)).findFirst().orElse(name);
                long[] done = im.removeBase(stored);
                IdentityLinks.refresh(g.store(), g.catalog(), hash, this::commit);
                g.store().flush();
                StoreVerifier.Report report = new StoreVerifier(g.store(), g.catalog(), hash).verify(false, m -> { });
                if (report.problems() > 0 || g.catalog().base(stored) != null) {
                    throw Faults.of(ErrorCode.CORRUPT, dir + ": after removing base " + stored
                            + " the store has " + report.problems() + " problems" + RocksStore.repairAdvice(dir));
                }
                return new Removal(stored, done[0], done[1], report);
            }
        });
    }

    /**
     * Computes the unknown theoretical scores of the games a query matches (blank: every game) at
     * {@code depth} empties, on {@code threads} threads, and writes them into the store in atomic
     * batches ({@link TheoreticalWriter}): a kill keeps what was written, and the
     * next fill goes on from there. Known scores are left as they are.
     *
     * @throws ThorDbException with {@link ErrorCode#READ_ONLY} on a store opened read-only
     */
    public TheoreticalWriter.Report fillTheoretical(Filter where, int depth, int threads,
                                                  TheoreticalWriter.Listener listener) {
        Expr e = where.where();
        return guarded(() -> {
            Generation g = writer("filled");
            synchronized (importing) {
                RoaringBitmap[] sel = read(r -> {
                    RoaringBitmap all = e == null ? r.all() : QueryEngine.evaluate(e, r);
                    return new RoaringBitmap[] {all, RoaringBitmap.andNot(all,
                            TheoreticalKnown.of(r).bitmap()),
                        r.term(Field.DAMAGED, new byte[0])};
                });
                return new TheoreticalWriter(g.store(), g.catalog(), this::commit, depth, threads)
                        .fill(sel[0], sel[1], sel[2], listener);
            }
        });
    }

    /**
     * Restores every release the latest import (or undo) replaced, each in place of the release
     * that replaced it, which is kept in turn (so an undo is undone the same way). Returns the
     * releases restored; none when no replaced release is kept.
     *
     * @throws ThorDbException with {@link ErrorCode#READ_ONLY} on a store opened read-only
     */
    public List<Catalog.RetiredRelease> undo(Importer.Listener out) {
        return guarded(() -> {
            Generation g = writer("restored");
            synchronized (importing) {
                List<Catalog.RetiredRelease> r = Releases.undo(g.store(), g.catalog(), hash, this::commit, out);
                g.store().flush();
                return r;
            }
        });
    }

    /**
     * Deletes for good the replaced releases the store keeps ({@link Catalog#retired()}), those
     * replaced before {@code before} (ISO-8601; null: all); returns them.
     */
    public List<Catalog.RetiredRelease> pruneReleases(String before) {
        return guarded(() -> {
            Generation g = writer("pruned");
            synchronized (importing) {
                return Releases.prune(g.store(), g.catalog(), before, this::commit);
            }
        });
    }

    /**
     * Says that two player names are one player ({@code same}) or two (a split that no rule
     * overrides), kept in the store; every count, statistic and list follows at once.
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for a name no base holds
     */
    public Identities.Link sayPlayers(String a, String b, boolean same) {
        return guarded(() -> {
            Generation g = writer("linked");
            synchronized (importing) {
                return IdentityLinks.say(g.store(), g.catalog(), a, b, same, this::commit);
            }
        });
    }

    /**
     * One other name of a player ({@link #aliases()}), or a split a user said.
     *
     * @param player the player's preferred name (for a split: one of the two names)
     * @param alias the other name
     * @param base the base that gives it (empty for a split)
     * @param rule {@code name}, {@code order}, {@code copies}, {@code user}, or {@code different} for a split
     * @param years the years of the games played under it ({@code 2022-2025}; empty for a split)
     */
    public record Alias(String player, String alias, String base, String rule, String years) {
    }

    /**
     * Every player's other names, each with the base and years it came from and the rule that makes
     * it the player's, then every split a user said: what {@code thordb players aliases} lists and
     * writes as CSV.
     */
    public List<Alias> aliases() {
        return read(r -> {
            Catalog c = r.catalog();
            Identities who = c.identities();
            Map<Long, String> linkRule = new HashMap<>();
            for (Identities.Join j : who.joins()) {
                if (j.rule().equals("copies") || j.rule().equals("user")) {
                    linkRule.putIfAbsent(j.a(), j.rule());
                    linkRule.putIfAbsent(j.b(), j.rule());
                }
            }
            // the years each name was played under: from the games' name columns, file by file
            Map<Long, int[]> years = new HashMap<>();
            GameColumns cols = GameColumns.of(r);
            char[] black = cols.blackColumn();
            char[] white = cols.whiteColumn();
            for (FileRow f : c.gameFiles()) {
                for (int id = f.firstId(); id < f.firstId() + f.games() && id < black.length; id++) {
                    for (char n : new char[] {black[id], white[id]}) {
                        int[] y = years.computeIfAbsent(((long) f.base() << 32) | n, k -> new int[] {f.year(), f.year()});
                        y[0] = Math.min(y[0], f.year());
                        y[1] = Math.max(y[1], f.year());
                    }
                }
            }
            List<Alias> out = new ArrayList<>();
            for (int i = 0; i < who.size(); i++) {
                String preferred = who.preferred(i);
                String[] pw = Identities.words(preferred);
                for (Identities.Member m : who.members(i)) {
                    if (m.name().equals(preferred)) {
                        continue;
                    }
                    // the rule that makes the name the player's: the same name, the same words in another
                    // order, else the copies' or the user's link
                    String[] mw = Identities.words(m.name());
                    long key = ((long) m.base() << 32) | m.number();
                    String rule = Arrays.equals(pw, mw) ? "name"
                            : Identities.sameWords(pw, mw) ? "order" : linkRule.getOrDefault(key, "copies");
                    int[] y = years.get(key);
                    Catalog.Base b = c.base(m.base());
                    out.add(new Alias(preferred, m.name(), b == null ? "?" : b.name(), rule,
                            y == null ? "" : y[0] == y[1] ? String.valueOf(y[0]) : y[0] + "-" + y[1]));
                }
            }
            for (Identities.Link l : c.links()) {
                if (!l.same()) {
                    Catalog.Base a = c.base(l.baseA());
                    Catalog.Base b = c.base(l.baseB());
                    out.add(new Alias(a == null ? "?" : a.player(l.numberA()), b == null ? "?" : b.player(l.numberB()), "",
                            "different", ""));
                }
            }
            return out;
        });
    }

    /** Whether two names are one player now (by the store's rules and what users said). */
    public boolean samePlayer(String a, String b) {
        return onGeneration(g -> {
            Catalog c = g.catalog();
            Identities who = c.identities();
            Set<Integer> ia = new HashSet<>();
            Set<Integer> ib = new HashSet<>();
            for (Catalog.Base base : c.bases()) {
                for (int n : base.playerIndex().matching(a, false)) {
                    ia.add(who.of(base.id(), n));
                }
                for (int n : base.playerIndex().matching(b, false)) {
                    ib.add(who.of(base.id(), n));
                }
            }
            ia.retainAll(ib);
            ia.remove(-1);
            return !ia.isEmpty();
        });
    }

    /** Takes back what was said of two player names ({@link #sayPlayers}); false when nothing was. */
    public boolean unsayPlayers(String a, String b) {
        return guarded(() -> {
            Generation g = writer("unlinked");
            synchronized (importing) {
                return IdentityLinks.unsay(g.store(), g.catalog(), a, b, this::commit);
            }
        });
    }

    /**
     * Where the names of copies disagree, and where one base holds the same game twice under other
     * players' names (the same whole move list and year): for a federation to mend its files. See
     * {@link Copies#disagreements()}.
     *
     * @param copies each pair of names that disagree on copies in two bases, most copies first, with
     *     whether a rule joins them into one player
     * @param sameBase each pair of games of one base with the same moves and year and other players
     */
    public record Conflicts(List<NameConflict> copies, List<List<StoredGame>> sameBase) {
    }

    /**
     * Two names one player of some copies has.
     *
     * @param nameA the name one base gives
     * @param baseA that base
     * @param nameB the name the other gives
     * @param baseB that base
     * @param games the copies that name them so
     * @param joined whether a rule (or a user) makes them one player
     * @param example a game of base A among them
     * @param exampleCopy its copy in base B
     */
    public record NameConflict(String nameA, String baseA, String nameB, String baseB, int games, boolean joined,
                               StoredGame example, StoredGame exampleCopy) {
    }

    /** The conflicts between names of the stored games ({@link Conflicts}). */
    public Conflicts conflicts() {
        return read(r -> {
            Catalog c = r.catalog();
            Identities who = c.identities();
            List<NameConflict> copies = new ArrayList<>();
            for (Copies.Disagreement d : Copies.of(r).disagreements()) {
                Catalog.Base a = c.base(d.baseA());
                Catalog.Base b = c.base(d.baseB());
                String na = a == null ? null : a.player(d.numberA());
                String nb = b == null ? null : b.player(d.numberB());
                int ia = who.of(d.baseA(), d.numberA());
                GameRow ea = r.game(d.example());
                GameRow eb = r.game(d.exampleOther());
                copies.add(new NameConflict(na, a == null ? "?" : a.name(), nb, b == null ? "?" : b.name(), d.games(),
                        ia >= 0 && ia == who.of(d.baseB(), d.numberB()), ea == null ? null : StoredGame.of(ea, c),
                        eb == null ? null : StoredGame.of(eb, c)));
            }
            List<List<StoredGame>> same = new ArrayList<>();
            for (Duplicates.Group grp : Duplicates.of(r).groups()) {
                List<GameRow> rows = new ArrayList<>();
                for (int id : grp.ids()) {
                    GameRow row = r.game(id);
                    if (row != null) {
                        rows.add(row);
                    }
                }
                for (int i = 0; i < rows.size(); i++) {
                    for (int j = i + 1; j < rows.size(); j++) {
                        GameRow x = rows.get(i);
                        GameRow y = rows.get(j);
                        WthorGame wx = new WthorGame(x.raw(), x.side());
                        WthorGame wy = new WthorGame(y.raw(), y.side());
                        if (x.base() == y.base() && x.year() == y.year()
                                && (wx.black() != wy.black() || wx.white() != wy.white())) {
                            same.add(List.of(StoredGame.of(x, c), StoredGame.of(y, c)));
                        }
                    }
                }
            }
            return new Conflicts(copies, same);
        });
    }

    private Catalog commit(Store.Batch batch) {
        return writer("written").commit(batch);
    }

    /**
     * Runs {@code work} on one consistent view of the store and its catalog; the reader must not
     * escape {@code work}.
     */
    public <T> T read(Function<IndexReader, T> work) {
        return guarded(() -> generations.read(hash, work));
    }

    /** A game by id. */
    public Optional<StoredGame> game(int id) {
        return read(r -> {
            GameRow row = r.game(id);
            return Optional.ofNullable(row == null ? null : StoredGame.of(row, r.catalog()));
        });
    }

    /** A game by base name, year and record number (8×8 files). */
    public Optional<StoredGame> game(String base, int year, int record) {
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
            return Optional.ofNullable(row == null ? null : StoredGame.of(row, r.catalog()));
        });
    }

    /**
     * The groups of duplicate games (one whole move list, up to symmetry) holding a game the query
     * matches (every group for a blank query), each earliest first: base imported first, then year,
     * then record. See {@link Duplicates}.
     */
    public List<List<StoredGame>> duplicates(String where) {
        return duplicates(where == null || where.isBlank() ? Filter.ALL : Filter.parse(where));
    }

    /** {@link #duplicates(String)} of a query read once (every group when it has no condition). */
    public List<List<StoredGame>> duplicates(Filter filter) {
        RoaringBitmap sel = filter.where() == null ? null : select(filter);
        return read(r -> {
            List<Duplicates.Group> groups = sel == null ? Duplicates.of(r).groups()
                    : Duplicates.of(r).touching(sel);
            List<List<StoredGame>> out = new ArrayList<>(groups.size());
            for (Duplicates.Group g : groups) {
                List<StoredGame> games = new ArrayList<>(g.ids().length);
                for (int id : g.ids()) {
                    GameRow row = r.game(id);
                    if (row != null) {
                        games.add(StoredGame.of(row, r.catalog()));
                    }
                }
                out.add(games);
            }
            return out;
        });
    }

    /**
     * The text a game was imported from, when it came from a text source (GGF, PGN, …); empty for
     * a game of a WTHOR file, whose record is the game.
     */
    public Optional<SourceText> sourceText(int id) {
        return read(r -> {
            FileRow f = r.catalog().gameFileOf(id);
            byte[] v = f == null || !f.fromSource() ? null : r.sourceBytes(id);
            return Optional.ofNullable(v == null ? null : new SourceText(f.name(), f.source(),
                    Keys.getU32(v, 0), Arrays.copyOfRange(v, 4, v.length)));
        });
    }

    /** The games of a bitmap, in id order. */
    public List<StoredGame> games(RoaringBitmap ids) {
        return read(r -> {
            List<StoredGame> out = new ArrayList<>(ids.getCardinality());
            for (int id : ids) {
                GameRow row = r.game(id);
                if (row != null) {
                    out.add(StoredGame.of(row, r.catalog()));
                }
            }
            return out;
        });
    }

    /**
     * Visits every game in id order (base by base, year by year, as imported) on one consistent
     * view, reading the store in batches; the visitor returns false to stop.
     */
    public void forEachGame(java.util.function.Predicate<StoredGame> visitor) {
        read(r -> {
            r.scanGames(row -> visitor.test(StoredGame.of(row, r.catalog())));
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
     * of the store, which the result holds (with its store generation) until it is closed.
     *
     * @throws ThorDbException with {@link ErrorCode#QUERY} when the query is not valid
     */
    public MatchedGames query(String query) {
        return query(filter(query));
    }

    /** {@link #query(String)} of a filter. */
    public MatchedGames query(Filter filter) {
        return guarded(() -> {
            Generation g = generations.acquire();
            ViewPool.Lease l;
            try {
                l = g.lease();
            } catch (RuntimeException ex) {
                g.release();
                throw ex;
            }
            try {
                IndexReader r = new IndexReader(l.view(), l.catalog(), hash);
                MatchedGames out = new MatchedGames(g, l.view(), r, QueryEngine.matching(filter, r), results::remove);
                results.add(out);
                return out;
            } catch (RuntimeException ex) {
                l.view().close();
                g.release();
                throw ex;
            }
        });
    }

    /** The query parsed, or null when it is blank. */
    private static Expr parse(String query) {
        if (query == null) {
            throw Faults.of(ErrorCode.QUERY, "no query");
        }
        return QueryParser.parseOrBlank(query);
    }

    /** The filter of a query's text (null is refused: "no query"). */
    private static Filter filter(String query) {
        return Filter.of(parse(query));
    }

    /** The plan of a query, drawn: which parts the indexes answer, what they read, how many games each gives. */
    public String explain(String query) {
        return read(r -> {
            QueryPlanner.Planned p = QueryPlanner.plan(QueryParser.parse(query), r);
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
    public Exploration explore(Position position, String filter) {
        return read(r -> explorer.explore(r, position, filter));
    }

    /** {@link #explore(Position, String)} of a filter (the exploration says its {@link Filter#text()}). */
    public Exploration explore(Position position, Filter filter) {
        return read(r -> explorer.explore(r, position, filter, filter.text()));
    }

    /** Explorations of positions reached by more games than this are kept: the costly ones, and the popular. */
    public static final long EXPLORATION_CACHED_FROM = ExplorerService.CACHED_FROM;

    /**
     * For each move, the first game (the earliest year, then the first imported) of a filter's
     * games (blank: every game; each game once) that reaches the position the move leads to from
     * {@code p}: where a move was first seen, so that novelties show.
     */
    public Map<Integer, StoredGame> firstGames(Position p, String filter, List<Integer> moves) {
        return firstGames(p, filter(filter == null ? "" : filter), moves);
    }

    /** {@link #firstGames(Position, String, List)} of a filter. */
    public Map<Integer, StoredGame> firstGames(Position p, Filter filter, List<Integer> moves) {
        Expr e = filter.where();
        return read(r -> {
            RoaringBitmap allowed = e == null ? null : QueryEngine.evaluate(e, r);
            List<FileRow> files = new ArrayList<>(r.catalog().gameFiles());
            files.sort(Comparator.comparingInt(FileRow::year)
                    .thenComparingInt(FileRow::firstId));
            Map<Integer, StoredGame> out = new LinkedHashMap<>();
            for (int m : moves) {
                if (!p.isLegal(m)) {
                    continue;
                }
                RoaringBitmap ids = r.position(p.play(m));
                if (allowed != null) {
                    ids = RoaringBitmap.and(ids, allowed);
                }
                ids = filter.allCopies() ? ids : Copies.once(r, ids);
                for (FileRow f : files) {
                    if (ids.intersects((long) f.firstId(), (long) f.firstId() + f.games())) {
                        int first = (int) ids.nextValue(f.firstId());
                        GameRow row = r.game(first);
                        if (row != null) {
                            out.put(m, StoredGame.of(row, r.catalog()));
                        }
                        break;
                    }
                }
            }
            return out;
        });
    }

    /** The ids of the games a query matches (every game when it is blank). */
    public RoaringBitmap select(String query) {
        return select(filter(query));
    }

    /** The ids of the games a filter matches. */
    public RoaringBitmap select(Filter filter) {
        return read(r -> QueryEngine.matching(filter, r));
    }

    /** The number of games a query matches (every game when it is blank). */
    public long count(String query) {
        return count(filter(query));
    }

    /** The number of games a filter matches. */
    public long count(Filter filter) {
        Expr e = filter.where();
        if (!filter.allCopies() && e instanceof org.thordb.query.ast.Predicate.PositionMatch p) {
            // the commonest batch question: counted entry by entry, no bitmap built
            long n = read(r -> r.catalog().bases().size() < 2 ? r.positionCount(p.position()) : -1L);
            if (n >= 0) {
                return n;
            }
        }
        return read(r -> QueryEngine.matching(filter, r)).getLongCardinality();
    }

    /**
     * Checks the store against its own records (see {@link StoreVerifier}); with {@code repair},
     * rewrites what the records say the indexes should be. Imports wait meanwhile.
     */
    public StoreVerifier.Report verify(boolean repair, StoreVerifier.Listener out) {
        return verify(repair, Integer.MAX_VALUE, 0, out);
    }

    /** {@link #verify(boolean, StoreVerifier.Listener)} of {@code sample} game files drawn with {@code seed}. */
    public StoreVerifier.Report verify(boolean repair, int sample, long seed, StoreVerifier.Listener out) {
        return onGeneration(g -> {
            synchronized (importing) {
                return maintenance.verify(g, repair, sample, seed, out);
            }
        });
    }

    /** Bytes on disk, per key space name and in total ({@code "total"}). */
    public Map<String, Long> sizes() {
        return onGeneration(g -> Maintenance.sizes(g.store()));
    }

    /**
     * Merges every game file's postings, positions and fingerprint blocks into one merge group
     * ({@link Optimizer}): a term or a position then has one entry however many files hold it.
     * Many small atomic batches; readers answer the same throughout, and a kill leaves a merge
     * that the next call finishes. Then compacts the store, unless {@code compact} is false.
     *
     * @throws ThorDbException with {@link ErrorCode#READ_ONLY} on a store opened read-only
     */
    public Optimizer.Report optimize(boolean compact, Optimizer.Listener out) {
        return optimize(compact, ExplorationBook.DEFAULT_FROM, out);
    }

    /**
     * {@link #optimize(boolean, Optimizer.Listener)}, putting in the explorer's book every position
     * at least {@code bookFrom} games reach (tests use small bases).
     */
    public Optimizer.Report optimize(boolean compact, long bookFrom, Optimizer.Listener out) {
        return guarded(() -> {
            Generation g = writer("merged");
            synchronized (importing) {
                return maintenance.optimize(g, compact, bookFrom, out);
            }
        });
    }

    /** Compacts the store (smaller, and faster to read after large imports). */
    public void compact() {
        onGeneration(g -> {
            g.store().compact();
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
            throw Faults.of(ErrorCode.BAD_ARGUMENT, dir
                    + ": close() was called from inside a read of the same store; close it after the read");
        }
        Lock l = life.writeLock();
        l.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            for (MatchedGames r : List.copyOf(results)) {
                r.close();
            }
            results.clear();
            if (flushPending && writer != null) {
                try {
                    writer.store().flush(); // the background flush an import started: later opens then replay no log
                } catch (ThorDbException e) {
                    // the log holds every committed batch: the next open replays it
                }
            }
            generations.close();
        } finally {
            l.unlock();
        }
    }
}
