package org.thordb.bench;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.othello.Replay;

/**
 * The baselines of {@link QueryBench} and {@link ExploreBench}: the same questions answered by a
 * plain scan of every game, already in memory with its names, as a program without an index does.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(value = 1, jvmArgs = {"-Xmx2g"})
public class ScanBaselineBench {
    private List<BenchData.Record> games;
    private final int[] f5d6 = Notation.parseLine("f5d6");

    @Setup
    public void load() {
        games = BenchData.records("ffo");
    }

    /** {@code player = "Tastet Marc" and opening = f5d6}, scanned. */
    @Benchmark
    public int playerAndOpening() {
        int n = 0;
        for (BenchData.Record r : games) {
            if ((r.black().equalsIgnoreCase("Tastet Marc") || r.white().equalsIgnoreCase("Tastet Marc"))
                    && begins(r.game().squares(), f5d6)) {
                n++;
            }
        }
        return n;
    }

    /** {@code tournament ~ "championnat" and result = draw and year >= 2000}, scanned. */
    @Benchmark
    public int tournamentResultYear() {
        int n = 0;
        for (BenchData.Record r : games) {
            if (r.year() >= 2000 && r.game().blackScore() == 32
                    && r.tournament().toLowerCase(Locale.ROOT).contains("championnat")) {
                n++;
            }
        }
        return n;
    }

    /** The explorer at the start position with no filter, scanned: every game's first move tallied. */
    @Benchmark
    public long exploreStart() {
        long[] byMove = new long[64];
        for (BenchData.Record r : games) {
            int[] sq = r.game().squares();
            if (sq.length > 0 && sq[0] >= 0) {
                byMove[sq[0]]++;
            }
        }
        return byMove[Notation.F5];
    }

    /** The explorer after f5d6c3 under {@code year >= 2010}, scanned: replay to ply 3, tally the next move. */
    @Benchmark
    public long exploreFiltered() {
        Position target = Replay.replay(Notation.parseLine("f5d6c3"), null).finalPosition().canonical();
        long[] byMove = new long[64];
        long[] state = new long[3];
        for (BenchData.Record r : games) {
            if (r.year() < 2010) {
                continue;
            }
            int[] sq = r.game().squares();
            if (sq.length > 3 && Replay.boardsAfter(sq, 3, state)) {
                long[] c = new long[2];
                org.thordb.othello.Symmetry.canonicalize(state[0], state[1], c);
                if (c[0] == target.black() && c[1] == target.white()) {
                    byMove[sq[3]]++;
                }
            }
        }
        return byMove[Notation.square("d3")];
    }

    private static boolean begins(int[] sq, int[] line) {
        if (sq.length < line.length) {
            return false;
        }
        for (org.thordb.othello.Symmetry s : org.thordb.othello.Symmetry.startPreserving()) {
            boolean all = true;
            for (int i = 0; i < line.length && all; i++) {
                all = s.apply(line[i]) == sq[i];
            }
            if (all) {
                return true;
            }
        }
        return false;
    }
}
