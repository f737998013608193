package org.thordb.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.thordb.othello.Notation;

/**
 * The server overloaded, loopback only: {@code thordb serve} in a process of its own, started as
 * {@code tools/thordb serve} starts it (a 2 GB heap, short collector pauses); 32 client threads
 * sending heavy requests for 20 s — half a 45-term board pattern count (a query's most characters), half {@code /api/explore}
 * with {@code solve=20} at positions of 17 to 20 empties of random games — each asking again when
 * answered (50 ms after a 503, as an impatient client would); and one cheap probe,
 * {@code /api/count?q=year >= Y} with Y varied, asking again when answered. The goal is the probe's:
 * p99 ≤ 50 ms and no 503. Writes the probe's percentiles, its statuses and the heavy clients' into
 * {@code target/bench/serve-overload-BASE.json}.
 *
 * <p>Usage: {@code java -cp … org.thordb.bench.ServeOverload ffo}
 */
public final class ServeOverload {
    private ServeOverload() {
    }

    static final int HEAVY_CLIENTS = 32;
    static final long SECONDS = 20;

    /** Forty-five board patterns or-ed together (as many as the 4,096 characters a query may have hold): every game replayed 45 times. */
    static String patternQuery() {
        List<String> terms = new ArrayList<>();
        String p = "X??????O" + "?".repeat(48) + "O??????X";
        for (int k = 15; k < 60; k++) {
            terms.add("pattern = \"" + p + "\" at move " + k);
        }
        return String.join(" or ", terms);
    }

    public static void main(String[] args) throws Exception {
        for (String base : args) {
            List<String> deep = new ArrayList<>();
            for (int[] l : BenchData.batchLines(base, 10_000)) {
                if (l.length >= 40 && l.length <= 47) {
                    deep.add(Notation.line(l)); // 17 to 24 empties: solved at solve=20 when ≤ 20
                }
            }
            ObjectNode out = new ObjectMapper().createObjectNode();
            out.put("base", base).put("heavyClients", HEAVY_CLIENTS).put("seconds", SECONDS);
            // as tools/thordb serve starts it: a 2 GB heap, short collector pauses
            ServeLoad.Served served = ServeLoad.serve(base, "-Xmx2g", "-XX:MaxGCPauseMillis=20");
            Process server = served.process();
            try {
                String root = served.root();
                run(root, deep, 5); // warm-up: the JIT, the caches
                ObjectNode r = run(root, deep, SECONDS);
                out.setAll(r);
            } finally {
                server.destroy();
                server.waitFor();
            }
            Path f = BenchData.work().resolve("serve-overload-" + base + ".json");
            Files.writeString(f, out.toPrettyString());
            System.out.println(out.toPrettyString());
        }
    }

    static ObjectNode run(String root, List<String> deep, long seconds) throws Exception {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        String pattern = root + "/api/count?q=" + URLEncoder.encode(patternQuery(), StandardCharsets.UTF_8);
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        ConcurrentHashMap<Integer, AtomicLong> heavyStatus = new ConcurrentHashMap<>();
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < HEAVY_CLIENTS; c++) {
            int client = c;
            Thread t = new Thread(() -> {
                Random rnd = new Random(client);
                while (System.nanoTime() < end) {
                    String uri = client % 2 == 0 ? pattern
                            : root + "/api/explore?solve=20&moves=" + deep.get(rnd.nextInt(deep.size()));
                    int status = status(http, uri);
                    heavyStatus.computeIfAbsent(status, k -> new AtomicLong()).incrementAndGet();
                    if (status != 200 && status != 503) {
                        throw new IllegalStateException("a heavy request answered " + status + ": " + uri);
                    }
                    if (status == 503) {
                        try {
                            Thread.sleep(50);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                }
            }, "heavy-" + c);
            t.start();
            threads.add(t);
        }
        Thread.sleep(1000); // the heavy load in place before the probe starts
        List<Long> probe = new ArrayList<>();
        ConcurrentHashMap<Integer, AtomicLong> probeStatus = new ConcurrentHashMap<>();
        Random rnd = new Random(7);
        while (System.nanoTime() < end) {
            String uri = root + "/api/count?q=" + URLEncoder.encode("year >= " + (1977 + rnd.nextInt(45)), StandardCharsets.UTF_8);
            long t0 = System.nanoTime();
            int status = status(http, uri);
            probe.add(System.nanoTime() - t0);
            probeStatus.computeIfAbsent(status, k -> new AtomicLong()).incrementAndGet();
        }
        for (Thread t : threads) {
            t.join();
        }
        long[] ns = probe.stream().mapToLong(Long::longValue).toArray();
        Arrays.sort(ns);
        ObjectNode o = new ObjectMapper().createObjectNode();
        o.put("probeRequests", ns.length);
        o.put("probeP50Ms", pct(ns, 0.50)).put("probeP99Ms", pct(ns, 0.99)).put("probeMaxMs", ns.length == 0 ? 0 : ns[ns.length - 1] / 1e6);
        ObjectNode ps = o.putObject("probeStatus");
        probeStatus.forEach((k, v) -> ps.put(String.valueOf(k), v.get()));
        ObjectNode hs = o.putObject("heavyStatus");
        heavyStatus.forEach((k, v) -> hs.put(String.valueOf(k), v.get()));
        return o;
    }

    /** The status of a GET, its body read whole; −1 when it failed on the way. */
    private static int status(HttpClient http, String uri) {
        try {
            return http.send(HttpRequest.newBuilder(URI.create(uri)).timeout(Duration.ofSeconds(30)).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            return -1;
        }
    }

    private static double pct(long[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)] / 1e6;
    }
}
