package org.thordb.bench;

import org.thordb.usecase.Stats;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
import org.thordb.stats.GroupStats;

/**
 * Grouped statistics, warm, in process: a player's whole record against each opponent, and the
 * per-year table of the whole base. {@code scan} is the baseline in the same run: one pass over
 * every game held in memory, the player's name resolved once to numbers, summing the same figures
 * into the same groups; checked once against the store's answer.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = {"-Xmx4g"})
public class StatsBench extends StoreBench {
    @Param({"ffo", "synthetic-1m"})
    public String base;

    @Param({"player-record", "years"})
    public String kind;

    private String player;
    private List<BenchData.Record> games;
    private java.util.BitSet numbers;

    @Setup
    public void open(BenchmarkParams params) {
        player = base.equals("ffo") ? "Tastet Marc" : BenchData.playerName(base, 0);
        openStore(base);
        stats(); // the per-game columns are made once per store state: warm figures
        if (params.getBenchmark().endsWith(".scan")) {
            games = BenchData.records(base);
            numbers = BenchData.numbers(games, player, true, false); // names resolved once, to numbers
            Map<Integer, long[]> mine = scan();
            List<GroupStats> theirs = stats();
            long a = mine.values().stream().mapToLong(s -> s[0]).sum();
            long b = theirs.stream().mapToLong(GroupStats::games).sum();
            if (a != b || (kind.equals("years") && mine.size() != theirs.size())) {
                throw new IllegalStateException(kind + ": the scan counts " + a + " games in " + mine.size()
                        + " groups, the store " + b + " in " + theirs.size());
            }
            closeStore();
        }
    }

    @Benchmark
    public List<GroupStats> stats() {
        return kind.equals("years") ? Stats.groups(db, "year", "") : Stats.groups(db, "opponent", "player = \"" + player + "\"");
    }

    /** The baseline: one pass, each group's games, wins, draws, disc difference, theoretical score and years. */
    @Benchmark
    public Map<Integer, long[]> scan() {
        Map<Integer, long[]> out = new HashMap<>();
        boolean years = kind.equals("years");
        for (BenchData.Record r : games) {
            int total = r.game().side() * r.game().side();
            int diff = 2 * r.game().blackScore() - total;
            int theo = r.game().theoreticalScore();
            if (years) {
                add(out, r.year(), diff, theo, r.year());
                continue;
            }
            if (numbers.get(r.game().black())) {
                add(out, r.game().white(), diff, theo, r.year());
            }
            if (numbers.get(r.game().white())) {
                add(out, r.game().black(), -diff, total - theo, r.year());
            }
        }
        return out;
    }

    private static void add(Map<Integer, long[]> m, int key, int diff, int theo, int year) {
        long[] s = m.computeIfAbsent(key, k -> new long[] {0, 0, 0, 0, 0, Integer.MAX_VALUE, Integer.MIN_VALUE});
        s[0]++;
        s[1] += diff > 0 ? 1 : 0;
        s[2] += diff == 0 ? 1 : 0;
        s[3] += diff;
        s[4] += theo;
        s[5] = Math.min(s[5], year);
        s[6] = Math.max(s[6], year);
    }
}
