package org.thordb.bench;

import org.thordb.usecase.Games;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * Issue 19's query shapes and the README's sample queries ({@code examples/sample-queries.thq}) on
 * the ten-million-game bases, counted, warm, in process: sample mode gives the median and the 99th
 * percentile of each. The per-game columns are made in the warm-up, as the first query that needs
 * them makes them (about 6 s at ten million games); the figures are of the store once warm.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 3)
@Fork(value = 1, jvmArgs = {"-Xmx6g"})
public class ScaleBench extends StoreBench {
    @Param({"synthetic-10m"})
    public String base;

    @Param({
        // the shapes issue 19 measured at 10M
        "player ~ \"ka\"",
        "theoretical > score",
        "result = draw and year >= 1950",
        "position = f5d6c3d3c4f4",
        "opening = f5d6c3",
        // the sample queries, as examples/sample-queries.thq has them
        "year >= 1900",
        "year in 2003..2005",
        "result = draw",
        "result = black and score >= 50",
        "moves < 60",
        "opening = f5d6",
        "opening = d3c5",
        "opening = f5f6 or opening = f5f4",
        "position = f5d6c3d3c4",
        "position = \"---------------------------OX------XO--------------------------- X\"",
        "player ~ \"ka\" and not year = 2000",
        "tournament ~ \"open\" and result = white"})
    public String query;

    /** The queries, as the parameter lists them (the report's rows). */
    static final String[] QUERIES = {"player ~ \"ka\"", "theoretical > score", "result = draw and year >= 1950",
        "position = f5d6c3d3c4f4", "opening = f5d6c3", "year >= 1900", "year in 2003..2005", "result = draw",
        "result = black and score >= 50", "moves < 60", "opening = f5d6", "opening = d3c5",
        "opening = f5f6 or opening = f5f4", "position = f5d6c3d3c4",
        "position = \"---------------------------OX------XO--------------------------- X\"",
        "player ~ \"ka\" and not year = 2000", "tournament ~ \"open\" and result = white"};

    @Setup
    public void open() {
        openStore(base);
        Games.count(db, query); // the columns, when this query reads them, are made here rather than timed
    }

    @Benchmark
    public long count() {
        return Games.count(db, query);
    }
}
