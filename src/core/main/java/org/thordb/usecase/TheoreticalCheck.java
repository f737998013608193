package org.thordb.usecase;

import org.thordb.query.Filter;

import org.thordb.fault.Faults;
import org.thordb.engine.Engine;
import org.thordb.engine.StoredGame;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.solve.Solver;
import org.thordb.solve.SolverTeam;
import org.thordb.solve.TheoreticalScore;
import org.thordb.store.FileRow;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorHeader;
import org.thordb.wthor.WthorReader;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import org.thordb.error.ErrorCode;
import org.thordb.ingest.TheoreticalStatus;

/**
 * {@code thordb verify --theoretical}: each game's theoretical score computed again by the solver at
 * its file's depth (or {@code --depth}) and compared with the stored one, each difference on a line
 * {@code FILE: record N: theoretical 34 stored, 36 computed}, then one summary line. A game too short
 * to reach the depth has its last position solved, and is counted apart.
 *
 * The check beside the fill ({@link TheoreticalFill}): the same rules
 * ({@link TheoreticalScore#finishable}), a listener told each line and the progress.
 *
 * <p>Usage: {@code int status = new TheoreticalCheck(listener, depth, sample, seed).files(paths);}
 */
public final class TheoreticalCheck {
    /** What a check says: each difference and the summary as lines, and how far it is. */
    public interface Listener {
        /** A line of the check's answer: a difference, the summary. */
        void line(String line);

        /** The games to solve, before the first. */
        default void started(int games) {
        }

        /** One more game reported. */
        default void step() {
        }

        /** A line is about to be said (a progress bar steps aside), then {@link #resume}. */
        default void pause() {
        }

        /** After a line. */
        default void resume() {
        }

        /** Every game reported. */
        default void finished() {
        }
    }

    /** One game to check: where it is, its moves, its stored score, the depth to solve at. */
    private record Item(String file, long record, int[] squares, int stored, int depth, int fileDepth, boolean damaged,
                        boolean known) {
    }

    private final Listener out;
    private final Integer depth;
    private final Integer sample;
    private final long seed;
    private boolean explain;

    /**
     * A check.
     *
     * @param depth the empties to solve at (null: each file's own depth)
     * @param sample at most this many games, drawn with {@code seed} (null: every game)
     */
    public TheoreticalCheck(Listener out, Integer depth, Integer sample, long seed) {
        this.out = out;
        this.depth = depth;
        this.sample = sample;
        this.seed = seed;
    }

    /**
     * With {@code --depth} other than the file's: each difference is solved again at the file's own
     * depth, and the line says whether that gives the stored score (then the moves played between
     * the two depths lost the difference) or not (then the stored score itself is wrong).
     */
    public TheoreticalCheck explaining(boolean on) {
        this.explain = on;
        return this;
    }

    private static Solved await(Future<Solved> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw Faults.of(ErrorCode.IO, "the check was interrupted");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /** Checks the games of WTHOR game files. */
    public int files(List<Path> files) {
        Solver.preload(); // while the files are read
        List<Item> items = new ArrayList<>();
        for (Path f : files) {
            try (WthorReader r = WthorReader.open(f)) {
                if (!r.kind().isGames() || r.header().boardSide() != 8) {
                    throw Faults.of(ErrorCode.BAD_ARGUMENT, f
                            + ": theoretical scores are checked in 8×8 game files only");
                }
                int d = depth != null ? depth : r.header().effectiveDepth();
                List<WthorGame> games = new ArrayList<>();
                r.games().forEach(games::add);
                // a file whose scores say nothing, or hold final scores, has none to check
                boolean known = TheoreticalStatus.of(games, r.header().depth()).equals(FileRow.KNOWN);
                long i = 0;
                for (WthorGame g : games) {
                    items.add(new Item(f.toString(), i++, g.squares(), g.theoreticalScore(), d,
                            r.header().effectiveDepth(), g.damage() != null, known));
                }
            }
        }
        return check(sampled(items));
    }

    /** Checks the games of a store that a query matches (blank: every game). */
    public int store(Engine db, String where) {
        return store(db, Filter.parse(where));
    }

    /** {@link #store(Engine, String)} of a filter read once. */
    public int store(Engine db, Filter where) {
        Solver.preload(); // while the games are read
        // every stored record is checked, copies of a game from other bases too
        RoaringBitmap ids = Games.select(db, where.everyCopy());
        List<Item> items = new ArrayList<>();
        Map<String, Integer> depths = new HashMap<>();
        Map<String, String> names = new HashMap<>();
        for (FileRow f : db.catalog().gameFiles()) {
            String key = f.base() + "/" + f.year();
            depths.put(key, WthorHeader.decode(HexFormat.of().parseHex(f.header())).effectiveDepth());
            names.put(key, f.name());
        }
        for (StoredGame g : Games.of(db, sample == null ? ids : pick(ids))) {
            if (g.record68().side() != 8) {
                continue;
            }
            FileRow f = db.catalog().gameFile(db.catalog().base(g.base()).id(), 8, g.year());
            String key = f.base() + "/" + f.year();
            int fileDepth = g.theoreticalKnown() && g.theoreticalDepth() > 0 ? g.theoreticalDepth() : depths.get(key);
            items.add(new Item(names.get(key), g.record(), g.record68().squares(), g.theoretical(),
                    depth != null ? depth : fileDepth, fileDepth, g.damage() != null, g.theoreticalKnown()));
        }
        return check(items);
    }

    private RoaringBitmap pick(RoaringBitmap ids) {
        int n = ids.getCardinality();
        if (n <= sample) {
            return ids;
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        RoaringBitmap out = new RoaringBitmap();
        while (out.getCardinality() < sample) {
            out.add(ids.select(rnd.nextInt(n)));
        }
        return out;
    }

    private List<Item> sampled(List<Item> items) {
        if (sample == null || items.size() <= sample) {
            return items;
        }
        RoaringBitmap picked = pick(RoaringBitmap.bitmapOfRange(0, items.size()));
        List<Item> out = new ArrayList<>();
        picked.forEach((int i) -> out.add(items.get(i)));
        return out;
    }

    /** A game's score solved again (and, when asked to explain a difference, at the file's depth too). */
    private record Solved(TheoreticalScore.Computed at, TheoreticalScore.Computed atFile) {
    }

    /** How many games each solving thread may be ahead of the one being reported. */
    private static final int AHEAD = 4;

    /**
     * Solves the games one a thread, each solver on one thread of its own (a game split over two
     * threads does 1.4–1.55 times one thread's work; two games side by side twice), and reports
     * them in order as they come. Once every game has started, a thread with none left helps the
     * solves still running ({@link SolverTeam}): the last game does not run alone.
     */
    private int check(List<Item> items) {
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "thordb-verify");
            t.setDaemon(true);
            return t;
        });
        try {
            return check(items, pool, threads);
        } finally {
            pool.shutdownNow();
        }
    }

    private int check(List<Item> items, ExecutorService pool, int threads) {
        SolverTeam team = new SolverTeam(threads);
        ThreadLocal<Solver> solvers = ThreadLocal.withInitial(() -> team.solver(Solver.Options.defaults()));
        List<Future<Solved>> solved = new ArrayList<>();
        AtomicInteger solving = new AtomicInteger();
        IntConsumer submit = i -> {
            Item it = items.get(i);
            if (it.damaged() || !it.known() || !TheoreticalScore.finishable(it.squares(), it.depth())) {
                solved.add(null);
            } else {
                solving.incrementAndGet();
                solved.add(pool.submit(() -> {
                    try {
                        Solver solver = solvers.get();
                        TheoreticalScore.Computed c = TheoreticalScore.compute(it.squares(), it.depth(), solver);
                        TheoreticalScore.Computed atFile = explain && c.reachedDepth() && it.fileDepth() != it.depth()
                                && c.blackDiscs() != it.stored() ? TheoreticalScore.compute(it.squares(), it.fileDepth(), solver) : null;
                        return new Solved(c, atFile);
                    } finally {
                        solving.decrementAndGet();
                    }
                }));
            }
            if (solved.size() == items.size()) {
                // queued behind every game: each starts on a thread that has none left
                for (int h = 1; h < threads; h++) {
                    pool.submit(() -> team.help(() -> solving.get() > 0));
                }
            }
        };
        long agree = 0;
        long differ = 0;
        long shortAgree = 0;
        long shortDiffer = 0;
        long damaged = 0;
        long unknown = 0;
        long unfinished = 0;
        long nodes = 0;
        long explained = 0;
        long unexplained = 0;
        TreeSet<Integer> depthsUsed = new TreeSet<>();
        long t0 = System.nanoTime();
        out.started(items.size());
        try {
            for (int index = 0; index < items.size(); index++) {
                while (solved.size() < items.size() && solved.size() <= index + AHEAD * threads) {
                    submit.accept(solved.size());
                }
                Item it = items.get(index);
                out.step();
                if (it.damaged()) {
                    damaged++;
                    continue;
                }
                if (!it.known()) { // no stored score to check: unknown, counted, no difference
                    unknown++;
                    continue;
                }
                if (solved.get(index) == null) {
                    // adjourned far from its end (TheoreticalScore.finishable, asked when it was queued):
                    // no endgame a solve ends; counted, not checked
                    unfinished++;
                    continue;
                }
                depthsUsed.add(it.depth());
                Solved done = await(solved.get(index));
                solved.set(index, null); // its solve reported: let it go
                TheoreticalScore.Computed c = done.at();
                nodes += c.nodes();
                boolean same = c.blackDiscs() == it.stored();
                if (c.reachedDepth()) {
                    agree += same ? 1 : 0;
                    differ += same ? 0 : 1;
                } else {
                    shortAgree += same ? 1 : 0;
                    shortDiffer += same ? 0 : 1;
                }
                if (!same) {
                    out.pause();
                    String why = "";
                    if (done.atFile() != null) {
                        TheoreticalScore.Computed atFile = done.atFile();
                        nodes += atFile.nodes();
                        if (atFile.blackDiscs() == it.stored()) {
                            explained++;
                            int lost = Math.abs(c.blackDiscs() - it.stored());
                            boolean blackLost = c.blackDiscs() < it.stored();
                            why = "; at the file's depth " + it.fileDepth() + " the solver gives " + atFile.blackDiscs()
                                    + " as stored: the moves played from " + it.fileDepth() + " to " + it.depth()
                                    + " empties cost " + (blackLost ? "Black " : "White ") + lost + " disc"
                                    + (lost == 1 ? "" : "s");
                        } else {
                            unexplained++;
                            why = "; at the file's depth " + it.fileDepth() + " the solver gives " + atFile.blackDiscs()
                                    + ", not the stored " + it.stored();
                        }
                    }
                    out.line(it.file() + ": record " + it.record() + ": theoretical " + it.stored()
                            + " stored, " + c.blackDiscs() + " computed" + (c.reachedDepth() ? ""
                            : " (the game stops at " + c.empties() + " empties: its last position solved)") + why);
                    out.resume();
                }
            }
        } finally {
            out.finished();
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        long checked = agree + differ + shortAgree + shortDiffer;
        out.line(String.format(Locale.ROOT, "theoretical scores at depth %s: %d games checked in %.1f s (%.1f games/s, %,d nodes): %d agree,"
                        + " %d differ; %d too short to reach the depth, their last position solved (%d agree, %d differ);"
                        + " %d damaged games skipped; %d unknown (no theoretical score stored to check)%s",
                depthsUsed.isEmpty() ? "-" : depthsUsed.size() == 1 ? depthsUsed.first() : depthsUsed.toString(),
                checked, seconds, seconds == 0 ? 0 : checked / seconds, nodes, agree, differ, shortAgree + shortDiffer,
                shortAgree, shortDiffer, damaged, unknown, unfinished == 0 ? "" : "; " + unfinished + " unfinished (adjourned"
                        + " with more than " + TheoreticalScore.LAST_POSITION_EMPTIES + " empties and moves to play: not checked)"));
        if (explain) {
            out.line(String.format(Locale.ROOT, "explained: %d differences come from the moves played between"
                    + " the file's depth and this one (the file's depth gives the stored score); %d do not", explained, unexplained));
        }
        return differ + shortDiffer == 0 ? 0 : 1;
    }
}
