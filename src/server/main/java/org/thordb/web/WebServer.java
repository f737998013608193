package org.thordb.web;

import org.thordb.fault.Faults;
import org.thordb.engine.Engine;
import org.thordb.engine.StoredGame;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.explore.Exploration;
import org.thordb.export.Json;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;

/**
 * thordb over HTTP: the explorer page ({@code /}) and a JSON API on a store opened read-only, on
 * Javalin (Jetty underneath). Nothing it serves writes to the store or the disk. Every answer of the
 * API, errors included (Jetty's own among them), is JSON: an error is {@code {"status": …, "error": …}}
 * with its status: 400 for a bad query or argument (with the parser's line, column and caret), 403
 * for a Host header that is not this server's, 404 for an unknown game or path, 405 for a method
 * other than GET, 503 (with {@code Retry-After}) when the server is full or a request ran longer than
 * the time limit. No error shows a class name, a stack trace or a path on the disk.
 *
 * <p>Requests are admitted in two classes, each with its own threads and bounded queue: cheap ones
 * (counts, pages of games, one game, the explorer) never wait behind heavy ones (board patterns,
 * groupings, solving, sorted pages), which get fewer threads than the machine has cores, so one core
 * is always left to the cheap. Each client may hold only a share of each class; past it, or when a
 * queue is full, the answer is 503 at once. A request stopped at the time limit is interrupted, and
 * the loops that can run long check for it, so its CPU is freed.
 *
 * <p>Usage: {@code try (WebServer s = WebServer.start(db, "127.0.0.1", 8080, 10_000)) { … s.port() … }}
 */
public final class WebServer implements AutoCloseable {
    /** The most games a page of {@code /api/games} holds. */
    public static final int MAX_LIMIT = 500;
    /** The longest {@code moves} accepted: 60 moves and passes, with room for separators. */
    public static final int MAX_MOVES_TEXT = 400;
    /**
     * By default, explored positions with at most this many empties get each move's exact score:
     * the one policy of every surface ({@link org.thordb.explore.ExplorePolicy#EXACT_EMPTIES}).
     */
    public static final int SOLVE_EMPTIES = org.thordb.explore.ExplorePolicy.EXACT_EMPTIES;
    /** The most empties {@code solve=} takes: beyond, a solve takes seconds. */
    public static final int MAX_SOLVE_EMPTIES = 20;
    /** The most rows of {@code /api/stats} (the groups themselves are bounded by {@code Statistics.MAX_GROUPS}). */
    public static final int MAX_STATS_ROWS = 10_000;
    /** Heavy requests waiting for a thread, at most; past it, 503. */
    public static final int HEAVY_QUEUE = 32;
    /** Cheap requests waiting for a thread, at most; past it, 503. */
    public static final int CHEAP_QUEUE = 256;
    /** Heavy requests one client (one address) may have admitted at once. */
    public static final int HEAVY_PER_CLIENT = 8;
    /** Cheap requests one client may have admitted at once. */
    public static final int CHEAP_PER_CLIENT = 64;
    /** The seconds a 503 for a full server asks the client to wait. */
    public static final int RETRY_AFTER_SECONDS = 2;

    private static final Pattern AT = Pattern.compile("query error at line (\\d+), column (\\d+): ");

    static {
        // the server's own log (slf4j-simple, for the command line) only when something is wrong,
        // unless the embedding program said otherwise
        if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        }
    }

    /** What kind of work a request is, for admission. */
    enum Cost {
        /** Index lookups and a page of rows: milliseconds. */
        CHEAP,
        /** Replays, groupings, solving, sorting a whole result: up to the time limit. */
        HEAVY
    }

    private final Engine db;
    private final Javalin app;
    private final long timeoutMillis;
    private final ThreadPoolExecutor cheap;
    private final ThreadPoolExecutor heavy;
    private final java.util.concurrent.ConcurrentHashMap<String, java.util.concurrent.atomic.AtomicInteger> admitted =
            new java.util.concurrent.ConcurrentHashMap<>();
    private final java.util.Set<String> allowedHosts;
    private final boolean anyHost;
    private final Pattern storePaths;
    private volatile int port;

    private WebServer(Engine db, long timeoutMillis, java.util.Set<String> allowedHosts) {
        org.thordb.solve.Estimator.preload(); // the explorer's estimates: their weights load while the server starts
        this.db = db;
        this.timeoutMillis = timeoutMillis;
        this.storePaths = storePaths(db.path());
        int cores = Runtime.getRuntime().availableProcessors();
        this.cheap = pool("thordb-web-cheap", Math.max(2, cores * 2), CHEAP_QUEUE);
        // fewer heavy threads than cores: a core stays free for the cheap requests
        this.heavy = pool("thordb-web-heavy", Math.max(1, cores - 1), HEAVY_QUEUE);
        this.anyHost = allowedHosts.contains("*");
        this.allowedHosts = new java.util.HashSet<>();
        allowedHosts.forEach(h -> this.allowedHosts.add(h.toLowerCase(java.util.Locale.ROOT)));
        this.app = Javalin.create(config -> {
            config.showJavalinBanner = false;
            config.http.maxRequestSize = 16_384L; // no route reads a body: small requests only
            config.jetty.modifyHttpConfiguration(h -> h.setRequestHeaderSize(16_384)); // the query string's room
            JsonErrors errors = new JsonErrors();
            config.jetty.modifyServer(server -> server.setErrorHandler(errors));
            config.jetty.modifyServletContextHandler(handler -> handler.setErrorHandler(errors));
        });
        routes();
    }

    private static ThreadPoolExecutor pool(String name, int threads, int queue) {
        return new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(queue), r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        }, new ThreadPoolExecutor.AbortPolicy());
    }

    /**
     * Starts a server on a host and port (0: a free port) for a store the caller keeps open and
     * closes after the server. It answers requests whose Host header names the address it listens
     * on (and {@code localhost}, {@code 127.0.0.1} or {@code [::1]} when that is a loopback address).
     *
     * @param timeoutMillis the longest a request may run before it is answered 503 and stopped
     */
    public static WebServer start(Engine db, String host, int port, long timeoutMillis) {
        return start(db, host, port, timeoutMillis, java.util.Set.of());
    }

    /**
     * {@link #start(Engine, String, int, long)}, also answering requests whose Host header names
     * one of {@code otherHosts} (host names, without a port; {@code "*"}: any).
     */
    public static WebServer start(Engine db, String host, int port, long timeoutMillis, java.util.Set<String> otherHosts) {
        java.util.Set<String> allowed = new java.util.HashSet<>(otherHosts);
        allowed.add(host.startsWith("[") ? host.substring(1, host.length() - 1) : host);
        if (isLoopback(host)) {
            allowed.addAll(java.util.List.of("localhost", "127.0.0.1", "::1"));
        }
        if (host.equals("0.0.0.0") || host.equals("::") || host.isEmpty()) {
            allowed.add("*"); // listening on every address: every name of the machine is its own
        }
        WebServer s = new WebServer(db, timeoutMillis, allowed);
        db.read(org.thordb.index.MoveTable::of); // made now, not by the first request: the explorer reads it
        s.app.start(host, port);
        s.port = s.app.port();
        return s;
    }

    private static boolean isLoopback(String host) {
        String h = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        if (h.equals("localhost")) {
            return true;
        }
        try {
            return java.net.InetAddress.getByName(h).isLoopbackAddress();
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }

    /** The port the server listens on. */
    public int port() {
        return port;
    }

    /** Requests running or waiting now (both classes): 0 once every stopped request has let go of its thread. */
    public int busy() {
        return cheap.getActiveCount() + cheap.getQueue().size() + heavy.getActiveCount() + heavy.getQueue().size();
    }

    @Override
    public void close() {
        app.stop();
        cheap.shutdownNow();
        heavy.shutdownNow();
    }

    /**
     * The headers every answer carries: a Content-Security-Policy that lets the page run its own
     * script and style files only (no inline script or style, nothing from another site, not framed
     * by any), {@code nosniff}, frame protection for older browsers, and no referrer sent anywhere.
     */
    static final java.util.Map<String, String> SECURITY_HEADERS = java.util.Map.of(
            "Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
                    + " connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
            "X-Content-Type-Options", "nosniff",
            "X-Frame-Options", "DENY",
            "Referrer-Policy", "no-referrer");

    private void routes() {
        app.before(ctx -> SECURITY_HEADERS.forEach(ctx::header));
        app.before(this::screen);
        app.exception(Refused.class, (e, ctx) -> {
            e.headers.forEach(ctx::header);
            error(ctx, e.status, e.getMessage(), null);
        });
        app.exception(ThorDbException.class, (e, ctx) -> error(ctx, status(e), e.getMessage(), e.detail()));
        app.exception(Exception.class, (e, ctx) -> error(ctx, 500, "the server failed on this request", null));
        app.get("/", ctx -> resource(ctx, "index.html", "text/html; charset=utf-8"));
        app.get("/app.js", ctx -> resource(ctx, "app.js", "text/javascript; charset=utf-8"));
        app.get("/app.css", ctx -> resource(ctx, "app.css", "text/css; charset=utf-8"));
        app.get("/api/count", ctx -> {
            String q = scoped(ctx, param(ctx, "q", ""));
            answer(ctx, costOf(q), () -> {
                ObjectNode o = Json.object();
                o.put("query", q).put("count", db.count(q));
                ArrayNode notes = o.putArray("notes"); // names no base holds, copies counted once
                db.notes(q).forEach(notes::add);
                return o;
            });
        });
        app.get("/api/stats", ctx -> {
            String by = param(ctx, "by", "year");
            String q = scoped(ctx, param(ctx, "q", ""));
            String sort = param(ctx, "sort", "");
            String as = param(ctx, "as", "");
            String colour = param(ctx, "colour", "");
            int limit = number(ctx, "limit", 100, 1, MAX_STATS_ROWS);
            answer(ctx, Cost.HEAVY, () -> {
                org.thordb.stats.Grouping g = org.thordb.stats.Grouping.parse(by);
                java.util.List<org.thordb.stats.GroupStats> rows = new java.util.ArrayList<>(as.isBlank() ? db.stats(by, q)
                        : db.stats(by, q, as, colour));
                if (!sort.isBlank()) {
                    rows.sort(org.thordb.stats.Statistics.order(sort));
                }
                ObjectNode o = Json.object();
                o.put("query", q).put("by", g.toString()).put("side", as.isBlank() ? g.side() : as.strip() + "'s side")
                        .put("groups", rows.size());
                if (!as.isBlank()) {
                    o.put("as", as.strip()).put("colour", colour.isBlank() ? "both" : colour);
                }
                ArrayNode a = o.putArray("rows");
                rows.stream().limit(limit).forEach(r -> a.add(Json.group(r)));
                return o;
            });
        });
        app.get("/api/explain", ctx -> {
            String q = param(ctx, "q", "");
            answer(ctx, Cost.CHEAP, () -> { // planning reads estimates only: no replay, no grouping
                ObjectNode o = Json.object();
                o.put("query", q).put("plan", db.explain(q));
                return o;
            });
        });
        app.get("/api/games", ctx -> {
            String q = scoped(ctx, param(ctx, "q", ""));
            int offset = number(ctx, "offset", 0, 0, Integer.MAX_VALUE);
            int limit = number(ctx, "limit", 50, 0, MAX_LIMIT);
            String sort = param(ctx, "sort", "");
            boolean byId = sort.isBlank() || sort.replace(" ", "").matches("(?i)[+-]?id");
            int after = number(ctx, "after", -1, -1, Integer.MAX_VALUE);
            answer(ctx, byId ? costOf(q) : Cost.HEAVY, () -> {
                Engine.Page page = after >= 0 ? db.pageAfter(q, sort, after, limit) : db.page(q, sort, offset, limit);
                ObjectNode o = Json.object();
                o.put("query", q).put("total", page.total()).put("offset", offset).put("limit", limit);
                ArrayNode games = o.putArray("games");
                page.games().forEach(g -> games.add(Json.node(g)));
                if (offset == 0 && after < 0) { // said once, with the first page: names no base holds, copies counted once
                    ArrayNode notes = o.putArray("notes");
                    db.notes(q).forEach(notes::add);
                }
                if (!page.games().isEmpty() && page.games().size() == limit) { // the cursor of the next page
                    o.put("next", page.games().get(page.games().size() - 1).id());
                }
                return o;
            });
        });
        app.get("/api/games/{base}/{year}/{record}", ctx -> {
            String base = ctx.pathParam("base");
            int year = pathNumber(ctx, "year");
            int record = pathNumber(ctx, "record");
            answer(ctx, Cost.CHEAP, () -> {
                StoredGame g = db.game(base, year, record).orElseThrow(() -> new NotFound("no game " + base + " " + year + " " + record));
                ObjectNode o = Json.node(g);
                db.sourceText(g.id()).ifPresent(src -> o.putObject("source").put("file", src.file())
                        .put("format", src.format()).put("line", src.line()).put("text", src.text()));
                return o;
            });
        });
        // where names disagree: on copies of one game in two bases, and games one base holds twice
        app.get("/api/players/conflicts", ctx -> answer(ctx, Cost.HEAVY, () -> {
            org.thordb.engine.Engine.Conflicts c = db.conflicts();
            ObjectNode o = Json.object();
            ArrayNode names = o.putArray("names");
            for (org.thordb.engine.Engine.NameConflict n : c.copies()) {
                ObjectNode x = names.addObject().put("name", n.nameA()).put("base", n.baseA()).put("otherName", n.nameB())
                        .put("otherBase", n.baseB()).put("games", n.games()).put("onePlayer", n.joined());
                if (n.example() != null) {
                    x.put("example", n.example().base() + "/" + n.example().year() + "/" + n.example().record());
                }
            }
            ArrayNode same = o.putArray("sameGames");
            for (java.util.List<org.thordb.engine.StoredGame> p : c.sameBase()) {
                same.addObject().put("base", p.get(0).base()).put("year", p.get(0).year()).put("record", p.get(0).record())
                        .put("otherRecord", p.get(1).record()).put("black", p.get(0).black()).put("white", p.get(0).white())
                        .put("otherBlack", p.get(1).black()).put("otherWhite", p.get(1).white());
            }
            return o;
        }));
        // a player's report (any spelling the player's identity joins), as thordb report --format json gives it
        app.get("/api/players/{name}/report", ctx -> {
            String name = ctx.pathParam("name");
            answer(ctx, Cost.HEAVY, () -> org.thordb.usecase.PlayerReport.json(org.thordb.usecase.PlayerReport.of(db, name,
                    org.thordb.usecase.PlayerReport.Settings.DEFAULT)));
        });
        // the opponent's repertoire as a tree, for a game as black or white
        app.get("/api/players/{name}/prepare", ctx -> {
            String name = ctx.pathParam("name");
            String as = param(ctx, "as", "black").strip().toLowerCase(java.util.Locale.ROOT);
            if (!as.equals("black") && !as.equals("white")) {
                throw new Refused(400, "as: black or white, not " + Faults.quote(as));
            }
            org.thordb.usecase.Preparation.Settings d = org.thordb.usecase.Preparation.Settings.DEFAULT;
            org.thordb.usecase.Preparation.Settings s = new org.thordb.usecase.Preparation.Settings(
                    number(ctx, "min", d.minGames(), 1, 100_000), number(ctx, "plies", d.maxPlies(), 1, 30),
                    number(ctx, "valued", d.valued(), 0, 200));
            answer(ctx, Cost.HEAVY, () -> org.thordb.usecase.Preparation.json(org.thordb.usecase.Preparation.of(db, name,
                    as.equals("black") ? org.thordb.othello.Side.BLACK : org.thordb.othello.Side.WHITE, s)));
        });
        // a player's score and rating by year, drawn (the page shows it; the preparation's HTML file holds it)
        app.get("/api/players/{name}/plot.svg", ctx -> {
            String name = ctx.pathParam("name");
            answer(ctx, Cost.HEAVY, () -> new Inline("image/svg+xml; charset=utf-8", org.thordb.usecase.Plots.yearsSvg(
                    org.thordb.usecase.PlayerReport.of(db, name, new org.thordb.usecase.PlayerReport.Settings(8, 0, 0, 0)))
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        });
        app.get("/api/bases", ctx -> answer(ctx, Cost.CHEAP, () -> {
            ObjectNode o = Json.object();
            ArrayNode a = o.putArray("bases");
            org.thordb.store.Catalog c = db.catalog();
            for (org.thordb.store.Catalog.Base b : c.bases()) {
                long games = c.gameFiles().stream().filter(f -> f.base() == b.id()).mapToLong(org.thordb.store.FileRow::games).sum();
                a.addObject().put("name", b.name()).put("games", games);
            }
            return o;
        }));
        app.get("/api/export", ctx -> {
            String q = scoped(ctx, param(ctx, "q", ""));
            String format = param(ctx, "format", "pgn").strip().toLowerCase(java.util.Locale.ROOT);
            if (!format.equals("pgn") && !format.equals("wthor")) {
                throw new Refused(400, "format: pgn or wthor, not " + Faults.quote(format));
            }
            answer(ctx, Cost.HEAVY, () -> download(q, format));
        });
        app.get("/api/explore", ctx -> {
            String moves = param(ctx, "moves", "");
            if (moves.length() > MAX_MOVES_TEXT) {
                throw new Refused(400, "moves: at most " + MAX_MOVES_TEXT + " characters");
            }
            int solve = number(ctx, "solve", SOLVE_EMPTIES, 0, MAX_SOLVE_EMPTIES);
            boolean estimate = !"false".equals(param(ctx, "estimate", "true"));
            String q = scoped(ctx, param(ctx, "q", ""));
            String board = param(ctx, "board", "");
            Position p = board.isBlank() ? Position.afterLine(moves) : fromBoard(board, moves);
            // the explorer's one answer, as every surface gets it (estimate=false leaves the estimates out)
            org.thordb.usecase.Explore.Settings settings = org.thordb.usecase.Explore.Settings.DEFAULT.exactUpTo(solve)
                    .withEstimates(estimate);
            // a solve or an estimate not kept yet is a fraction of a second of work or more: heavy
            boolean cheap = org.thordb.usecase.Explore.cheap(p, settings);
            answer(ctx, !cheap || costOf(q) == Cost.HEAVY ? Cost.HEAVY : Cost.CHEAP, () -> {
                org.thordb.usecase.Explore.Answer a = org.thordb.usecase.Explore.of(db, p, q, settings);
                ObjectNode o = Json.exploration(a.exploration(), a.values(), a.firstGames());
                o.put("line", Notation.line(java.util.Arrays.stream(Notation.parseMoves(moves))
                        .filter(sq -> sq != Notation.PASS).toArray()));
                o.put("toMove", p.toMove().name().toLowerCase(java.util.Locale.ROOT));
                ArrayNode legal = o.putArray("legal");
                for (long m = p.legalMoves(); m != 0; m &= m - 1) {
                    legal.add(Notation.name(Long.numberOfTrailingZeros(m)));
                }
                return o;
            });
        });
        app.error(404, ctx -> {
            String type = ctx.res().getContentType();
            if (type == null || !type.startsWith("application/json")) { // not a route's own JSON 404
                error(ctx, 404, "no such page: " + Faults.quote(ctx.path()), null);
            }
        });
    }

    /**
     * A position set up on the page's board editor ({@code board}: 64 squares a1…h8 of X O -, a
     * space, the side to move), then the moves played from it.
     */
    private static Position fromBoard(String board, String moves) {
        if (board.length() > 80) {
            throw new Refused(400, "board: 64 squares and the side to move, not " + board.length() + " characters");
        }
        Position p = Position.parseBoard(board);
        for (int sq : Notation.parseMoves(moves)) {
            if (sq == Notation.PASS) {
                continue; // the side to move already says a pass
            }
            if (!p.isLegal(sq)) {
                throw Faults.of(org.thordb.error.ErrorCode.ILLEGAL_MOVE, "moves: " + Notation.name(sq)
                        + " is not legal on the board given");
            }
            p = p.play(sq);
        }
        return p;
    }

    /** The most games a download holds: the FFO base is 117,435. */
    static final long MAX_DOWNLOAD = 250_000;

    /** A query's games as one PGN file, or as WTHOR files (a year each, and the names) in a zip. */
    private Download download(String q, String format) throws java.io.IOException {
        long n = db.count(q);
        if (n > MAX_DOWNLOAD) {
            throw Faults.of(org.thordb.error.ErrorCode.BAD_ARGUMENT, n + " games: a download holds "
                    + MAX_DOWNLOAD + " at most (thordb export writes any number)");
        }
        if (format.equals("pgn")) {
            java.io.StringWriter text = new java.io.StringWriter();
            try (java.io.PrintWriter w = new java.io.PrintWriter(text)) {
                new org.thordb.export.Exporter(db, java.nio.file.Path.of("."), org.thordb.export.Exporter.Format.PGN, false,
                        java.time.LocalDate.now()).exportTo(q, w);
            }
            return new Download("thordb.pgn", "application/x-chess-pgn; charset=utf-8",
                    text.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("thordb-download");
        try {
            new org.thordb.export.Exporter(db, dir, org.thordb.export.Exporter.Format.WTHOR, false, java.time.LocalDate.now())
                    .exportAll(q);
            java.io.ByteArrayOutputStream zip = new java.io.ByteArrayOutputStream();
            try (java.util.zip.ZipOutputStream z = new java.util.zip.ZipOutputStream(zip);
                 java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.list(dir)) {
                for (java.nio.file.Path f : files.sorted().toList()) {
                    z.putNextEntry(new java.util.zip.ZipEntry(f.getFileName().toString()));
                    z.write(java.nio.file.Files.readAllBytes(f));
                    z.closeEntry();
                }
            }
            return new Download("thordb-wthor.zip", "application/zip", zip.toByteArray());
        } finally {
            try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.list(dir)) {
                for (java.nio.file.Path f : files.toList()) {
                    java.nio.file.Files.deleteIfExists(f);
                }
            }
            java.nio.file.Files.deleteIfExists(dir);
        }
    }

    /**
     * A query with the request's scope: {@code base=NAME} keeps one base's games, {@code copies=all}
     * counts every copy of a game imported from several bases ({@code once}, the default, counts it once).
     */
    private static String scoped(Context ctx, String q) {
        String base = param(ctx, "base", "");
        String copies = param(ctx, "copies", "once").strip().toLowerCase(java.util.Locale.ROOT);
        if (!copies.equals("all") && !copies.equals("once")) {
            throw Faults.of(org.thordb.error.ErrorCode.BAD_ARGUMENT, "copies is all or once, not '"
                    + Faults.quote(copies) + "'");
        }
        String out = q;
        if (!base.isBlank()) {
            String b = "base = " + org.thordb.query.ast.QueryField.literal(base.strip());
            out = out.isBlank() ? b : "(" + out + ") and " + b;
        }
        if (copies.equals("all")) {
            out = out.isBlank() ? "copies = all" : "(" + out + ") and copies = all";
        }
        return out;
    }

    /**
     * What every request passes before its route: GET (or HEAD) only, a Host header that names
     * this server (a page of another site that rebinds its name to 127.0.0.1 must not read the API),
     * and percent escapes that decode (Jetty would drop a parameter with a bad one, silently).
     */
    private void screen(Context ctx) {
        String method = ctx.req().getMethod();
        if (!method.equals("GET") && !method.equals("HEAD")) {
            throw new Refused(405, "the method " + Faults.quote(method) + " is not allowed: thordb's API reads"
                    + " only, with GET", java.util.Map.of("Allow", "GET, HEAD"));
        }
        if (!anyHost) {
            String host = hostName(ctx.header("Host"));
            if (host == null || !allowedHosts.contains(host)) {
                throw new Refused(403, "the Host header " + (host == null ? "is missing" : "'" + Faults.quote(host)
                        + "' is not a name of this server") + "; 'thordb serve --allow-host NAME' accepts another");
            }
        }
        String qs = ctx.queryString();
        if (qs != null) {
            for (int i = 0; i < qs.length(); i++) {
                if (qs.charAt(i) == '%' && (i + 2 >= qs.length() || hex(qs.charAt(i + 1)) < 0 || hex(qs.charAt(i + 2)) < 0)) {
                    throw new Refused(400, "a malformed percent escape at character " + (i + 1) + " of the query string: '"
                            + Faults.quote(qs.substring(i, Math.min(qs.length(), i + 3))) + "' (write % as %25)");
                }
            }
        }
    }

    /** The host name of a Host header, without its port and brackets, lower case; null when none. */
    static String hostName(String header) {
        if (header == null || header.isBlank()) {
            return null;
        }
        String h = header.strip().toLowerCase(java.util.Locale.ROOT);
        if (h.startsWith("[")) {
            int end = h.indexOf(']');
            return end < 0 ? h : h.substring(1, end);
        }
        int colon = h.lastIndexOf(':');
        return colon >= 0 && h.indexOf(':') == colon ? h.substring(0, colon) : h;
    }

    private static int hex(char c) {
        return Character.digit(c, 16) >= 0 && c < 128 ? Character.digit(c, 16) : -1;
    }

    /** Heavy when the query replays games for a board condition; cheap otherwise (or when it does not parse: it fails fast). */
    private static Cost costOf(String q) {
        if (q.isBlank()) {
            return Cost.CHEAP;
        }
        try {
            for (org.thordb.query.ast.Predicate p : org.thordb.query.parse.QueryParser.parse(q).predicates(true)) {
                if (p instanceof org.thordb.query.ast.BoardCondition) {
                    return Cost.HEAVY;
                }
            }
        } catch (ThorDbException e) {
            return Cost.CHEAP;
        }
        return Cost.CHEAP;
    }

    /** A request refused before its work: its status, message and headers. */
    private static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int status;
        final java.util.Map<String, String> headers;

        Refused(int status, String message) {
            this(status, message, java.util.Map.of());
        }

        Refused(int status, String message, java.util.Map<String, String> headers) {
            super(message, null, false, false);
            this.status = status;
            this.headers = headers;
        }
    }

    /** A game or a page that is not there. */
    private static final class NotFound extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NotFound(String message) {
            super(message, null, false, false);
        }
    }


    /** A file to download: its name, its type and its bytes. */
    private record Download(String name, String type, byte[] bytes) {
    }

    /** An answer shown in the page rather than saved (a drawing). */
    private record Inline(String type, byte[] bytes) {
    }

    /**
     * Admits a request's work to its class's threads (503 at once when its client's share or the
     * queue is full), waits for it within the time limit, and answers its JSON or the error as JSON.
     * At the limit, the work's thread is interrupted: the long loops check for it and stop.
     */
    private void answer(Context ctx, Cost cost, Callable<?> task) {
        String client = cost + " " + ctx.ip();
        int share = cost == Cost.HEAVY ? HEAVY_PER_CLIENT : CHEAP_PER_CLIENT;
        java.util.concurrent.atomic.AtomicInteger held = admitted.computeIfAbsent(client,
                k -> new java.util.concurrent.atomic.AtomicInteger());
        if (held.incrementAndGet() > share) {
            release(client, held);
            busy(ctx, "this client has " + share + " " + cost.name().toLowerCase(java.util.Locale.ROOT)
                    + " requests under way already, the most one client may have");
            return;
        }
        // whoever claims the request first gives its share back: the work when it starts, or this
        // thread when the work was dropped from the queue unstarted
        java.util.concurrent.atomic.AtomicBoolean claimed = new java.util.concurrent.atomic.AtomicBoolean();
        Future<?> f;
        try {
            f = (cost == Cost.HEAVY ? heavy : cheap).submit(() -> {
                if (!claimed.compareAndSet(false, true)) {
                    return null; // given up before it started
                }
                try {
                    return task.call();
                } finally {
                    release(client, held);
                }
            });
        } catch (RejectedExecutionException e) {
            release(client, held);
            busy(ctx, "the server is full of " + cost.name().toLowerCase(java.util.Locale.ROOT) + " requests");
            return;
        }
        try {
            Object r = f.get(timeoutMillis, TimeUnit.MILLISECONDS);
            if (r instanceof Inline in) {
                ctx.status(200).contentType(in.type()).result(in.bytes());
            } else if (r instanceof Download d) {
                ctx.status(200).contentType(d.type()).header("Content-Disposition", "attachment; filename=\"" + d.name() + "\"")
                        .result(d.bytes());
            } else {
                json(ctx, 200, (ObjectNode) r);
            }
        } catch (TimeoutException e) {
            f.cancel(true); // interrupts the work, or drops it from the queue
            if (claimed.compareAndSet(false, true)) {
                release(client, held);
            }
            error(ctx, 503, "the request ran longer than " + timeoutMillis + " ms and was stopped", null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            f.cancel(true);
            error(ctx, 503, "the server is stopping", null);
        } catch (java.util.concurrent.CancellationException e) {
            error(ctx, 503, "the request was stopped", null);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof NotFound n) {
                error(ctx, 404, n.getMessage(), null);
            } else if (c instanceof ThorDbException t) {
                error(ctx, status(t), t.getMessage(), t.detail());
            } else {
                error(ctx, 500, "the server failed on this request", null);
            }
        }
    }

    private static int status(ThorDbException t) {
        return switch (t.code()) {
            case QUERY, BAD_ARGUMENT, BAD_NOTATION, ILLEGAL_MOVE -> 400;
            case CLOSED, CANCELLED -> 503;
            default -> 500;
        };
    }

    private void release(String client, java.util.concurrent.atomic.AtomicInteger held) {
        if (held.decrementAndGet() <= 0) {
            admitted.remove(client, held);
        }
    }

    private void busy(Context ctx, String why) {
        ctx.header("Retry-After", String.valueOf(RETRY_AFTER_SECONDS));
        error(ctx, 503, why + ": try again in " + RETRY_AFTER_SECONDS + " s", null);
    }

    private static void json(Context ctx, int status, ObjectNode o) {
        ctx.status(status).contentType("application/json; charset=utf-8").result(o.toString());
    }

    private void error(Context ctx, int status, String message, String detail) {
        ObjectNode o = errorBody(status, hidePaths(message));
        Matcher m = AT.matcher(message);
        if (m.lookingAt()) {
            o.put("line", Integer.parseInt(m.group(1))).put("column", Integer.parseInt(m.group(2)));
        }
        if (detail != null) {
            o.put("detail", hidePaths(detail));
        }
        json(ctx, status, o);
    }

    private static ObjectNode errorBody(int status, String message) {
        ObjectNode o = Json.object();
        o.put("status", status).put("error", message);
        return o;
    }

    /** A message without the store's place on the disk: a client is not told where the server keeps its files. */
    private String hidePaths(String message) {
        return storePaths.matcher(message).replaceAll("the store");
    }

    /** {@link #hidePaths} for a store at {@code dir}: what a client is told of a message. */
    static String withoutStorePath(java.nio.file.Path dir, String message) {
        return storePaths(dir).matcher(message).replaceAll("the store");
    }

    /**
     * The store's path as the messages write it (absolute, or as it was given), matched only where
     * a path stands: a relative {@code db} must not turn "thordb" into "thothe store".
     */
    private static Pattern storePaths(java.nio.file.Path dir) {
        String absolute = Pattern.quote(dir.toAbsolutePath().toString());
        String given = dir.toString();
        String either = given.isEmpty() || given.equals(dir.toAbsolutePath().toString()) ? absolute
                : absolute + "|" + Pattern.quote(given);
        return Pattern.compile("(?<![\\w./-])(?:" + either + ")(?![\\w.-])");
    }

    private static String param(Context ctx, String name, String fallback) {
        String v = ctx.queryParam(name);
        return v == null ? fallback : v;
    }

    private static int number(Context ctx, String name, int fallback, int min, int max) {
        String v = ctx.queryParam(name);
        if (v == null || v.isEmpty()) {
            return fallback;
        }
        Long n = plainNumber(v);
        if (n != null && n >= min && n <= max) {
            return n.intValue();
        }
        throw new Refused(400, name + " takes a whole number from " + min + " to " + max + ", not '"
                + Faults.quote(v) + "'");
    }

    /** A whole number written in ASCII digits (no sign, no other script's digits), or null; past 18 digits, null. */
    static Long plainNumber(String v) {
        if (v.isEmpty() || v.length() > 18) {
            return null;
        }
        long n = 0;
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            if (c < '0' || c > '9') {
                return null;
            }
            n = n * 10 + (c - '0');
        }
        return n;
    }

    private static int pathNumber(Context ctx, String name) {
        String v = ctx.pathParam(name);
        Long n = plainNumber(v);
        if (n == null) {
            throw new Refused(404, "no game: " + name + " '" + Faults.quote(v) + "' is not a number written in the"
                    + " digits 0 to 9");
        }
        if (n > Integer.MAX_VALUE) {
            throw new Refused(404, "no game: " + name + " " + v + " is past any a store holds");
        }
        return n.intValue();
    }

    private static void resource(Context ctx, String name, String type) throws IOException {
        try (InputStream in = WebServer.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("the page's file " + name + " is missing from the jar");
            }
            ctx.contentType(type).header("Cache-Control", "no-cache").result(in.readAllBytes());
        }
    }

    /**
     * Jetty's own errors (a request line too long, headers too large, a bad escape in the path, an
     * unknown method) as JSON like every other error, with no server page, class name or stack.
     */
    private static final class JsonErrors extends org.eclipse.jetty.server.handler.ErrorHandler {
        JsonErrors() {
            setShowStacks(false);
            setShowServlet(false);
        }

        @Override
        protected void generateAcceptableResponse(org.eclipse.jetty.server.Request baseRequest,
                jakarta.servlet.http.HttpServletRequest request, jakarta.servlet.http.HttpServletResponse response,
                int code, String message) throws IOException {
            baseRequest.setHandled(true);
            response.setContentType("application/json; charset=utf-8");
            response.getWriter().write(errorBody(code, reason(code, message)).toString());
        }

        @Override
        public java.nio.ByteBuffer badMessageError(int status, String reason,
                org.eclipse.jetty.http.HttpFields.Mutable fields) {
            fields.put(org.eclipse.jetty.http.HttpHeader.CONTENT_TYPE, "application/json; charset=utf-8");
            return java.nio.ByteBuffer.wrap(errorBody(status, reason(status, reason)).toString()
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }

        private static String reason(int code, String message) {
            String plain = org.eclipse.jetty.http.HttpStatus.getMessage(code);
            // Jetty's reasons are short phrases of its own; anything longer may carry internals
            return message != null && message.length() <= 60 && !message.contains(".") && !message.contains("/")
                    ? message : plain;
        }
    }
}
