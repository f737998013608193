package org.thordb.bench;

import org.thordb.usecase.Games;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.engine.Engine;
import org.thordb.index.MoveTable;
import org.thordb.query.ast.BoardCondition;
import org.thordb.query.ast.Expr;
import org.thordb.query.parse.QueryParser;

/**
 * Board patterns at ten million games (issue 37): one-edge and one-corner patterns at a move, a
 * move range and any move, over the whole base and with {@code player = P}, warm, in one process
 * (after two runs of the first query, which make the move table and the border's slices, and one
 * run of each that learns its candidates' passes): each query 201 times
 * (5 when its first run took over 2 s), median and 99th percentile (the 199th of 201), its answer checked once against the replay that
 * thordb did before the edge index (every game replayed on bitboards from the in-memory table),
 * whose time is the baseline. Writes {@code target/bench/patterns-BASE.json}.
 *
 * <p>Usage: {@code java -cp … org.thordb.bench.PatternScale synthetic-10m [storeDir]}
 */
public final class PatternScale {
    private PatternScale() {
    }

    /** The patterns: an unbalanced edge, the border round a corner, a 3×3 corner (squares inside the border). */
    static final String EDGE = "-X????X-" + "?".repeat(56);
    static final String BORDER_CORNER = "XXX?????" + "X???????" + "X???????" + "?".repeat(40);
    static final String CORNER_3X3 = "XXX?????" + "XO??????" + "X???????" + "?".repeat(40);

    public static void main(String[] args) throws IOException {
        String base = args[0];
        Path store = args.length > 1 ? Path.of(args[1]) : BenchData.store(base);
        String player = BenchData.playerName(base, 0);
        List<String> queries = new ArrayList<>();
        for (String p : List.of(EDGE, BORDER_CORNER, CORNER_3X3)) {
            queries.add("pattern = \"" + p + "\" at move 30");
            queries.add("pattern = \"" + p + "\" from move 20 to move 40");
        }
        queries.add("pattern = \"" + EDGE + "\"");
        int whole = queries.size();
        for (int i = 0; i < whole; i++) {
            queries.add("player = \"" + player + "\" and " + queries.get(i));
        }
        StringBuilder json = new StringBuilder("[\n");
        try (Engine db = Engine.openReadOnly(store)) {
            // warm: the move table made by a first board query over the whole base, the border's
            // slices by a second (a process makes them once it has asked twice)
            Games.count(db, queries.get(0));
            Games.count(db, queries.get(0));
            for (String q : queries) {
                long first = System.nanoTime();
                Games.count(db, q); // the move table, the candidates' passes
                first = System.nanoTime() - first;
                // a slow one 5 times; else 201 times, so that the 99th percentile is not the slowest
                // run (one slow run in 21, the machine's, made the 99th of 21 1.3 to 5 times the median)
                long[] micros = new long[first > 2_000_000_000L ? 5 : 201];
                long n = 0;
                for (int i = 0; i < micros.length; i++) {
                    long t0 = System.nanoTime();
                    n = Games.count(db, q);
                    micros[i] = (System.nanoTime() - t0) / 1000;
                }
                Arrays.sort(micros);
                long replayMicros = -1;
                if (!q.startsWith("player")) {
                    Expr e = QueryParser.parse(q);
                    long t0 = System.nanoTime();
                    long want = db.read(r -> {
                        RoaringBitmap all = r.all();
                        return org.thordb.query.plan.BoardCheck.filter((BoardCondition) e, MoveTable.of(r), all).getLongCardinality();
                    });
                    replayMicros = (System.nanoTime() - t0) / 1000;
                    if (want != n) {
                        throw new IllegalStateException(q + ": the replay finds " + want + " games, the store " + n);
                    }
                }
                String explain = Games.explain(db, q).strip().replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
                long median = micros[micros.length / 2];
                long p99 = micros[(int) Math.ceil(micros.length * 0.99) - 1]; // of 201: the 199th
                System.out.printf("%s: %d games, median %d us, p99 %d us (%d runs), replay %d us%n", q, n, median, p99,
                        micros.length, replayMicros);
                json.append(String.format("  {\"query\": \"%s\", \"games\": %d, \"runs\": %d, \"medianMicros\": %d, \"p99Micros\": %d,"
                        + " \"replayMicros\": %d, \"explain\": \"%s\"},%n", q.replace("\"", "\\\""), n, micros.length, median, p99,
                        replayMicros, explain));
            }
        }
        json.setLength(json.length() - 2);
        json.append("\n]\n");
        Path out = BenchData.work().resolve("patterns-" + base + ".json");
        Files.createDirectories(out.getParent());
        Files.writeString(out, json);
        System.out.println(out);
    }
}
