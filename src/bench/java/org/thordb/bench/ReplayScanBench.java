package org.thordb.bench;

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
import org.thordb.othello.Position;
import org.thordb.othello.Replay;

/**
 * The baseline of {@link PositionLookupBench}: what a user without an index does. Every game,
 * already in memory, is replayed up to the ply of the position (its disc count tells it) and its
 * canonical form compared; the games that match are counted.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(value = 1, jvmArgs = {"-Xmx4g"})
public class ReplayScanBench {
    @Param({"ffo"})
    public String base;

    private List<int[]> games;
    private Position[] positions;
    private int next;

    @Setup
    public void load() {
        games = BenchData.games(base);
        positions = BenchData.samplePositions(games, 64, 42L);
    }

    @Benchmark
    public int scan() {
        Position target = positions[next++ & 63].canonical();
        int ply = target.discs() - 4;
        int found = 0;
        for (int[] g : games) {
            if (g.length < ply) {
                continue;
            }
            Replay.Result r = Replay.replay(g, ply, null);
            if (r.ok() && r.finalPosition().canonical().equals(target)) {
                found++;
            }
        }
        return found;
    }
}
