package org.thordb.bench;

import java.util.ArrayList;
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
import org.thordb.explore.Exploration;
import org.thordb.explore.MoveValues;
import org.thordb.othello.Position;
import org.thordb.othello.Side;

/**
 * An explorer request with every legal move's value, as {@code /api/explore} answers it: the
 * exploration of the position, then exact scores at 20 empties or fewer, else the estimates
 * ({@link org.thordb.solve.Estimator.Budget#explorer}: a node budget, deterministic). Each invocation a position not asked
 * before (positions of random FFO games at random moves, 21 to 40 empties), so that no estimate comes from the
 * cache; the sample's 99th percentile is the figure.
 *
 * <p>Usage: {@code tools/bench EstimateBench}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 10, time = 16) // about 1,000 requests: the 99th percentile of as many positions
@Fork(value = 1, jvmArgs = {"-Xmx4g"})
public class EstimateBench extends StoreBench {
    @Param({"ffo"})
    public String base;

    private Position[] positions;
    private int next;

    @Setup
    public void open() {
        openStore(base);
        List<Position> ps = new ArrayList<>();
        java.util.Set<Position> seen = new java.util.HashSet<>();
        for (Position p : BenchData.samplePositions(BenchData.sourceGames(base), 20_000, 11L)) {
            if (p.toMove() != Side.NONE && p.legalMoves() != 0 && 64 - p.discs() > 20 && 64 - p.discs() <= 40 && seen.add(p.canonical())) {
                ps.add(p);
                if (ps.size() == 4096) {
                    break;
                }
            }
        }
        positions = ps.toArray(new Position[0]);
    }

    @Benchmark
    public int request() {
        Position p = positions[next++ % positions.length];
        org.thordb.usecase.Explore.Answer a = org.thordb.usecase.Explore.of(db, p, "",
                org.thordb.usecase.Explore.Settings.DEFAULT);
        return a.exploration().rows().size() + a.values().values().size();
    }
}
