package org.thordb.bench;

import org.thordb.engine.Engine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
import org.thordb.ingest.Importer;

/**
 * Import with every index into a new store, in process: one import of the whole base per
 * measurement. Games per second is the base's games divided by the time. {@code scan} is the
 * baseline in the same run: one plain pass over the base (read every file, replay every game to
 * its end), the least that any question asked without an index costs.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgs = {"-Xmx4g"})
public class ImportBench {
    @Param({"ffo", "synthetic-1m"})
    public String base;

    private Path files;
    private Path dir;

    @Setup(Level.Trial)
    public void files() {
        files = BenchData.files(base);
    }

    @Setup(Level.Invocation)
    public void freshStore() throws IOException {
        Files.createDirectories(BenchData.work());
        dir = Files.createTempDirectory(BenchData.work(), "import-");
    }

    @TearDown(Level.Invocation)
    public void dropStore() throws IOException {
        try (var s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s.sorted(java.util.Comparator.reverseOrder())::iterator) {
                Files.delete(p);
            }
        }
    }

    /** The baseline: read every game file and replay every game. */
    @Benchmark
    public long scan() {
        long positions = 0;
        for (int[] g : BenchData.games(base)) {
            long[] state = org.thordb.othello.Replay.startState();
            int i = 0;
            while (i < g.length && org.thordb.othello.Replay.step(state, g[i])) {
                i++;
            }
            positions += i + 1;
        }
        return positions;
    }

    @Benchmark
    public long importBase() {
        try (Engine db = Engine.open(dir)) {
            return db.importFiles(List.of(files), Importer.Options.defaults(), m -> { }).games();
        }
    }
}
