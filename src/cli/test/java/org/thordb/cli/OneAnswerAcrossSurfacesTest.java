package org.thordb.cli;

import org.thordb.usecase.Games;
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
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jline.terminal.Terminal;
import org.jline.terminal.impl.DumbTerminal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.MoveValue;
import org.thordb.ThorDb;
import org.thordb.engine.Engine;
import org.thordb.engine.StoredGame;
import org.thordb.explore.ExplorePolicy;
import org.thordb.ingest.Importer;
import org.thordb.othello.Position;
import org.thordb.sample.SampleBase;
import org.thordb.testing.SharedData;
import org.thordb.web.WebServer;

/**
 * One question, one answer: for positions of real games from 12 to 36 empties, the value of every
 * legal move (exact, or estimated with its depth) is the same from the library
 * ({@code ThorDb.values}), the command line ({@code explore --format json}, in a process of its
 * own), the API ({@code /api/explore} with its defaults) and the REPL ({@code :explore}, whose
 * table is the command line's table, line for line); with the defaults, and with the same explicit
 * horizon ({@code --solve 12}, {@code solve=12}). The library's estimates are asked again beside a
 * thread that burns a core, and are the same.
 */
@org.thordb.testing.FullTier
class OneAnswerAcrossSurfacesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    /** A move's value as a surface says it: "+4 f5d6…" exact, "~+4@13 f5d6…" an estimate and its depth; its line after. */
    private static String said(int discs, boolean exact, int depth, String line) {
        return (exact ? "" : "~") + (discs > 0 ? "+" : "") + discs + (exact ? "" : "@" + depth) + " " + line;
    }

    /** Every legal move's value from an exploration's JSON (the command line's and the API's). */
    private static Map<String, String> fromJson(JsonNode o, Position p) {
        Map<String, String> out = new TreeMap<>();
        List<JsonNode> rows = new ArrayList<>();
        o.get("moves").forEach(rows::add);
        if (o.has("unplayed")) {
            o.get("unplayed").forEach(rows::add);
        }
        for (JsonNode m : rows) {
            String line = m.has("line") ? m.get("line").asText() : "";
            if (m.has("perfect")) {
                out.put(m.get("move").asText(), said(m.get("perfect").asInt(), true, 0, line));
            } else if (m.has("estimate")) {
                out.put(m.get("move").asText(), said(m.get("estimate").asInt(), false, m.get("estimateDepth").asInt(), line));
            }
        }
        return out;
    }

    private static Map<String, String> fromLibrary(List<MoveValue> values) {
        Map<String, String> out = new TreeMap<>();
        for (MoveValue v : values) {
            out.put(v.move(), said(v.discs(), v.exact(), v.depth(), v.line()));
            checkLine(v);
        }
        return out;
    }

    private static Position asked;

    /**
     * A principal variation replayed from the position asked: every move legal, the move itself
     * first; an exact one ends the game with the mover's final disc difference (empties to the
     * winner) equal to the value; an estimate's is at most its depth long.
     */
    private static void checkLine(MoveValue v) {
        Position q = asked;
        org.thordb.othello.Side mover = asked.toMove();
        int[] moves = org.thordb.othello.Notation.parseMoves(v.line());
        assertTrue(moves.length >= 1 && org.thordb.othello.Notation.name(moves[0]).equals(v.move()), v.toString());
        for (int sq : moves) {
            assertTrue(q.isLegal(sq), v + ": " + org.thordb.othello.Notation.name(sq) + " is not legal");
            q = q.play(sq);
        }
        if (v.exact()) {
            assertTrue(q.isFinal(), "perfect play goes to the end: " + v);
            int d = q.blackDiscs() - q.whiteDiscs();
            int e = 64 - q.discs();
            int black = d > 0 ? d + e : d < 0 ? d - e : 0;
            assertEquals(v.discs(), mover == org.thordb.othello.Side.BLACK ? black : -black, "the line ends with its value: " + v);
        } else {
            assertTrue(moves.length <= v.depth(), "no longer than its depth: " + v);
        }
    }

    /** The positions: a game's line cut at each number of empties, where the side to move has a move. */
    private static List<String> lines(Engine db) {
        List<String> out = new ArrayList<>();
        for (int empties : new int[] {12, 16, 20, 22, 24, 28, 32, 36}) {
            for (StoredGame g : Games.of(db, Games.select(db, "moves = 60"))) {
                String line = g.moves().substring(0, 2 * (60 - empties));
                Position p = Position.afterLine(line);
                if (64 - p.discs() == empties && p.legalMoves() != 0 && !out.contains(line)) {
                    out.add(line);
                    break;
                }
            }
        }
        return out;
    }

    @Test
    void theLibraryTheCommandLineTheApiAndTheReplGiveTheSameValues() throws Exception {
        Path store = SmallRealStore.make(tmp, "OneAnswerAcrossSurfacesTest");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        HttpClient http = HttpClient.newHttpClient();
        try (Engine db = Engine.openReadOnly(store);
             ThorDb lib = ThorDb.builder(store).readOnly().open();
             WebServer server = WebServer.start(lib, "127.0.0.1", 0, 120_000)) {
            List<String> lines = lines(db);
            assertTrue(lines.size() >= 6, "positions from 12 to 36 empties: " + lines);
            for (String line : lines) {
                Position p = Position.afterLine(line);
                int empties = 64 - p.discs();
                for (Integer solve : new Integer[] {null, 12}) {
                    String with = solve == null ? "defaults" : "an exact horizon of " + solve;
                    // the command line, in a process of its own: nothing shared with this JVM's caches
                    List<String> cmd = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
                            Main.class.getName(), "explore", "--db", store.toString(), "--format", "json"));
                    if (solve != null) {
                        cmd.addAll(List.of("--solve", solve.toString()));
                    }
                    cmd.add(line);
                    Process proc = new ProcessBuilder(cmd).redirectErrorStream(false).start();
                    String cliOut = new String(proc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                    assertTrue(proc.waitFor(5, TimeUnit.MINUTES));
                    assertEquals(0, proc.exitValue(), new String(proc.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
                    Map<String, String> cli = fromJson(JSON.readTree(cliOut), p);
                    // a move the board's symmetry turns into another one is listed once, as that one
                    JsonNode same = JSON.readTree(cliOut).get("sameAs");

                    String url = "http://127.0.0.1:" + server.port() + "/api/explore?moves="
                            + URLEncoder.encode(line, StandardCharsets.UTF_8) + (solve == null ? "" : "&solve=" + solve);
                    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url)).build(),
                            HttpResponse.BodyHandlers.ofString());
                    assertEquals(200, r.statusCode(), r.body());
                    Map<String, String> api = fromJson(JSON.readTree(r.body()), p);

                    assertEquals(Long.bitCount(p.legalMoves()), cli.size() + (same == null ? 0 : same.size()),
                            "every legal move has a value: " + cli);
                    assertEquals(cli, api, "the API against the command line at " + empties + " empties, " + with + ": " + line);
                    if (solve == null) {
                        asked = p;
                        Map<String, String> library = fromLibrary(lib.values(line));
                        if (same != null) {
                            same.fieldNames().forEachRemaining(library::remove); // listed as the move they are the same as
                        }
                        assertEquals(cli, library, "the library against the command line at " + empties + " empties: " + line);
                        boolean exact = empties <= ExplorePolicy.EXACT_EMPTIES;
                        assertTrue(cli.values().stream().allMatch(v -> v.startsWith("~") != exact),
                                "exact at " + ExplorePolicy.EXACT_EMPTIES + " empties or fewer, estimated above: " + cli);
                    }
                }
                // the REPL's :explore prints the command line's table, line for line
                StringWriter table = new StringWriter();
                int status = Main.run(new PrintWriter(table), new PrintWriter(new StringWriter()), "explore", "--db",
                        store.toString(), line);
                assertEquals(0, status);
                String repl = repl(lib, ":explore " + line);
                for (String l : table.toString().lines().filter(l -> l.matches("\\s*\\d*\\s+[a-h][1-8]\\s.*")).toList()) {
                    assertTrue(repl.contains(l), "the REPL's table has the command line's line '" + l + "':\n" + repl);
                }
            }
            // the library's estimates again, the cache set aside, beside a thread that burns a core
            AtomicBoolean burning = new AtomicBoolean(true);
            Thread burner = new Thread(() -> {
                long x = 1;
                while (burning.get()) {
                    x = x * 6364136223846793005L + 1442695040888963407L;
                }
                if (x == 7) {
                    System.out.println(x);
                }
            });
            burner.setDaemon(true);
            burner.start();
            try {
                for (String line : lines) {
                    Position p = Position.afterLine(line);
                    if (64 - p.discs() > ExplorePolicy.EXACT_EMPTIES) {
                        asked = p;
                        Map<String, String> before = fromLibrary(lib.values(line));
                        org.thordb.solve.Estimator.forget();
                        assertEquals(before, fromLibrary(lib.values(line)), "under load: " + line);
                    }
                }
            } finally {
                burning.set(false);
            }
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
