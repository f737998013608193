package org.thordb;

import org.thordb.usecase.Players;
import org.thordb.usecase.StoredSolitaires;
import java.io.Writer;
import org.thordb.export.SolitaireExport;
import org.thordb.query.Filter;
import org.thordb.sample.SampleBase;
import org.thordb.solve.ObfLine;
import org.thordb.usecase.Solve;
import org.thordb.usecase.Export;
import org.thordb.usecase.Verify;
import org.thordb.usecase.Games;

import org.thordb.fault.Faults;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.thordb.engine.Engine;
import org.thordb.engine.GamePages;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.export.Exporter;
import org.thordb.export.SolitaireMaker;
import org.thordb.ingest.FileOutcome;
import org.thordb.ingest.ImportReport;
import org.thordb.ingest.Importer;
import org.thordb.ingest.StoreVerifier;
import org.thordb.othello.Notation;
import org.thordb.othello.OpeningNames;
import org.thordb.othello.Position;
import org.thordb.stats.GroupStats;
import org.thordb.store.Catalog;
import org.thordb.store.StoreFolder;
import java.time.Duration;
import java.time.LocalDate;
import java.util.function.Consumer;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicLong;
import org.thordb.explore.ExplorePolicy;
import org.thordb.explore.MoveValues;
import org.thordb.ingest.Optimizer;
import org.thordb.explore.ExplorationBook;
import org.thordb.explore.ValueBook;
import org.thordb.ingest.TheoreticalWriter;
import org.thordb.usecase.TheoreticalFill;
import org.thordb.usecase.StoreDescription;
import org.thordb.usecase.Explore;
import org.thordb.index.MoveTable;
import org.thordb.query.plan.QueryPlanner;
import org.thordb.solve.Estimator;

/**
 * A thordb store: import WTHOR files (and GGF, PGN, text records), ask which games a query
 * matches, what was played from a position, how players and years did, and export games back as
 * WTHOR files. Every method is safe from many threads at once; imports are serialised, and a
 * reader sees each imported file all or not at all. A handle opened {@link Builder#readOnly()
 * read-only} follows what another process imports, removes or optimizes, and none of its calls
 * fails because of it. Every failure is a {@link ThorDbException} with an {@link ErrorCode}.
 *
 * <p>Usage:
 * <pre>{@code
 * try (ThorDb db = ThorDb.open(Path.of("store"))) {
 *     db.importFiles(List.of(Path.of("wthor")), ImportOptions.defaults());
 *     long n = db.count("player = \"Tastet Marc\" and opening = f5d6");
 * }
 * }</pre>
 */
public final class ThorDb implements AutoCloseable {
    private final Engine engine;
    private final boolean readOnly;

    private final JsonAnswers json;

    private ThorDb(Engine engine, boolean readOnly) {
        this.engine = engine;
        this.readOnly = readOnly;
        this.json = new JsonAnswers(engine);
    }

    /**
     * Opens the store in a folder for reading and writing, making a new store when the folder
     * holds none.
     *
     * @throws ThorDbException with {@link ErrorCode#LOCKED} when another process has it open for
     *     writing, {@link ErrorCode#CORRUPT} for a damaged store, {@link ErrorCode#SCHEMA} for a store
     *     of another schema
     */
    public static ThorDb open(Path dir) {
        return builder(dir).open();
    }

    /**
     * A builder for a handle on the store in {@code dir}: read-only or not, and its tuning.
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for a null folder
     */
    public static Builder builder(Path dir) {
        return new Builder(Checks.notNull(dir, "the store's folder"));
    }

    /**
     * How to open a store.
     *
     * <p>Usage: {@code try (ThorDb db = ThorDb.builder(Path.of("store")).readOnly().open()) { … }}
     */
    public static final class Builder {
        private final Path dir;
        private boolean readOnly;
        private long cacheBytes = Engine.Tuning.DEFAULT.cacheBytes();
        private long checkNanos = Engine.Tuning.DEFAULT.checkNanos();

        private Builder(Path dir) {
            this.dir = dir;
        }

        /**
         * The size of RocksDB's block cache (default 256 MB): more keeps more of a large store's
         * index blocks and postings in memory.
         *
         * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} below 1 MB
         */
        public Builder cacheSize(long bytes) {
            if (bytes < (1L << 20)) {
                throw Faults.of(ErrorCode.BAD_ARGUMENT, "a cache of " + bytes + " bytes: 1 MB (1048576) or more");
            }
            this.cacheBytes = bytes;
            return this;
        }

        /**
         * How often a read-only handle looks whether another process changed the store (default
         * 0.1 s): sooner sees imports sooner, at the cost of a listing of the store's folder.
         *
         * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for null, zero or a negative time
         */
        public Builder refreshEvery(Duration every) {
            if (every == null || every.isZero() || every.isNegative()) {
                throw Faults.of(ErrorCode.BAD_ARGUMENT, "refresh every " + every + ": a time above zero");
            }
            this.checkNanos = every.toNanos();
            return this;
        }

        /**
         * Opens an existing store without writing to it: another process may import into it
         * meanwhile, and each call sees what that process committed (a look every 0.1 s, the next state opened beside the reads).
         */
        public Builder readOnly() {
            this.readOnly = true;
            return this;
        }

        /**
         * Opens the store.
         *
         * @throws ThorDbException with {@link ErrorCode#STORE} when a read-only open finds no store
         */
        public ThorDb open() {
            Engine.Tuning t = new Engine.Tuning(cacheBytes, checkNanos);
            return guard(() -> new ThorDb(readOnly ? Engine.openReadOnly(dir, t) : Engine.open(dir, t), readOnly));
        }
    }

    /** The named openings the query language and the explorer know, in the standard list's order. */
    public static List<Opening> openings() {
        return guard(() -> OpeningNames.standard().all().stream()
                .map(n -> new Opening(Notation.line(n.line()), n.name())).toList());
    }

    /**
     * Starts loading, on a thread of its own, the classes a store's open and a query's reading
     * need (RocksDB's among them): a one-shot tool calls it first thing, and its first answer
     * comes sooner on a machine with a second core. It changes nothing but when that work is done.
     */
    public static void prepareInBackground() {
        Engine.prepareInBackground();
    }

    /**
     * Loads, on a thread of its own, the evaluation the explorer's estimates search with: an
     * interactive tool calls it as it starts, and its first exploration does not wait for it.
     */
    public static void prepareExplorerInBackground() {
        Estimator.preload();
    }

    /**
     * Whether a folder holds a store (false for a missing or empty folder, or one of other files),
     * checked as an open checks it, without opening it: a tool says "no store here" before it asks.
     *
     * @throws ThorDbException with {@link ErrorCode#STORE} for a store that is damaged (a
     *     {@code CURRENT} or manifest missing or cut), naming what is wrong and how to mend it
     */
    public static boolean holdsStore(Path dir) {
        Path d = Checks.notNull(dir, "the folder");
        return guard(() -> StoreFolder.requireNotDamaged(d).state() != StoreFolder.State.NONE);
    }

    /** The store's folder. */
    public Path path() {
        return engine.path();
    }

    /**
     * The store's answers as JSON text, in the shapes of thordb's HTTP API: see {@link JsonAnswers}.
     */
    public JsonAnswers json() {
        return json;
    }

    /**
     * Loads now what the explorer reads on its first call (the table of moves played, the
     * evaluation's weights), so that a server's first request does not wait for it.
     */
    public void warmUp() {
        guard(() -> {
            Estimator.preload();
            engine.read(MoveTable::of);
            return null;
        });
    }

    /** Whether this handle was opened read-only. */
    public boolean isReadOnly() {
        return readOnly;
    }

    /**
     * Imports files and folders (a folder: every game, names and text file in it) with the
     * default options. A refused file does not stop the others; the result says what became of each.
     *
     * @throws ThorDbException with {@link ErrorCode#READ_ONLY} on a read-only handle,
     *     {@link ErrorCode#BAD_ARGUMENT} for an input that is no file thordb imports
     */
    public ImportResult importFiles(List<Path> files) {
        return importFiles(files, ImportOptions.defaults());
    }

    /**
     * Imports files and folders with options; see {@link #importFiles(List)}.
     *
     * @throws ThorDbException as {@link #importFiles(List)} does
     */
    public ImportResult importFiles(List<Path> files, ImportOptions options) {
        List<Path> in = Checks.list(files, "the files to import");
        Checks.notNull(options, "the import options");
        return guard(() -> {
            Progress progress = options.progress();
            AtomicLong done = new AtomicLong();
            AtomicLong total = new AtomicLong(-1);
            ImportReport r = engine.importFiles(in, new Importer.Options(options.isStrict(), options.baseName(),
                    options.namesFiles(), options.undatedYear().isPresent() ? options.undatedYear().getAsInt() : null,
                    options.isSkippingDuplicates(), options.isReplacingNewer()), new Importer.Listener() {
                        @Override
                        public void line(String message) {
                            options.said().accept(message);
                        }

                        @Override
                        public void committed(Path file, int games) {
                            options.landed().accept(file, games);
                        }

                        @Override
                        public void total(long games) {
                            total.set(games);
                            progress.update("import", 0, games);
                        }

                        @Override
                        public void progress(long games) {
                            synchronized (done) { // files are prepared on several threads: one update at a time, in order
                                progress.update("import", done.addAndGet(games), total.get());
                            }
                        }
                    });
            if (total.get() >= 0 && done.get() != total.get()) {
                progress.update("import", total.get(), total.get()); // skipped and refused games are done too
            }
            List<ImportedFile> out = new ArrayList<>(r.outcomes().size());
            for (FileOutcome o : r.outcomes()) {
                ThorDbException e = o.error();
                out.add(new ImportedFile(o.file(), ImportedFile.Status.valueOf(o.kind().name()), o.games(),
                        e == null ? null : e.code(), e == null ? null : e.getMessage(),
                        e == null ? OptionalLong.empty() : e.byteOffset(), e == null ? OptionalLong.empty() : e.record()));
            }
            return new ImportResult(out, r.summary(), r.names(), r.solitaires());
        });
    }

    /**
     * The number of games a query matches (every game for a blank query).
     *
     * @throws ThorDbException with {@link ErrorCode#QUERY} for a query that is not valid: the
     *     message says where, and {@link ThorDbException#detail()} shows it under a caret
     */
    public long count(String query) {
        String q = Checks.notNull(query, "the query");
        return guard(() -> Games.count(engine, Filter.parse(q)));
    }

    /**
     * The number of games a query matches, within its scope ({@link Query#ALL}: every game, each once).
     *
     * <p>Usage: {@code db.count(Query.parse("year = 1990").everyCopy())}
     */
    public long count(Query query) {
        Filter f = Checks.notNull(query, "the query").filter();
        return guard(() -> Games.count(engine, f));
    }

    /**
     * The games a query matches (every game for a blank query), read as they are asked for from
     * one snapshot of the store; close the result.
     *
     * @throws ThorDbException as {@link #count(String)} does
     */
    public QueryResult query(String query) {
        String q = Checks.notNull(query, "the query");
        return guard(() -> new QueryResult(engine.query(q)));
    }

    /**
     * The games of a query read once, within its scope, as they are asked for from one snapshot of
     * the store; close the result. A game whose record cannot be read is a {@link ThorDbException}
     * with {@link ErrorCode#CORRUPT} from the iterator's {@code next}, and the games after it are
     * still read.
     *
     * <p>Usage: {@code try (QueryResult r = db.query(Query.parse("year = 1990"))) { r.forEach(g -> System.out.println(g.moves())); }}
     */
    public QueryResult query(Query query) {
        Filter f = Checks.notNull(query, "the query").filter();
        return guard(() -> new QueryResult(engine.query(f)));
    }

    /**
     * The first {@code limit} games of a query in an order (each {@link Sort} in turn, then by id),
     * with the number of games the query matches: for a listing that is read whole rather than
     * paged ({@code thordb query --sort}); only the games kept are read, in one pass with a heap of
     * {@code limit} (for a page from an offset, {@link #page}).
     *
     * <p>Usage: {@code Page best = db.sorted(Query.parse("year = 2015"), Sort.parse("-score"), 10);}
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for a negative limit
     */
    public Page sorted(Query query, List<Sort> order, int limit) {
        Filter f = Checks.notNull(query, "the query").filter();
        String spec = spec(Checks.notNull(order, "the order"));
        if (limit < 0) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "a limit of games, 0 or more, not " + limit);
        }
        return guard(() -> {
            // the front's page has no notes (notes() says them): the games alone, not the notes too
            GamePages.Page p = Games.pageOf(engine, f, spec, 0, limit);
            return new Page(p.total(), p.games().stream().map(Game::of).toList());
        });
    }

    /** The sort keys in the words the engine's pages take. */
    private static String spec(List<Sort> order) {
        for (Object s : order) { // a raw list may hold anything
            if (!(Checks.notNull(s, "a sort") instanceof Sort)) {
                throw Faults.of(ErrorCode.BAD_ARGUMENT, "an order holds sorts, not a " + s.getClass().getSimpleName());
            }
        }
        return order.stream().map(s -> (s.descending() ? "-" : "") + s.key().name().toLowerCase(Locale.ROOT))
                .collect(Collectors.joining(","));
    }

    /**
     * The stored solitaires a query over solitaires matches ({@code empties = 20 and year >= 2000},
     * {@code position = …} in any orientation; blank: every one), by base, empties and record.
     *
     * <p>Usage: {@code db.solitaires("empties = 20").forEach(s -> System.out.println(s.position()));}
     *
     * @throws ThorDbException with {@link ErrorCode#QUERY} for a bad query or a field solitaires lack
     */
    public List<Solitaire> solitaires(String query) {
        String q = Checks.notNull(query, "the query");
        return guard(() -> {
            var rows = StoredSolitaires.matching(engine, q);
            var catalog = engine.catalog();
            return rows.stream().map(r -> Solitaire.of(r, catalog)).toList();
        });
    }

    /** The most games a {@link #page} holds: a larger page is refused (stream with {@link #query}). */
    public static final int MAX_PAGE = 1000;

    /**
     * A page of a query's games (every game for a blank query) in an order: each {@link Sort} in
     * turn, then by id (no sort: by id). Only the page's games are read. A page holds at most
     * {@link #MAX_PAGE} games.
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for a negative offset or limit,
     *     or a limit above {@link #MAX_PAGE}; {@link ErrorCode#QUERY} for a bad query
     */
    public Page page(String query, int offset, int limit, Sort... order) {
        String q = Checks.notNull(query, "the query");
        if (limit > MAX_PAGE) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "a page holds at most " + MAX_PAGE + " games, not " + limit
                    + "; page on with the offset, or stream every game with query()");
        }
        String spec = spec(Arrays.asList(Checks.notNull(order, "the order")));
        return guard(() -> {
            GamePages.Page p = Games.pageOf(engine, Filter.parse(q), spec, offset, limit);
            return new Page(p.total(), p.games().stream().map(Game::of).toList());
        });
    }

    /** A game by id; empty when there is none. */
    public Optional<Game> game(int id) {
        return guard(() -> id < 0 ? Optional.<Game>empty() : Games.game(engine, id).map(Game::of));
    }

    /**
     * A game by its base's name, its file's year and its record number in the file (from 0);
     * empty when there is none.
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for a null base
     */
    public Optional<Game> game(String base, int year, int record) {
        String b = Checks.notNull(base, "the base");
        return guard(() -> record < 0 ? Optional.<Game>empty() : Games.game(engine, b, year, record).map(Game::of));
    }

    /**
     * What was played from the position a line reaches ({@code f5d6c3}; blank: the start), or
     * from a board given as 64 squares a1…h8 ({@code X} black, {@code O} white, {@code -} empty)
     * then the side to move, in any orientation, by the games a query matches (blank: every
     * game); moves are named in the line's (or board's) orientation, most played first.
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_NOTATION} or {@link ErrorCode#ILLEGAL_MOVE}
     *     for a line that is not a legal one, {@link ErrorCode#QUERY} for a bad query
     */
    public Exploration explore(String query, String line) {
        String q = Checks.notNull(query, "the query");
        String l = Checks.notNull(line, "the line");
        return guard(() -> {
            Position p = position(l);
            org.thordb.explore.Exploration e = Explore.exploration(engine, p, q);
            List<NextMove> moves = new ArrayList<>(e.rows().size());
            for (org.thordb.explore.Exploration.Row r : e.rows()) {
                moves.add(new NextMove(r.move() < 0 ? "pass" : Notation.name(r.move()), r.games(), r.blackWins(), r.draws(),
                        r.whiteWins(), r.averageScore(), average(r.averageTheoretical()), r.theoreticalGames(),
                        r.firstYear(), r.lastYear()));
            }
            return new Exploration(q, l, e.total(), e.endsHere() == null ? 0 : e.endsHere().games(), moves);
        });
    }

    /** A line ("" the start), or a board: 64 squares of X, O and - (then the side to move). */
    private static Position position(String lineOrBoard) {
        String t = lineOrBoard.strip();
        return t.isEmpty() ? Position.start() : t.matches("(?s)[XxOo*.\\-]{64}.*") ? Position.parseBoard(t)
                : Position.afterLine(t);
    }

    /**
     * Every legal move of a position (a line, or a board as {@link #explore} takes it) with its
     * value for the side to move, best first: the exact score under perfect play when the
     * position has at most {@value #EXACT_EMPTIES} empties, else an estimate, a search of the
     * learned evaluation with a fixed budget of positions, so the same value and depth in every
     * process and under any load (kept per position, up to the board's symmetries, for the life
     * of the JVM). None when the side to move cannot move.
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_NOTATION} or {@link ErrorCode#ILLEGAL_MOVE}
     *     for a line that is not a legal one
     */
    public List<MoveValue> values(String line) {
        return values(line, JsonAnswers.ExploreSettings.DEFAULT);
    }

    /**
     * {@link #values(String)} under settings of the explorer's: exact scores at up to {@code
     * s.exactEmpties()} empties (a solve stopped by its minute gives none), estimates above when
     * {@code s.estimates()}, else none. A REPL's {@code :solve} asks it with exact scores up to 24.
     *
     * @throws ThorDbException as {@link #values(String)} does
     */
    public List<MoveValue> values(String line, JsonAnswers.ExploreSettings s) {
        String l = Checks.notNull(line, "the line");
        Checks.notNull(s, "the settings");
        return guard(() -> {
            MoveValues v = Explore.values(engine, position(l),
                    Explore.Settings.DEFAULT.exactUpTo(s.exactEmpties()).withEstimates(s.estimates()));
            List<MoveValue> out = new ArrayList<>();
            v.values().forEach((sq, discs) -> out.add(new MoveValue(Notation.name(sq), discs, v.exact(), v.depth(),
                    Notation.line(v.line(sq).stream().mapToInt(Integer::intValue).toArray()))));
            return out;
        });
    }

    /** At most this many empties, {@link #values} gives exact scores. */
    public static final int EXACT_EMPTIES = ExplorePolicy.EXACT_EMPTIES;

    /**
     * A player's report (any spelling the player's identity joins): see {@link PlayerReport}. The
     * most frequent lines' values are the explorer's ({@link #values}): exact at
     * {@value #EXACT_EMPTIES} empties or fewer, else estimates.
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} when no base holds the name
     */
    public PlayerReport report(String player) {
        String name = Checks.notNull(player, "the player");
        return guard(() -> {
            org.thordb.usecase.PlayerReport.Report r = org.thordb.usecase.PlayerReport.of(engine, name,
                    org.thordb.usecase.PlayerReport.Settings.DEFAULT);
            List<ReportLine> lines = new ArrayList<>();
            for (org.thordb.usecase.PlayerReport.Line l : concat(r.blackLines(), r.whiteLines())) {
                lines.add(new ReportLine(l.line(), l.colour(), tally(l.record()), l.baseGames(), 100 * l.expected(),
                        l.bestMove(), l.best() == null ? OptionalInt.empty() : OptionalInt.of(l.best()),
                        l.played() == null ? OptionalInt.empty() : OptionalInt.of(l.played()), l.exact(),
                        l.depth()));
            }
            return new PlayerReport(r.player(), r.names(), r.country(), r.born(), r.bases(), tally(r.all()), tally(r.black()),
                    tally(r.white()), r.years().stream().map(ThorDb::tally).toList(), lines,
                    r.replies().stream().map(p -> tally(p.record())).toList(), r.opponents().stream().map(ThorDb::tally).toList(),
                    r.endgames().known(), r.endgames().averageLoss(),
                    r.ratings().stream().map(p -> new RatingPoint(p.year(), p.rating(), p.deviation(), p.games())).toList());
        });
    }

    private static <T> List<T> concat(List<T> a, List<T> b) {
        List<T> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    /** A report's record as the API's group: no theoretical average, no years (the report says them apart). */
    private static Group tally(org.thordb.usecase.PlayerReport.Tally t) {
        return new Group(t.name(), t.games(), t.wins(), t.draws(), t.losses(), t.games() == 0 ? 0 : 100 * t.score(),
                t.games() == 0 ? 0 : t.averageDiscs(), OptionalDouble.empty(), 0, 0, 0);
    }

    /**
     * The games of a query (blank: every game) grouped, each group with its record, most games
     * first (years and results in their order).
     *
     * @throws ThorDbException with {@link ErrorCode#QUERY} for a bad query
     */
    public List<Group> stats(String query, Grouping by) {
        String q = Checks.notNull(query, "the query");
        Checks.notNull(by, "the grouping");
        return guard(() -> org.thordb.usecase.Stats.of(engine, new org.thordb.usecase.Stats.Question(by.name().toLowerCase(Locale.ROOT),
                q, null, null, null)).rows().stream().map(ThorDb::group).toList());
    }

    /**
     * Every player of a query's games (blank: every game), with that player's record in them, the
     * registry's country and birth year, and other names.
     *
     * @throws ThorDbException with {@link ErrorCode#QUERY} for a bad query
     */
    public List<Player> players(String query, PlayerSort sort) {
        String q = Checks.notNull(query, "the query");
        Checks.notNull(sort, "the order");
        return guard(() -> Players.of(engine, q, sort.name().toLowerCase(Locale.ROOT)).stream()
                .map(p -> new Player(p.name(), group(p.stats()), p.record() == null ? null : p.record().country(),
                        p.record() == null ? 0 : Math.max(0, p.record().birth()), p.aliases()))
                .toList());
    }

    /**
     * How a query is answered, drawn as a tree: which parts the indexes answer, what they read,
     * how many games each part gives.
     *
     * @throws ThorDbException with {@link ErrorCode#QUERY} for a bad query
     */
    public String explain(String query) {
        String q = Checks.notNull(query, "the query");
        return guard(() -> Games.explain(engine, q));
    }

    /**
     * What a user should hear about a query besides its games: each name it asks for that no base
     * holds, with the nearest stored names ({@code no player is named "Marc Tastet"; did you mean
     * "Tastet Marc"?}). Empty when every name is known.
     *
     * @throws ThorDbException with {@link ErrorCode#QUERY} for a bad query
     */
    public List<String> notes(String query) {
        String q = Checks.notNull(query, "the query");
        return guard(() -> Games.notes(engine, q));
    }

    /**
     * The groups of duplicate games (one whole move list, up to the board's symmetries) that hold a
     * game the query matches ({@link Query#ALL}: every group), each earliest first: the base
     * imported first, then the year, then the record. The games after the first of each group are
     * what {@code duplicate = true} finds.
     *
     * <p>Usage: {@code for (List<Game> group : db.duplicates(Query.parse("year = 1990"))) System.out.println(group.size());}
     */
    public List<List<Game>> duplicates(Query query) {
        Filter f = Checks.notNull(query, "the query").filter();
        return guard(() -> Games.duplicates(engine, f).stream().map(g -> g.stream().map(Game::of).toList()).toList());
    }

    /**
     * Imports a base's player registry from a CSV file with a header: {@code name} (as the base
     * spells it), {@code aliases} (other spellings, separated by {@code ;}), {@code country} (an IOC
     * code), {@code born} ({@code 1975-04-13}, {@code 1975-04} or {@code 1975}). The base's registry is
     * replaced in one atomic write; a line naming no player of the base is said and left out.
     *
     * <p>Usage: {@code db.importPlayers(Path.of("players.csv"), "WTHOR", System.err::println);}
     *
     * @param base the base (null: the store's only base)
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for an unknown base, or none when the store has several
     */
    public RegistryImported importPlayers(Path csv, String base, Consumer<String> said) {
        Path f = Checks.notNull(csv, "the file");
        Consumer<String> tell = Checks.notNull(said, "the listener");
        return guard(() -> {
            var r = engine.importPlayers(f, base, tell::accept);
            return new RegistryImported(r.base(), r.players(), r.aliases(), r.leftOut());
        });
    }

    /**
     * Says that two player names are one player ({@code same}) or two (a split no rule overrides),
     * kept in the store: every count, statistic and list follows at once.
     *
     * <p>Usage: {@code db.sayPlayers("Tastet Marc", "Marc Tastet", true);}
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for a name no base holds
     */
    public void sayPlayers(String a, String b, boolean same) {
        String x = Checks.notNull(a, "a name");
        String y = Checks.notNull(b, "the other name");
        guard(() -> engine.sayPlayers(x, y, same));
    }

    /** Takes back what was said of two names ({@link #sayPlayers}); false when nothing was. */
    public boolean unsayPlayers(String a, String b) {
        String x = Checks.notNull(a, "a name");
        String y = Checks.notNull(b, "the other name");
        return guard(() -> engine.unsayPlayers(x, y));
    }

    /** Whether two names are one player now, by the store's rules and what users said. */
    public boolean samePlayer(String a, String b) {
        String x = Checks.notNull(a, "a name");
        String y = Checks.notNull(b, "the other name");
        return guard(() -> Players.samePlayer(engine, x, y));
    }

    /**
     * Every player's other names, each with the base and years it came from and the rule that makes
     * it the player's, then every split a user said.
     */
    public List<PlayerAlias> aliases() {
        return guard(() -> Players.aliases(engine).stream()
                .map(a -> new PlayerAlias(a.player(), a.alias(), a.base(), a.rule(), a.years())).toList());
    }

    /**
     * {@link #notes(String)} of a query read once, within its scope: the names no base holds, and
     * that copies of a game imported from several bases count once (unless it counts every copy).
     */
    public List<String> notes(Query query) {
        Filter f = Checks.notNull(query, "the query").filter();
        return guard(() -> List.copyOf(Games.notes(engine, f)));
    }

    /**
     * Solves a position exactly (a line such as {@code f5d6c3}, blank for the start, or a board as
     * {@link #explore} takes it): the score under perfect play and a best move, with every core
     * unless told, a table sized to the position's depth, and a time limit only when one is set.
     *
     * <p>Usage: {@code Solution s = ThorDb.solve(board, new Solution.SolveSettings(0, 0, true));}
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_NOTATION} or {@link ErrorCode#ILLEGAL_MOVE}
     *     for a position that is not one
     */
    public static Solution solve(String position, Solution.SolveSettings settings) {
        String l = Checks.notNull(position, "the position");
        Solution.SolveSettings s = Checks.notNull(settings, "the settings");
        return guard(() -> {
            Position p = position(l);
            return Solution.of(p, Solve.of(p, new Solve.Settings(s.threads(), s.maxMillis(), s.allMoves())));
        });
    }

    /**
     * The positions of an {@code .obf} file (a board and the side to move, then {@code ; move:score}
     * for its moves; {@code %} and {@code #} lines are comments), each with the scores the file gives.
     *
     * <p>Usage: {@code for (Solution.ObfPosition o : ThorDb.readObf(file)) ThorDb.solve(o.board(), SolveSettings.DEFAULT);}
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_NOTATION} naming the file and line of a line
     *     that is not one, {@link ErrorCode#IO} when the file cannot be read
     */
    public static List<Solution.ObfPosition> readObf(Path file) {
        Path f = Checks.notNull(file, "the file");
        return guard(() -> {
            List<String> lines;
            try {
                lines = java.nio.file.Files.readAllLines(f, java.nio.charset.StandardCharsets.UTF_8);
            } catch (java.io.IOException e) {
                throw Faults.of(ErrorCode.IO, f + ": " + e.getMessage(), e);
            }
            List<Solution.ObfPosition> out = new ArrayList<>();
            for (int i = 0; i < lines.size(); i++) {
                String l = lines.get(i).strip();
                if (l.isEmpty() || l.startsWith("%") || l.startsWith("#")) {
                    continue;
                }
                ObfLine o;
                try {
                    o = ObfLine.parse(l);
                } catch (ThorDbException e) {
                    throw Faults.of(ErrorCode.BAD_NOTATION, f + ": line " + (i + 1) + ": " + e.getMessage());
                }
                java.util.Map<String, Integer> scores = new java.util.LinkedHashMap<>();
                o.moveScores().forEach((sq, v) -> scores.put(Notation.name(sq), v));
                out.add(new Solution.ObfPosition(i + 1, o.position().toBoardString(), scores));
            }
            return List.copyOf(out);
        });
    }

    /**
     * Decodes a WTHOR file ({@code .wtb .wtd .pzz .jou .trn}) without a store: its header, then each
     * record (a game with the names of the names files beside it, a solitaire, a name), as a
     * {@code table} (names as the file spells them: make them safe for your screen) or as
     * {@code jsonl} (a game in the one game schema). What the reader warns of goes to {@code warnings}.
     *
     * <p>Usage: {@code ThorDb.dump(Path.of("WTH_2015.wtb"), "jsonl", new PrintWriter(System.out), System.err::println);}
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for another format; a WTHOR error
     *     naming the file for one that cannot be read
     */
    public static void dump(Path file, String format, Writer out, Consumer<String> warnings) {
        Path f = Checks.notNull(file, "the file");
        String fmt = Checks.notNull(format, "the format");
        Writer w = Checks.notNull(out, "the output");
        Consumer<String> said = Checks.notNull(warnings, "the warnings' listener");
        if (!fmt.equals("table") && !fmt.equals("jsonl")) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "a dump is a table or jsonl, not '" + Faults.quote(fmt) + "'");
        }
        guard(() -> {
            java.io.PrintWriter pw = w instanceof java.io.PrintWriter p ? p : new java.io.PrintWriter(w);
            org.thordb.usecase.Dump.file(f, fmt.equals("jsonl"), pw, said);
            return null;
        });
    }

    /**
     * Checks WTHOR files without a store: every game replayed, each damaged or illegal game said as
     * {@code FILE: record N: reason}, each stored score that differs from the replay said, then a
     * summary line ({@code sound: …} or {@code NOT SOUND: …}). A stored score that differs in a game
     * not finished (adjourned, adjudicated) is said but is no fault.
     *
     * <p>Usage: {@code boolean sound = ThorDb.checkFiles(List.of(Path.of("WTH_2015.wtb")), System.out::println);}
     *
     * @return whether every file is sound
     */
    public static boolean checkFiles(List<Path> files, Consumer<String> said) {
        List<Path> f = Checks.list(files, "the files");
        Consumer<String> tell = Checks.notNull(said, "the listener");
        return guard(() -> new org.thordb.usecase.StoreCheck(tell).files(f));
    }

    /**
     * Checks the store in a folder against its own records, or mends it ({@code repair}): a repair
     * a kill interrupted finished, a missing CURRENT pointed at a manifest that opens, a damaged
     * derived family dropped, what differs from the records rewritten, a store that cannot be
     * opened rebuilt from the records its files hold; nothing deleted that the repair did not write
     * (what cannot be placed is moved aside, and said). Checks {@code sample} game files drawn with
     * {@code seed} (0: every one). Each finding is said as a line; the store must not be open.
     *
     * <p>Usage: {@code boolean sound = ThorDb.checkStore(Path.of("store"), false, 0, 1, System.out::println);}
     *
     * @return whether the store is sound (after the repair)
     * @throws ThorDbException with {@link ErrorCode#STORE} when the folder holds no store
     */
    public static boolean checkStore(Path dir, boolean repair, int sample, long seed, Consumer<String> said) {
        Path d = Checks.notNull(dir, "the folder");
        Consumer<String> tell = Checks.notNull(said, "the listener");
        if (sample < 0) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "a sample of 0 (every file) or more files, not " + sample);
        }
        return guard(() -> new org.thordb.usecase.StoreCheck(tell).store(d, repair,
                sample == 0 ? org.thordb.usecase.Verify.EVERY_FILE : sample, seed));
    }

    /**
     * Solves the theoretical score of the games of WTHOR files again and compares it with the
     * stored one, as the settings say. Each finding is said; the games solved are told as
     * {@code "solve"} progress.
     *
     * <p>Usage: {@code ThorDb.checkTheoretical(files, new CheckSettings(CheckSettings.FILE_DEPTH, 100, 1, false), System.out::println, Progress.NONE)}
     *
     * @return whether every stored score agrees
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for a file that is not of 8×8 games
     */
    public static boolean checkTheoretical(List<Path> files, CheckSettings settings, Consumer<String> said, Progress progress) {
        List<Path> f = Checks.list(files, "the files");
        org.thordb.usecase.TheoreticalCheck check = theoreticalCheck(settings, said, progress);
        return guard(() -> check.files(f) == 0);
    }

    /** {@link #checkTheoretical(List, CheckSettings, Consumer, Progress)} of this store's games a query matches (every copy). */
    public boolean checkTheoretical(Query where, CheckSettings settings, Consumer<String> said, Progress progress) {
        Filter w = Checks.notNull(where, "the query").filter();
        org.thordb.usecase.TheoreticalCheck check = theoreticalCheck(settings, said, progress);
        return guard(() -> check.store(engine, w) == 0);
    }

    private static org.thordb.usecase.TheoreticalCheck theoreticalCheck(CheckSettings settings, Consumer<String> said,
                                                                      Progress progress) {
        CheckSettings s = Checks.notNull(settings, "the settings");
        Consumer<String> tell = Checks.notNull(said, "the listener");
        Progress p = Checks.notNull(progress, "the progress");
        return new org.thordb.usecase.TheoreticalCheck(new org.thordb.usecase.TheoreticalCheck.Listener() {
            private long total;
            private long done;

            @Override
            public void line(String line) {
                tell.accept(line);
            }

            @Override
            public void started(int games) {
                total = games;
                done = 0;
                p.update("solve", 0, games);
            }

            @Override
            public void step() {
                p.update("solve", ++done, total);
            }
        }, s.depth() < 0 ? null : s.depth(), s.sample() == 0 ? null : s.sample(), s.seed()).explaining(s.explain());
    }

    /**
     * Writes a sample base: {@code years} yearly WTHOR files of {@code gamesAYear} random legal
     * games each ({@code PREFIX_YEAR.wtb}, from {@code firstYear}), with its names files, the same
     * files for the same seed: for a demonstration or a test of one's own tool. Returns the files
     * written.
     *
     * <p>Usage: {@code ThorDb.writeSampleBase(Path.of("sample"), "SAMPLE", 2000, 10, 2000, 42L);}
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for a count out of range, {@link ErrorCode#IO} when the
     *     folder cannot be written
     */
    public static List<Path> writeSampleBase(Path folder, String prefix, int firstYear, int years, int gamesAYear, long seed) {
        Path dir = Checks.notNull(folder, "the folder");
        String name = Checks.notNull(prefix, "the prefix");
        if (!name.matches("[A-Za-z0-9]{1,16}")) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "a sample base's prefix is 1 to 16 letters or digits, not '"
                    + Faults.quote(name) + "'");
        }
        if (firstYear < 1 || firstYear > 9999 || years < 1 || firstYear + years - 1 > 9999 || gamesAYear < 0
                || gamesAYear > 1_000_000) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "a sample base is 1 or more years within 1-9999, up to 1,000,000 games a"
                    + " year: not " + years + " years from " + firstYear + " of " + gamesAYear + " games");
        }
        return guard(() -> List.copyOf(SampleBase.write(dir, name, firstYear, years, gamesAYear, seed)));
    }

    /**
     * Tells thordb the process asks one question and ends (a one-shot command), or no longer
     * ({@code false}, the default): the per-game columns a query may read are then made only when
     * that one answer costs less with them, making included, rather than once a query's postings
     * cost more than 50 ms, and kept for the questions after. The answers are the same either way.
     */
    public static void oneQuestion(boolean yes) {
        QueryPlanner.oneQuery(yes);
    }

    /**
     * The bases the store holds, by name, in the order they were first imported.
     */
    public List<String> bases() {
        return guard(() -> engine.catalog().bases().stream().map(Catalog.Base::name).toList());
    }

    /**
     * Every player's name as the bases spell it (each spelling once, in the bases' order, then
     * each names file's): what a REPL completes after {@code player =}.
     */
    public List<String> playerNames() {
        return guard(() -> names(true));
    }

    /** Every tournament's name as the bases spell it, each once: what a REPL completes after {@code tournament ~}. */
    public List<String> tournamentNames() {
        return guard(() -> names(false));
    }

    private List<String> names(boolean players) {
        LinkedHashSet<String> seen = new LinkedHashSet<>();
        for (Catalog.Base b : engine.catalog().bases()) {
            for (String n : players ? b.players() : b.tournaments()) {
                if (n != null && !n.isEmpty()) {
                    seen.add(n);
                }
            }
        }
        return List.copyOf(seen);
    }

    /**
     * Exports the games of a query (blank: every game) into a folder, made when missing: WTHOR
     * files (one a year, with their names files) or one file of PGN, text records, CSV or JSON
     * lines. Existing files are not overwritten.
     *
     * @return the files written
     * @throws ThorDbException with {@link ErrorCode#IO} when a file is in the way or cannot be written
     */
    public List<Path> export(String query, Path folder, ExportFormat format) {
        return export(query, folder, format, ExportOptions.defaults());
    }

    /**
     * {@link #export(String, Path, ExportFormat)} with options: existing files replaced on request
     * ({@link ExportOptions#replacing()}), progress told.
     *
     * @return the files written
     * @throws ThorDbException with {@link ErrorCode#IO} when a file is in the way (and not to be
     *     replaced) or cannot be written
     */
    public List<Path> export(String query, Path folder, ExportFormat format, ExportOptions options) {
        String q = Checks.notNull(query, "the query");
        return exportGames(Query.parse(q), folder, format, options).files();
    }

    /**
     * Exports a query's games into a folder (created when missing) as files of {@code format}: WTHOR
     * (a file a year, with the names files), or one file of text, PGN, CSV, JSON lines or GGF (a file
     * a part with a split), with what the options add.
     *
     * <p>Usage: {@code db.exportGames(Query.parse("year = 2015"), Path.of("out"), ExportFormat.WTHOR, ExportOptions.defaults());}
     *
     * @throws ThorDbException with {@link ErrorCode#IO} when a file is in the way (and not to be
     *     replaced) or cannot be written, {@link ErrorCode#BAD_ARGUMENT} for an option the format does not take
     */
    public Exported exportGames(Query query, Path folder, ExportFormat format, ExportOptions options) {
        Filter f = Checks.notNull(query, "the query").filter();
        Path out = Checks.notNull(folder, "the folder");
        Checks.notNull(format, "the format");
        Checks.notNull(options, "the export options");
        return guard(() -> told(Export.toFolder(engine, f, out, Exporter.Format.valueOf(format.name()),
                options.isReplacing(), options::applyTo), options));
    }

    /**
     * Writes a query's games in a one-file format (text, PGN, CSV, JSON lines, GGF) to a stream,
     * which stays open (standard output, say).
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for WTHOR (several files) or a split
     */
    public Exported exportGames(Query query, Writer stream, ExportFormat format, ExportOptions options) {
        Filter f = Checks.notNull(query, "the query").filter();
        Writer w = Checks.notNull(stream, "the stream");
        Checks.notNull(format, "the format");
        Checks.notNull(options, "the export options");
        return guard(() -> told(Export.toWriter(engine, f, Exporter.Format.valueOf(format.name()), w, options::applyTo),
                options));
    }

    /**
     * Writes a query's games in a one-file format into one file ({@code hobo.pgn}), whole or not at
     * all (written beside it, then moved over it): a file in the way is replaced only with
     * {@link ExportOptions#replacing()}, a folder never, and never a file inside a store.
     *
     * @throws ThorDbException with {@link ErrorCode#IO} for a file in the way or one that cannot be
     *     written, {@link ErrorCode#BAD_ARGUMENT} for a folder, a file inside a store, or WTHOR
     */
    public Exported exportGamesToFile(Query query, Path file, ExportFormat format, ExportOptions options) {
        Filter f = Checks.notNull(query, "the query").filter();
        Path out = Checks.notNull(file, "the file");
        Checks.notNull(format, "the format");
        Checks.notNull(options, "the export options");
        return guard(() -> told(Export.toFile(engine, f, Exporter.Format.valueOf(format.name()), out,
                options.isReplacing(), options::applyTo), options));
    }

    /** An export's result, its notes told to the options' listener. */
    private static Exported told(Export.Result r, ExportOptions options) {
        r.notes().forEach(options.notes());
        return new Exported(r.games(), r.files(), r.positionRows(), r.notes());
    }

    /**
     * Exports the stored solitaires a query over solitaires matches ({@link #solitaires}) into a
     * folder as {@code .pzz} files: a whole imported file comes back byte for byte. Returns the files.
     *
     * @throws ThorDbException with {@link ErrorCode#IO} for a file in the way (not to be replaced)
     */
    public List<Path> exportSolitaires(String query, Path folder, boolean replace) {
        String q = Checks.notNull(query, "the query");
        Path out = Checks.notNull(folder, "the folder");
        return guard(() -> List.copyOf(new SolitaireExport(engine, out, replace, LocalDate.now()).export(q.isBlank() ? null : q)));
    }

    /**
     * Checks every index entry against the records it derives from; {@link VerifyMode#REPAIR}
     * also rewrites what is wrong.
     *
     * @throws ThorDbException with {@link ErrorCode#READ_ONLY} for a repair on a read-only handle
     */
    public Verification verify(VerifyMode mode) {
        return verify(mode, Progress.NONE);
    }

    /**
     * {@link #verify(VerifyMode)}, telling {@code progress} of the store's game files checked
     * ({@code "verify"}).
     *
     * @throws ThorDbException as {@link #verify(VerifyMode)} does
     */
    public Verification verify(VerifyMode mode, Progress progress) {
        Checks.notNull(mode, "the mode");
        Checks.notNull(progress, "the progress");
        if (mode == VerifyMode.REPAIR && readOnly) {
            throw Faults.of(ErrorCode.READ_ONLY, path() + ": the store is open read-only; nothing is repaired");
        }
        return guard(() -> {
            List<String> lines = new ArrayList<>();
            Verify.Result r = Verify.store(engine, mode == VerifyMode.REPAIR, Verify.EVERY_FILE, Verify.SEED, new StoreVerifier.Listener() {
                @Override
                public void line(String message) {
                    lines.add(message);
                }

                @Override
                public void checked(int files, int total) {
                    progress.update("verify", files, total);
                }
            });
            return new Verification(r.games(), r.entries(), r.problems(), r.repaired(), r.left(), lines);
        });
    }

    /**
     * Solves the theoretical score of each game of a query (blank: every game) whose score is not
     * known, at {@code depth} empties (WTHOR's files say 22 or 24; 14 to 20 take seconds for a
     * whole base), on every core, and writes them in batches: an interrupted fill keeps what it
     * wrote and the next one goes on from there. Scores already known are kept.
     *
     * @return the games whose score was solved and written
     * @throws ThorDbException with {@link ErrorCode#READ_ONLY} on a read-only handle,
     *     {@link ErrorCode#BAD_ARGUMENT} for a depth outside 1 to 60, {@link ErrorCode#QUERY} for a
     *     bad query, {@link ErrorCode#CANCELLED} when the calling thread is interrupted
     */
    public long fillTheoretical(String query, int depth, Progress progress) {
        String q = Checks.notNull(query, "the query");
        return fillTheoretical(Query.parse(q), depth, TheoreticalFill.Settings.DEFAULT.threads(), progress)
                .filled();
    }

    /**
     * Makes solitaires from a query's games: each game's position at {@code empties} empty squares
     * (each position once, up to symmetry) where one move alone keeps the best score, solved
     * exactly, written into {@code folder} as {@code SOLITAIRES NN.PZZ} (WTHOR's solitaires format),
     * dated today. {@code limit}: stop after that many (0: every one); {@code progress} hears
     * {@code "solitaires"}, the games looked at of those the query matches.
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for empties outside 1 to 60, a
     *     negative limit, or a file in the way without {@code replace}; {@link ErrorCode#IO} when it
     *     cannot be written
     */
    public Solitaires makeSolitaires(Query query, int empties, int limit, Path folder, boolean replace, Progress progress) {
        Filter f = Checks.notNull(query, "the query").filter();
        Path dir = Checks.notNull(folder, "the folder");
        Progress p = Checks.notNull(progress, "the progress");
        if (limit < 0) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "a limit of " + limit + " solitaires: 0 (every one) or more");
        }
        SolitaireMaker maker = new SolitaireMaker(engine, empties);
        return guard(() -> {
            long total = Games.count(engine, f);
            long[] done = {0};
            p.update("solitaires", 0, total);
            SolitaireMaker.Made made = maker.make(f, limit, n -> p.update("solitaires", done[0] += n, total));
            Path file = maker.write(dir, made.found(), LocalDate.now(), replace);
            return new Solitaires(made.found().size(), made.candidates(), made.games(), file);
        });
    }

    /**
     * The store described for a reader, as {@code thordb info} prints it: its bases with their
     * names files, games per year, theoretical scores and solitaires (with {@code players}, each
     * base's renamed players and tournaments and its registry), the merge of its entries, its size
     * on disk. Names are as the files give them: a terminal that shows them makes control characters safe.
     */
    public String describe(boolean players) {
        return guard(() -> StoreDescription.of(engine, players));
    }

    /** Every surface's depth for a fill: WTHOR's when a file says none, and the FFO's files'. */
    public static final int FILL_DEPTH = TheoreticalFill.Settings.DEFAULT_DEPTH;

    /**
     * The theoretical scores the store knows among a query's games (in its scope), a row a base that
     * has some, in the bases' order: what {@code thordb theoretical} shows.
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for a null query
     */
    public List<TheoreticalScores> theoreticalScores(Query query) {
        Filter f = Checks.notNull(query, "the query").filter();
        return guard(() -> TheoreticalFill.summary(engine, f).stream()
                .map(b -> new TheoreticalScores(b.base(), b.games(), b.known(), b.filled())).toList());
    }

    /**
     * {@link #fillTheoretical(String, int, Progress)} of a query read once, on {@code threads}
     * threads, answered in full: {@code progress} hears {@code "fill"} (the games solved of those to
     * solve) and {@code "fill commit"} (the scores written so far, of a total not known, at each batch).
     *
     * @throws ThorDbException with {@link ErrorCode#READ_ONLY} on a read-only handle,
     *     {@link ErrorCode#BAD_ARGUMENT} for a depth outside 1 to 60 or fewer than one thread
     */
    public Fill fillTheoretical(Query query, int depth, int threads, Progress progress) {
        Filter f = Checks.notNull(query, "the query").filter();
        Progress p = Checks.notNull(progress, "the progress");
        if (readOnly) {
            throw Faults.of(ErrorCode.READ_ONLY, path() + ": the store is open read-only; no score is written");
        }
        TheoreticalFill.Settings settings = new TheoreticalFill.Settings(depth, threads);
        return guard(() -> {
            AtomicLong solved = new AtomicLong();
            long[] total = {-1};
            TheoreticalWriter.Report r = TheoreticalFill.fill(engine, f, settings, new TheoreticalWriter.Listener() {
                @Override
                public void started(long games) {
                    total[0] = games;
                    p.update("fill", 0, games);
                }

                @Override
                public void solved() {
                    synchronized (solved) { // the solving threads call this: one update at a time, in order
                        p.update("fill", solved.incrementAndGet(), total[0]);
                    }
                }

                @Override
                public void committed(long filled, int inBatch) {
                    p.update("fill commit", filled, -1);
                }
            });
            return new Fill(r.selected(), r.known(), r.otherBoards(), r.damaged(), r.filled(), r.shortGames(),
                    r.unfinished(), r.nodes(), r.seconds(), r.depth(), r.threads());
        });
    }

    /**
     * Merges every imported file's index entries into one, compacts the store and makes the
     * explorer's book: queries and explorations then read one entry however many files hold it.
     * Readers answer the same throughout; a kill leaves a merge that the next call finishes.
     *
     * @return the games of the files merged (0 when the store was optimized already)
     * @throws ThorDbException with {@link ErrorCode#READ_ONLY} on a read-only handle
     */
    public long optimize() {
        Optimization o = optimize(true, m -> { }, Progress.NONE);
        return o.alreadyMerged() ? 0L : o.games();
    }

    /**
     * {@link #optimize()}, told as it goes and answered in full: {@code said} hears each line worth
     * showing, {@code progress} each family's merge ({@code "merge FAMILY"}: its steps done of all)
     * and each batch it commits ({@code "commit FAMILY"}: the batches so far, of a total not known).
     * {@code compact}: compact the store after the merge (else RocksDB compacts it in its own time).
     *
     * @throws ThorDbException with {@link ErrorCode#READ_ONLY} on a read-only handle
     */
    public Optimization optimize(boolean compact, Consumer<String> said, Progress progress) {
        Consumer<String> lines = Checks.notNull(said, "the lines' reader");
        Progress p = Checks.notNull(progress, "the progress");
        return guard(() -> {
            Optimizer.Report r = engine.optimize(compact, new Optimizer.Listener() {
                @Override
                public void line(String message) {
                    lines.accept(message);
                }

                @Override
                public void progress(String family, long done, long total) {
                    p.update("merge " + family, done, total);
                }

                @Override
                public void committed(String family, int n) {
                    p.update("commit " + family, n, -1);
                }
            });
            return new Optimization(r.segments(), r.games(), r.alreadyMerged(), r.resumed(), r.entriesRead(),
                    r.entriesWritten(), r.staleIds(), r.seconds(), r.bookPositions(), ExplorationBook.DEFAULT_FROM,
                    r.valuePositions(), ValueBook.DEFAULT_FROM, r.valuesSearched());
        });
    }

    /**
     * Removes a base and everything of it in one atomic write, then verifies the store.
     *
     * @return the base, its games and files, and the verification of the store after it
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} when there is no such base,
     *     {@link ErrorCode#READ_ONLY} on a read-only handle
     */
    public Removal removeBase(String base) {
        String b = Checks.notNull(base, "the base");
        return guard(() -> {
            Engine.Removal r = engine.removeBase(b);
            return new Removal(r.base(), r.games(), r.files(), r.verified().games(), r.verified().entries(),
                    r.verified().problems());
        });
    }

    /** The replaced releases the store keeps, oldest first: what {@link #undo} would put back, and more. */
    public List<Release> releases() {
        return guard(() -> engine.catalog().retired().stream().map(ThorDb::release).toList());
    }

    /**
     * Puts back the releases the latest import (or undo) replaced, each in place of the release
     * that replaced it, which is kept in turn (so an undo is undone the same way); each step said
     * as a line. Returns the releases put back: none when no replaced release is kept.
     *
     * @throws ThorDbException with {@link ErrorCode#READ_ONLY} on a read-only handle
     */
    public List<Release> undo(Consumer<String> said) {
        Consumer<String> lines = Checks.notNull(said, "the lines' reader");
        return guard(() -> engine.undo(lines::accept).stream().map(ThorDb::release).toList());
    }

    /**
     * Deletes for good the replaced releases kept, those replaced before a day (empty: all);
     * returns them.
     *
     * @throws ThorDbException with {@link ErrorCode#READ_ONLY} on a read-only handle
     */
    public List<Release> pruneReleases(Optional<LocalDate> before) {
        Optional<LocalDate> day = Checks.notNull(before, "the day (empty: every release)");
        return guard(() -> engine.pruneReleases(day.map(LocalDate::toString).orElse(null)).stream()
                .map(ThorDb::release).toList());
    }

    private static Release release(Catalog.RetiredRelease r) {
        return new Release(r.file().name(), r.file().year(), r.file().games(), r.file().created(), r.retiredAt(),
                r.replacedBy());
    }

    /**
     * Closes the store: waits for the calls under way, closes the query results still open, frees
     * every native handle. Later calls throw {@link ErrorCode#CLOSED}; closing again does nothing.
     */
    @Override
    public void close() {
        guard(() -> {
            engine.close();
            return null;
        });
    }

    private static Group group(GroupStats g) {
        return new Group(g.group(), g.games(), g.wins(), g.draws(), g.losses(), g.scorePct(), g.avgDiff(),
                average(g.avgTheoretical()), g.theoreticalGames(), g.firstYear(), g.lastYear());
    }

    /** An average of theoretical scores: empty when no game's score is known (NaN underneath). */
    private static OptionalDouble average(double v) {
        return Double.isNaN(v) ? OptionalDouble.empty() : OptionalDouble.of(v);
    }

    /**
     * Runs a call of the front: a failure underneath that is not a {@link ThorDbException} (a bug,
     * or a library's own exception) still reaches the caller as one, with its cause.
     */
    static <T> T guard(Supplier<T> work) {
        try {
            return work.get();
        } catch (ThorDbException e) {
            throw e;
        } catch (java.io.UncheckedIOException e) { // the caller's stream failed: an IO error, said as such
            throw Faults.of(ErrorCode.IO, "writing failed: " + Faults.whole(String.valueOf(e.getCause().getMessage())), e);
        } catch (RuntimeException e) {
            throw Faults.of(ErrorCode.STORE, "unexpected " + e.getClass().getSimpleName() + ": "
                    + Faults.whole(String.valueOf(e.getMessage())), e);
        }
    }
}
