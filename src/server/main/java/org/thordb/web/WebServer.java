package org.thordb.web;

import org.thordb.Query;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.thordb.ThorDb;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.io.IOException;
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
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.ErrorHandler;

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
     * the one policy of every surface ({@link ThorDb#EXACT_EMPTIES}).
     */
    public static final int SOLVE_EMPTIES = ThorDb.EXACT_EMPTIES;
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

    private final ThorDb db;
    private final Javalin app;
    private final long timeoutMillis;
    private final ThreadPoolExecutor cheap;
    private final ThreadPoolExecutor heavy;
    private final ConcurrentHashMap<String, AtomicInteger> admitted =
            new ConcurrentHashMap<>();
    private final Set<String> allowedHosts;
    private final boolean anyHost;
    private final Pattern storePaths;
    private volatile int port;

    private WebServer(ThorDb db, long timeoutMillis, Set<String> allowedHosts) {
        this.db = db;
        this.timeoutMillis = timeoutMillis;
        this.storePaths = storePaths(db.path());
        int cores = Runtime.getRuntime().availableProcessors();
        this.cheap = pool("thordb-web-cheap", Math.max(2, cores * 2), CHEAP_QUEUE);
        // fewer heavy threads than cores: a core stays free for the cheap requests
        this.heavy = pool("thordb-web-heavy", Math.max(1, cores - 1), HEAVY_QUEUE);
        this.anyHost = allowedHosts.contains("*");
        this.allowedHosts = new HashSet<>();
        allowedHosts.forEach(h -> this.allowedHosts.add(h.toLowerCase(Locale.ROOT)));
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
    public static WebServer start(ThorDb db, String host, int port, long timeoutMillis) {
        return start(db, host, port, timeoutMillis, Set.of());
    }

    /**
     * {@link #start(ThorDb, String, int, long)}, also answering requests whose Host header names
     * one of {@code otherHosts} (host names, without a port; {@code "*"}: any).
     */
    public static WebServer start(ThorDb db, String host, int port, long timeoutMillis, Set<String> otherHosts) {
        Set<String> allowed = new HashSet<>(otherHosts);
        allowed.add(host.startsWith("[") ? host.substring(1, host.length() - 1) : host);
        if (isLoopback(host)) {
            allowed.addAll(List.of("localhost", "127.0.0.1", "::1"));
        }
        if (host.equals("0.0.0.0") || host.equals("::") || host.isEmpty()) {
            allowed.add("*"); // listening on every address: every name of the machine is its own
        }
        WebServer s = new WebServer(db, timeoutMillis, allowed);
        db.warmUp(); // what the explorer reads, loaded now rather than by the first request
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
            return InetAddress.getByName(h).isLoopbackAddress();
        } catch (UnknownHostException e) {
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
    static final Map<String, String> SECURITY_HEADERS = Map.of(
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
        // each family of routes in a class of its own
        new PageRoutes().register(app);
        new GameRoutes(this, db).register(app);
        new PlayerRoutes(this, db).register(app);
        new ExplorerRoutes(this, db).register(app);
        app.error(404, ctx -> {
            String type = ctx.res().getContentType();
            if (type == null || !type.startsWith("application/json")) { // not a route's own JSON 404
                error(ctx, 404, "no such page: " + quote(ctx.path()), null);
            }
        });
    }

    /**
     * A query with the request's scope: {@code base=NAME} keeps one base's games, {@code copies=all}
     * counts every copy of a game imported from several bases ({@code once}, the default, counts it once).
     */
    static Query filter(Context ctx) {
        Query f = Query.parse(param(ctx, "q", ""));
        String base = param(ctx, "base", "");
        String copies = param(ctx, "copies", "once").strip().toLowerCase(Locale.ROOT);
        if (!copies.equals("all") && !copies.equals("once")) {
            throw new Refused(400, "copies is all or once, not '" + quote(copies) + "'");
        }
        f = f.inBase(base);
        return copies.equals("all") ? f.everyCopy() : f;
    }

    /**
     * What every request passes before its route: GET (or HEAD) only, a Host header that names
     * this server (a page of another site that rebinds its name to 127.0.0.1 must not read the API),
     * and percent escapes that decode (Jetty would drop a parameter with a bad one, silently).
     */
    private void screen(Context ctx) {
        String method = ctx.req().getMethod();
        if (!method.equals("GET") && !method.equals("HEAD")) {
            throw new Refused(405, "the method " + quote(method) + " is not allowed: thordb's API reads"
                    + " only, with GET", Map.of("Allow", "GET, HEAD"));
        }
        if (!anyHost) {
            String host = hostName(ctx.header("Host"));
            if (host == null || !allowedHosts.contains(host)) {
                throw new Refused(403, "the Host header " + (host == null ? "is missing" : "'" + quote(host)
                        + "' is not a name of this server") + "; 'thordb serve --allow-host NAME' accepts another");
            }
        }
        String qs = ctx.queryString();
        if (qs != null) {
            for (int i = 0; i < qs.length(); i++) {
                if (qs.charAt(i) == '%' && (i + 2 >= qs.length() || hex(qs.charAt(i + 1)) < 0 || hex(qs.charAt(i + 2)) < 0)) {
                    throw new Refused(400, "a malformed percent escape at character " + (i + 1) + " of the query string: '"
                            + quote(qs.substring(i, Math.min(qs.length(), i + 3))) + "' (write % as %25)");
                }
            }
        }
    }

    /** The host name of a Host header, without its port and brackets, lower case; null when none. */
    static String hostName(String header) {
        if (header == null || header.isBlank()) {
            return null;
        }
        String h = header.strip().toLowerCase(Locale.ROOT);
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
    static Cost costOf(Query f) {
        return f.readsBoards() ? Cost.HEAVY : Cost.CHEAP;
    }

    /**
     * Text from the request as a message shows it: on one line (control characters as {@code ?}),
     * at most 60 characters, so an answer never carries a client's escape sequences or megabytes back.
     */
    static String quote(String text) {
        StringBuilder sb = new StringBuilder(Math.min(text.length(), 60));
        for (int i = 0; i < text.length() && sb.length() < 60; i++) {
            char c = text.charAt(i);
            sb.append(Character.isISOControl(c) || c == '\u2028' || c == '\u2029' ? '?' : c);
        }
        return sb.toString();
    }

    /** A request refused before its work: its status, message and headers. */
    static final class Refused extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int status;
        final Map<String, String> headers;

        Refused(int status, String message) {
            this(status, message, Map.of());
        }

        Refused(int status, String message, Map<String, String> headers) {
            super(message, null, false, false);
            this.status = status;
            this.headers = headers;
        }
    }

    /** A game or a page that is not there. */
    static final class NotFound extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NotFound(String message) {
            super(message, null, false, false);
        }
    }


    /** A file to download: its name, its type and its bytes. */
    record Download(String name, String type, byte[] bytes) {
    }

    /** An answer that is JSON text already (the store's own, {@link org.thordb.JsonAnswers}). */
    record JsonText(String text) {
    }

    /** An answer shown in the page rather than saved (a drawing). */
    record Inline(String type, byte[] bytes) {
    }

    /**
     * Admits a request's work to its class's threads (503 at once when its client's share or the
     * queue is full), waits for it within the time limit, and answers its JSON or the error as JSON.
     * At the limit, the work's thread is interrupted: the long loops check for it and stop.
     */
    void answer(Context ctx, Cost cost, Callable<?> task) {
        String client = cost + " " + ctx.ip();
        int share = cost == Cost.HEAVY ? HEAVY_PER_CLIENT : CHEAP_PER_CLIENT;
        AtomicInteger held = admitted.computeIfAbsent(client,
                k -> new AtomicInteger());
        if (held.incrementAndGet() > share) {
            release(client, held);
            busy(ctx, "this client has " + share + " " + cost.name().toLowerCase(Locale.ROOT)
                    + " requests under way already, the most one client may have");
            return;
        }
        // whoever claims the request first gives its share back: the work when it starts, or this
        // thread when the work was dropped from the queue unstarted
        AtomicBoolean claimed = new AtomicBoolean();
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
            busy(ctx, "the server is full of " + cost.name().toLowerCase(Locale.ROOT) + " requests");
            return;
        }
        try {
            Object r = f.get(timeoutMillis, TimeUnit.MILLISECONDS);
            if (r instanceof Inline in) {
                ctx.status(200).contentType(in.type()).result(in.bytes());
            } else if (r instanceof Download d) {
                ctx.status(200).contentType(d.type()).header("Content-Disposition", "attachment; filename=\"" + d.name() + "\"")
                        .result(d.bytes());
            } else if (r instanceof JsonText t) {
                ctx.status(200).contentType(JSON).result(t.text());
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
        } catch (CancellationException e) {
            error(ctx, 503, "the request was stopped", null);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof NotFound n) {
                error(ctx, 404, n.getMessage(), null);
            } else if (c instanceof Refused r) { // refused once its work saw the request (a download too large)
                r.headers.forEach(ctx::header);
                error(ctx, r.status, r.getMessage(), null);
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

    private void release(String client, AtomicInteger held) {
        if (held.decrementAndGet() <= 0) {
            admitted.remove(client, held);
        }
    }

    private void busy(Context ctx, String why) {
        ctx.header("Retry-After", String.valueOf(RETRY_AFTER_SECONDS));
        error(ctx, 503, why + ": try again in " + RETRY_AFTER_SECONDS + " s", null);
    }

    private static final String JSON = "application/json; charset=utf-8";

    private static void json(Context ctx, int status, ObjectNode o) {
        ctx.status(status).contentType(JSON).result(o.toString());
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
        ObjectNode o = JsonNodeFactory.instance.objectNode();
        o.put("status", status).put("error", message);
        return o;
    }

    /** A message without the store's place on the disk: a client is not told where the server keeps its files. */
    private String hidePaths(String message) {
        return storePaths.matcher(message).replaceAll("the store");
    }

    /** {@link #hidePaths} for a store at {@code dir}: what a client is told of a message. */
    static String withoutStorePath(Path dir, String message) {
        return storePaths(dir).matcher(message).replaceAll("the store");
    }

    /**
     * The store's path as the messages write it (absolute, or as it was given), matched only where
     * a path stands: a relative {@code db} must not turn "thordb" into "thothe store".
     */
    private static Pattern storePaths(Path dir) {
        String absolute = Pattern.quote(dir.toAbsolutePath().toString());
        String given = dir.toString();
        String either = given.isEmpty() || given.equals(dir.toAbsolutePath().toString()) ? absolute
                : absolute + "|" + Pattern.quote(given);
        return Pattern.compile("(?<![\\w./-])(?:" + either + ")(?![\\w.-])");
    }

    static String param(Context ctx, String name, String fallback) {
        String v = ctx.queryParam(name);
        return v == null ? fallback : v;
    }

    static int number(Context ctx, String name, int fallback, int min, int max) {
        String v = ctx.queryParam(name);
        if (v == null || v.isEmpty()) {
            return fallback;
        }
        Long n = plainNumber(v);
        if (n != null && n >= min && n <= max) {
            return n.intValue();
        }
        throw new Refused(400, name + " takes a whole number from " + min + " to " + max + ", not '"
                + quote(v) + "'");
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

    static int pathNumber(Context ctx, String name) {
        String v = ctx.pathParam(name);
        Long n = plainNumber(v);
        if (n == null) {
            throw new Refused(404, "no game: " + name + " '" + quote(v) + "' is not a number written in the"
                    + " digits 0 to 9");
        }
        if (n > Integer.MAX_VALUE) {
            throw new Refused(404, "no game: " + name + " " + v + " is past any a store holds");
        }
        return n.intValue();
    }


    /**
     * Jetty's own errors (a request line too long, headers too large, a bad escape in the path, an
     * unknown method) as JSON like every other error, with no server page, class name or stack.
     */
    private static final class JsonErrors extends ErrorHandler {
        JsonErrors() {
            setShowStacks(false);
            setShowServlet(false);
        }

        @Override
        protected void generateAcceptableResponse(Request baseRequest,
                jakarta.servlet.http.HttpServletRequest request, jakarta.servlet.http.HttpServletResponse response,
                int code, String message) throws IOException {
            baseRequest.setHandled(true);
            response.setContentType("application/json; charset=utf-8");
            response.getWriter().write(errorBody(code, reason(code, message)).toString());
        }

        @Override
        public ByteBuffer badMessageError(int status, String reason,
                HttpFields.Mutable fields) {
            fields.put(HttpHeader.CONTENT_TYPE, "application/json; charset=utf-8");
            return ByteBuffer.wrap(errorBody(status, reason(status, reason)).toString()
                    .getBytes(StandardCharsets.UTF_8));
        }

        private static String reason(int code, String message) {
            String plain = HttpStatus.getMessage(code);
            // Jetty's reasons are short phrases of its own; anything longer may carry internals
            return message != null && message.length() <= 60 && !message.contains(".") && !message.contains("/")
                    ? message : plain;
        }
    }
}
