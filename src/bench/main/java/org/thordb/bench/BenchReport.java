package org.thordb.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The table of every benchmark figure, made from what {@code tools/bench all} left in
 * {@code target/bench/} (each JMH run's JSON, the size report, the whole-process runs), with the machine it
 * ran on, each figure's goal and its baselines. {@code --perf} writes it into docs/performance.md
 * between the {@code bench:begin} and {@code bench:end} markers, so the published figures are
 * always the last run's.
 *
 * <p>Usage: {@code tools/bench report --perf}
 */
public final class BenchReport {
    private static final String BEGIN = "<!-- bench:begin -->";
    private static final String END = "<!-- bench:end -->";
    private static final String[] BASES = {"ffo", "synthetic-1m"};

    private final Map<String, JsonNode> jmh = new HashMap<>();
    private final Map<String, JsonNode> whole = new HashMap<>();
    private final Map<String, JsonNode> serve = new HashMap<>();
    private final Map<String, JsonNode> overload = new HashMap<>();
    private final Map<String, double[]> size = new HashMap<>(); // base -> {store bytes, raw bytes}
    private final Map<String, Long> games = new HashMap<>();
    private final Map<String, JsonNode> solve = new HashMap<>(); // suite -> solve-SUITE.json
    private JsonNode theoretical;
    private final Map<String, JsonNode> scale = new HashMap<>(); // base -> scale-BASE.json

    private BenchReport() {
    }

    /** Prints the table; with {@code --perf}, also writes it into docs/performance.md. */
    public static void main(String[] args) throws IOException {
        Path dir = BenchData.work();
        BenchReport r = new BenchReport();
        r.read(dir);
        String table = r.table();
        System.out.println(table);
        if (args.length > 0 && args[0].equals("--perf")) {
            Path readme = Path.of("docs/performance.md");
            String text = Files.readString(readme, StandardCharsets.UTF_8);
            int b = text.indexOf(BEGIN);
            int e = text.indexOf(END);
            if (b < 0 || e < b) {
                throw new IllegalStateException(readme + " has no " + BEGIN + " … " + END + " block");
            }
            Files.writeString(readme, text.substring(0, b + BEGIN.length()) + "\n" + table + "\n" + text.substring(e),
                    StandardCharsets.UTF_8);
            System.out.println(readme + " updated");
        }
    }

    private void read(Path dir) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<Path> runs = new ArrayList<>();
        try (var files = Files.list(dir)) {
            files.filter(p -> p.getFileName().toString().matches("jmh-\\d{8}-\\d{6}\\.json")).sorted().forEach(runs::add);
        }
        for (Path results : runs) { // oldest first: a later run of a figure replaces an earlier one
            for (JsonNode n : json.readTree(results.toFile())) {
                String name = n.get("benchmark").asText().replace("org.thordb.bench.", "");
                StringBuilder key = new StringBuilder(name);
                JsonNode params = n.get("params");
                if (params != null) {
                    // the explorer's default way is its figure as before the parameter was added
                    params.fields().forEachRemaining(p -> {
                        if (!(p.getKey().equals("way") && p.getValue().asText().equals("cheapest"))) {
                            key.append(' ').append(p.getKey()).append('=').append(p.getValue().asText());
                        }
                    });
                }
                if (n.get("primaryMetric").has("scorePercentiles")) {
                    jmh.put(key.toString(), n.get("primaryMetric"));
                }
            }
        }
        for (String base : BASES) {
            Path w = dir.resolve("whole-" + base + ".json");
            if (Files.exists(w)) {
                whole.put(base, json.readTree(w.toFile()));
            }
        }
        for (String suite : new String[] {"20-39", "40-59"}) {
            Path f = dir.resolve("solve-" + suite + ".json");
            if (Files.exists(f)) {
                solve.put(suite, json.readTree(f.toFile()));
            }
        }
        for (String base : BASES) {
            Path f = dir.resolve("serve-" + base + ".json");
            if (Files.exists(f)) {
                serve.put(base, json.readTree(f.toFile()));
            }
            Path o = dir.resolve("serve-overload-" + base + ".json");
            if (Files.exists(o)) {
                overload.put(base, json.readTree(o.toFile()));
            }
        }
        for (String base : SCALE_BASES) {
            Path f = dir.resolve("scale-" + base + ".json");
            if (Files.exists(f)) {
                scale.put(base, json.readTree(f.toFile()));
            }
        }
        Path th = dir.resolve("theoretical.json");
        if (Files.exists(th)) {
            theoretical = json.readTree(th.toFile());
        }
        Path s = dir.resolve("size.txt");
        if (Files.exists(s)) {
            Pattern p = Pattern.compile("^(\\S+): (\\d+) games, raw WTHOR ([\\d,]+) bytes, store ([\\d,]+) bytes");
            for (String line : Files.readAllLines(s)) {
                Matcher m = p.matcher(line);
                if (m.find()) {
                    games.put(m.group(1), Long.parseLong(m.group(2)));
                    size.put(m.group(1), new double[] {num(m.group(4)), num(m.group(3))});
                }
            }
        }
    }

    private static double num(String s) {
        return Double.parseDouble(s.replace(",", ""));
    }

    /** A JMH figure without a base parameter (the solver's): its mean, in the benchmark's unit; NaN when not run. */
    private double fig(String bench, String unused, String param) {
        JsonNode m = jmh.get(bench + " " + param);
        return m == null ? Double.NaN : m.get("score").asDouble();
    }

    private static String seconds(double s) {
        return Double.isNaN(s) ? "not run" : String.format(Locale.ROOT, "%.2f s", s);
    }

    /** A JMH figure: "p50", "p99" or "mean", in the benchmark's unit; NaN when it was not run. */
    private double fig(String bench, String base, String kind, String what) {
        JsonNode m = jmh.get(bench + " base=" + base + (kind == null ? "" : " kind=" + kind));
        if (m == null) {
            return Double.NaN;
        }
        return switch (what) {
            case "p50" -> m.get("scorePercentiles").get("50.0").asDouble();
            case "p99" -> m.get("scorePercentiles").get("99.0").asDouble();
            default -> m.get("score").asDouble();
        };
    }

    private static String us(double v) {
        if (Double.isNaN(v)) {
            return "not run";
        }
        if (v >= 1_000_000) {
            return String.format(Locale.ROOT, "%.2f s", v / 1e6);
        }
        if (v >= 10_000) {
            return String.format(Locale.ROOT, "%.1f ms", v / 1000);
        }
        if (v >= 1000) { // two decimals: 1.03 ms must not read as a goal of 1 ms met
            return String.format(Locale.ROOT, "%.2f ms", v / 1000);
        }
        return v >= 100 ? String.format(Locale.ROOT, "%.2f ms", v / 1000) : String.format(Locale.ROOT, "%.0f µs", v);
    }

    private static String ms(double v) {
        return Double.isNaN(v) ? "not run" : v >= 1000 ? String.format(Locale.ROOT, "%.2f s", v / 1000)
                : String.format(Locale.ROOT, "%.0f ms", v);
    }

    private static String times(double slow, double fast) {
        if (Double.isNaN(slow) || Double.isNaN(fast) || fast <= 0) {
            return "";
        }
        double x = slow / fast;
        return x >= 100 ? String.format(Locale.ROOT, " (%,.0f×)", x) : String.format(Locale.ROOT, " (%.1f×)", x);
    }

    private String table() {
        List<String[]> rows = new ArrayList<>();
        rows.add(row("import with every index, in process", "≥ 50,000 games/s", "tools/bench ImportBench", base -> {
            double t = fig("ImportBench.importBase", base, null, "mean");
            double scan = fig("ImportBench.scan", base, null, "mean");
            Long n = games.get(base);
            String rate = Double.isNaN(t) ? "not run" : ms(t) + (n == null ? "" : String.format(Locale.ROOT, ": **%,.0f games/s**", n / (t / 1000)));
            return new String[] {rate, "one pass, read and replay every game: " + ms(scan)
                    + (Double.isNaN(scan) ? "" : String.format(Locale.ROOT, " (import = %.0f passes)", t / scan))};
        }));
        for (String[] src : new String[][] {{"eothello", "eOthello's CSV (2,000 games)", "2000"},
            {"logistello", "Logistello's book (2,000 games)", "2000"}, {"pgn", "the PGN of 1990 (2,986 games)", "2986"}}) {
            rows.add(row("import of a text file, in process: " + src[1], src[0].equals("pgn") ? "—" : "≥ 50,000 games/s",
                    "tools/bench TextImportBench", base -> {
                        if (!base.equals("ffo")) {
                            return new String[] {"—", ""};
                        }
                        double t = fig("TextImportBench.importFile", null, "source=" + src[0]);
                        double closed = fig("TextImportBench.importFileAndClose", null, "source=" + src[0]);
                        double scan = fig("TextImportBench.scan", null, "source=" + src[0]);
                        int n = Integer.parseInt(src[2]);
                        return new String[] {Double.isNaN(t) ? "not run" : String.format(Locale.ROOT,
                                "%.1f ms: **%,.0f games/s** (with the close that waits for the flush: %.1f ms, %,.0f games/s)",
                                t, n / (t / 1000), closed, n / (closed / 1000)), "read the lines, parse and replay every game: "
                                + (Double.isNaN(scan) ? "not run" : String.format(Locale.ROOT, "%.1f ms", scan))};
                    }));
        }
        rows.add(row("import, whole process (`thordb import`, JVM start included), median", "—", "tools/bench whole",
                base -> {
                    JsonNode w = whole.get(base);
                    if (w == null) {
                        return new String[] {"not run", "not run"};
                    }
                    return new String[] {ms(w.get("importMedianMs").asDouble()), "script, read and replay every game: "
                            + (w.get("scriptScanMs").isNull() ? "not run" : ms(w.get("scriptScanMs").asDouble()))};
                }));
        rows.add(row("position lookup, median", "< 50 µs", "tools/bench PositionLookupBench", base -> {
            double l = fig("PositionLookupBench.lookup", base, null, "p50");
            double s = fig("PositionLookupBench.scan", base, null, "p50");
            return new String[] {"**" + us(l) + "**", "replay every game to the ply: " + us(s)};
        }));
        rows.add(row("position lookup, 99th percentile", "< 1 ms", "same", base -> new String[] {
            "**" + us(fig("PositionLookupBench.lookup", base, null, "p99")) + "**",
            us(fig("PositionLookupBench.scan", base, null, "p99"))}));
        rows.add(row("lookup against the scan (medians)", "≥ 5,000×", "same", base -> {
            double l = fig("PositionLookupBench.lookup", base, null, "p50");
            double s = fig("PositionLookupBench.scan", base, null, "p50");
            return new String[] {Double.isNaN(l * s) ? "not run" : String.format(Locale.ROOT, "**%,.0f×**", s / l), ""};
        }));
        // the fairer baseline for many questions: one pass over every game answers all 10,000 at once
        rows.add(row("lookup against the one-pass scan, per position (10,000 asked together)", "—",
                "tools/bench BatchBench", base -> {
                    double l = fig("BatchBench.lookups", base, null, "mean");
                    double t = fig("BatchBench.together", base, null, "mean");
                    double s = fig("BatchBench.scan", base, null, "mean");
                    if (Double.isNaN(l * s)) {
                        return new String[] {"not run", ""};
                    }
                    String one = String.format(Locale.ROOT, "%s a position: %.1f×", us(l * 1000 / 10_000), s / l);
                    return new String[] {Double.isNaN(t) ? "one by one, " + one.replace(": ", ": **") + "**"
                            : String.format(Locale.ROOT, "together (`ThorDb.positions`), %s a position: **%.1f×**; one by one, %s",
                                    us(t * 1000 / 10_000), s / t, one), "one pass: " + us(s * 1000 / 10_000) + " a position"};
                }));
        rows.add(row("store size, merged and compacted (`thordb optimize`)", "≤ 8× raw", "tools/bench size", base -> {
            double[] z = size.get(base);
            return z == null ? new String[] {"not run", ""} : new String[] {
                String.format(Locale.ROOT, "%.1f MB: **%.1f×**", z[0] / 1e6, z[0] / z[1]),
                String.format(Locale.ROOT, "raw WTHOR files: %.1f MB", z[1] / 1e6)};
        }));
        String[][] queries = {
            {"player-opening", "`player = P and opening = f5d6`"},
            {"player-long-opening", "`player = P2 and opening = f5f6e6f4`"},
            {"tournament-result-year", "`tournament ~ T and result = draw and year >= Y`"},
            {"player-position", "`player = P and position = f5d6c3d3c4f4f6f3e6e7`"}};
        for (String[] q : queries) {
            rows.add(row(q[1] + ", median", "< 1 ms", "tools/bench QueryBench", base -> {
                double c = fig("QueryBench.count", base, q[0], "p50");
                double s = fig("QueryBench.scan", base, q[0], "p50");
                return new String[] {"**" + us(c) + "**", "scan: " + us(s) + times(s, c)};
            }));
        }
        for (String[] q : LEAPFROG) {
            rows.add(row(q[1] + ", median: read through the small part's games (every part read whole)", "—",
                    "tools/bench LeapfrogBench", base -> {
                        double on = figWith("LeapfrogBench.count", "p50", "base=" + base, "kind=" + q[0], "leapfrog=true");
                        double off = figWith("LeapfrogBench.count", "p50", "base=" + base, "kind=" + q[0], "leapfrog=false");
                        return new String[] {"**" + us(on) + "**", "read whole: " + us(off) + times(off, on)};
                    }));
        }
        rows.add(row("explorer, start position, every game, median", "< 20 ms", "tools/bench ExploreBench", base -> {
            double e = fig("ExploreBench.explore", base, "start", "p50");
            double s = fig("ExploreBench.scan", base, "start", "p50");
            return new String[] {"**" + us(e) + "**", "tally every first move: " + us(s) + times(s, e)};
        }));
        rows.add(row("explorer, random positions under a filter keeping a tenth, median (99th percentile)", "< 5 ms",
                "same", base -> {
                    double e = fig("ExploreBench.explore", base, "any-position-tenth", "p50");
                    double s = fig("ExploreBench.scan", base, "any-position-tenth", "p50");
                    return new String[] {"**" + us(e) + "** (" + us(fig("ExploreBench.explore", base, "any-position-tenth", "p99"))
                            + ")", "replay the filtered games: " + us(s) + times(s, e)};
                }));
        rows.add(row("explorer, positions after 2 to 6 moves under a filter keeping a tenth, median (99th percentile)",
                "< 5 ms", "tools/bench ExploreBench -p kind=opening-tenth", base -> {
                    double e = fig("ExploreBench.explore", base, "opening-tenth", "p50");
                    double s = fig("ExploreBench.scan", base, "opening-tenth", "p50");
                    return new String[] {"**" + us(e) + "** (" + us(fig("ExploreBench.explore", base, "opening-tenth", "p99"))
                            + ")", "replay the filtered games: " + us(s) + times(s, e)};
                }));
        rows.add(row("10,000 position queries, in process", "—", "tools/bench BatchBench", base -> {
            double l = fig("BatchBench.lookups", base, null, "mean");
            double t = fig("BatchBench.together", base, null, "mean");
            double s = fig("BatchBench.scan", base, null, "mean");
            return new String[] {(Double.isNaN(t) ? "" : "together: " + ms(t) + "; one by one: ") + ms(l),
                "one pass over every game for all 10,000: " + ms(s)};
        }));
        rows.add(row("10,000 position queries in one batch, whole process, median of 5", "< 2 s", "tools/bench whole",
                base -> {
                    JsonNode w = whole.get(base);
                    if (w == null) {
                        return new String[] {"not run", "not run"};
                    }
                    String script = w.get("scriptBatchMs").isNull() ? "not run"
                            : ms(w.get("scriptBatchMs").asDouble()) + (w.get("answersAgree").asBoolean()
                            ? ", the same 10,000 answers" : ", **answers differ**");
                    return new String[] {"**" + ms(w.get("batchMedianMs").asDouble()) + "**", "script, one pass: " + script};
                }));
        // the endgame solver: FFO suite figures in the ffo column, nothing of the synthetic base
        double edaxNodes = 111_349_635;
        rows.add(row("a player's record against each opponent (`stats --by opponent`), median", "< 50 ms",
                "tools/bench StatsBench", base -> {
                    double c = fig("StatsBench.stats", base, "player-record", "p50");
                    double s = fig("StatsBench.scan", base, "player-record", "p50");
                    return new String[] {"**" + us(c) + "**", "one pass over every game: " + us(s) + times(s, c)};
                }));
        rows.add(row("the whole base by year (`stats --by year`), median", "< 200 ms", "same", base -> {
            double c = fig("StatsBench.stats", base, "years", "p50");
            double s = fig("StatsBench.scan", base, "years", "p50");
            return new String[] {"**" + us(c) + "**", "one pass over every game: " + us(s) + times(s, c)};
        }));
        rows.add(row("a board pattern at any move, in any orientation, every game, median", "< 300 ms",
                "tools/bench PatternBench", base -> {
                    double c = fig("PatternBench.count", base, "pattern", "p50");
                    double s = fig("PatternBench.replay", base, "pattern", "p50");
                    double f = fig("PatternBench.floor", base, "pattern", "p50");
                    return new String[] {"**" + us(c) + "**", "plain replay (allocation-free steps, masks): " + us(s)
                            + times(s, c) + "; floor, every move read, no board: " + us(f)};
                }));
        rows.add(row("the same pattern with `player = P`, median", "< 10 ms", "same", base -> {
            double c = fig("PatternBench.count", base, "player-pattern", "p50");
            double s = fig("PatternBench.replay", base, "player-pattern", "p50");
            return new String[] {"**" + us(c) + "**", "the player's games replayed from a scan: " + us(s) + times(s, c)};
        }));
        rows.add(row("HTTP, `/api/explore` at random positions, 2,000 requests/s offered by 64 loopback clients on a schedule "
                + "(each every 32 ms) for 30 s, latency from the scheduled send: p50, p99 (p99.9, max)", "p99 < 20 ms at ≥ 2,000 requests/s",
                "tools/bench serve", base -> {
                    JsonNode n = serve.get(base);
                    if (n == null || n.get("explorePaced") == null) {
                        return new String[] {"not run", ""};
                    }
                    JsonNode r = n.get("explorePaced");
                    return new String[] {String.format(Locale.ROOT, "%.1f ms, **%.1f ms** (%.1f ms, %.1f ms)",
                            r.get("p50Ms").asDouble(), r.get("p99Ms").asDouble(), r.get("p999Ms").asDouble(),
                            r.get("maxMs").asDouble()),
                        String.format(Locale.ROOT, "%,d requests (%,.0f/s), every answer 200", r.get("requests").asLong(),
                                r.get("requestsPerSecond").asDouble())};
                }));
        rows.add(row("HTTP overloaded: `thordb serve` and 32 loopback clients sending heavy requests (a 45-term board pattern"
                + " count, `/api/explore?solve=20` at 17–24 empties) for 20 s, each asking again when answered; a cheap probe"
                + " (`/api/count?q=year >= Y`) asking again when answered: its p50, p99 (max)", "probe p99 ≤ 50 ms, no 503 for it",
                "tools/bench overload", base -> {
                    JsonNode n = overload.get(base);
                    if (n == null) {
                        return new String[] {"not run", ""};
                    }
                    JsonNode ps = n.get("probeStatus");
                    JsonNode hs = n.get("heavyStatus");
                    return new String[] {String.format(Locale.ROOT, "%.1f ms, **%.1f ms** (%.1f ms)", n.get("probeP50Ms").asDouble(),
                            n.get("probeP99Ms").asDouble(), n.get("probeMaxMs").asDouble()),
                        String.format(Locale.ROOT, "probe: %,d requests, %,d answered 200, %,d 503; heavy: %,d answered 200,"
                                + " %,d told 503 (their share or the queue full)", n.get("probeRequests").asLong(),
                                ps.path("200").asLong(), ps.path("503").asLong(), hs.path("200").asLong(), hs.path("503").asLong())};
                }));
        for (String[] route : new String[][] {{"explore", "`/api/explore` at random positions", "≥ 2,000 requests/s"},
            {"count", "`/api/count?q=position = …` at random positions", "—"}}) {
            rows.add(row("HTTP, " + route[1] + ", `thordb serve` and 64 loopback client threads, each asking again when answered "
                    + "(saturated), for 30 s: requests/s (p50, p99)", route[2], "same", base -> {
                        JsonNode n = serve.get(base);
                        if (n == null || n.get(route[0]) == null) {
                            return new String[] {"not run", ""};
                        }
                        JsonNode r = n.get(route[0]);
                        return new String[] {String.format(Locale.ROOT, "**%,.0f/s** (%.1f ms, %.1f ms)",
                                r.get("requestsPerSecond").asDouble(), r.get("p50Ms").asDouble(), r.get("p99Ms").asDouble()),
                            String.format(Locale.ROOT, "%,d requests, every answer 200", r.get("requests").asLong())};
                    }));
        }
        rows.add(row("FFO #20–#39 solved exactly, every core, mean of 3", "≤ 3 s", "tools/bench SolveBench -p suite=20-39",
                base -> !base.equals("ffo") ? new String[] {"—", ""} : new String[] {
                    "**" + seconds(fig("SolveBench.solveSuite", null, "suite=20-39")) + "**",
                    "Edax 4.4, one thread, published (okuhara/edax-reversi-AVX, Core i7-9700, x86-64-v3): 2.96 s;"
                            + " Edax 4.5.5: 1.83 s"}));
        rows.add(row("FFO #20–#39, nodes, counted as Edax counts them (every position searched or made to order moves)",
                "≤ 1.3× Edax's 111.3 M", "same", base -> {
            JsonNode j = solve.get("20-39");
            if (!base.equals("ffo")) {
                return new String[] {"—", ""};
            }
            if (j == null) {
                return new String[] {"not run", ""};
            }
            double n = j.get("nodes").asDouble();
            return new String[] {String.format(Locale.ROOT, "%.1f M: **%.1f×**", n / 1e6, n / edaxNodes), "Edax: 111.3 M"};
        }));
        rows.add(row("FFO #20–#39, nodes per second per core", "≥ 10 M", "same", base -> {
            JsonNode j = solve.get("20-39");
            double t = fig("SolveBench.solveSuite", null, "suite=20-39");
            if (!base.equals("ffo")) {
                return new String[] {"—", ""};
            }
            if (j == null || Double.isNaN(t)) {
                return new String[] {"not run", ""};
            }
            double perCore = j.get("nodes").asDouble() / t / j.get("threads").asDouble();
            return new String[] {String.format(Locale.ROOT, "**%.1f M**", perCore / 1e6), "Edax: about 14 M on one core"};
        }));
        rows.add(row("FFO #40–#59 solved exactly, every core, one run", "≤ 15 min, each < 3 min",
                "tools/bench SolveBench -p suite=40-59 -wi 0 -i 1",
                base -> !base.equals("ffo") ? new String[] {"—", ""} : new String[] {
                    seconds(fig("SolveBench.solveSuite", null, "suite=40-59")),
                    solve.get("40-59") == null ? "" : String.format(Locale.ROOT, "%.1f M nodes",
                            solve.get("40-59").get("nodes").asDouble() / 1e6)}));
        rows.add(row("an explorer request with every legal move's value (estimates above 20 empties), positions of FFO"
                + " games not asked before: 99th percentile (median)", "≤ 200 ms", "tools/bench EstimateBench",
                base -> {
                    JsonNode m = jmh.get("EstimateBench.request base=" + base);
                    if (!base.equals("ffo")) {
                        return new String[] {"—", ""};
                    }
                    if (m == null) {
                        return new String[] {"not run", ""};
                    }
                    return new String[] {String.format(Locale.ROOT, "**%.1f ms** (%.1f ms)",
                            m.get("scorePercentiles").get("99.0").asDouble(), m.get("scorePercentiles").get("50.0").asDouble()),
                        "Othello Sensei, NBoard and Edax score every move too; no published latency"};
                }));
        rows.add(row("`verify --theoretical --depth 22`, whole process, a sample of 40 games", "≥ 5 games/s", "tools/bench theoretical",
                base -> {
                    if (!base.equals("ffo")) {
                        return new String[] {"—", ""};
                    }
                    if (theoretical == null) {
                        return new String[] {"not run", ""};
                    }
                    double rate = theoretical.get("gamesPerSecond").asDouble();
                    return new String[] {String.format(Locale.ROOT, "%.2f games/s", rate), String.format(Locale.ROOT,
                            "the whole base (117,435 games): %.1f hours", 117_435 / rate / 3600)};
                }));
        StringBuilder sb = new StringBuilder();
        sb.append("Last run ").append(LocalDate.now()).append(" on ").append(machine()).append(".\n\n");
        sb.append("| figure | goal | ffo | ffo baseline | synthetic-1m | synthetic-1m baseline | command |\n");
        sb.append("|---|---|---|---|---|---|---|\n");
        for (String[] r : rows) {
            sb.append('|');
            for (String c : r) {
                sb.append(' ').append(c).append(" |");
            }
            sb.append('\n');
        }
        sb.append('\n').append(scaleTable());
        return sb.toString().stripTrailing();
    }

    private static final String[] SCALE_BASES = {"synthetic-10m", "ffo-like-10m"};

    /** LeapfrogBench's kinds and how the table writes them. */
    private static final String[][] LEAPFROG = {
        {"player-opening", "`player = P and opening = f5d6`"},
        {"player-position", "`player = P and position = f5d6c3`"},
        {"tournament-opening", "`tournament = T and opening = f5d6c3`"}};

    /** A LeapfrogBench cell: the median with the leapfrog, bold, then without it and the ratio. */
    private String leapfrog(String base, String kind) {
        double on = figWith("LeapfrogBench.count", "p50", "base=" + base, "kind=" + kind, "leapfrog=true");
        double off = figWith("LeapfrogBench.count", "p50", "base=" + base, "kind=" + kind, "leapfrog=false");
        return Double.isNaN(on) ? "not run" : "**" + us(on) + "** (read whole: " + us(off)
                + (Double.isNaN(off) ? "" : String.format(Locale.ROOT, ", %.1f×", off / on)) + ")";
    }

    /** The explorer's figures at 10M by the position's entries, then by one lookup a next move. */
    private String explorerWays(String base, String kind) {
        double p50 = figWith("ExploreBench.explore", "p50", "base=" + base, "kind=" + kind);
        if (Double.isNaN(p50)) {
            return "not run";
        }
        double l50 = figWith("ExploreBench.explore", "p50", "base=" + base, "kind=" + kind, "way=lookups");
        return "**" + us(p50) + "** (" + us(figWith("ExploreBench.explore", "p99", "base=" + base, "kind=" + kind)) + "); lookups: "
                + us(l50) + " (" + us(figWith("ExploreBench.explore", "p99", "base=" + base, "kind=" + kind, "way=lookups")) + ")";
    }

    /**
     * A JMH figure of a benchmark with exactly these parameters, in the order they are declared
     * ("base=B", "query=Q"...), "p50" or "p99"; NaN when not run. Exact: a query is a prefix of
     * another ({@code player ~ "ka"} and {@code player ~ "ka" and not year = 2000}).
     */
    private double figWith(String bench, String what, String... params) {
        JsonNode m = jmh.get(bench + " " + String.join(" ", params));
        return m == null ? Double.NaN : m.get("scorePercentiles").get(what.equals("p50") ? "50.0" : "99.0").asDouble();
    }

    /** Issue 19's figures at ten million games: the 10M bases side by side (tools/bench scale). */
    private String scaleTable() {
        List<String[]> rows = new ArrayList<>();
        for (String q : ScaleBench.QUERIES) {
            rows.add(scaleRow("`" + q.replace("|", "\\|") + "`, median (99th percentile)", "99th ≤ 50 ms",
                    "tools/bench ScaleBench", base -> "**" + us(figWith("ScaleBench.count", "p50", "base=" + base, "query=" + q))
                            + "** (" + us(figWith("ScaleBench.count", "p99", "base=" + base, "query=" + q)) + ")"));
        }
        for (String[] q : LEAPFROG) {
            rows.add(scaleRow(q[1] + ", median: read through the small part's games (every part read whole)", "—",
                    "tools/bench LeapfrogBench -p base=B", base -> leapfrog(base, q[0])));
        }
        rows.add(scaleRow("position lookup, random positions of random games, median (99th percentile)", "≤ 20 µs (≤ 1 ms)",
                "tools/bench PositionLookupBench.lookup -p base=B", base -> "**" + us(figWith("PositionLookupBench.lookup", "p50",
                        "base=" + base)) + "** (" + us(figWith("PositionLookupBench.lookup", "p99", "base=" + base)) + ")"));
        rows.add(scaleRow("explorer, start position, every game, no cache in memory (read from the store's book, which"
                + " `thordb optimize` makes), median", "≤ 20 ms",
                "tools/bench ExploreBench.explore -p base=B -p kind=start", base -> "**" + us(figWith("ExploreBench.explore",
                        "p50", "base=" + base, "kind=start")) + "**"));
        rows.add(scaleRow("explorer, random positions, no filter, no cache in memory (the book's positions read from it,"
                + " the others from the position's entries, which say each game's next move; then one lookup a next"
                + " move, as before schema 7), median (99th percentile)", "≤ 5 ms",
                "tools/bench ExploreBench.explore -p base=B -p kind=any-position -p way=cheapest,lookups",
                base -> explorerWays(base, "any-position")));
        rows.add(scaleRow("explorer, positions after 2 to 6 moves under a filter keeping a tenth (`year >= 1990`), the"
                + " same two ways, median (99th percentile)", "≤ 5 ms", "tools/bench ExploreBench.explore -p base=B -p kind=opening-tenth -p way=cheapest,lookups",
                base -> explorerWays(base, "opening-tenth")));
        rows.add(scaleRow("`thordb import` of 100 files of 100,000 games, whole process, `-Xmx2g` (peak resident memory)",
                "≥ 60,000 games/s", "tools/bench scale B", base -> {
                    JsonNode j = scale.get(base);
                    return j == null ? "not run" : String.format(Locale.ROOT, "%.0f s: **%,.0f games/s** (%.1f GB)",
                            j.get("importMs").asDouble() / 1000, j.get("games").asDouble() / (j.get("importMs").asDouble() / 1000),
                            j.get("importRssKb").asDouble() / 1048576);
                }));
        rows.add(scaleRow("`thordb optimize` after it (merge every file's postings, then compact), whole process, `-Xmx2g`"
                + " (peak resident memory)", "within 2 GB of heap", "same", base -> {
                    JsonNode j = scale.get(base);
                    return j == null || !j.has("optimizeMs") ? "not run" : String.format(Locale.ROOT, "**%.0f s** (%.1f GB)",
                            j.get("optimizeMs").asDouble() / 1000, j.get("optimizeRssKb").asDouble() / 1048576);
                }));
        rows.add(scaleRow("`thordb verify --db`, whole process, `-Xmx2g` (peak resident memory)", "within 2 GB of heap", "same",
                base -> {
                    JsonNode j = scale.get(base);
                    return j == null ? "not run" : String.format(Locale.ROOT, "**%.0f s** (%.1f GB)",
                            j.get("verifyMs").asDouble() / 1000, j.get("verifyRssKb").asDouble() / 1048576);
                }));
        rows.add(scaleRow("store against the WTHOR bytes, as the import leaves it", "≤ 5×", "same", base -> {
            JsonNode j = scale.get(base);
            String bytes = j != null && j.has("importStoreBytes") ? "importStoreBytes" : "storeBytes";
            return j == null ? "not run" : String.format(Locale.ROOT, "%.1f GB for %.0f MB: **%.2f×**",
                    j.get(bytes).asDouble() / 1e9, j.get("rawBytes").asDouble() / 1e6,
                    j.get(bytes).asDouble() / j.get("rawBytes").asDouble());
        }));
        rows.add(scaleRow("store against the WTHOR bytes after `thordb optimize`", "≤ 5×", "same", base -> {
            JsonNode j = scale.get(base);
            return j == null || !j.has("importStoreBytes") ? "not run" : String.format(Locale.ROOT, "%.1f GB: **%.2f×**",
                    j.get("storeBytes").asDouble() / 1e9, j.get("storeBytes").asDouble() / j.get("rawBytes").asDouble());
        }));
        StringBuilder sb = new StringBuilder();
        sb.append("At ten million games (issue 19; `tools/bench scale`), the lookups, queries and explorer on the store"
                + " as `thordb optimize` leaves it:\n\n");
        sb.append("| figure | goal | synthetic-10m | ffo-like-10m | command |\n");
        sb.append("|---|---|---|---|---|\n");
        for (String[] r : rows) {
            sb.append('|');
            for (String c : r) {
                sb.append(' ').append(c).append(" |");
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    private static String[] scaleRow(String figure, String goal, String command,
                                     java.util.function.Function<String, String> cell) {
        return new String[] {figure, goal, cell.apply(SCALE_BASES[0]), cell.apply(SCALE_BASES[1]),
            command.equals("same") ? "same" : "`" + command + "`"};
    }

    private interface Cells {
        String[] of(String base);
    }

    private static String[] row(String figure, String goal, String command, Cells cells) {
        String[] a = cells.of("ffo");
        String[] b = cells.of("synthetic-1m");
        return new String[] {figure, goal, a[0], a[1], b[0], b[1], command.equals("same") ? "same" : "`" + command + "`"};
    }

    private static String machine() {
        String cpu = "unknown CPU";
        long memKb = 0;
        try {
            for (String l : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (l.startsWith("model name")) {
                    cpu = l.substring(l.indexOf(':') + 1).trim();
                    break;
                }
            }
            for (String l : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (l.startsWith("MemTotal:")) {
                    memKb = Long.parseLong(l.replaceAll("\\D", ""));
                }
            }
        } catch (IOException e) {
            // not Linux: the JVM's own view below is still there
        }
        return String.format(Locale.ROOT, "%s, %d cores, %.0f GiB, %s %s, Java %s", cpu,
                Runtime.getRuntime().availableProcessors(), memKb / 1048576.0, System.getProperty("os.name"),
                System.getProperty("os.version"), System.getProperty("java.runtime.version"));
    }
}
