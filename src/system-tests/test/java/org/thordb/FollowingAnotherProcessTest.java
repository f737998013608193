package org.thordb;

import org.thordb.usecase.Explore;
import org.thordb.usecase.Games;
import org.thordb.engine.GamePages;
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
 * file by file, then optimizes, while this one reads without pause through a read-only handle
 * (counts, a page of games sorted by year, the explorer at the start and after f5d6), through the
 * public {@link ThorDb} front, and through the HTTP API of a server on a read-only handle, as
 * {@code thordb serve} runs. Three rounds, each on a new store: not one call may fail, no count may
 * go down, every file's games become visible, and the handles hold a bounded number of store
 * generations however many imports they follow. The figures it prints (calls, how long after a
 * file landed the reader saw it, the slowest call, while importing and while optimizing) are those
 * of the performance table.
 */
@org.thordb.testing.FullTier
class FollowingAnotherProcessTest {
    @TempDir
    Path tmp;

    /** Generations a handle may hold at once: the current one, one a refresh just replaced, and those results read. */
    static final int MAX_GENERATIONS = 4;

    /** Rounds, each a new store and a new child process. */
    static final int ROUNDS = 3;

    @Test
    @Timeout(value = 20, unit = TimeUnit.MINUTES)
    void readersFollowAnImportAndAnOptimizeOfAnotherProcessWithoutAFailure() throws Exception {
        Path wthor = SharedData.dir("wthor");
        List<Path> years;
        try (Stream<Path> s = Files.list(wthor)) {
            years = s.filter(p -> p.getFileName().toString().matches("WTH_\\d{4}\\.wtb")).sorted().toList();
        }
        List<String> summary = new ArrayList<>();
        for (int round = 1; round <= ROUNDS; round++) {
            summary.add(round(round, years));
        }
        summary.forEach(System.out::println);
    }

    private static long games(Path wtb) throws java.io.IOException {
        return (Files.size(wtb) - 16) / 68;
    }

    private static long percentile(List<Long> v, double p) {
        if (v.isEmpty()) {
            return -1;
        }
        List<Long> s = new ArrayList<>(v);
        java.util.Collections.sort(s);
        return s.get(Math.min(s.size() - 1, (int) Math.ceil(p * s.size()) - 1));
    }

    private String round(int round, List<Path> years) throws Exception {
        Path db = tmp.resolve("store-" + round);
        try (Engine first = Engine.open(db)) { // the store the readers open: the first year, with the names
            first.importFiles(List.of(years.get(0)), Importer.Options.defaults(), m -> { });
        }
        // the count each file's import leads to, by its name
        java.util.Map<String, Long> after = new java.util.HashMap<>();
        long expected = games(years.get(0));
        for (Path y : years.subList(1, years.size())) {
            expected += games(y);
            after.put(y.getFileName().toString(), expected);
        }
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx1g", "-cp", System.getProperty("java.class.path"), ImportFilesOneByOne.class.getName(), db.toString()));
        years.subList(1, years.size()).forEach(p -> cmd.add(p.toString()));
        Path childLog = tmp.resolve("child-" + round + ".log");

        List<String> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        HttpClient http = HttpClient.newHttpClient();
        ObjectMapper json = new ObjectMapper();
        long calls = 0;
        int maxGenerations = 0;
        long lastCount = 0;
        long lastHttp = 0;
        long lastFront = 0;
        java.util.Set<Long> seen = new java.util.TreeSet<>();
        // when each count landed (the child's line) and when the reader first saw it
        java.util.Map<Long, Long> landedAt = new java.util.concurrent.ConcurrentHashMap<>();
        java.util.Map<Long, Long> seenAt = new java.util.HashMap<>();
        long[] optimizeFrom = {Long.MAX_VALUE};
        List<Long> importing = new ArrayList<>();
        List<Long> optimizing = new ArrayList<>();
        long slowest = 0;
        String slowestCall = "";
        try (Engine reader = Engine.openReadOnly(db);
             ThorDb front = ThorDb.builder(db).readOnly().open();
             WebServer server = WebServer.start(front, "127.0.0.1", 0, 10_000)) {
            Process child = new ProcessBuilder(cmd).redirectError(childLog.toFile()).start();
            Thread lines = new Thread(() -> {
                try (java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(child.getInputStream(),
                        StandardCharsets.UTF_8))) {
                    for (String l; (l = in.readLine()) != null; ) {
                        long now = System.nanoTime();
                        if (l.startsWith("imported ")) {
                            Long n = after.get(l.substring(9).strip());
                            if (n != null) {
                                landedAt.put(n, now);
                            }
                        } else if (l.equals("optimizing")) {
                            optimizeFrom[0] = now;
                        }
                    }
                } catch (java.io.IOException e) {
                    failures.add("reading the child's lines: " + e);
                }
            });
            lines.start();
            MatchedGames held = null; // a result kept open across refreshes, read now and then
            org.thordb.othello.Position start = org.thordb.othello.Position.start();
            org.thordb.othello.Position f5d6 = org.thordb.othello.Position.afterLine("f5d6");
            try {
                long t = 0;
                while (child.isAlive()) {
                    t++;
                    String what = "";
                    long t0 = System.nanoTime();
                    try {
                        switch ((int) (t % 6)) {
                            case 0 -> {
                                what = "count";
                                long n = Games.count(reader, "");
                                long now = System.nanoTime();
                                // one state read whole: every game of its catalog reaches the start position
                                long[] both = reader.read(r -> new long[] {r.all().getLongCardinality(),
                                    r.position(start).getLongCardinality()});
                                if (both[0] != both[1]) {
                                    failures.add("a state with a hole: " + both[0] + " games, " + both[1] + " at the start");
                                }
                                if (n < lastCount) {
                                    failures.add("the count went down from " + lastCount + " to " + n);
                                }
                                lastCount = n;
                                if (seen.add(n)) {
                                    seenAt.put(n, now);
                                }
                            }
                            case 1 -> {
                                what = "page";
                                GamePages.Page p = Games.pageOf(reader, "year >= 1980", "-year", 0, 20);
                                if (p.total() > 0 && p.games().isEmpty()) {
                                    failures.add("a page of " + p.total() + " games showed none");
                                }
                            }
                            case 2 -> {
                                what = "explore";
                                long total = Explore.exploration(reader, t % 12 == 2 ? start : f5d6, "").total();
                                if (total < 0) {
                                    failures.add("the explorer answered " + total);
                                }
                            }
                            case 3 -> {
                                what = "front count";
                                long f = front.count("");
                                if (f < lastFront) {
                                    failures.add("the front's count went down from " + lastFront + " to " + f);
                                }
                                lastFront = f;
                            }
                            case 4 -> {
                                what = "HTTP count";
                                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                                        + server.port() + "/api/count")).build(), HttpResponse.BodyHandlers.ofString());
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
                            default -> {
                                what = "HTTP explore";
                                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                                        + server.port() + "/api/explore?moves=f5d6")).build(), HttpResponse.BodyHandlers.ofString());
                                if (r.statusCode() != 200) {
                                    failures.add("HTTP " + r.statusCode() + ": " + r.body());
                                }
                                if (t % 60 == 5) {
                                    what = "held result";
                                    if (held != null) {
                                        long c = held.stream().limit(3).count();
                                        if (c == 0 && held.count() > 0) {
                                            failures.add("a held result read no game");
                                        }
                                        held.close();
                                    }
                                    held = reader.query("year >= 1980");
                                }
                            }
                        }
                        calls++;
                        maxGenerations = Math.max(maxGenerations, reader.openGenerations());
                    } catch (RuntimeException e) {
                        failures.add(what + ": " + e);
                    }
                    long took = System.nanoTime() - t0;
                    (t0 >= optimizeFrom[0] ? optimizing : importing).add(took);
                    if (took > slowest) {
                        slowest = took;
                        slowestCall = what;
                    }
                }
            } finally {
                if (held != null) {
                    held.close();
                }
                child.destroy();
            }
            lines.join(10_000);
            String log = Files.readString(childLog, StandardCharsets.UTF_8);
            assertEquals(0, child.waitFor(), log);
            long all = expected;
            org.thordb.testing.Await.until(java.time.Duration.ofSeconds(20), () -> Games.count(reader, "") == all,
                    "the reader sees every game at the end");
            assertEquals(expected, front.count(""));
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port()
                    + "/api/count")).build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(expected, json.readTree(r.body()).get("count").asLong());
            assertTrue(reader.openGenerations() <= 2, reader.openGenerations() + " generations open at the end");
        }
        // how long after each file landed the reader saw its games (a count at least as large)
        List<Long> delays = new ArrayList<>();
        int skipped = 0;
        for (java.util.Map.Entry<Long, Long> e : landedAt.entrySet()) {
            long first = Long.MAX_VALUE;
            for (java.util.Map.Entry<Long, Long> s : seenAt.entrySet()) {
                if (s.getKey() >= e.getKey()) {
                    first = Math.min(first, s.getValue());
                }
            }
            if (first != Long.MAX_VALUE) {
                delays.add(Math.max(0, first - e.getValue()));
            }
            skipped += seen.contains(e.getKey()) ? 0 : 1;
        }
        String said = String.format(java.util.Locale.ROOT, "FollowingAnotherProcessTest round %d: %,d calls (%,d while"
                        + " importing, %,d while optimizing), %d failed; %d files landed, seen after p50 %.0f ms, p99 %.0f ms"
                        + " (%d counts seen only in a later state); calls p50 %.1f ms / p99 %.1f ms importing, p50 %.1f ms /"
                        + " p99 %.1f ms optimizing; slowest call %.0f ms (%s); at most %d generations open", round, calls,
                importing.size(), optimizing.size(), failures.size(), landedAt.size(), percentile(delays, 0.5) / 1e6,
                percentile(delays, 0.99) / 1e6, skipped, percentile(importing, 0.5) / 1e6, percentile(importing, 0.99) / 1e6,
                percentile(optimizing, 0.5) / 1e6, percentile(optimizing, 0.99) / 1e6, slowest / 1e6, slowestCall, maxGenerations);
        System.out.println(said);
        assertEquals(List.of(), failures.subList(0, Math.min(20, failures.size())), failures.size() + " failed calls");
        assertTrue(calls > 300, calls + " calls");
        assertEquals(years.size() - 1, landedAt.size(), "every file's import was seen to land");
        assertEquals(landedAt.size(), delays.size(), "every file's games became visible");
        assertTrue(maxGenerations <= MAX_GENERATIONS, maxGenerations + " generations open at once");
        assertTrue(seen.size() >= 5, "the reader followed the import file by file: it saw the counts " + seen);
        return said;
    }
}
