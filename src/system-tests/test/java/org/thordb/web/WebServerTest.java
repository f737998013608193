package org.thordb.web;

import org.thordb.usecase.Explore;
import org.thordb.usecase.Games;
import org.thordb.usecase.Stats;
import org.thordb.engine.GamePages;
import org.thordb.engine.Engine;
import org.thordb.engine.StoredGame;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.thordb.cli.CommandsTestAccess;
import org.thordb.export.Json;
import org.thordb.ingest.Importer;
import org.thordb.othello.Position;
import org.thordb.sample.SampleBase;
import org.thordb.testing.TestBase;

/** The JSON API through a real HTTP client against a real server on a free loopback port. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@org.thordb.testing.FullTier
class WebServerTest {
    private TestBase base;
    private WebServer server;
    private final HttpClient http = HttpClient.newHttpClient();
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

    private record Answer(int status, JsonNode body, String text) {
    }

    /** The server's count of every game, or -1 when the request failed. */
    private long count(WebServer s) {
        try {
            return get(s, "/api/count").body().get("count").asLong();
        } catch (Exception e) {
            return -1;
        }
    }

    private Answer get(WebServer s, String pathAndQuery) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + s.port() + pathAndQuery))
                .build(), HttpResponse.BodyHandlers.ofString());
        JsonNode body = null;
        if (r.headers().firstValue("content-type").orElse("").startsWith("application/json")) {
            body = json.readTree(r.body());
        }
        return new Answer(r.statusCode(), body, r.body());
    }

    private Answer get(String pathAndQuery) throws Exception {
        return get(server, pathAndQuery);
    }

    private static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    @Test
    void countAndExplainAnswerAsTheCommandLineDoes() throws Exception {
        String q = "year >= 2000 and result = draw";
        Answer a = get("/api/count?q=" + enc(q));
        assertEquals(200, a.status());
        String cli = CommandsTestAccess.run("count", "--db", base.db().path().toString(), q).out().strip();
        assertEquals(cli, a.body().get("count").asText());
        assertEquals(base.scan().count(g -> g.year() >= 2000 && g.game().blackScore() == 32), a.body().get("count").asLong());
        assertEquals(Games.count(base.db(), ""), get("/api/count").body().get("count").asLong(), "a blank query is every game");
        Answer e = get("/api/explain?q=" + enc(q));
        assertEquals(200, e.status());
        assertEquals(Games.explain(base.db(), q).replaceAll("\\d+ us", ""), e.body().get("plan").asText().replaceAll("\\d+ us", ""));
    }

    @Test
    void gamesArePagedSortedAndFoundByTheirKey() throws Exception {
        String q = "player = \"" + base.player() + "\"";
        Answer a = get("/api/games?q=" + enc(q) + "&sort=-year,score&offset=3&limit=7");
        assertEquals(200, a.status(), a.text());
        assertEquals(Games.count(base.db(), q), a.body().get("total").asLong());
        GamePages.Page want = Games.pageOf(base.db(), q, "-year,score", 3, 7);
        assertEquals(7, a.body().get("games").size());
        for (int i = 0; i < 7; i++) {
            assertEquals(Json.node(want.games().get(i)), a.body().get("games").get(i));
        }
        // the order, said again here from the games themselves
        List<StoredGame> all = new java.util.ArrayList<>(Games.of(base.db(), Games.select(base.db(), q)));
        all.sort(java.util.Comparator.comparingInt(StoredGame::year).reversed().thenComparingInt(StoredGame::score).thenComparingInt(StoredGame::id));
        assertEquals(all.get(3).id(), a.body().get("games").get(0).get("id").asInt());
        StoredGame g = all.get(5);
        Answer one = get("/api/games/" + g.base() + "/" + g.year() + "/" + g.record());
        assertEquals(200, one.status());
        assertEquals(Json.node(g), one.body());
        assertEquals(404, get("/api/games/" + g.base() + "/1900/1").status());
        assertEquals(404, get("/api/games/" + g.base() + "/year/1").status());
        assertEquals(400, get("/api/games?limit=501").status());
        assertEquals(400, get("/api/games?offset=-1").status());
        Answer sort = get("/api/games?sort=age");
        assertEquals(400, sort.status());
        assertTrue(sort.body().get("error").asText().contains("unknown sort key 'age'"));
        assertEquals(Games.count(base.db(), ""), get("/api/games?limit=0").body().get("total").asLong());
        // without a sort: id order, from the offset
        int[] ids = Games.select(base.db(), q).toArray();
        Answer plain = get("/api/games?q=" + enc(q) + "&offset=2&limit=3");
        for (int i = 0; i < 3; i++) {
            assertEquals(ids[2 + i], plain.body().get("games").get(i).get("id").asInt());
        }
        assertEquals(0, get("/api/games?q=" + enc(q) + "&offset=" + ids.length).body().get("games").size());
    }

    @Test
    void theExplorerAnswersAsTheCommandLineDoes() throws Exception {
        String filter = "year >= 2000";
        Answer a = get("/api/explore?moves=f5d6c3&q=" + enc(filter));
        assertEquals(200, a.status(), a.text());
        JsonNode cli = json.readTree(CommandsTestAccess.run("explore", "--db", base.db().path().toString(), "--format", "json",
                "--where", filter, "f5d6c3").out());
        assertEquals(cli.get("moves"), a.body().get("moves"));
        assertEquals(cli.get("total"), a.body().get("total"));
        assertEquals(Explore.exploration(base.db(), Position.afterLine("f5d6c3"), filter).total(), a.body().get("total").asLong());
        assertEquals("f5d6c3", a.body().get("line").asText());
        assertEquals("white", a.body().get("toMove").asText());
        assertEquals(List.of("d3", "f3", "f4", "g5"), names(a.body().get("legal")));
        // before the solved empties every legal move has an estimate, marked as one, with its depth:
        // the played ones in their rows, the others among the unplayed (a symmetric twin of a played one excepted)
        java.util.Set<String> valued = new java.util.TreeSet<>();
        a.body().get("moves").forEach(m -> {
            assertTrue(m.has("estimate") && !m.has("perfect"), m.toString());
            valued.add(m.get("move").asText());
        });
        a.body().get("unplayed").forEach(m -> valued.add(m.get("move").asText()));
        a.body().get("sameAs").fieldNames().forEachRemaining(valued::add);
        assertEquals(java.util.Set.copyOf(names(a.body().get("legal"))), valued);
        assertTrue(a.body().get("estimateDepth").asInt() >= 2, a.text());
        assertTrue(a.body().has("bestEstimate") && !a.body().has("perfectPlay"), a.text());
        Answer bare = get("/api/explore?moves=f5d6c3&estimate=false");
        assertFalse(bare.body().has("estimateDepth"), bare.text());
        bare.body().get("moves").forEach(m -> assertFalse(m.has("estimate"), m.toString()));
        Answer start = get("/api/explore");
        assertEquals(Games.count(base.db(), ""), start.body().get("total").asLong());
        Answer illegal = get("/api/explore?moves=f5f5");
        assertEquals(400, illegal.status());
        assertTrue(illegal.body().get("error").asText().contains("move 2 f5: the square is occupied"), illegal.text());
    }

    private static List<String> names(JsonNode a) {
        List<String> out = new java.util.ArrayList<>();
        a.forEach(n -> out.add(n.asText()));
        return out;
    }

    @Test
    void errorsAreJsonWithTheirStatus() throws Exception {
        Answer bad = get("/api/count?q=" + enc("year ="));
        assertEquals(400, bad.status());
        assertEquals(1, bad.body().get("line").asInt());
        assertEquals(7, bad.body().get("column").asInt());
        assertEquals("  year =\n        ^", bad.body().get("detail").asText());
        assertTrue(bad.body().get("error").asText().startsWith("query error at line 1, column 7: expected a value"));
        Answer longQuery = get("/api/count?q=" + enc("year = 1990 or ".repeat(300) + "year = 1991"));
        assertEquals(400, longQuery.status());
        assertTrue(longQuery.body().get("error").asText().contains("at most 4096"), longQuery.text());
        Answer huge = get("/api/count?q=" + "x".repeat(40_000));
        assertTrue(huge.status() == 414 || huge.status() == 431, "a request over the size limit: " + huge.status());
        Answer none = get("/nothing/here");
        assertEquals(404, none.status());
        assertEquals("no such page: /nothing/here", none.body().get("error").asText());
        Answer page = get("/");
        assertEquals(200, page.status());
        assertTrue(page.text().contains("<svg id=\"board\""));
        assertTrue(get("/app.js").text().contains("function legalMoves"));
    }

    @Test
    void aRequestPastTheTimeLimitIsAnswered503() throws Exception {
        try (WebServer quick = WebServer.start(base.front(), "127.0.0.1", 0, 1)) {
            Answer a = get(quick, "/api/count?q=" + enc("pattern = \"" + "?".repeat(63) + "X\" or discs(white) > 60"));
            assertEquals(503, a.status(), a.text());
            assertEquals("the request ran longer than 1 ms and was stopped", a.body().get("error").asText());
        }
    }

    @Test
    void servingWritesNothing() throws Exception {
        Path dir = Files.createTempDirectory("thordb-serve-ro");
        SampleBase.write(dir.resolve("files"), "CLUB", 2001, 1, 200, 3L);
        try (Engine w = Engine.open(dir.resolve("db"))) {
            w.importFiles(List.of(dir.resolve("files")), Importer.Options.defaults(), m -> { });
        }
        TreeMap<String, String> before = listing(dir);
        try (org.thordb.ThorDb ro = org.thordb.ThorDb.builder(dir.resolve("db")).readOnly().open(); WebServer s = WebServer.start(ro, "127.0.0.1", 0, 10_000)) {
            for (String path : List.of("/", "/api/count?q=year%3D2001", "/api/games?limit=5", "/api/explore?moves=f5",
                    "/api/explain?q=year%3D2001", "/api/games/CLUB/2001/3", "/api/count?q=year%20%3D")) {
                assertTrue(get(s, path).status() < 500, path);
            }
        }
        TreeMap<String, String> after = listing(dir);
        after.keySet().removeIf(k -> k.endsWith("/LOG") || k.contains("/LOG.old")); // RocksDB's info log, not the store
        before.keySet().removeIf(k -> k.endsWith("/LOG") || k.contains("/LOG.old"));
        assertEquals(before, after, "the store's files are as they were");
    }

    private static TreeMap<String, String> listing(Path dir) throws Exception {
        TreeMap<String, String> out = new TreeMap<>();
        try (var s = Files.walk(dir)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                out.put(dir.relativize(p).toString(), Files.size(p) + " " + Files.getLastModifiedTime(p).toMillis());
            }
        }
        return out;
    }

    @Test
    void anImportBesideTheServerShowsAsForEveryReader() throws Exception {
        Path dir = Files.createTempDirectory("thordb-serve-fresh");
        Path all = dir.resolve("all");
        SampleBase.write(all, "CLUB", 2001, 2, 150, 4L);
        Path first = Files.createDirectories(dir.resolve("first"));
        for (String n : List.of("CLUB.JOU", "CLUB.TRN", "CLUB_2001.wtb")) {
            Files.copy(all.resolve(n), first.resolve(n));
        }
        try (Engine w = Engine.open(dir.resolve("db"))) {
            w.importFiles(List.of(first), Importer.Options.defaults(), m -> { });
        }
        try (org.thordb.ThorDb ro = org.thordb.ThorDb.builder(dir.resolve("db")).readOnly().open(); WebServer s = WebServer.start(ro, "127.0.0.1", 0, 10_000)) {
            assertEquals(150, get(s, "/api/count").body().get("count").asLong());
            try (Engine w = Engine.open(dir.resolve("db"))) {
                w.importFiles(List.of(all), Importer.Options.defaults(), m -> { });
            }
            org.thordb.testing.Await.until(java.time.Duration.ofSeconds(20), () -> count(s) == 300, "the year imported since shows");
            assertEquals(300, get(s, "/api/count").body().get("count").asLong(), "the year imported since shows");
        }
    }

    @Test
    void thordbServeListensPrintsItsAddressAndStopsOnASignal() throws Exception {
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "org.thordb.cli.Main", "serve", "--db",
                base.db().path().toString(), "--port", "0");
        pb.redirectErrorStream(true);
        Process p = pb.start();
        try {
            java.io.BufferedReader out = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8));
            String line = out.readLine();
            assertTrue(line != null && line.startsWith("serving " + base.db().path()), String.valueOf(line));
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("http://127\\.0\\.0\\.1:(\\d+)/").matcher(line);
            assertTrue(m.find(), line);
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + m.group(1)
                    + "/api/count?q=year%20%3E%3D%202000")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode());
            assertEquals(Games.count(base.db(), "year >= 2000"), json.readTree(r.body()).get("count").asLong());
        } finally {
            p.destroy(); // SIGTERM, as Ctrl-C's SIGINT: the shutdown hook stops the server and closes the store
        }
        assertTrue(p.waitFor(20, java.util.concurrent.TimeUnit.SECONDS), "serve stops on a signal");
    }

    @Test
    void statsAnswerAsTheLibraryDoes() throws Exception {
        String q = "player = \"" + base.player() + "\"";
        Answer a = get("/api/stats?by=opponent&q=" + enc(q) + "&limit=5");
        assertEquals(200, a.status(), a.text());
        List<org.thordb.stats.GroupStats> want = Stats.groups(base.db(), "opponent", q);
        assertEquals(want.size(), a.body().get("groups").asInt());
        assertEquals(5, a.body().get("rows").size());
        for (int i = 0; i < 5; i++) {
            assertEquals(Json.group(want.get(i)).toString(), a.body().get("rows").get(i).toString());
        }
        assertEquals("the side of the player the query names", a.body().get("side").asText());
        Answer bad = get("/api/stats?by=colour");
        assertEquals(400, bad.status());
        assertTrue(bad.body().get("error").asText().startsWith("unknown grouping 'colour'"));
        assertEquals(400, get("/api/stats?by=opponent").status(), "opponent wants a player in the query");
    }

    @Test
    void aGameOfATextSourceComesWithItsText(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
        String line = "f5d6c3d3c4f4f6f3e6e7\n";
        java.nio.file.Path f = java.nio.file.Files.writeString(tmp.resolve("club.txt"), line);
        try (org.thordb.engine.Engine db = org.thordb.engine.Engine.open(tmp.resolve("db"))) {
            db.importFiles(java.util.List.of(f), org.thordb.ingest.Importer.Options.defaults(), m -> { });
            try (org.thordb.ThorDb ro = org.thordb.ThorDb.builder(tmp.resolve("db")).readOnly().open();
                 WebServer s = WebServer.start(ro, "127.0.0.1", 0, 10_000)) {
                Answer a = get(s, "/api/games/CLUB/0/0");
                assertEquals(200, a.status(), a.text());
                assertEquals("club.txt", a.body().get("source").get("file").asText());
                assertEquals("transcript", a.body().get("source").get("format").asText());
                assertEquals(1, a.body().get("source").get("line").asInt());
                assertEquals(line, a.body().get("source").get("text").asText());
                assertTrue(get("/api/games/CLUB/" + TestBase.SAMPLE_FIRST_YEAR + "/0").body().get("source") == null,
                        "a WTHOR game's record is the game: no source");
            }
        }
    }

    /**
     * The same games in two bases: the API counts each once unless copies=all; base= keeps one base;
     * the stats from a player's side (as=, colour=) equal the engine's.
     */
    @Test
    void copiesCountOnceABaseIsChosenAndStatsTakeAPlayersSide(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp)
            throws Exception {
        java.nio.file.Path files = tmp.resolve("files");
        SampleBase.write(files, "CLUB", 2001, 2, 60, 9L);
        try (org.thordb.engine.Engine db = org.thordb.engine.Engine.open(tmp.resolve("db"))) {
            db.importFiles(java.util.List.of(files), org.thordb.ingest.Importer.Options.defaults(), m -> { });
            db.importFiles(java.util.List.of(files), new org.thordb.ingest.Importer.Options(false, "AGAIN", java.util.List.of()),
                    m -> { });
            try (org.thordb.ThorDb ro = org.thordb.ThorDb.builder(tmp.resolve("db")).readOnly().open();
                 WebServer s = WebServer.start(ro, "127.0.0.1", 0, 10_000)) {
                assertEquals(120, get(s, "/api/count").body().get("count").asInt());
                assertEquals(240, get(s, "/api/count?copies=all").body().get("count").asInt());
                assertEquals(120, get(s, "/api/count?base=AGAIN").body().get("count").asInt());
                assertEquals(60, get(s, "/api/count?q=" + enc("year = 2001")).body().get("count").asInt());
                assertEquals(120, get(s, "/api/count?copies=all&q=" + enc("year = 2001")).body().get("count").asInt());
                assertEquals(240, get(s, "/api/games?limit=0&copies=all").body().get("total").asInt());
                assertEquals(120, get(s, "/api/explore?moves=").body().get("total").asInt());
                assertEquals(240, get(s, "/api/explore?moves=&copies=all").body().get("total").asInt());
                assertEquals(400, get(s, "/api/count?copies=twice").status());
                assertEquals("60 games, 60 copies of games from other bases counted once (copies = all counts each)",
                        get(s, "/api/games?limit=1&q=" + enc("year = 2001")).body().get("notes").get(0).asText());
                assertEquals(0, get(s, "/api/count?copies=all").body().get("notes").size());
                String player = Stats.groups(db, "player", "").get(0).group();
                Answer st = get(s, "/api/stats?by=result&as=" + enc(player) + "&colour=white");
                assertEquals(200, st.status(), st.text());
                assertEquals(player + "'s side (as White)", st.body().get("side").asText(), "the command line's words");
                java.util.List<org.thordb.stats.GroupStats> want = Stats.groups(db, "result", "", player, "white");
                assertEquals(want.size(), st.body().get("rows").size());
                for (int i = 0; i < want.size(); i++) {
                    assertEquals(want.get(i).group(), st.body().get("rows").get(i).get("group").asText());
                    assertEquals(want.get(i).games(), st.body().get("rows").get(i).get("games").asLong());
                }
            }
        }
    }

    /** Each next move's side-to-move share with its 95% interval and its first game, as the engine gives them. */
    @Test
    void exploreGivesEachMovesShareItsIntervalAndItsFirstGame() throws Exception {
        Answer a = get("/api/explore?moves=f5");
        assertEquals(200, a.status(), a.text());
        assertEquals("white", a.body().get("mover").asText());
        org.thordb.engine.Engine db = base.db();
        org.thordb.othello.Position p = org.thordb.othello.Position.afterLine("f5");
        org.thordb.explore.Exploration e = Explore.exploration(db, p, "");
        java.util.Map<Integer, org.thordb.engine.StoredGame> first = Explore.firstGames(db, p, "",
                e.rows().stream().map(org.thordb.explore.Exploration.Row::move).toList());
        int i = 0;
        for (JsonNode m : a.body().get("moves")) {
            org.thordb.explore.Exploration.Row r = e.rows().get(i++);
            double share = (r.whiteWins() + r.draws() / 2.0) / r.games();
            assertEquals(share, m.get("moverShare").asDouble(), 1e-4);
            double[] ci = org.thordb.stats.Wilson.interval(r.whiteWins() + r.draws() / 2.0, r.games());
            assertEquals(ci[0], m.get("moverLow").asDouble(), 1e-4);
            assertEquals(ci[1], m.get("moverHigh").asDouble(), 1e-4);
            assertEquals(r.games() < 10, m.get("few").asBoolean());
            // the first game: of the earliest year, reaching the position after the move (a plain scan)
            org.thordb.othello.Position after = p.play(r.move()).canonical();
            int earliest = Integer.MAX_VALUE;
            for (org.thordb.engine.StoredGame g : Games.of(db, Games.select(db, ""))) {
                if (g.year() < earliest) {
                    java.util.List<org.thordb.othello.Position> seen = new java.util.ArrayList<>();
                    org.thordb.othello.Replay.replay(g.record68().squares(), (ply, q) -> seen.add(q.canonical()));
                    if (seen.contains(after)) {
                        earliest = g.year();
                    }
                }
            }
            assertEquals(earliest, m.get("first").get("year").asInt(), r.toString());
            assertEquals(first.get(r.move()).black(), m.get("first").get("black").asText());
        }
    }

    /** Keyset paging: following each page's cursor gives the sorted result, page after page. */
    @Test
    void aCursorPagesThroughASortedResult() throws Exception {
        String q = "year >= 2005";
        long total = Games.count(base.db(), q);
        for (String sort : List.of("-score,black", "", "-id")) { // sorted, and by id either way (by rank)
            List<Integer> want = new java.util.ArrayList<>();
            Games.pageOf(base.db(), q, sort, 0, (int) total).games().forEach(g -> want.add(g.id()));
            List<Integer> got = new java.util.ArrayList<>();
            String path = "/api/games?limit=7&sort=" + enc(sort) + "&q=" + enc(q);
            Answer a = get(path);
            while (true) {
                assertEquals(200, a.status(), a.text());
                a.body().get("games").forEach(g -> got.add(g.get("id").asInt()));
                if (a.body().get("next") == null) {
                    break;
                }
                a = get(path + "&after=" + a.body().get("next").asInt());
            }
            assertEquals(want, got, "sort " + sort);
        }
    }
}
