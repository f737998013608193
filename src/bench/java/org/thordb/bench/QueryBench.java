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

/** Compound queries on the FFO base, parse to count, warm: sample mode gives the median. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = {"-Xmx2g"})
public class QueryBench {
    @Param({
        "player = \"Tastet Marc\" and opening = f5d6",
        "player = \"Shaman Brian\" and opening = f5f6e6f4",
        "tournament ~ \"championnat\" and result = draw and year >= 2000",
        "player = \"Tastet Marc\" and position = f5d6c3d3c4f4f6f3e6e7"})
    public String query;

    private ThorDb db;

    @Setup
    public void open() {
        db = ThorDb.openReadOnly(BenchData.store("ffo"));
    }

    @TearDown
    public void close() {
        db.close();
    }

    @Benchmark
    public long count() {
        return db.count(query);
    }
}
