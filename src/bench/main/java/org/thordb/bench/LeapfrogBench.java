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
import org.thordb.query.plan.QueryPlanner;

/**
 * Conjunctions of a small part and a large one, counted warm in process, with the leapfrog (the
 * large part read through the games the small one leaves, its postings probed where they lie)
 * and without it (every part read whole, then intersected): what reading through saves. Both
 * give the same count, checked in the setup. On the generated bases the player is the base's
 * first and the tournament its first.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(value = 1, jvmArgs = {"-Xmx4g"})
public class LeapfrogBench extends StoreBench {
    @Param({"ffo", "synthetic-1m"})
    public String base;

    @Param({"player-opening", "player-position", "tournament-opening"})
    public String kind;

    @Param({"true", "false"})
    public boolean leapfrog;

    private String query;

    @Setup
    public void open() {
        boolean ffo = base.equals("ffo");
        String player = ffo ? "Tastet Marc" : BenchData.playerName(base, 0);
        String tournament = ffo ? "Championnat de France" : BenchData.tournamentName(base, 0);
        query = switch (kind) {
            case "player-opening" -> "player = \"" + player + "\" and opening = f5d6";
            case "player-position" -> "player = \"" + player + "\" and position = f5d6c3";
            case "tournament-opening" -> "tournament = \"" + tournament + "\" and opening = f5d6c3";
            default -> throw new IllegalArgumentException(kind);
        };
        openStore(base);
        QueryPlanner.leapfrog(!leapfrog);
        long other = Games.count(db, query);
        QueryPlanner.leapfrog(leapfrog);
        long mine = Games.count(db, query);
        if (mine != other || mine == 0) {
            throw new IllegalStateException(query + ": " + mine + " games with the leapfrog " + leapfrog + ", " + other
                    + " without");
        }
        String plan = Games.explain(db, query);
        if (plan.contains("read through") != leapfrog) {
            throw new IllegalStateException(query + ": the plan is not what was asked:\n" + plan);
        }
    }

    @Benchmark
    public long count() {
        return Games.count(db, query);
    }
}
