package org.thordb.engine;

import org.thordb.fault.Faults;
import java.nio.file.Path;
import java.util.List;
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
import org.thordb.query.ast.Expr;
import org.thordb.query.Filter;
import org.thordb.query.exec.QueryEngine;
import org.thordb.query.parse.QueryParser;
import org.thordb.store.Catalog;
import org.thordb.store.RocksStore;
import org.thordb.store.Store;
import org.thordb.store.ViewPool;
import java.util.Map;
import org.thordb.ThorDb;
import org.thordb.index.Field;
import org.thordb.index.TheoreticalKnown;
import org.thordb.ingest.IdentityLinks;
import org.thordb.ingest.RegistryImport;
import org.thordb.ingest.Releases;
import org.thordb.ingest.TheoreticalWriter;
import org.thordb.store.Identities;

/**
 * An open store, its lifecycle only: open, schema checks and upgrades, the generations reads run
 * on, imports and every other write, maintenance, close; and the three ways a use case reads it:
 * one consistent view ({@link #read}), a filter's games streamed on a snapshot the result holds
 * ({@link #query}), and the explorations this handle keeps ({@link #explorer}). Every question a
 * user asks (a count, a page of games, a game, the notes, the players, the groups, the aliases,
 * the duplicates, a plan, an exploration, solitaires…) is a use case's, in {@code
 * org.thordb.usecase}. Embedders use the narrow front, {@code ThorDb}.
 * Safe for many reader threads at once; imports are serialised, and a reader sees each imported
 * file all or not at all.
 *
 * <p>Usage:
 * <pre>{@code
 * try (Engine db = Engine.open(Path.of("store"))) {
 *     db.importFiles(List.of(Path.of("wthor")), Importer.Options.defaults(), msg -> {});
 *     long n = Games.count(db, "player = \"Tastet Marc\""); // org.thordb.usecase.Games
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

    /** Takes back what was said of two player names ({@link #sayPlayers}); false when nothing was. */
    public boolean unsayPlayers(String a, String b) {
        return guarded(() -> {
            Generation g = writer("unlinked");
            synchronized (importing) {
                return IdentityLinks.unsay(g.store(), g.catalog(), a, b, this::commit);
            }
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

    /**
     * The explorer of this handle, with the explorations it keeps (the costly and the popular,
     * for the catalog they were made on): the use case {@code Explore} asks it on a {@link #read}.
     */
    public ExplorerService explorer() {
        return explorer;
    }

    /** Explorations of positions reached by more games than this are kept: the costly ones, and the popular. */
    public static final long EXPLORATION_CACHED_FROM = ExplorerService.CACHED_FROM;

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
