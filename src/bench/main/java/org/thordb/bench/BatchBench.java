package org.thordb.bench;

import org.thordb.usecase.Games;
import java.util.Arrays;
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
import org.thordb.index.PositionKeys;
import org.thordb.othello.Position;
import org.thordb.othello.Replay;
import org.thordb.othello.Symmetry;

/**
 * A batch of 10,000 position queries (the first moves of random games of the base, at random
 * lengths: {@link BenchData#batchLines}), in process: {@code lookups} asks the store each one;
 * {@code together} asks all of them in one call ({@code ThorDb.positions}); {@code scan}, the
 * baseline in the same run, answers all of them in one pass over every game in
 * memory, each position of each game canonicalised and looked up in a hash table of the 10,000.
 * The two answers are checked equal once. The whole-process figures are {@code tools/bench whole}'s.
 * Ten single shots of warm-up each: with two, the lookups' shots (a tenth of a second each) were
 * still being compiled when measured (146 then 116 ms), where the scan's (half a second) were not.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 10)
@Measurement(iterations = 10)
@Fork(value = 1, jvmArgs = {"-Xmx4g"})
public class BatchBench extends StoreBench {
    /** The queries of a batch. */
    public static final int QUERIES = 10_000;

    @Param({"ffo", "synthetic-1m"})
    public String base;

    private Position[] targets;
    private List<Position> targetList;
    private List<int[]> games;
    // the targets as an open-addressing table on (Black, White, side) of the canonical positions
    private long[] tableBlack;
    private long[] tableWhite;
    private int[] tableSlot; // target index + 1, 0 empty
    private int[] firstOf;   // equal targets share their first one's count

    @Setup
    public void open(BenchmarkParams params) {
        List<int[]> lines = BenchData.batchLines(base, QUERIES);
        targets = new Position[lines.size()];
        for (int i = 0; i < targets.length; i++) {
            targets[i] = Replay.replay(lines.get(i), null).finalPosition().canonical();
        }
        targetList = List.of(targets);
        openStore(base);
        if (params.getBenchmark().endsWith(".together")) { // the same answers as one by one
            List<org.roaringbitmap.RoaringBitmap> all = Games.reachingEach(db, targetList);
            for (int i = 0; i < targets.length; i += 7) {
                if (!all.get(i).equals(Games.reaching(db, targets[i]))) {
                    throw new IllegalStateException("query " + i + ": asked together, the store answers otherwise");
                }
            }
        }
        if (params.getBenchmark().endsWith(".scan")) {
            games = BenchData.games(base);
            buildTable();
            long[] got = scanCounts();
            for (int i = 0; i < 200; i++) {
                long want = Games.reaching(db, targets[i]).getCardinality();
                if (got[i] != want) {
                    throw new IllegalStateException("query " + i + ": the scan finds " + got[i] + ", the store " + want);
                }
            }
            closeStore();
        }
    }

    @Benchmark
    public long lookups() {
        long n = 0;
        for (Position p : targets) {
            n += Games.reaching(db, p).getCardinality();
        }
        return n;
    }

    /** The same 10,000 asked together ({@code ThorDb.positions}: batched reads on a merged store). */
    @Benchmark
    public long together() {
        long n = 0;
        for (org.roaringbitmap.RoaringBitmap b : Games.reachingEach(db, targetList)) {
            n += b.getCardinality();
        }
        return n;
    }

    /** The baseline: one pass over every game for the whole batch. */
    @Benchmark
    public long scan() {
        long n = 0;
        for (long c : scanCounts()) {
            n += c;
        }
        return n;
    }

    private long[] scanCounts() {
        long[] counts = new long[targets.length];
        long[] canon = new long[2];
        for (int[] g : games) {
            long[] state = Replay.startState();
            visit(state, canon, counts);
            for (int sq : g) {
                if (!Replay.step(state, sq)) {
                    break;
                }
                visit(state, canon, counts);
            }
        }
        for (int i = 0; i < targets.length; i++) {
            counts[i] = counts[firstOf[i]];
        }
        return counts;
    }

    private void visit(long[] state, long[] canon, long[] counts) {
        Symmetry.canonicalize(state[0], state[1], canon);
        int mask = tableSlot.length - 1;
        for (int s = slot(canon[0], canon[1], (int) state[2]) & mask; tableSlot[s] != 0; s = (s + 1) & mask) {
            int t = tableSlot[s] - 1;
            if (tableBlack[s] == canon[0] && tableWhite[s] == canon[1] && PositionKeys.sideCode(targets[t].toMove()) == (int) state[2]) {
                counts[t]++;
                return;
            }
        }
    }

    private void buildTable() {
        int cap = Integer.highestOneBit(targets.length * 4);
        tableBlack = new long[cap];
        tableWhite = new long[cap];
        tableSlot = new int[cap];
        firstOf = new int[targets.length];
        Arrays.setAll(firstOf, i -> i);
        for (int i = 0; i < targets.length; i++) {
            Position p = targets[i];
            int s = slot(p.black(), p.white(), PositionKeys.sideCode(p.toMove())) & (cap - 1);
            while (tableSlot[s] != 0) {
                Position q = targets[tableSlot[s] - 1];
                if (q.equals(p)) {
                    firstOf[i] = tableSlot[s] - 1;
                    break;
                }
                s = (s + 1) & (cap - 1);
            }
            if (tableSlot[s] == 0) {
                tableBlack[s] = p.black();
                tableWhite[s] = p.white();
                tableSlot[s] = i + 1;
            }
        }
    }

    private static int slot(long b, long w, int side) {
        long h = (b * 0x9e3779b97f4a7c15L) ^ Long.rotateLeft(w * 0xc2b2ae3d27d4eb4fL, 29) ^ side;
        return (int) (h ^ (h >>> 32));
    }
}
