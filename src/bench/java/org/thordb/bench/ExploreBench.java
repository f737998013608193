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
 * The explorer on the FFO base, warm: the start position with no filter (every game), and random
 * positions under a filter that keeps about a tenth of the base ({@code year >= 2010}: 12,410 of
 * 117,435 games).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = {"-Xmx2g"})
public class ExploreBench {
    @Param({"ffo", "synthetic-1m"})
    public String base;

    @Param({"start", "any-position-tenth"})
    public String kind;

    private ThorDb db;
    private Position[] positions;
    private int next;

    @Setup
    public void open() {
        db = ThorDb.openReadOnly(BenchData.store(base));
        positions = BenchData.samplePositions(BenchData.games(base), 1024, 5L);
    }

    @TearDown
    public void close() {
        db.close();
    }

    @Benchmark
    public long explore() {
        if (kind.equals("start")) {
            return db.explore(Position.start(), "").total();
        }
        // a tenth of the base: FFO 2010-2015 (12,410 of 117,435 games), synthetic 2018-2019 (100,000 of 1,000,000)
        return db.explore(positions[next++ & 1023], base.equals("ffo") ? "year >= 2010" : "year >= 2018").total();
    }
}
