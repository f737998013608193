package org.thordb.bench;

import org.thordb.usecase.Explore;
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

/**
 * The explorer, warm: the start position with no filter (every game), and random positions under
 * a filter that keeps about a tenth of the base (FFO {@code year >= 2010}: 12,410 of 117,435
 * games; generated {@code year >= 2018}: 100,000 of 1,000,000). {@code scan} is the baseline in
 * the same run: every game (in memory) that passes the filter replayed to the position and its
 * next move tallied, checked once against the explorer's total.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = {"-Xmx4g"})
public class ExploreBench extends StoreBench {
    @Param({"ffo", "synthetic-1m"})
    public String base;

    @Param({"start", "any-position-tenth"}) // also any-position: random positions, no filter; opening-tenth:
    public String kind;                       // positions after 2 to 6 moves, filtered, many games each

    /**
     * How the next moves are found ({@code Explorer.Way}): cheapest (the book, else the position's
     * entries, which say each game's next move), or lookups (one position lookup a legal move, as
     * before schema 7), for the comparison in one run.
     */
    @Param({"cheapest"})
    public String way;

    private Position[] positions;
    private List<BenchData.Record> games;
    private int fromYear;
    private final long[] state = new long[3];
    private final long[] canon = new long[2];
    private int next;

    @Setup
    public void open(BenchmarkParams params) {
        positions = kind.equals("opening-tenth") ? BenchData.openingPositions(BenchData.sourceGames(base), 1024, 5L)
                : BenchData.samplePositions(BenchData.sourceGames(base), 1024, 5L);
        fromYear = base.equals("ffo") ? 2010 : BenchData.tenMillion(base) ? 1990 : 2018;
        openStore(base);
        if (params.getBenchmark().endsWith(".scan")) {
            games = BenchData.records(base);
            for (int i = 0; i < 8; i++) {
                long want = kind.equals("start") ? Explore.exploration(db, Position.start(), "").total()
                        : Explore.exploration(db, positions[i], kind.equals("any-position") ? "" : "year >= " + fromYear).total();
                long got = scan();
                if (got != want) {
                    throw new IllegalStateException(kind + ": the scan finds " + got + " games, the explorer " + want);
                }
            }
            next = 0;
            closeStore();
        }
    }

    private org.thordb.explore.RowFigures columns;

    /**
     * The explorer itself, not the store's cache of explorations (which would answer every
     * position but the first visit's from memory): the columns are read once, as the store reads
     * them once per catalog.
     */
    @Benchmark
    public long explore() {
        if (columns == null) {
            columns = db.read(org.thordb.explore.RowFigures::of);
        }
        Position p = kind.equals("start") ? Position.start() : positions[next++ & 1023];
        String filter = kind.endsWith("-tenth") ? "year >= " + fromYear : "";
        org.thordb.explore.Explorer.Way w = way.equals("lookups") ? org.thordb.explore.Explorer.Way.LOOKUPS
                : org.thordb.explore.Explorer.Way.CHEAPEST;
        return db.read(r -> org.thordb.explore.Explorer.explore(r, columns, p, filter, w, 4096)).total();
    }

    /** The baseline: the games at the position, their next moves tallied. */
    @Benchmark
    public long scan() {
        long[] byMove = new long[65];
        long total = 0;
        if (kind.equals("start")) {
            for (BenchData.Record r : games) {
                int[] sq = r.squares();
                byMove[sq.length > 0 && sq[0] >= 0 ? sq[0] : 64]++;
                total++;
            }
            return total;
        }
        Position target = positions[next++ & 1023].canonical();
        int side = PositionKeys.sideCode(target.toMove());
        int ply = target.discs() - 4;
        for (BenchData.Record r : games) {
            if ((kind.equals("any-position") || r.year() >= fromYear) && Scans.reaches(r.squares(), target, side, state, canon)) {
                int[] sq = r.squares();
                byMove[sq.length > ply && sq[ply] >= 0 ? sq[ply] : 64]++;
                total++;
            }
        }
        return total;
    }
}
