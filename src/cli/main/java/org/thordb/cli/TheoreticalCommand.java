package org.thordb.cli;

import org.thordb.Fill;
import org.thordb.Query;
import org.thordb.TheoreticalScores;
import org.thordb.ThorDb;


import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.thordb.error.ErrorCode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code thordb theoretical}: how many games' theoretical scores a store knows, base by base; with
 * {@code --fill}, the solver computes the unknown ones into the store on every core, with a progress
 * bar and its ETA. Each second's solved games are written in one atomic batch, so a kill or Ctrl-C
 * loses at most the games being solved, and running the command again goes on from there.
 *
 * <p>Usage: {@code thordb theoretical --fill --depth 14 --where 'base = "WTH_1990.pgn"'}
 */
@Command(name = "theoretical",
        footerHeading = "%nExamples:%n", footer = {"  thordb theoretical",
            "  thordb theoretical --fill --depth 14 --where 'base = \"WTH_1990.pgn\"'",
            "  thordb theoretical --fill --threads 1"},
        description = "Count the games whose theoretical score is known and unknown, base by base; with --fill,"
                + " solve the unknown ones at a depth and write them into the store (resumable: run it again after a kill).")
public final class TheoreticalCommand implements Callable<Integer> {

    /** Every surface's default depth ({@link ThorDb#FILL_DEPTH}). */
    static final int DEFAULT_DEPTH = ThorDb.FILL_DEPTH;

    @Mixin
    StoreOption store;

    @Option(names = "--fill", description = "Solve the unknown theoretical scores and write them into the store.")
    boolean fill;

    @Option(names = "--where", paramLabel = "QUERY", description = "Only the games this query matches (default: every game).")
    String where;

    @Option(names = "--depth", paramLabel = "N", description = "With --fill: the empties to solve at, 1 to 60"
            + " (default: " + DEFAULT_DEPTH + ", as WTHOR's files; 14 is quick, 24 slow).")
    Integer depth;

    @Option(names = "--threads", paramLabel = "N", description = "With --fill: the games solved at once (default: the machine's cores).")
    Integer threads;

    @Option(names = "--progress", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Show a progress bar with its ETA on a terminal (default: on).")
    boolean progress;

    @Option(names = "--verbose", description = "With --fill: say each batch as it is written.")
    boolean verbose;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (!fill && (depth != null || threads != null || verbose)) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--depth, --threads and --verbose go with --fill");
        }
        if (!fill) {
            try (ThorDb db = Stores.openFrontForReading(store.dir())) {
                return summary(db, out);
            }
        }
        int d = depth == null ? DEFAULT_DEPTH : depth;
        int t = threads == null ? Math.max(1, Runtime.getRuntime().availableProcessors()) : threads;
        try (ThorDb db = ThorDb.open(store.dir())) {
            return fill(db, out, d, t);
        }
    }

    /** The games asked about ({@code --where}), read once. */
    private Query scope() {
        return Query.parse(where == null ? "" : where);
    }

    /** Known and unknown, a line a base. */
    private int summary(ThorDb db, PrintWriter out) {
        out.printf("%-24s %10s %10s %10s %10s%n", "base", "games", "known", "unknown", "filled");
        long games = 0;
        long known = 0;
        for (TheoreticalScores b : db.theoreticalScores(scope())) {
            out.printf(Locale.ROOT, "%-24s %,10d %,10d %,10d %,10d%n", SafeText.of(b.base()), b.games(), b.known(),
                    b.unknown(), b.filled());
            games += b.games();
            known += b.known();
        }
        out.printf(Locale.ROOT, "%,d games: %,d theoretical scores known, %,d unknown%s%n", games, known, games - known,
                games == known ? "" : " (thordb theoretical --fill computes them)");
        return 0;
    }

    private int fill(ThorDb db, PrintWriter out, int d, int t) {
        boolean terminal = progress && System.console() != null;
        ProgressBar[] bar = new ProgressBar[1];
        AtomicLong written = new AtomicLong();
        // Ctrl-C: every batch written is kept; say so, and how to go on
        Thread onStop = new Thread(() -> {
            if (bar[0] != null) {
                bar[0].close();
            }
            System.err.printf(Locale.ROOT, "stopped: %,d theoretical scores written; the rest are still unknown"
                    + " (run the same command again to go on)%n", written.get());
        });
        Runtime.getRuntime().addShutdownHook(onStop);
        Fill r;
        long[] lastWritten = {0};
        boolean[] begun = {false};
        try {
            r = db.fillTheoretical(scope(), d, t, (work, done, total) -> {
                if (work.equals("fill") && !begun[0]) { // the first word of the fill: how many games it solves
                    begun[0] = true;
                    out.printf(Locale.ROOT, "solving %,d unknown theoretical scores at %d empties on %d thread%s%n",
                            total, d, t, t == 1 ? "" : "s");
                    out.flush();
                    if (terminal && total > 0) {
                        bar[0] = new ProgressBarBuilder().setTaskName("fill").setInitialMax(total).setUnit(" games", 1)
                                .setStyle(ProgressBarStyle.ASCII).showSpeed().setUpdateIntervalMillis(500).build();
                    }
                } else if (work.equals("fill")) {
                    if (bar[0] != null) {
                        bar[0].stepTo(done);
                    }
                } else if (work.equals("fill commit")) {
                    written.set(done);
                    if (verbose) {
                        if (bar[0] != null) {
                            bar[0].pause();
                        }
                        out.printf(Locale.ROOT, "committed %d games (%,d written)%n", done - lastWritten[0], done);
                        out.flush();
                        if (bar[0] != null) {
                            bar[0].resume();
                        }
                    }
                    lastWritten[0] = done;
                }
            });
        } finally {
            if (bar[0] != null) {
                bar[0].close();
                bar[0] = null;
            }
            try {
                Runtime.getRuntime().removeShutdownHook(onStop);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs
            }
        }
        out.printf(Locale.ROOT, "filled %,d theoretical score%s at depth %d in %.1f s (%.1f games/s on %d thread%s, %,d nodes);"
                        + " %,d of the %,d games asked for were known already; %,d stop before %d empties (their last"
                        + " position solved); %,d damaged, %,d 10×10 and %,d unfinished games (stopped with more than %d"
                        + " empties and moves to play) left unknown%n",
                r.filled(), r.filled() == 1 ? "" : "s", d, r.seconds(), r.gamesPerSecond(), r.threads(), r.threads() == 1 ? "" : "s", r.nodes(),
                r.known(), r.selected(), r.shortGames(), d, r.damaged(), r.otherBoards(), r.unfinished(),
                Math.max(d, 20));
        return 0;
    }
}
