package org.thordb.solve;

import java.io.BufferedOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.thordb.othello.Bitboards;
import org.thordb.othello.Replay;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorReader;

/**
 * Labels positions of real games for {@link EvalTrainer}: every position of every game of the WTHOR
 * files given, from the side to move, with the final disc difference under perfect play where
 * it is cheap to know, and the game's stored theoretical score (perfect play from 24 empties)
 * before that. Near the end each position, and one sibling (the position after another legal
 * move than the one played, so that the evaluation learns the moves nobody plays too), is solved
 * exactly by the solver.
 *
 * <p>Each row: the game's number, the mover's discs, the opponent's, the empties, the label
 * (discs, for the mover) and its kind (0 solved, 1 theoretical score). Written to a plain file.
 *
 * <p>Usage: {@code java -cp … org.thordb.solve.EvalLabels OUT.bin EXACT_EMPTIES THREADS FILE.wtb…}
 */
public final class EvalLabels {
    private EvalLabels() {
    }

    /** A labelled position. */
    record Row(int game, long me, long opp, int empties, int label, int kind) {
    }

    /**
     * With {@code -Dband=LO-HI,EVERY,PER_GAME,SELECTIVITY}: only every EVERY-th game, PER_GAME of its
     * positions with LO to HI empties (drawn at random), each labelled by a search at that
     * selectivity (5: exact), kind 2; no theoretical scores, no siblings.
     */
    static final String BAND = System.getProperty("band");

    /**
     * With {@code -Dwalk=LO-HI,EVERY,EXACT_MAX,SELECTIVITY,MAX_WALK,SHARE}: only every EVERY-th
     * game (counted over every file given, as the trainer's held-out games are), and at each of LO
     * to HI empties, drawn with probability SHARE, one position: the one played, or one reached by
     * K random legal moves (K drawn from 0 to MAX_WALK) from the position played K empties
     * before, so that the fit sees the positions a search meets beside the ones players choose.
     * Each is labelled exactly up to EXACT_MAX empties, above by a selective search at SELECTIVITY
     * (0: ProbCut at 1.1 standard deviations, 3.2 discs from the exact score on average at 24
     * empties; 4: at 3.3, 0.17 discs: {@link ParallelSearch#selective}); kind 0 exact, 2 selective. The default rows label
     * positions of 15-23 empties with the game's score from 24 empties, a score of another
     * position: this mode gives them their own (docs/performance.md says what that did).
     * Usage: {@code java -Dwalk=15-17,2,30,0,3,1 -cp … org.thordb.solve.EvalLabels OUT.bin 14 2 ../shared/data/wthor}
     */
    static final String WALK = System.getProperty("walk");

    /** {@link #WALK}'s settings, read once. */
    record Walk(int lo, int hi, int every, int exactMax, int selectivity, int maxWalk, double share) {
        static Walk parse(String s) {
            if (s == null) {
                return null;
            }
            String[] w = s.split(",");
            String[] band = w[0].split("-");
            return new Walk(Integer.parseInt(band[0]), Integer.parseInt(band[1]), Integer.parseInt(w[1]),
                    Integer.parseInt(w[2]), Integer.parseInt(w[3]), Integer.parseInt(w[4]), Double.parseDouble(w[5]));
        }
    }

    static final Walk WALK_SETTINGS = Walk.parse(WALK);

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]);
        int exact = Integer.parseInt(args[1]);
        int threads = Integer.parseInt(args[2]);
        List<WthorGame> games = new ArrayList<>();
        for (int i = 3; i < args.length; i++) {
            List<Path> files = new ArrayList<>();
            Path p = Path.of(args[i]);
            if (Files.isDirectory(p)) {
                try (var s = Files.list(p)) {
                    s.filter(f -> f.toString().endsWith(".wtb")).sorted().forEach(files::add);
                }
            } else {
                files.add(p);
            }
            for (Path f : files) {
                try (WthorReader r = WthorReader.open(f)) {
                    for (WthorGame g : r.games()) {
                        games.add(g);
                    }
                }
            }
        }
        System.err.println(games.size() + " games");
        AtomicInteger next = new AtomicInteger();
        AtomicInteger done = new AtomicInteger();
        long t0 = System.nanoTime();
        try (DataOutputStream o = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(out), 1 << 20))) {
            Thread[] ts = new Thread[threads];
            for (int t = 0; t < threads; t++) {
                ts[t] = new Thread(() -> {
                    TranspositionTable table = new TranspositionTable(20);
                    EndgameSearch search = new EndgameSearch(table, new SolveControl(0, 0));
                    ParallelSearch selective = new ParallelSearch(table, new SolveControl(0, 0), 1);
                    List<Row> rows = new ArrayList<>();
                    for (int gi; (gi = next.getAndIncrement()) < games.size(); ) {
                        rows.clear();
                        if (WALK != null) {
                            walk(gi, games.get(gi), selective, rows);
                        } else if (BAND != null) {
                            band(gi, games.get(gi), selective, new SplittableRandom(gi), rows);
                        } else {
                            label(gi, games.get(gi), exact, search, new SplittableRandom(gi), rows);
                        }
                        synchronized (o) {
                            try {
                                for (Row r : rows) {
                                    o.writeInt(r.game());
                                    o.writeLong(r.me());
                                    o.writeLong(r.opp());
                                    o.writeByte(r.empties());
                                    o.writeByte(r.label());
                                    o.writeByte(r.kind());
                                }
                                if (WALK != null || BAND != null) {
                                    o.flush(); // a game here takes seconds: a run stopped keeps what it labelled
                                }
                            } catch (IOException e) {
                                throw new java.io.UncheckedIOException(e);
                            }
                        }
                        int d = done.incrementAndGet();
                        if (d % (BAND != null || WALK != null ? 500 : 5000) == 0) {
                            double s = (System.nanoTime() - t0) / 1e9;
                            System.err.printf("%d games in %.0f s (%.0f/s)%n", d, s, d / s);
                        }
                    }
                });
                ts[t].start();
            }
            for (Thread t : ts) {
                t.join();
            }
        }
        System.err.printf("done in %.0f s%n", (System.nanoTime() - t0) / 1e9);
    }

    /** The rows of one game in {@link #WALK} mode. */
    static void walk(int gi, WthorGame g, ParallelSearch search, List<Row> rows) {
        Walk w = WALK_SETTINGS;
        int lo = w.lo();
        int maxWalk = w.maxWalk();
        if (gi % w.every() != 0 || g.side() != 8 || g.damage() != null) {
            return;
        }
        SplittableRandom rnd = new SplittableRandom(gi * 0x9E3779B97F4A7C15L + lo);
        long[][] played = new long[61][]; // the first position of the game with so many empties, from its mover's side
        long[] st = Replay.startState();
        for (int sq : g.squares()) {
            int side = (int) st[2];
            if (side == 2) {
                break;
            }
            long me = side == 0 ? st[0] : st[1];
            long opp = side == 0 ? st[1] : st[0];
            int e = 64 - Long.bitCount(me | opp);
            if (played[e] == null) {
                played[e] = new long[] {me, opp};
            }
            if (!Replay.step(st, sq)) {
                break;
            }
        }
        for (int e = lo; e <= w.hi(); e++) {
            if (rnd.nextDouble() >= w.share()) {
                continue;
            }
            int k = rnd.nextInt(maxWalk + 1);
            if (e + k > 60 || played[e + k] == null) {
                continue;
            }
            long me = played[e + k][0];
            long opp = played[e + k][1];
            boolean over = false;
            while (64 - Long.bitCount(me | opp) > e) {
                long moves = Bitboards.legalMoves(me, opp);
                if (moves == 0) {
                    if (Bitboards.legalMoves(opp, me) == 0) {
                        over = true;
                        break;
                    }
                    long t = me; // a pass
                    me = opp;
                    opp = t;
                    continue;
                }
                int pick = rnd.nextInt(Long.bitCount(moves));
                for (int i = 0; i < pick; i++) {
                    moves &= moves - 1;
                }
                int sq = Long.numberOfTrailingZeros(moves);
                long f = Bitboards.flipsOnEmpty(me, opp, sq);
                long nextMe = opp & ~f;
                opp = me | f | 1L << sq;
                me = nextMe;
            }
            if (over) {
                continue;
            }
            if (Bitboards.legalMoves(me, opp) == 0) {
                if (Bitboards.legalMoves(opp, me) == 0) {
                    continue; // the game is over: nothing to evaluate
                }
                long t = me; // the side that moves is the one evaluated
                me = opp;
                opp = t;
            }
            boolean exact = e <= w.exactMax();
            int v = exact ? search.root(me, opp, -64, 64, new int[1]) : search.selective(me, opp, w.selectivity(), new int[1]);
            rows.add(new Row(gi, me, opp, e, v, exact ? 0 : 2));
        }
    }

    /** The rows of one game in {@link #BAND} mode. */
    static void band(int gi, WthorGame g, ParallelSearch search, SplittableRandom rnd, List<Row> rows) {
        String[] b = BAND.split(",");
        int lo = Integer.parseInt(b[0].split("-")[0]);
        int hi = Integer.parseInt(b[0].split("-")[1]);
        int every = Integer.parseInt(b[1]);
        int perGame = Integer.parseInt(b[2]);
        int sel = Integer.parseInt(b[3]);
        if (gi % every != 0 || g.side() != 8 || g.damage() != null) {
            return;
        }
        java.util.Set<Integer> want = new java.util.HashSet<>();
        for (int i = 0; i < perGame; i++) {
            want.add(lo + rnd.nextInt(hi - lo + 1));
        }
        long[] st = Replay.startState();
        for (int sq : g.squares()) {
            int side = (int) st[2];
            if (side != 2) {
                long me = side == 0 ? st[0] : st[1];
                long opp = side == 0 ? st[1] : st[0];
                int empties = 64 - Long.bitCount(me | opp);
                if (want.contains(empties)) {
                    int v = sel >= TranspositionTable.EXACT ? search.root(me, opp, -64, 64, new int[1])
                            : search.selective(me, opp, sel, new int[1]);
                    rows.add(new Row(gi, me, opp, empties, v, 2));
                }
            }
            if (!Replay.step(st, sq)) {
                return;
            }
        }
    }

    /** The rows of one game: none when it is damaged or not 8×8. */
    static void label(int gi, WthorGame g, int exact, EndgameSearch search, SplittableRandom rnd, List<Row> rows) {
        if (g.side() != 8 || g.damage() != null) {
            return;
        }
        int theoBlack = 2 * g.theoreticalScore() - 64; // Black's disc difference under perfect play from 24 empties
        long[] st = Replay.startState();
        for (int sq : g.squares()) {
            long black = st[0];
            long white = st[1];
            int side = (int) st[2];
            if (side != 2) {
                long me = side == 0 ? black : white;
                long opp = side == 0 ? white : black;
                int empties = 64 - Long.bitCount(me | opp);
                if (empties <= exact) {
                    rows.add(new Row(gi, me, opp, empties, search.search(me, opp, -64, 64), 0));
                } else {
                    rows.add(new Row(gi, me, opp, empties, side == 0 ? theoBlack : -theoBlack, 1));
                }
                if (empties <= exact + 1) { // a sibling: another legal move than the one played
                    long moves = Bitboards.legalMoves(me, opp) & ~(1L << sq);
                    if (moves != 0) {
                        int pick = rnd.nextInt(Long.bitCount(moves));
                        long m = moves;
                        for (int i = 0; i < pick; i++) {
                            m &= m - 1;
                        }
                        int s = Long.numberOfTrailingZeros(m);
                        long f = Bitboards.flipsOnEmpty(me, opp, s);
                        long nm = opp & ~f;
                        long no = me | f | 1L << s;
                        if (Bitboards.legalMoves(nm, no) != 0) {
                            rows.add(new Row(gi, nm, no, empties - 1, search.search(nm, no, -64, 64), 0));
                        }
                    }
                }
            }
            if (!Replay.step(st, sq)) {
                return;
            }
        }
    }
}
