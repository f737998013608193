package org.thordb.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.thordb.solve.ObfLine;
import org.thordb.solve.Solver;

/**
 * The endgame solver on the FFO test suite (Edax's {@code .obf} files of {@code ../shared/data/ffo}):
 * every position of a part of the suite solved exactly, each with a fresh table, on every core, its
 * score checked against the file's. The anchor is published, not run here: Edax 4.4 (SSE/AVX)
 * solves {@code fforum-20-39} in 111,349,635 nodes, about 8 s at 14 M nodes/s on one core. The
 * nodes and times of the last iteration go to {@code target/bench/solve-SUITE.json} for the report.
 *
 * <p>Usage: {@code tools/bench SolveBench -p suite=20-39}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(value = 1, jvmArgs = {"-Xmx3g"})
public class SolveBench {
    @Param({"20-39", "40-59"})
    public String suite;

    private final List<ObfLine> lines = new ArrayList<>();
    private long nodes;
    private final List<String> perPosition = new ArrayList<>();

    @Setup
    public void read() throws IOException {
        String env = System.getenv("THORDB_SHARED_DATA");
        Path f = (env != null ? Path.of(env) : Path.of("../shared/data")).resolve("ffo").resolve("fforum-" + suite + ".obf");
        for (String l : Files.readAllLines(f)) {
            if (!l.isBlank()) {
                lines.add(ObfLine.parse(l));
            }
        }
    }

    @Setup(Level.Iteration)
    public void reset() {
        nodes = 0;
        perPosition.clear();
    }

    /** Every position of the suite, exact, checked. */
    @Benchmark
    public long solveSuite() {
        for (int i = 0; i < lines.size(); i++) {
            ObfLine l = lines.get(i);
            Solver.Result r = new Solver(Solver.Options.defaults()).solve(l.position(), false);
            if (!r.solved() || r.score() != l.score()) {
                throw new IllegalStateException("line " + (i + 1) + " of fforum-" + suite + ": solved " + r.score()
                        + ", the file says " + l.score());
            }
            nodes += r.nodes();
            perPosition.add(String.format(java.util.Locale.ROOT, "{\"line\": %d, \"empties\": %d, \"nodes\": %d, \"ms\": %.1f}",
                    i + 1, 64 - l.position().discs(), r.nodes(), r.nanos() / 1e6));
        }
        return nodes;
    }

    @TearDown(Level.Iteration)
    public void write() throws IOException {
        Path out = BenchData.work().resolve("solve-" + suite + ".json");
        Files.createDirectories(out.getParent());
        Files.writeString(out, "{\"suite\": \"" + suite + "\", \"threads\": " + Runtime.getRuntime().availableProcessors()
                + ", \"nodes\": " + nodes + ", \"positions\": [\n  " + String.join(",\n  ", perPosition) + "]}\n");
    }
}
