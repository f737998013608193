package org.thordb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.engine.Engine;
import org.thordb.engine.MatchedGames;
import org.thordb.ingest.Importer;
import org.thordb.testing.SharedData;
import org.thordb.web.WebServer;

/**
 * Readers never fail while another process imports: a child process imports the whole FFO base
 * file by file, then optimizes, while this one reads every few milliseconds through a read-only
 * handle, through the public {@link ThorDb} front, and through the HTTP API of a server on a
 * read-only handle, as {@code thordb serve} runs. Not one call may fail, no count may go down, and
 * the handles hold a bounded number of store generations however many imports they follow.
 */
class FollowingAnotherProcessTest {
    @TempDir
    Path tmp;

    /** Generations a handle may hold at once: the current one, one a refresh just replaced, and those results read. */
    static final int MAX_GENERATIONS = 4;

    @Test
    @Timeout(value = 15, unit = TimeUnit.MINUTES)
    void readersFollowAnImportAndAnOptimizeOfAnotherProcessWithoutAFailure() throws Exception {
        Path wthor = SharedData.dir("wthor");
        List<Path> years;
        try (Stream<Path> s = Files.list(wthor)) {
            years = s.filter(p -> p.getFileName().toString().matches("WTH_\\d{4}\\.wtb")).sorted().toList();
        }
        long expected = 0;
        for (Path y : years) {
            expected += (Files.size(y) - 16) / 68;
        }
        Path db = tmp.resolve("store");
        try (Engine first = Engine.open(db)) { // the store the readers open: the first year, with the names
            first.importFiles(List.of(years.get(0)), Importer.Options.defaults(), m -> { });
        }
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx1g", "-cp", System.getProperty("java.class.path"), ImportFilesOneByOne.class.getName(), db.toString()));
        years.subList(1, years.size()).forEach(p -> cmd.add(p.toString()));
        Path childLog = tmp.resolve("child.log");

        List<String> failures = new ArrayList<>();
        HttpClient http = HttpClient.newHttpClient();
        ObjectMapper json = new ObjectMapper();
        long reads = 0;
        long httpReads = 0;
        long frontReads = 0;
        int maxGenerations = 0;
        long lastCount = 0;
        long lastHttp = 0;
        long lastFront = 0;
        java.util.Set<Long> seen = new java.util.TreeSet<>();
        try (Engine reader = Engine.openReadOnly(db);
             Engine served = Engine.openReadOnly(db);
             ThorDb front = ThorDb.builder(db).readOnly().open();
             WebServer server = WebServer.start(served, "127.0.0.1", 0, 10_000)) {
            Process child = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(childLog.toFile()).start();
            MatchedGames held = null; // a result kept open across refreshes, read now and then
            try {
                long t = 0;
                while (child.isAlive()) {
                    t++;
                    try {
                        long n = reader.count("");
                        reads++;
                        if (n < lastCount) {
                            failures.add("the count went down from " + lastCount + " to " + n);
                        }
                        lastCount = n;
                        seen.add(n);
                        if (t % 50 == 0) {
                            if (held != null) {
                                long c = held.stream().limit(3).count();
                                if (c == 0 && held.count() > 0) {
                                    failures.add("a held result read no game");
                                }
                                held.close();
                            }
                            held = reader.query("year >= 1980");
                        }
                        long f = front.count("");
                        frontReads++;
                        if (f < lastFront) {
                            failures.add("the front's count went down from " + lastFront + " to " + f);
                        }
                        lastFront = f;
                        if (t % 4 == 0) {
                            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                                    + server.port() + "/api/count")).build(), HttpResponse.BodyHandlers.ofString());
                            httpReads++;
                            if (r.statusCode() != 200) {
                                failures.add("HTTP " + r.statusCode() + ": " + r.body());
                            } else {
                                long h = json.readTree(r.body()).get("count").asLong();
                                if (h < lastHttp) {
                                    failures.add("the server's count went down from " + lastHttp + " to " + h);
                                }
                                lastHttp = h;
                            }
                        }
                        maxGenerations = Math.max(maxGenerations, Math.max(reader.openGenerations(), served.openGenerations()));
                    } catch (RuntimeException e) {
                        failures.add(e.toString());
                    }
                    Thread.sleep(3);
                }
            } finally {
                if (held != null) {
                    held.close();
                }
                child.destroy();
            }
            String log = Files.readString(childLog, StandardCharsets.UTF_8);
            assertEquals(0, child.waitFor(), log);
            assertTrue(log.contains("optimized"), log);
            long all = expected;
            org.thordb.testing.Await.until(java.time.Duration.ofSeconds(20), () -> reader.count("") == all,
                    "the reader sees every game at the end");
            assertEquals(expected, front.count(""));
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port()
                    + "/api/count")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(expected, json.readTree(r.body()).get("count").asLong());
            assertTrue(reader.openGenerations() <= 2, reader.openGenerations() + " generations open at the end");
        }
        System.out.println("FollowingAnotherProcessTest: " + reads + " reads, " + frontReads + " through ThorDb, "
                + httpReads + " HTTP requests, at most " + maxGenerations + " generations open, " + seen.size()
                + " counts seen, " + failures.size() + " failures");
        assertEquals(List.of(), failures.subList(0, Math.min(20, failures.size())), failures.size() + " failed calls");
        assertTrue(reads > 100 && httpReads > 25, reads + " reads, " + httpReads + " HTTP requests");
        assertTrue(maxGenerations <= MAX_GENERATIONS, maxGenerations + " generations open at once");
        assertTrue(seen.size() >= 5, "the reader followed the import file by file: it saw the counts " + seen);
    }
}
