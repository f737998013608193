package org.thordb.bench;

import org.thordb.usecase.Games;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
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
import org.thordb.othello.Notation;
import org.thordb.index.PositionKeys;
import org.thordb.othello.Position;
import org.thordb.othello.Symmetry;

/**
 * Compound queries, counted, warm, in process, one per kind; on the generated base the players
 * are its first two. {@code scan} is the baseline in the same run: the same question answered by
 * a plain scan of every game held in memory with its names, checked once against the store's
 * answer so that both do the same work.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = {"-Xmx4g"})
public class QueryBench extends StoreBench {
    @Param({"ffo", "synthetic-1m"})
    public String base;

    @Param({"player-opening", "player-long-opening", "tournament-result-year", "player-position"})
    public String kind;

    private String query;
    private List<BenchData.Record> games;
    private Predicate<BenchData.Record> test;

    @Setup
    public void open(BenchmarkParams params) {
        boolean ffo = base.equals("ffo");
        String player = ffo ? "Tastet Marc" : BenchData.playerName(base, 0);
        String other = ffo ? "Shaman Brian" : BenchData.playerName(base, 1);
        String inTournament = ffo ? "championnat" : "open de ka";
        int fromYear = ffo ? 2000 : 2010;
        String position = "f5d6c3d3c4f4f6f3e6e7";
        query = switch (kind) {
            case "player-opening" -> "player = \"" + player + "\" and opening = f5d6";
            case "player-long-opening" -> "player = \"" + other + "\" and opening = f5f6e6f4";
            case "tournament-result-year" -> "tournament ~ \"" + inTournament + "\" and result = draw and year >= " + fromYear;
            case "player-position" -> "player = \"" + player + "\" and position = " + position;
            default -> throw new IllegalArgumentException(kind);
        };
        openStore(base);
        if (params.getBenchmark().endsWith(".scan")) {
            games = BenchData.records(base);
            int[] f5d6 = Notation.parseLine("f5d6");
            int[] f5f6e6f4 = Notation.parseLine("f5f6e6f4");
            Position at = Position.afterLine(position).canonical();
            int side = PositionKeys.sideCode(at.toMove());
            long[] state = new long[3];
            long[] canon = new long[2];
            // names resolved once, as the store resolves them once per query: the games are then
            // tested by player and tournament number, with no string work per game
            BitSet players = BenchData.numbers(games, player, true, false);
            BitSet others = BenchData.numbers(games, other, true, false);
            BitSet tournaments = BenchData.numbers(games, inTournament, false, true);
            test = switch (kind) {
                case "player-opening" -> r -> plays(r, players) && begins(r.squares(), f5d6);
                case "player-long-opening" -> r -> plays(r, others) && begins(r.squares(), f5f6e6f4);
                case "tournament-result-year" -> r -> r.year() >= fromYear && r.game().blackScore() == 32
                        && tournaments.get(r.game().tournament());
                default -> r -> plays(r, players) && Scans.reaches(r.squares(), at, side, state, canon);
            };
            long want = Games.count(db, query);
            if (scan() != want) {
                throw new IllegalStateException(kind + ": the scan finds " + scan() + " games, the store " + want);
            }
            closeStore();
        }
    }

    @Benchmark
    public long count() {
        return Games.count(db, query);
    }

    /** The baseline: every game's names and moves tested. */
    @Benchmark
    public long scan() {
        long n = 0;
        for (BenchData.Record r : games) {
            if (test.test(r)) {
                n++;
            }
        }
        return n;
    }

    private static boolean plays(BenchData.Record r, BitSet numbers) {
        return numbers.get(r.game().black()) || numbers.get(r.game().white());
    }

    /** Whether a game begins with a line in one of the four orientations that keep the start. */
    static boolean begins(int[] sq, int[] line) {
        if (sq.length < line.length) {
            return false;
        }
        for (Symmetry s : Symmetry.startPreserving()) {
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
