package org.thordb.ingest;

import org.thordb.fault.Faults;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.index.Field;
import org.thordb.index.Postings;
import org.thordb.index.Terms;
import org.thordb.othello.Position;
import org.thordb.solve.Solver;
import org.thordb.solve.SolverTeam;
import org.thordb.solve.TheoreticalScore;
import org.thordb.store.Catalog;
import org.thordb.store.FileRow;
import org.thordb.store.GameRow;
import org.thordb.store.MergeGroup;
import org.thordb.store.Store;
import org.thordb.store.Store.Space;
import org.thordb.wthor.WthorGame;
import java.util.function.Function;
import org.thordb.index.GameColumns;

/**
 * The writing under the use case {@code TheoreticalFill} ({@code thordb theoretical --fill}): the
 * solver computes the theoretical scores a store does not know (text sources, WTHOR files whose scores say nothing) at a depth, on every core, and writes
 * them in. Each game is solved by one thread (positions at 14–24 empties are solved faster one a
 * thread than one split over threads); once every game is handed out, a thread with none left
 * helps the solves still running ({@link SolverTeam}), so that a fill of a few games, or the last
 * game of many, does not run on one core. The solved games are written every second or so in one
 * atomic batch: each game's row (the record's theoretical byte, flags bit 1, the depth), the
 * {@code THEORETICAL} postings it moves between, and its file's row (how many were filled). A kill
 * leaves every batch written whole or not at all, and the next fill takes the games still unknown:
 * it resumes where the last one stopped.
 *
 * <p>What the import gave is kept: a WTHOR file's record byte is put back wherever the file is
 * written out ({@code FileRow#importedTheoretical}), and a text source's games keep their text.
 *
 * <p>Usage: {@code TheoreticalWriter.Report r = new TheoreticalWriter(store, catalog, committer, 14, 2).fill(ids, listener);}
 */
public final class TheoreticalWriter {
    /** Commits a batch of the store opened for writing and returns the catalog after it. */
    public interface Committer {
        Catalog commit(Store.Batch batch);
    }

    /** Told how the fill goes, for a progress bar. */
    public interface Listener {
        /** Before the first solve: how many games will be solved. */
        default void started(long games) {
        }

        /** A game was solved (called from the solving threads). */
        default void solved() {
        }

        /** A batch was written: the games filled so far by this run. */
        default void committed(long filled, int inBatch) {
        }
    }

    /**
     * What a fill did.
     *
     * @param selected the games asked for
     * @param known those whose score was known already (left as they are)
     * @param otherBoards 10×10 games (no theoretical score)
     * @param damaged damaged games (their moves break off: not solved)
     * @param filled the games whose score was computed and written
     * @param shortGames of those, the games that stop before {@code depth} empties (their last position solved)
     * @param nodes the solver's nodes
     * @param seconds the time the solving took
     * @param depth the depth the scores were computed at
     * @param threads the threads that solved
     * @param unfinished games left unknown: they stop before the depth with more than
     *     {@value #LAST_POSITION_EMPTIES} empties and moves still to play (adjourned far from the end)
     */
    public record Report(long selected, long known, long otherBoards, long damaged, long filled, long shortGames,
                         long nodes, double seconds, int depth, int threads, long unfinished) {
        /** Games filled a second. */
        public double gamesPerSecond() {
            return seconds <= 0 ? 0 : filled / seconds;
        }
    }

    /** A game to solve, and then its score. */
    private static final class Job {
        final GameRow row;
        int blackDiscs = -1;
        boolean unfinished;
        boolean reached;
        long nodes;
        Throwable failed;

        Job(GameRow row) {
            this.row = row;
        }
    }

    private static final Job END = new Job(null);
    private static final long COMMIT_NANOS = 1_000_000_000L;
    private static final int COMMIT_GAMES = 4096;
    private static final int READ_BLOCK = 256;
    /** The most empties of an unfinished game's last position that a fill solves ({@link TheoreticalScore#LAST_POSITION_EMPTIES}). */
    static final int LAST_POSITION_EMPTIES = TheoreticalScore.LAST_POSITION_EMPTIES;

    private final Store store;
    private Catalog catalog;
    private final Committer committer;
    private final int depth;
    private final int threads;

    /**
     * Refuses a depth outside 1 to 60 empties or fewer than one thread, as every fill does (the use
     * case's settings check the same way, before a store is opened).
     */
    public static void check(int depth, int threads) {
        if (depth < 1 || depth > 60) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "a theoretical score is computed at 1 to 60 empties, not " + depth);
        }
        if (threads < 1) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "a fill needs 1 thread or more, not " + threads);
        }
    }

    /**
     * A fill of a store opened for writing.
     *
     * @param depth the empties to solve at (1 to 60; WTHOR's files say 22 or 24)
     * @param threads the threads solving (1 or more)
     */
    public TheoreticalWriter(Store store, Catalog catalog, Committer committer, int depth, int threads) {
        check(depth, threads);
        this.store = store;
        this.catalog = catalog;
        this.committer = committer;
        this.depth = depth;
        this.threads = threads;
    }

    /**
     * Fills the unknown scores among {@code selected} ({@code unknown}: those of them whose score is
     * not known; {@code damaged}: the store's damaged games, whose moves break off). Stops with {@link ErrorCode#CANCELLED} when the calling thread is interrupted,
     * after writing what was solved.
     */
    public Report fill(RoaringBitmap selected, RoaringBitmap unknown, RoaringBitmap damaged, Listener listener) {
        for (MergeGroup g : catalog.groups()) {
            if (g.merging()) {
                throw Faults.of(ErrorCode.BAD_ARGUMENT, store.path() + ": a merge of the store's files was"
                        + " stopped before its end: finish it (thordb optimize) before filling theoretical scores");
            }
        }
        // which of the unknown can be solved, told by the catalog and the damaged postings, no record read:
        // 8×8 (a 10×10 file's games have no theoretical score) and sound
        RoaringBitmap tenByTen = new RoaringBitmap();
        for (FileRow f : catalog.gameFiles()) {
            if (f.side() == 10) {
                tenByTen.add((long) f.firstId(), (long) f.firstId() + f.games());
            }
        }
        RoaringBitmap eight = RoaringBitmap.andNot(unknown, tenByTen);
        long[] skipped = {unknown.getLongCardinality() - eight.getLongCardinality(), RoaringBitmap.andCardinality(eight, damaged)};
        int[] todo = RoaringBitmap.andNot(eight, damaged).toArray();
        listener.started(todo.length);
        long t0 = System.nanoTime();
        BlockingQueue<Job> work = new ArrayBlockingQueue<>(2 * READ_BLOCK + threads);
        BlockingQueue<Job> done = new ArrayBlockingQueue<>(2 * READ_BLOCK + threads + COMMIT_GAMES);
        List<Thread> solvers = new ArrayList<>();
        AtomicLong nodes = new AtomicLong();
        SolverTeam team = new SolverTeam(threads);
        // the games handed to the solvers and not solved yet: a thread with none left helps while some are
        AtomicInteger unsolved = new AtomicInteger();
        for (int t = 0; t < threads; t++) {
            Thread th = new Thread(() -> solve(team, work, done, unsolved, nodes, listener), "thordb-fill-" + t);
            th.setDaemon(true);
            th.start();
            solvers.add(th);
        }
        long filled = 0;
        long shortGames = 0;
        long unfinished = 0;
        int fed = 0;
        boolean endsSent = false;
        int running = threads;
        List<Job> pending = new ArrayList<>();
        long lastCommit = System.nanoTime();
        boolean cancelled = false;
        try (Store.View v = store.view()) {
            while (running > 0) {
                if (Thread.interrupted() && !cancelled) { // the flag is set again at the end
                    cancelled = true;
                    // the solves under way are stopped (a solve stops when its thread is
                    // interrupted, unsolved, and is not written); what was solved before is
                    for (Thread th : solvers) {
                        th.interrupt();
                    }
                }
                // keep the solvers fed, a block of rows read at a time
                int room = work.remainingCapacity() - threads; // room is kept for the ends
                if (!cancelled && fed < todo.length && room >= Math.min(READ_BLOCK / 4, todo.length - fed)) {
                    int end = Math.min(todo.length, fed + Math.min(READ_BLOCK, room));
                    List<byte[]> keys = new ArrayList<>();
                    for (int i = fed; i < end; i++) {
                        keys.add(GameRow.key(todo[i]));
                    }
                    List<byte[]> values = v.getAll(Space.GAMES, keys);
                    for (int i = fed; i < end; i++) {
                        byte[] row = values.get(i - fed);
                        if (row != null) { // else a removed game a merged entry still names
                            unsolved.incrementAndGet();
                            work.add(new Job(GameRow.decode(todo[i], row)));
                        }
                    }
                    fed = end;
                }
                if (!endsSent && (fed == todo.length || cancelled)) {
                    if (cancelled) { // the games waiting are left
                        List<Job> left = new ArrayList<>();
                        work.drainTo(left);
                        unsolved.addAndGet(-left.size());
                    }
                    for (int t = 0; t < threads; t++) {
                        work.add(END);
                    }
                    endsSent = true;
                }
                Job j;
                try {
                    j = done.poll(50, TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt(); // taken at the loop's top
                    continue;
                }
                if (j == END) {
                    running--;
                } else if (j != null) {
                    if (j.failed != null) {
                        throw j.failed instanceof RuntimeException re ? re : new IllegalStateException(j.failed);
                    }
                    if (j.unfinished) {
                        unfinished++;
                    } else if (j.blackDiscs >= 0) { // else stopped before its end (a cancel): still unknown
                        pending.add(j);
                    }
                }
                if (!pending.isEmpty() && (pending.size() >= COMMIT_GAMES || running == 0
                        || System.nanoTime() - lastCommit >= COMMIT_NANOS)) {
                    write(pending);
                    filled += pending.size();
                    for (Job p : pending) {
                        shortGames += p.reached ? 0 : 1;
                    }
                    listener.committed(filled, pending.size());
                    pending.clear();
                    lastCommit = System.nanoTime();
                }
            }
        } finally {
            if (running > 0) { // an error: the solvers are stopped
                for (Thread th : solvers) {
                    th.interrupt();
                }
            }
        }
        if (cancelled) {
            Thread.currentThread().interrupt();
            throw Faults.of(ErrorCode.CANCELLED, "the fill was stopped after " + filled
                    + " theoretical scores written; the others are still unknown (fill again to go on)");
        }
        return new Report(selected.getLongCardinality(), selected.getLongCardinality() - unknown.getLongCardinality(),
                skipped[0], skipped[1], filled, shortGames, nodes.get(), (System.nanoTime() - t0) / 1e9, depth, threads, unfinished);
    }

    /**
     * A solving thread: its own solver, whose table games share; once it takes the end (every game
     * is handed out: the ends follow the games), it helps the team's solves still running.
     */
    private void solve(SolverTeam team, BlockingQueue<Job> work, BlockingQueue<Job> done, AtomicInteger unsolved,
                       AtomicLong nodes, Listener listener) {
        Solver solver = team.solver(Solver.Options.defaults().withTableBits(depth <= 16 ? 18 : 21));
        try {
            for (Job j; (j = work.take()) != END; ) {
                try {
                    WthorGame g = new WthorGame(j.row.raw(), 8);
                    if (!TheoreticalScore.finishable(g.squares(), depth)) {
                        // an adjourned game that stops far from its end: its last position is no
                        // endgame a solve ends (40 empties would take years); its score stays unknown
                        j.unfinished = true;
                    } else {
                        TheoreticalScore.Computed c = TheoreticalScore.compute(g.squares(), depth, solver);
                        j.blackDiscs = c.solved() ? c.blackDiscs() : -1;
                        j.reached = c.reachedDepth();
                        j.nodes = c.nodes();
                        nodes.addAndGet(c.nodes());
                    }
                } catch (RuntimeException | Error e) {
                    j.failed = e;
                } finally {
                    unsolved.decrementAndGet();
                }
                listener.solved();
                done.put(j);
            }
            // a stopped fill interrupts its threads: then help returns at once, whatever is left
            team.help(() -> unsolved.get() > 0);
            done.put(END);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            done.offer(END);
        }
    }

    /**
     * Writes solved games in one batch: their rows, the {@code THEORETICAL} postings each leaves and
     * joins (in its segment's entry, or its merge group's), and their files' rows.
     */
    private void write(List<Job> jobs) {
        // the entries touched, their ids decoded once a batch (a ByteBuffer key compares by content)
        Map<java.nio.ByteBuffer, RoaringBitmap> entries = new LinkedHashMap<>();
        Map<Integer, Integer> perFile = new LinkedHashMap<>(); // first id → games filled
        Map<Integer, FileRow> files = new HashMap<>();
        try (Store.Batch batch = store.batch(); Store.View v = store.view()) {
            Function<byte[], RoaringBitmap> entry = key -> entries.computeIfAbsent(
                    java.nio.ByteBuffer.wrap(key), x -> {
                        byte[] value = v.get(Space.TERMS, key);
                        return value == null ? new RoaringBitmap() : Postings.decode(value);
                    });
            for (Job j : jobs) {
                GameRow r = j.row;
                FileRow f = catalog.gameFileOf(r.id());
                if (f == null) {
                    continue; // removed meanwhile (not while the writer is ours)
                }
                byte[] raw = r.raw().clone();
                raw[7] = (byte) j.blackDiscs;
                GameRow now = new GameRow(r.id(), r.base(), r.side(), r.year(), r.record(), r.segment(), r.validMoves(),
                        raw, r.damage(), true, depth);
                batch.put(Space.GAMES, GameRow.key(r.id()), now.encode());
                // the file's stored columns hold the old byte: without them its columns are read from the records
                batch.delete(Space.COLUMNS, GameColumns.key(f.firstId()));
                // the game leaves its old value's entry and joins the new one's, under the same suffix
                byte[] oldTerm = Terms.key(Field.THEORETICAL, Terms.small(r.raw()[7] & 0xff));
                int suffix = f.segment();
                MergeGroup g = catalog.groupOf(f);
                if (g != null && entry.apply(Terms.postingKey(oldTerm, g.suffix())).contains(r.id())) {
                    suffix = g.suffix();
                }
                entry.apply(Terms.postingKey(oldTerm, suffix)).remove(r.id());
                entry.apply(Terms.postingKey(Terms.key(Field.THEORETICAL, Terms.small(j.blackDiscs)), suffix)).add(r.id());
                perFile.merge(f.firstId(), 1, Integer::sum);
                files.put(f.firstId(), f);
            }
            for (Map.Entry<java.nio.ByteBuffer, RoaringBitmap> e : entries.entrySet()) {
                byte[] key = e.getKey().array();
                if (e.getValue().isEmpty()) {
                    batch.delete(Space.TERMS, key);
                } else {
                    batch.put(Space.TERMS, key, Postings.encode(e.getValue()));
                }
            }
            for (Map.Entry<Integer, Integer> e : perFile.entrySet()) {
                FileRow now = files.get(e.getKey()).withFilled(e.getValue());
                batch.put(Space.FILES, now.key(), Catalog.encode(now));
            }
            catalog = committer.commit(batch);
        }
    }
}
