package org.thordb.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.thordb.ThorDb;
import org.thordb.othello.Position;

/**
 * Position lookup: which games reach a position (any ply, all years), warm, in process. Sample
 * mode gives the median and the 99th percentile. The positions are those of random games at random
 * plies. Compare with {@link ReplayScanBench}, the same question answered without an index.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = {"-Xmx4g"})
public class PositionLookupBench {
    @Param({"ffo", "synthetic-1m"})
    public String base;

    private ThorDb db;
    private Position[] positions;
    private int next;

    @Setup
    public void open() {
        positions = BenchData.samplePositions(BenchData.games(base), 4096, 42L);
        db = ThorDb.openReadOnly(BenchData.store(base));
    }

    @TearDown
    public void close() {
        db.close();
    }

    @Benchmark
    public int lookup() {
        Position p = positions[next++ & 4095];
        return db.position(p).getCardinality();
    }
}
