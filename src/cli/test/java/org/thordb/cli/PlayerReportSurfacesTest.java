package org.thordb.cli;

import org.thordb.usecase.Players;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jline.terminal.Terminal;
import org.jline.terminal.impl.DumbTerminal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.PlayerReport;
import org.thordb.ThorDb;
import org.thordb.engine.Engine;
import org.thordb.ingest.Importer;
import org.thordb.sample.SampleBase;
import org.thordb.testing.SharedData;
import org.thordb.web.WebServer;

/**
 * One player, one report: the command line ({@code report --format json}, in a process of its
 * own), the API ({@code /api/players/NAME/report}), the library ({@code ThorDb.report}) and the
 * REPL ({@code :report}, the command line's text line for line) give the same figures, the first
 * lines' estimated values among them; a name no base holds is one clear error on each.
 */
@org.thordb.testing.FullTier
class PlayerReportSurfacesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void theCommandLineTheApiTheLibraryAndTheReplGiveOneReport() throws Exception {
        Path store = SmallRealStore.make(tmp, "PlayerReportSurfacesTest");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        HttpClient http = HttpClient.newHttpClient();
        try (Engine db = Engine.openReadOnly(store);
             ThorDb lib = ThorDb.builder(store).readOnly().open();
             WebServer server = WebServer.start(lib, "127.0.0.1", 0, 120_000)) {
            String name = Players.of(db, "", "games").get(0).name();
            // the command line, in a process of its own: nothing shared with this JVM's caches
            Process proc = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), Main.class.getName(), "report",
                    "--db", store.toString(), "--format", "json", name).start();
            String cliOut = new String(proc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(proc.waitFor(5, TimeUnit.MINUTES));
            assertEquals(0, proc.exitValue(), new String(proc.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
            JsonNode cli = JSON.readTree(cliOut);

            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port()
                    + "/api/players/" + URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20") + "/report")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, r.statusCode(), r.body());
            JsonNode api = JSON.readTree(r.body());
            assertEquals(cli, api, "the API's report is the command line's");
            assertEquals(name, cli.get("player").asText());
            assertTrue(cli.get("lines").get(0).has("best"), "the first line is valued: " + cli.get("lines").get(0));

            PlayerReport mine = lib.report(name);
            assertEquals(cli.get("all").get("games").asLong(), mine.all().games());
            assertEquals(cli.get("all").get("wins").asLong(), mine.all().wins());
            assertEquals(cli.get("black").get("games").asLong(), mine.asBlack().games());
            List<String> lines = new ArrayList<>();
            List<Integer> best = new ArrayList<>();
            cli.get("lines").forEach(l -> {
                lines.add(l.get("colour").asText() + " " + l.get("line").asText() + " " + l.get("games").asLong());
                best.add(l.has("best") ? l.get("best").asInt() : null);
            });
            assertEquals(lines, mine.lines().stream().map(l -> l.colour() + " " + l.line() + " " + l.record().games()).toList());
            assertEquals(best, mine.lines().stream().map(l -> l.best().isPresent() ? (Integer) l.best().getAsInt() : null).toList(),
                    "the same values");
            List<Long> ratings = new ArrayList<>();
            cli.get("ratings").forEach(p -> ratings.add(p.get("rating").asLong()));
            assertEquals(ratings, mine.ratings().stream().map(p -> Math.round(p.rating())).toList());

            // the REPL prints the command line's text, line for line
            StringWriter text = new StringWriter();
            assertEquals(0, Main.run(new PrintWriter(text), new PrintWriter(new StringWriter()), "report", "--db", store.toString(), name));
            String repl = repl(lib, ":report " + name);
            for (String l : text.toString().lines().filter(l -> !l.isBlank()).toList()) {
                assertTrue(repl.contains(l), "the REPL has the command line's line '" + l + "':\n" + repl);
            }

            // the players ranked by the rating computed here, at a year: the use case's ratings, highest first
            // among the established (a deviation of 100 or less), then the provisional
            int year = cli.get("ratings").get(0).get("year").asInt();
            StringWriter ranked = new StringWriter();
            assertEquals(0, Main.run(new PrintWriter(ranked), new PrintWriter(new StringWriter()), "players", "--db", store.toString(),
                    "--sort", "rating", "--at", String.valueOf(year), "--format", "jsonl"));
            java.util.Map<String, org.thordb.stats.Glicko2.Point> at = org.thordb.usecase.PlayerReport.ratingsAt(db, year);
            double last = Double.MAX_VALUE;
            boolean provisional = false;
            int rated = 0;
            for (String l : ranked.toString().lines().toList()) {
                JsonNode p = JSON.readTree(l);
                if (!p.has("rating")) {
                    continue;
                }
                rated++;
                org.thordb.stats.Glicko2.Point want = at.get(p.get("player").asText());
                assertEquals(Math.round(want.rating()), p.get("rating").asLong(), l);
                boolean prov = want.deviation() > PlayersCommand.PROVISIONAL;
                assertTrue(!provisional || prov, "the provisional after the established: " + l);
                if (prov != provisional) {
                    last = Double.MAX_VALUE;
                    provisional = prov;
                }
                assertTrue(want.rating() <= last, "highest first: " + l);
                last = want.rating();
            }
            assertTrue(rated > 10, ranked.toString());

            // a name no base holds: one line, the same words, on each
            StringWriter err = new StringWriter();
            assertEquals(2, Main.run(new PrintWriter(new StringWriter()), new PrintWriter(err), "report", "--db", store.toString(),
                    "Nobody Atall"));
            assertTrue(err.toString().startsWith("thordb: no player is named") && err.toString().strip().lines().count() == 1,
                    err.toString());
            HttpResponse<String> bad = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port()
                    + "/api/players/Nobody%20Atall/report")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(400, bad.statusCode(), bad.body());
            assertTrue(bad.body().contains("no player is named"), bad.body());
        }
    }

    /** The REPL's screen for one line typed. */
    private static String repl(ThorDb db, String input) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (Terminal t = new DumbTerminal("test", "ansi", new ByteArrayInputStream((input + "\n:quit\n")
                .getBytes(StandardCharsets.UTF_8)), out, StandardCharsets.UTF_8)) {
            new Repl(db, t, null).run();
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
