package org.thordb.cli;

import org.thordb.Query;
import org.thordb.Solitaires;
import org.thordb.ThorDb;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import org.thordb.error.ErrorCode;

/**
 * {@code thordb solitaires --empties N [--where QUERY] [--limit K] --out DIR}: WTHOR solitaires
 * made from the games a query matches (see {@link SolitaireMaker}), written as
 * {@code SOLITAIRES NN.PZZ}, with a progress bar and the time left on a terminal.
 *
 * <p>Usage: {@code thordb solitaires --empties 16 --where 'year = 2015' --out /tmp/pzz}
 */
@Command(name = "solitaires", footerHeading = "%nExamples:%n",
        footer = {"  thordb solitaires --empties 16 --where 'year = 2015' --out /tmp/pzz",
            "  thordb solitaires --empties 20 --limit 50 --out /tmp/pzz"},
        description = "Make WTHOR solitaires from the games of a query: positions with N empty squares where the side to"
            + " move has a single winning (or, with no win, drawing) move at each of its moves along the perfect line."
            + " One position is one solitaire: it takes the fields of its first game (base imported first, then year, then record).")
public final class SolitairesCommand implements Callable<Integer> {

    @Mixin
    StoreOption store;

    @Option(names = "--empties", required = true, paramLabel = "N", description = "The empty squares of the positions (1–60).")
    int empties;

    @Option(names = "--where", paramLabel = "QUERY", description = "The games (default: every game).")
    String where;

    @Option(names = "--limit", paramLabel = "K", defaultValue = "0", description = "Stop after K solitaires (default: 0, every one).")
    int limit;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "The folder to write SOLITAIRES NN.PZZ into.")
    Path out;

    @Option(names = "--force", description = "Replace the file if it exists.")
    boolean force;

    @Option(names = "--progress", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Show a progress bar on a terminal (default: on).")
    boolean progress;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (limit < 0) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT,
                    "--limit takes 0 (every solitaire) or more, not " + limit);
        }
        PrintWriter o = spec.commandLine().getOut();
        long start = System.nanoTime();
        try (ThorDb db = Stores.openFrontForReading(store.dir())) {
            ProgressBar[] bar = {null};
            Solitaires made;
            try {
                made = db.makeSolitaires(Query.parse(where == null ? "" : where), empties, limit, out, force,
                        (work, done, total) -> {
                            if (bar[0] == null && progress && System.console() != null && total > 0) {
                                bar[0] = new ProgressBarBuilder().setTaskName("solitaires").setInitialMax(total)
                                        .setUnit(" games", 1).setStyle(ProgressBarStyle.ASCII).showSpeed()
                                        .setUpdateIntervalMillis(200).build();
                            }
                            if (bar[0] != null) {
                                bar[0].stepTo(done);
                            }
                        });
            } finally {
                if (bar[0] != null) {
                    bar[0].close();
                }
            }
            o.printf("%d solitaires of %d empties from %d positions (%d games reach one) written to %s in %.1f s%n",
                    made.found(), empties, made.positions(), made.games(), made.file(),
                    (System.nanoTime() - start) / 1e9);
        }
        return 0;
    }
}
