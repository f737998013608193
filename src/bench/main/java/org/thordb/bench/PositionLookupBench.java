package org.thordb.bench;

import org.thordb.usecase.Games;
import java.util.List;
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
import org.openjdk.jmh.infra.BenchmarkParams;
import org.thordb.othello.Position;

/**
 * Position lookup: which games reach a position (any ply, all years), warm, in process. Sample
 * mode gives the median and the 99th percentile. The positions are those of random games at random
 * plies. {@code scan} is its baseline in the same run: the same question answered without an index,
 * every game (in memory) replayed to the position's ply and compared ({@link Scans}), and checked
 * against the store's answer on 32 of its 4,096 positions before it is timed.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = {"-Xmx4g"})
public class PositionLookupBench extends StoreBench {
    @Param({"ffo", "synthetic-1m"}) // also synthetic-10m, ffo-like-10m (lookup only: their games are too many to scan in memory)
    public String base;

    private List<int[]> games;
    private Position[] positions;
    private int next;

    @Setup
    public void open(BenchmarkParams params) {
        games = BenchData.sourceGames(base);
        positions = BenchData.samplePositions(games, 4096, 42L);
        if (params.getBenchmark().endsWith(".lookup")) {
            games = null;
            openStore(base);
        } else {
            // the baseline must answer what the store answers: checked on a sample of the positions it
            // is asked (every 128th: a replay of every game per position is slow work)
            openStore(base);
            for (int i = 0; i < positions.length; i += 128) {
                int want = Games.reaching(db, positions[i]).getCardinality();
                int got = Scans.countReaching(games, positions[i].canonical());
                if (got != want) {
                    throw new IllegalStateException("position " + i + ": the scan finds " + got + " games, the store " + want);
                }
            }
            closeStore();
        }
    }

    /** The baseline: every game replayed to the position's ply and compared. */
    @Benchmark
    public int scan() {
        return Scans.countReaching(games, positions[next++ & 4095].canonical());
    }

    @Benchmark
    public int lookup() {
        Position p = positions[next++ & 4095];
        return Games.reaching(db, p).getCardinality();
    }
}
