package org.thordb.web;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.thordb.Game;
import org.thordb.ThorDb;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.explore.Exploration;
import org.thordb.explore.Explorer;
import org.thordb.export.Json;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;

/**
 * thordb over HTTP: the explorer page ({@code /}) and a JSON API on a store opened read-only, on
 * Javalin (Jetty underneath). Nothing it serves writes to the store or the disk. Every API answer is
 * JSON; an error is {@code {"error": …}} with its status: 400 for a bad query or argument (with the
 * parser's line, column and caret), 404 for an unknown game or path, 503 when a request runs longer
 * than the time limit.
 *
 * <p>Usage: {@code try (WebServer s = WebServer.start(db, "127.0.0.1", 8080, 10_000)) { … s.port() … }}
 */
public final class WebServer implements AutoCloseable {
    /** The most games a page of {@code /api/games} holds. */
    public static final int MAX_LIMIT = 500;
    /** The longest {@code moves} accepted: 60 moves and passes, with room for separators. */
    public static final int MAX_MOVES_TEXT = 400;
    /** By default, explored positions with at most this many empties get each move's exact score. */
    public static final int SOLVE_EMPTIES = 10;
    /** The most empties {@code solve=} takes: beyond, a solve takes seconds. */
    public static final int MAX_SOLVE_EMPTIES = 20;

    private static final Pattern AT = Pattern.compile("query error at line (\\d+), column (\\d+): ");

    static {
        // the server's own log (slf4j-simple, for the command line) only when something is wrong,
        // unless the embedding program said otherwise
        if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        }
    }

    private final ThorDb db;
    private final Javalin app;
    private final long timeoutMillis;
    private final ExecutorService work;

    private WebServer(ThorDb db, long timeoutMillis) {
        this.db = db;
        this.timeoutMillis = timeoutMillis;
        this.work = Executors.newFixedThreadPool(Math.max(2, Runtime.getRuntime().availableProcessors() * 2), r -> {
            Thread t = new Thread(r, "thordb-web-work");
            t.setDaemon(true);
            return t;
        });
        this.app = Javalin.create(config -> {
            config.showJavalinBanner = false;
            config.http.maxRequestSize = 16_384L; // no route reads a body: small requests only
            config.jetty.modifyHttpConfiguration(h -> h.setRequestHeaderSize(16_384)); // the query string's room
        });
        routes();
    }

    /**
     * Starts a server on a host and port (0: a free port) for a store the caller keeps open and
     * closes after the server.
     *
     * @param timeoutMillis the longest a request may run before it is answered 503
     */
    public static WebServer start(ThorDb db, String host, int port, long timeoutMillis) {
        WebServer s = new WebServer(db, timeoutMillis);
        db.read(org.thordb.index.GameTable::of); // made now, not by the first request: the explorer reads it
        s.app.start(host, port);
        return s;
    }

    /** The port the server listens on. */
    public int port() {
        return app.port();
    }

    @Override
    public void close() {
        app.stop();
        work.shutdownNow();
    }

    private void routes() {
        app.get("/", ctx -> resource(ctx, "index.html", "text/html; charset=utf-8"));
        app.get("/app.js", ctx -> resource(ctx, "app.js", "text/javascript; charset=utf-8"));
        app.get("/app.css", ctx -> resource(ctx, "app.css", "text/css; charset=utf-8"));
        app.get("/api/count", ctx -> answer(ctx, () -> {
            String q = param(ctx, "q", "");
            ObjectNode o = Json.object();
            o.put("query", q).put("count", db.count(q));
            return o;
        }));
        app.get("/api/stats", ctx -> answer(ctx, () -> {
            String by = param(ctx, "by", "year");
            String q = param(ctx, "q", "");
            org.thordb.stats.Grouping g = org.thordb.stats.Grouping.parse(by);
            java.util.List<org.thordb.stats.GroupStats> rows = new java.util.ArrayList<>(db.stats(by, q));
            String sort = param(ctx, "sort", "");
            if (!sort.isBlank()) {
                rows.sort(org.thordb.stats.Statistics.order(sort));
            }
            int limit = number(ctx, "limit", 100, 1, 10_000);
            ObjectNode o = Json.object();
            o.put("query", q).put("by", g.toString()).put("side", g.side()).put("groups", rows.size());
            ArrayNode a = o.putArray("rows");
            rows.stream().limit(limit).forEach(r -> a.add(Json.group(r)));
            return o;
        }));
        app.get("/api/explain", ctx -> answer(ctx, () -> {
            String q = param(ctx, "q", "");
            ObjectNode o = Json.object();
            o.put("query", q).put("plan", db.explain(q));
            return o;
        }));
        app.get("/api/games", ctx -> answer(ctx, () -> {
            String q = param(ctx, "q", "");
            int offset = number(ctx, "offset", 0, 0, Integer.MAX_VALUE);
            int limit = number(ctx, "limit", 50, 0, MAX_LIMIT);
            ThorDb.Page page = db.page(q, param(ctx, "sort", ""), offset, limit);
            ObjectNode o = Json.object();
            o.put("query", q).put("total", page.total()).put("offset", offset).put("limit", limit);
            ArrayNode games = o.putArray("games");
            page.games().forEach(g -> games.add(Json.node(g)));
            return o;
        }));
        app.get("/api/games/{base}/{year}/{record}", ctx -> answer(ctx, () -> {
            int year = pathNumber(ctx, "year");
            int record = pathNumber(ctx, "record");
            Game g = db.game(ctx.pathParam("base"), year, record).orElseThrow(() -> new NotFound("no game "
                    + ctx.pathParam("base") + " " + year + " " + record));
            ObjectNode o = Json.node(g);
            db.sourceText(g.id()).ifPresent(src -> o.putObject("source").put("file", src.file())
                    .put("format", src.format()).put("line", src.line()).put("text", src.text()));
            return o;
        }));
        app.get("/api/explore", ctx -> answer(ctx, () -> {
            String moves = param(ctx, "moves", "");
            if (moves.length() > MAX_MOVES_TEXT) {
                throw new ThorDbException(ErrorCode.BAD_ARGUMENT, "moves: at most " + MAX_MOVES_TEXT + " characters");
            }
            Position p = Position.afterLine(moves);
            int solve = number(ctx, "solve", SOLVE_EMPTIES, 0, MAX_SOLVE_EMPTIES);
            Exploration e = db.explore(p, param(ctx, "q", ""));
            ObjectNode o = Json.exploration(e, solve == 0 ? null : perfect(p, solve));
            o.put("line", Notation.line(java.util.Arrays.stream(Notation.parseMoves(moves))
                    .filter(sq -> sq != Notation.PASS).toArray()));
            o.put("toMove", p.toMove().name().toLowerCase(java.util.Locale.ROOT));
            ArrayNode legal = o.putArray("legal");
            for (long m = p.legalMoves(); m != 0; m &= m - 1) {
                legal.add(Notation.name(Long.numberOfTrailingZeros(m)));
            }
            return o;
        }));
        app.error(404, ctx -> {
            if (!ctx.path().startsWith("/api/") || ctx.result() == null) {
                error(ctx, 404, "no such page: " + ctx.path(), null);
            }
        });
    }

    /** A game or a page that is not there. */
    private static final class NotFound extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NotFound(String message) {
            super(message, null, false, false);
        }
    }

    /** Exact scores already solved: a position's never change. Emptied when it grows past its bound. */
    private final java.util.concurrent.ConcurrentHashMap<Position, java.util.Map<Integer, Integer>> solved =
            new java.util.concurrent.ConcurrentHashMap<>();
    private static final int SOLVED_BOUND = 50_000;

    private java.util.Map<Integer, Integer> perfect(Position p, int maxEmpties) {
        if (64 - p.discs() > maxEmpties || p.legalMoves() == 0) {
            return null;
        }
        java.util.Map<Integer, Integer> m = solved.get(p);
        if (m == null) {
            m = Explorer.perfect(p, maxEmpties, timeoutMillis);
            if (m == null) {
                return null; // not solved in time: asked again next time
            }
            if (solved.size() >= SOLVED_BOUND) {
                solved.clear();
            }
            solved.put(p, m);
        }
        return m;
    }

    /** Runs a request's work within the time limit and answers its JSON, or the error as JSON. */
    private void answer(Context ctx, Callable<ObjectNode> task) {
        Future<ObjectNode> f = work.submit(task);
        try {
            json(ctx, 200, f.get(timeoutMillis, TimeUnit.MILLISECONDS));
        } catch (TimeoutException e) {
            f.cancel(true);
            error(ctx, 503, "the request ran longer than " + timeoutMillis + " ms and was stopped", null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            error(ctx, 503, "the server is stopping", null);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof NotFound n) {
                error(ctx, 404, n.getMessage(), null);
            } else if (c instanceof ThorDbException t) {
                int status = switch (t.code()) {
                    case QUERY, BAD_ARGUMENT, BAD_NOTATION, ILLEGAL_MOVE -> 400;
                    case CLOSED -> 503;
                    default -> 500;
                };
                error(ctx, status, t.getMessage(), t.detail());
            } else {
                error(ctx, 500, String.valueOf(c), null);
            }
        }
    }

    private static void json(Context ctx, int status, ObjectNode o) {
        ctx.status(status).contentType("application/json; charset=utf-8").result(o.toString());
    }

    private static void error(Context ctx, int status, String message, String detail) {
        ObjectNode o = Json.object();
        o.put("status", status).put("error", message);
        Matcher m = AT.matcher(message);
        if (m.lookingAt()) {
            o.put("line", Integer.parseInt(m.group(1))).put("column", Integer.parseInt(m.group(2)));
        }
        if (detail != null) {
            o.put("detail", detail);
        }
        json(ctx, status, o);
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
        try {
            int n = Integer.parseInt(v);
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new ThorDbException(ErrorCode.BAD_ARGUMENT, name + " takes a whole number from " + min + " to " + max
                + ", not '" + ThorDbException.quote(v) + "'");
    }

    private static int pathNumber(Context ctx, String name) {
        try {
            return Integer.parseInt(ctx.pathParam(name));
        } catch (NumberFormatException e) {
            throw new NotFound("no game: " + name + " '" + ThorDbException.quote(ctx.pathParam(name)) + "' is not a number");
        }
    }

    private static void resource(Context ctx, String name, String type) throws IOException {
        try (InputStream in = WebServer.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("the page's file " + name + " is missing from the jar");
            }
            ctx.contentType(type).header("Cache-Control", "no-cache").result(in.readAllBytes());
        }
    }
}
