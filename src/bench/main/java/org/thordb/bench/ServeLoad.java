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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.thordb.othello.Notation;

/**
 * The HTTP server under load, loopback only: {@code thordb serve} in a process of its own, and 64
 * client threads in this one, for 30 seconds a run (and at most 2,000,000 requests), on the explorer
 * route ({@code /api/explore} at random positions of random games) and the query route
 * ({@code /api/count?q=position = …} for the same positions): first each client sending its next
 * request when its last is answered (the server saturated), then the explorer route at 2,000
 * requests/s offered on a fixed schedule. Every answer must be 200. Writes requests/s and the
 * latency percentiles into {@code target/bench/serve-BASE.json}.
 *
 * <p>Usage: {@code java -cp … org.thordb.bench.ServeLoad ffo}
 */
public final class ServeLoad {
    private ServeLoad() {
    }

    static final int CLIENTS = 64;
    static final long SECONDS = 30;
    static final long MAX_REQUESTS = 2_000_000;
    /** The offered load of the paced run, requests/s over all clients. */
    static final int PACED_RATE = 2_000;

    /** A {@code thordb serve} process on a free loopback port, and the root of its URLs. */
    record Served(Process process, String root) {
    }

    /** Starts {@code thordb serve} on the base's store (imported first when missing) with the JVM options given. */
    static Served serve(String base, String... jvmOptions) throws java.io.IOException {
        java.util.List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(Arrays.asList(jvmOptions));
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "org.thordb.cli.Main", "serve", "--db",
                BenchData.store(base).toString(), "--port", "0"));
        Process server = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String line = new java.io.BufferedReader(new java.io.InputStreamReader(server.getInputStream(),
                StandardCharsets.UTF_8)).readLine();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("http://127\\.0\\.0\\.1:(\\d+)/")
                .matcher(String.valueOf(line));
        if (!m.find()) {
            server.destroy();
            throw new IllegalStateException("thordb serve said: " + line);
        }
        return new Served(server, "http://127.0.0.1:" + m.group(1));
    }

    public static void main(String[] args) throws Exception {
        for (String base : args) {
            List<String> lines = new ArrayList<>();
            for (int[] l : BenchData.batchLines(base, 10_000)) {
                lines.add(Notation.line(l));
            }
            ObjectNode out = new ObjectMapper().createObjectNode();
            out.put("base", base).put("clients", CLIENTS).put("seconds", SECONDS);
            // the server in a process of its own, as `thordb serve` runs it: the clients' garbage
            // is not collected in its pauses
            Served served = serve(base, "-Xmx2g");
            Process server = served.process();
            try {
                String root = served.root();
                run(root, lines, "explore", 5, 0); // warm-up: the JIT, the caches
                run(root, lines, "count", 5, 0);
                out.set("explore", run(root, lines, "explore", SECONDS, 0));
                out.set("count", run(root, lines, "count", SECONDS, 0));
                // the goal's load: 2,000 requests/s offered, and what latency each sees at that rate
                out.set("explorePaced", run(root, lines, "explore", SECONDS, PACED_RATE));
            } finally {
                server.destroy();
                server.waitFor();
            }
            Path f = BenchData.work().resolve("serve-" + base + ".json");
            Files.writeString(f, out.toPrettyString());
            System.out.println(out.toPrettyString());
        }
    }

    /**
     * The client: by default each of the 64 threads sends on a keep-alive connection of its own with
     * blocking I/O ({@code HttpURLConnection}, its cache holding 64); with
     * {@code -Dthordb.bench.client=jdk} they share one {@code java.net.http.HttpClient}, whose one
     * selector thread serves every connection (it queues the answers on two cores).
     */
    static final boolean BLOCKING = !"jdk".equals(System.getProperty("thordb.bench.client"));

    static {
        System.setProperty("http.maxConnections", "64"); // one kept-alive connection a client thread
    }

    /**
     * One route under load: 64 client threads. With {@code rate} 0 each sends its next request when
     * its last is answered (the server saturated: latency is then mostly queueing, 64 / throughput on
     * average). With a rate, each client sends on a fixed schedule (every 64 / rate seconds, the clients
     * staggered) and a request's latency runs from its scheduled time, not from when it was sent, so a
     * slow answer that delays the next ones counts against every one it delays (no coordinated omission).
     */
    private static ObjectNode run(String root, List<String> lines, String route, long seconds, int rate)
            throws Exception {
        long interval = rate == 0 ? 0 : CLIENTS * 1_000_000_000L / rate;
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        long t0 = System.nanoTime();
        long end = t0 + seconds * 1_000_000_000L;
        AtomicLong total = new AtomicLong();
        long[][] latencies = new long[CLIENTS][];
        int[] counts = new int[CLIENTS];
        Thread[] threads = new Thread[CLIENTS];
        java.util.concurrent.atomic.AtomicReference<Throwable> failed = new java.util.concurrent.atomic.AtomicReference<>();
        for (int c = 0; c < CLIENTS; c++) {
            int client = c;
            threads[c] = new Thread(() -> {
                Random rnd = new Random(client);
                long[] mine = new long[1 << 16];
                int n = 0;
                long next = t0 + interval * client / CLIENTS;
                try {
                    while ((interval > 0 ? next : System.nanoTime()) < end && total.incrementAndGet() <= MAX_REQUESTS) {
                        String line = lines.get(rnd.nextInt(lines.size()));
                        String path = route.equals("explore") ? "/api/explore?moves=" + line
                                : "/api/count?q=" + URLEncoder.encode("position = " + line, StandardCharsets.UTF_8);
                        long s;
                        if (interval > 0) {
                            for (long wait; (wait = next - System.nanoTime()) > 0;) {
                                java.util.concurrent.locks.LockSupport.parkNanos(wait);
                            }
                            s = next; // from the scheduled time, even when the last answer made this one late
                            next += interval;
                        } else {
                            s = System.nanoTime();
                        }
                        if (BLOCKING) {
                            java.net.HttpURLConnection con = (java.net.HttpURLConnection) URI.create(root + path).toURL()
                                    .openConnection();
                            int status = con.getResponseCode();
                            try (java.io.InputStream in = status == 200 ? con.getInputStream() : con.getErrorStream()) {
                                byte[] body = in.readAllBytes(); // read whole: the connection goes back to the keep-alive cache
                                if (status != 200) {
                                    throw new IllegalStateException(path + ": " + status + " "
                                            + new String(body, StandardCharsets.UTF_8));
                                }
                            }
                        } else {
                            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(root + path)).build(),
                                    HttpResponse.BodyHandlers.ofString());
                            if (r.statusCode() != 200) {
                                throw new IllegalStateException(path + ": " + r.statusCode() + " " + r.body());
                            }
                        }
                        if (n == mine.length) {
                            mine = Arrays.copyOf(mine, n * 2);
                        }
                        mine[n++] = System.nanoTime() - s;
                    }
                } catch (Exception e) {
                    failed.compareAndSet(null, e);
                }
                latencies[client] = mine;
                counts[client] = n;
            });
            threads[c].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        if (failed.get() != null) {
            throw new IllegalStateException("a request failed", failed.get());
        }
        double elapsed = (System.nanoTime() - t0) / 1e9;
        int all = Arrays.stream(counts).sum();
        long[] merged = new long[all];
        int k = 0;
        for (int c = 0; c < CLIENTS; c++) {
            System.arraycopy(latencies[c], 0, merged, k, counts[c]);
            k += counts[c];
        }
        Arrays.sort(merged);
        ObjectNode o = new ObjectMapper().createObjectNode();
        o.put("client", BLOCKING ? "HttpURLConnection, a keep-alive connection a thread" : "java.net.http.HttpClient, shared");
        if (rate > 0) {
            o.put("offeredPerSecond", rate);
        }
        o.put("requests", all).put("seconds", elapsed).put("requestsPerSecond", all / elapsed)
                .put("p50Ms", merged[all / 2] / 1e6).put("p99Ms", merged[(int) (all * 0.99)] / 1e6)
                .put("p999Ms", merged[(int) (all * 0.999)] / 1e6).put("maxMs", merged[all - 1] / 1e6);
        return o;
    }
}
