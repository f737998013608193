package org.thordb.bench;

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
import org.openjdk.jmh.annotations.Warmup;
import org.thordb.usecase.PlayerReport;

/**
 * A player's report (issue 68's goal: a player of 4,000 games within 1 s warm), on the FFO base:
 * Kashiwabara Takuji (5,098 games) and Tastet Marc (3,255). {@code values=kept}: the estimates of
 * the valued lines kept from the last report, as a REPL or a server asks again; {@code
 * values=searched}: forgotten before each report, so that each searches them anew (the ratings, a
 * table per state of the store, are made once either way).
 *
 * <p>Usage: {@code tools/bench ReportBench}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 10)
@Fork(value = 1, jvmArgs = {"-Xmx4g"})
public class ReportBench extends StoreBench {
    @Param({"ffo"})
    public String base;

    @Param({"Kashiwabara Takuji", "Tastet Marc"})
    public String player;

    @Param({"kept", "searched"})
    public String values;

    @Setup
    public void open() {
        openStore(base);
    }

    @Setup(Level.Invocation)
    public void forget() {
        if (values.equals("searched")) {
            org.thordb.solve.Estimator.forget();
        }
    }

    @Benchmark
    public long report() {
        PlayerReport.Report r = PlayerReport.of(db, player, PlayerReport.Settings.DEFAULT);
        return r.all().games() + r.blackLines().size();
    }
}
