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
import org.thordb.othello.Replay;
import org.thordb.othello.Symmetry;

/**
 * A board pattern at any move (an edge: both corners empty, Black on both C-squares, in any of the
 * 8 orientations), alone and with a player, warm, in process. Baselines in the same run, over
 * every game held in memory: {@code replay}, the plain replay done as well as it can be (the
 * allocation-free {@link Replay#step}, the pattern's 8 orientations as masks made once, a game left
 * once its pattern's empty squares are taken in every orientation, the player's name resolved
 * once; checked once against the store's answer), and {@code floor}, one
 * read of every move of every game with no board at all: no replay can go below it.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = {"-Xmx4g"})
public class PatternBench extends StoreBench {
    @Param({"ffo", "synthetic-1m"})
    public String base;

    /**
     * {@code pattern}: the edge at any move (answered by the edge index alone); {@code
     * pattern-at-30}: the same edge at move 30 (the index's candidates, then replayed); {@code
     * player-pattern}: the edge at any move with {@code player = P}.
     */
    @Param({"pattern", "pattern-at-30", "player-pattern"})
    public String kind;

    /** a1 and h1 empty, b1 and g1 Black: an edge the players call unbalanced. */
    static final String EDGE = "-X????X-" + "?".repeat(56);

    private String query;
    private List<BenchData.Record> games;
    private java.util.BitSet numbers;
    private long[] masks;

    @Setup
    public void open(BenchmarkParams params) {
        String player = base.equals("ffo") ? "Tastet Marc" : BenchData.playerName(base, 0);
        query = (kind.equals("player-pattern") ? "player = \"" + player + "\" and " : "") + "pattern = \"" + EDGE + "\""
                + (kind.equals("pattern-at-30") ? " at move 30" : "");
        openStore(base);
        count(); // the move table is made once per store state: warm figures
        String bench = params.getBenchmark();
        if (bench.endsWith(".replay") || bench.endsWith(".floor")) {
            games = BenchData.records(base);
            numbers = BenchData.numbers(games, player, true, false); // names resolved once, to numbers
            long b = 0;
            long w = 0;
            long e = 0;
            for (int i = 0; i < 64; i++) {
                switch (EDGE.charAt(i)) {
                    case 'X' -> b |= 1L << i;
                    case 'O' -> w |= 1L << i;
                    case '-' -> e |= 1L << i;
                    default -> { }
                }
            }
            masks = new long[24];
            int k = 0;
            for (Symmetry s : Symmetry.values()) {
                masks[k++] = s.apply(b);
                masks[k++] = s.apply(w);
                masks[k++] = s.apply(e);
            }
            long want = Games.count(db, query);
            if (replay() != want) {
                throw new IllegalStateException(kind + ": the replay finds " + replay() + " games, the store " + want);
            }
            closeStore();
        }
    }

    @Benchmark
    public long count() {
        return Games.count(db, query);
    }

    /** The baseline: every game (of the player) replayed allocation-free, the masks tested at every move. */
    @Benchmark
    public long replay() {
        boolean filtered = kind.equals("player-pattern");
        long n = 0;
        long[] state = new long[3];
        long[] start = Replay.startState();
        for (BenchData.Record r : games) {
            if (r.game().side() != 8 || filtered && !numbers.get(r.game().black()) && !numbers.get(r.game().white())) {
                continue;
            }
            System.arraycopy(start, 0, state, 0, 3);
            int[] sq = r.squares();
            if (kind.equals("pattern-at-30")) { // the board after 30 moves only
                int i = 0;
                while (i < 30 && i < sq.length && Replay.step(state, sq[i])) {
                    i++;
                }
                n += i == 30 && matches(state[0], state[1]) ? 1 : 0;
                continue;
            }
            boolean found = matches(state[0], state[1]);
            for (int i = 0; i < sq.length && !found && Replay.step(state, sq[i]) && !hopeless(state[0] | state[1]); i++) {
                found = matches(state[0], state[1]);
            }
            if (found) {
                n++;
            }
        }
        return n;
    }

    private boolean matches(long black, long white) {
        long empty = ~(black | white);
        for (int i = 0; i < masks.length; i += 3) {
            if ((black & masks[i]) == masks[i] && (white & masks[i + 1]) == masks[i + 1] && (empty & masks[i + 2]) == masks[i + 2]) {
                return true;
            }
        }
        return false;
    }

    /** Whether every orientation has one of its empty squares taken: no later board can match. */
    private boolean hopeless(long taken) {
        for (int i = 2; i < masks.length; i += 3) {
            if ((taken & masks[i]) == 0) {
                return false;
            }
        }
        return true;
    }

    /** The floor: every move of every game read once, no board. */
    @Benchmark
    public long floor() {
        long sum = 0;
        for (BenchData.Record r : games) {
            for (int s : r.squares()) {
                sum += s;
            }
        }
        return sum;
    }
}
