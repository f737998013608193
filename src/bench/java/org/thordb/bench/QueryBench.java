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

/**
 * Compound queries, parse to count, warm: sample mode gives the median. The queries are named by
 * kind; on the generated base the player is its first one.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = {"-Xmx2g"})
public class QueryBench {
    @Param({"ffo", "synthetic-1m"})
    public String base;

    @Param({"player-opening", "player-long-opening", "tournament-result-year", "player-position"})
    public String kind;

    private ThorDb db;
    private String query;

    @Setup
    public void open() {
        db = ThorDb.openReadOnly(BenchData.store(base));
        boolean ffo = base.equals("ffo");
        String player = ffo ? "Tastet Marc" : db.catalog().bases().get(0).players().get(0);
        String other = ffo ? "Shaman Brian" : db.catalog().bases().get(0).players().get(1);
        query = switch (kind) {
            case "player-opening" -> "player = \"" + player + "\" and opening = f5d6";
            case "player-long-opening" -> "player = \"" + other + "\" and opening = f5f6e6f4";
            case "tournament-result-year" -> ffo ? "tournament ~ \"championnat\" and result = draw and year >= 2000"
                    : "tournament ~ \"open de ka\" and result = draw and year >= 2010";
            case "player-position" -> "player = \"" + player + "\" and position = f5d6c3d3c4f4f6f3e6e7";
            default -> throw new IllegalArgumentException(kind);
        };
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
