package org.thordb.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.thordb.CheckSettings;
import org.thordb.Progress;
import org.thordb.Query;
import org.thordb.ThorDb;
import org.thordb.error.ErrorCode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code thordb verify FILE…}: checks WTHOR files; {@code thordb verify [--db DIR] [--sample N] [--repair]}
 * (no file): checks a store against its own records (see {@code StoreVerifier}) and, with
 * {@code --repair}, rebuilds what differs.
 *
 * <p>For files: checks each file as a whole, replays every game, and reports each
 * damaged or illegal game as {@code FILE: record N: reason} and each stored score that differs from
 * the replayed one, then a summary line.
 *
 * <p>A stored score that differs in a game that is not finished (adjourned, abandoned or
 * adjudicated: the FFO base has a few hundred) is reported but is not a fault: the stored score is
 * the adjudicated one. The exit status is 0 when every file is sound, 1 otherwise.
 *
 * <p>Usage: {@code thordb verify ../shared/data/wthor/*.wtb}
 */
@Command(name = "verify",
        footerHeading = "%nExamples:%n", footer = {"  thordb verify ../shared/data/wthor/*.wtb", "  thordb verify --db store", "  thordb verify --db store --repair",
            "  thordb verify --theoretical --sample 100 ../shared/data/wthor/WTH_2015.wtb",
            "  thordb verify --theoretical --depth 14 --db store --where 'year = 2015'"},
        description = "Replay every game of WTHOR files, or (no file) check a store against its records; with --theoretical,"
                + " solve each game's theoretical score again; exit 1 if anything is wrong.")
public final class VerifyCommand implements Callable<Integer> {

    @Parameters(arity = "0..*", paramLabel = "FILE", description = "WTHOR files (none: check the store).")
    List<Path> files = new ArrayList<>();

    @picocli.CommandLine.Mixin
    StoreOption store;

    @picocli.CommandLine.Option(names = "--repair", description = "With a store: rewrite the index entries that differ from the records.")
    boolean repair;

    @picocli.CommandLine.Option(names = "--sample", paramLabel = "N", description = "With a store: check N game files drawn at"
            + " random (default: all); with --theoretical: N games drawn at random.")
    Integer sample;

    @picocli.CommandLine.Option(names = "--theoretical", description = "Solve each game's theoretical score at its file's depth"
            + " (or --depth) and compare it with the stored one.")
    boolean theoretical;

    @picocli.CommandLine.Option(names = "--depth", paramLabel = "N", description = "With --theoretical: solve at N empties, not the file's depth.")
    Integer depth;

    @picocli.CommandLine.Option(names = "--explain", description = "With --theoretical and --depth: solve each difference again"
            + " at the file's own depth, to tell imperfect moves between the depths from a wrong stored score.")
    boolean explain;

    @picocli.CommandLine.Option(names = "--where", paramLabel = "QUERY", description = "With --theoretical and a store: only these games.")
    String where;

    @picocli.CommandLine.Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "The seed that draws the sample (default: ${DEFAULT-VALUE}).")
    long seed;

    @picocli.CommandLine.Option(names = "--progress", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Show a progress bar on a terminal (default: on).")
    boolean progress;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (depth != null && (depth < 0 || depth > 60)) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--depth takes 0 to 60 empties, not " + depth);
        }
        if (sample != null && sample < 1) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--sample takes 1 or more, not " + sample);
        }
        // each line made safe to print, at once (a long check says what it finds as it goes)
        java.util.function.Consumer<String> said = line -> {
            out.println(SafeText.of(line));
            out.flush();
        };
        if (theoretical) {
            ProgressBar[] bar = new ProgressBar[1];
            Progress shown = progress && System.console() != null ? solvingBar(bar) : Progress.NONE;
            try {
                CheckSettings settings = new CheckSettings(depth == null ? CheckSettings.FILE_DEPTH : depth,
                        sample == null ? 0 : sample, seed, explain);
                if (!files.isEmpty()) {
                    return ThorDb.checkTheoretical(files, settings, said, shown) ? 0 : 1;
                }
                Query q = where == null || where.isBlank() ? Query.ALL : Query.parse(where);
                try (ThorDb db = Stores.openFrontForReading(store.dir())) {
                    return db.checkTheoretical(q, settings, said, shown) ? 0 : 1;
                }
            } finally {
                if (bar[0] != null) {
                    bar[0].close();
                }
            }
        }
        if (depth != null || where != null || explain) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--depth, --where and --explain go with --theoretical");
        }
        if (files.isEmpty()) {
            // the sample is drawn with --seed (default 1): the same files every run, never the clock's
            return ThorDb.checkStore(store.dir(), repair, sample == null ? 0 : sample, seed, said) ? 0 : 1;
        }
        return ThorDb.checkFiles(files, said) ? 0 : 1;
    }

    /** The games solved as a bar on a terminal, made when their number is known and closed at the last. */
    private static Progress solvingBar(ProgressBar[] bar) {
        return (work, done, total) -> {
            if (done == 0 && total > 0) {
                if (bar[0] != null) {
                    bar[0].close();
                }
                bar[0] = new ProgressBarBuilder().setTaskName("solve").setInitialMax(total).setUnit(" games", 1)
                        .setStyle(ProgressBarStyle.ASCII).showSpeed().setUpdateIntervalMillis(500).build();
            } else if (bar[0] != null) {
                bar[0].stepTo(done);
                if (done >= total) {
                    bar[0].close();
                    bar[0] = null;
                }
            }
        };
    }
}
