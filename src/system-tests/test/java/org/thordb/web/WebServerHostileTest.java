package org.thordb.web;

import org.thordb.usecase.Games;
import org.thordb.usecase.Stats;
import org.thordb.engine.Engine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.thordb.cli.CommandsTestAccess;
import org.thordb.ingest.Importer;
import org.thordb.sample.SampleBase;
import org.thordb.testing.TestBase;

/**
 * The server against hostile traffic on the loopback, spoken in raw HTTP (a Java client will not
 * send a forged Host header): every method but GET is a JSON 405, a foreign Host a JSON 403,
 * malformed escapes and empty sort keys 400s, Jetty's own errors JSON, no error with a class name
 * or a path of the disk; cheap requests answered while heavy ones fill their threads, a client past
 * its share told 503 with Retry-After, and a request stopped at the time limit stops its work.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class WebServerHostileTest {
    private TestBase base;
    private WebServer server;
    private final ObjectMapper json = new ObjectMapper();

    @BeforeAll
    void start() {
        base = TestBase.sample();
        server = WebServer.start(base.front(), "127.0.0.1", 0, 10_000);
    }

    @AfterAll
    void stop() {
        server.close();
    }

    /** An answer: status, headers (lower-case names) and body. */
    record Raw(int status, Map<String, String> headers, String body) {
        JsonNode json() throws Exception {
            assertTrue(headers.getOrDefault("content-type", "").startsWith("application/json"), "JSON: " + this);
            return new ObjectMapper().readTree(body);
        }
    }

    /** Sends bytes as they are and reads the whole answer. */
    static Raw raw(int port, String request) throws Exception {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.setSoTimeout(30_000);
            OutputStream out = s.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            InputStream in = s.getInputStream();
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            byte[] buf = new byte[8192];
            for (int n; (n = in.read(buf)) > 0; ) {
                all.write(buf, 0, n);
            }
            String text = all.toString(StandardCharsets.UTF_8);
            int end = text.indexOf("\r\n\r\n");
            String head = end < 0 ? text : text.substring(0, end);
            String body = end < 0 ? "" : text.substring(end + 4);
            String[] lines = head.split("\r\n");
            Map<String, String> headers = new TreeMap<>();
            for (int i = 1; i < lines.length; i++) {
                int c = lines[i].indexOf(':');
                if (c > 0) {
                    headers.put(lines[i].substring(0, c).strip().toLowerCase(Locale.ROOT), lines[i].substring(c + 1).strip());
                }
            }
            if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
                body = unchunk(body);
            }
            return new Raw(Integer.parseInt(lines[0].split(" ")[1]), headers, body);
        }
    }

    private static String unchunk(String body) {
        StringBuilder sb = new StringBuilder();
        int i = 0;
        while (i < body.length()) {
            int eol = body.indexOf("\r\n", i);
            int size = Integer.parseInt(body.substring(i, eol).strip(), 16);
            if (size == 0) {
                break;
            }
            sb.append(body, eol + 2, eol + 2 + size);
            i = eol + 2 + size + 2;
        }
        return sb.toString();
    }

    private Raw get(String target) throws Exception {
        return raw(server.port(), "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + server.port() + "\r\nConnection: close\r\n\r\n");
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    /** No Java class name, stack frame or path of the disk in what a client is told. */
    private void clean(Raw r) {
        assertFalse(r.body().matches("(?s).*\\b(java|org\\.eclipse|org\\.thordb|io\\.javalin)\\.[a-z].*"), "a class name: " + r.body());
        assertFalse(r.body().contains("Exception"), r.body());
        assertFalse(r.body().contains("\tat "), r.body());
        assertFalse(r.body().contains(base.db().path().toAbsolutePath().toString()), "the store's path: " + r.body());
        assertFalse(r.body().contains("<html"), "HTML: " + r.body());
    }

    @Test
    void everyMethodButGetIsAJson405() throws Exception {
        for (String method : new String[] {"POST", "PUT", "DELETE", "PATCH", "OPTIONS"}) {
            for (String path : new String[] {"/api/count?q=year%3D2000", "/", "/api/nowhere"}) {
                Raw r = raw(server.port(), method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n"
                        + "Connection: close\r\n\r\n");
                assertEquals(405, r.status(), method + " " + path + ": " + r);
                assertEquals("GET, HEAD", r.headers().get("allow"));
                assertTrue(r.json().get("error").asText().startsWith("the method " + method + " is not allowed"), r.body());
                clean(r);
            }
        }
        Raw trace = raw(server.port(), "TRACE / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
        assertEquals(405, trace.status(), trace.toString());
        trace.json();
    }

    @Test
    void aForeignHostHeaderIsRefusedAndTheLoopbackNamesAreNot() throws Exception {
        int port = server.port();
        for (String host : new String[] {"evil.example", "evil.example:" + port, "127.0.0.1.evil.example", "localhost.evil"}) {
            Raw r = raw(port, "GET /api/count HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n");
            assertEquals(403, r.status(), host + ": " + r);
            assertTrue(r.json().get("error").asText().contains("is not a name of this server"), r.body());
        }
        Raw none = raw(port, "GET /api/count HTTP/1.0\r\n\r\n");
        assertEquals(403, none.status(), none.toString());
        for (String host : new String[] {"127.0.0.1:" + port, "localhost:" + port, "LOCALHOST", "[::1]:" + port}) {
            Raw r = raw(port, "GET /api/count HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n");
            assertEquals(200, r.status(), host + ": " + r);
        }
        try (WebServer other = WebServer.start(base.front(), "127.0.0.1", 0, 10_000, java.util.Set.of("thordb.lan"))) {
            assertEquals(200, raw(other.port(), "GET /api/count HTTP/1.1\r\nHost: thordb.lan:80\r\nConnection: close\r\n\r\n").status());
            assertEquals(403, raw(other.port(), "GET /api/count HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n").status());
        }
    }

    @Test
    void malformedEscapesAndEmptySortKeysAre400s() throws Exception {
        for (String target : new String[] {"/api/count?q=year%3D2015%zz", "/api/count?q=year%3D2015%", "/api/count?q=%g0",
            "/api/games?q=&sort=year%2"}) {
            Raw r = get(target);
            assertEquals(400, r.status(), target + ": " + r);
            assertTrue(r.json().get("error").asText().startsWith("a malformed percent escape"), r.body());
        }
        assertEquals(200, get("/api/count?q=year%3D2015").status(), "a well-formed escape still works");
        for (String sort : new String[] {",", "year,", ",year", "-", " , "}) {
            Raw r = get("/api/games?sort=" + enc(sort));
            assertEquals(400, r.status(), sort + ": " + r);
            assertTrue(r.json().get("error").asText().startsWith("an empty sort key in"), r.body());
            clean(r);
        }
        CommandsTestAccess.Run q = CommandsTestAccess.run("query", "--db", base.db().path().toString(), "--sort", ",", "year >= 0");
        assertEquals(2, q.status(), q.err());
        assertTrue(q.err().startsWith("thordb: an empty sort key in ','"), q.err());
    }

    @Test
    void jettysOwnErrorsAreJsonToo() throws Exception {
        Raw longLine = get("/api/count?q=" + "a".repeat(20_000));
        assertTrue(longLine.status() == 414 || longLine.status() == 431, longLine.toString());
        assertNotNull(longLine.json().get("error"));
        clean(longLine);
        Raw bigHeader = raw(server.port(), "GET /api/count HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + "b".repeat(20_000)
                + "\r\nConnection: close\r\n\r\n");
        assertEquals(431, bigHeader.status(), bigHeader.toString());
        bigHeader.json();
        clean(bigHeader);
        Raw badPath = get("/api/%zz");
        assertEquals(400, badPath.status(), badPath.toString());
        badPath.json();
        clean(badPath);
        Raw garbage = raw(server.port(), "GARBAGE\r\n\r\n");
        assertEquals(400, garbage.status(), garbage.toString());
        garbage.json();
        Raw unknown = get("/api/nothing");
        assertEquals(404, unknown.status());
        assertEquals("no such page: /api/nothing", unknown.json().get("error").asText());
    }

    @Test
    void recordNumbersAreAsciiDigitsAndRangeIsSaid() throws Exception {
        Raw arabic = get("/api/games/CLUB/1990/" + enc("\u0661\u0662"));
        assertEquals(404, arabic.status());
        assertTrue(arabic.json().get("error").asText().contains("is not a number written in the digits 0 to 9"), arabic.body());
        Raw huge = get("/api/games/CLUB/1990/99999999999");
        assertEquals(404, huge.status());
        assertEquals("no game: record 99999999999 is past any a store holds", huge.json().get("error").asText());
        Raw limit = get("/api/games?limit=" + enc("\u0661"));
        assertEquals(400, limit.status());
    }

    @Test
    void errorsOfAClosedOrDamagedStoreNameNoPath() throws Exception {
        Path dir = java.nio.file.Files.createTempDirectory("thordb-web-closed");
        SampleBase.write(dir.resolve("files"), "CLUB", 2001, 1, 100, 3L);
        try (Engine w = Engine.open(dir.resolve("db"))) {
            w.importFiles(List.of(dir.resolve("files")), Importer.Options.defaults(), m -> { });
        }
        org.thordb.ThorDb db = org.thordb.ThorDb.builder(dir.resolve("db")).readOnly().open();
        try (WebServer s = WebServer.start(db, "127.0.0.1", 0, 10_000)) {
            db.close();
            Raw r = raw(s.port(), "GET /api/count?q=year%3E%3D0 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
            assertEquals(503, r.status(), r.toString());
            assertFalse(r.body().contains(dir.toString()), r.body());
            assertTrue(r.json().get("error").asText().startsWith("the store"), r.body());
        }
    }

    @Test
    void aGroupingPastItsBoundIsRefusedNotHeldInMemory() throws Exception {
        int groups = Stats.groups(base.db(), "opening20", "").size();
        assertTrue(groups > 1000, "the sample's openings of 20 moves: " + groups);
        String before = System.getProperty("thordb.maxGroups");
        System.setProperty("thordb.maxGroups", "1000"); // a deployment's bound, below what this grouping makes
        try {
            Raw r = get("/api/stats?by=opening20&limit=10000");
            assertEquals(400, r.status(), r.toString());
            assertEquals("grouping by opening20 makes more than 1,000 groups, the most one answer holds: narrow the query,"
                    + " or group by a shorter opening", r.json().get("error").asText());
            assertEquals(200, get("/api/stats?by=year").status(), "a small grouping still answers");
        } finally {
            if (before == null) {
                System.clearProperty("thordb.maxGroups");
            } else {
                System.setProperty("thordb.maxGroups", before);
            }
        }
    }

    @Test
    void theStoresPathIsHiddenWhereAPathStandsAndNowhereElse() {
        Path relative = Path.of("db");
        String abs = relative.toAbsolutePath().toString();
        assertEquals("the store: the store is closed", WebServer.withoutStorePath(relative, "db: the store is closed"));
        assertEquals("the store: read failed in the store/000014.sst",
                WebServer.withoutStorePath(relative, abs + ": read failed in " + abs + "/000014.sst"));
        assertEquals("thordb reads db2 and dbx.db, not the store", WebServer.withoutStorePath(relative,
                "thordb reads db2 and dbx.db, not db"), "a relative path is replaced only where it stands as a path");
    }

    /**
     * Forty board patterns, or-ed: every game replayed forty times (seconds on the sample base).
     * Their squares (b2, g2, b7, g7) are inside the border, so neither the edge index nor a check
     * of the border answers them: only a replay does, however quick the border's checks become.
     */
    static String heavyQuery() {
        List<String> terms = new ArrayList<>();
        char[] board = "?".repeat(64).toCharArray();
        board[9] = 'X';
        board[14] = 'O';
        board[49] = 'O';
        board[54] = 'X';
        String p = new String(board);
        for (int k = 20; k < 60; k++) {
            terms.add("pattern = \"" + p + "\" at move " + k);
        }
        return String.join(" or ", terms);
    }

    @Test
    void aRequestStoppedAtTheTimeLimitStopsItsWork() throws Exception {
        String q = heavyQuery();
        long t0 = System.nanoTime();
        long expected = Games.count(base.db(), q);
        long fullMillis = (System.nanoTime() - t0) / 1_000_000;
        // a limit well inside the whole run, however quick this machine is
        int limit = (int) Math.min(100, Math.max(5, fullMillis / 10));
        try (WebServer quick = WebServer.start(base.front(), "127.0.0.1", 0, limit)) {
            Raw r = raw(quick.port(), "GET /api/count?q=" + enc(q) + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
            assertEquals(503, r.status(), r.toString());
            long stoppedAt = System.nanoTime();
            // the work lets go of its thread long before it would have ended (it took fullMillis whole)
            while (quick.busy() > 0 && (System.nanoTime() - stoppedAt) / 1_000_000 < fullMillis) {
                Thread.onSpinWait();
            }
            long after = (System.nanoTime() - stoppedAt) / 1_000_000;
            assertEquals(0, quick.busy(), "the stopped work still runs " + after + " ms after the 503 (a whole run: "
                    + fullMillis + " ms)");
            assertTrue(after < fullMillis / 2, "stopped " + after + " ms after the 503; a whole run takes " + fullMillis + " ms");
        }
        assertTrue(expected >= 0);
    }

    @Test
    void cheapRequestsAreAnsweredWhileHeavyOnesFillTheirThreadsAndAClientPastItsShareIsTold503() throws Exception {
        String heavy = "/api/count?q=" + enc(heavyQuery());
        try (WebServer s = WebServer.start(base.front(), "127.0.0.1", 0, 60_000)) {
            ExecutorService clients = Executors.newFixedThreadPool(12);
            List<Future<Raw>> heavyAnswers = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                heavyAnswers.add(clients.submit(() -> raw(s.port(), "GET " + heavy + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                        + "Connection: close\r\n\r\n")));
            }
            // wait until the heavy class is full (its threads busy, the client's share taken)
            while (s.busy() < WebServer.HEAVY_PER_CLIENT) {
                Thread.onSpinWait();
            }
            Raw probe = raw(s.port(), "GET /api/count?q=year%3E%3D2000 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
            assertEquals(200, probe.status(), "a cheap request beside heavy ones: " + probe);
            assertEquals(Games.count(base.db(), "year >= 2000"), probe.json().get("count").asLong());
            int refused = 0;
            for (Future<Raw> f : heavyAnswers) {
                Raw r = f.get(120, TimeUnit.SECONDS);
                if (r.status() == 503) {
                    refused++;
                    assertEquals(String.valueOf(WebServer.RETRY_AFTER_SECONDS), r.headers().get("retry-after"), r.toString());
                    assertTrue(r.json().get("error").asText().contains("the most one client may have"), r.body());
                } else {
                    assertEquals(200, r.status(), r.toString());
                }
            }
            assertEquals(12 - WebServer.HEAVY_PER_CLIENT, refused, "past its share of " + WebServer.HEAVY_PER_CLIENT);
            clients.shutdown();
        }
    }
}
