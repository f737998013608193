package org.thordb.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.thordb.Release;
import org.thordb.ThorDb;
import java.util.Optional;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import java.time.LocalDate;
import java.util.Locale;
import org.thordb.error.ErrorCode;

/**
 * {@code thordb releases [--db DIR] [--prune [--before DATE]]}: the releases of years a newer
 * import replaced, which the store keeps for {@code thordb undo}; {@code --prune} deletes them for
 * good (those replaced before {@code --before}, else all).
 *
 * <p>Usage: {@code thordb releases --prune --before 2026-01-01}
 */
@Command(name = "releases",
        footerHeading = "%nExamples:%n", footer = {"  thordb releases", "  thordb releases --prune --before 2026-01-01"},
        description = "List the replaced releases the store keeps for 'thordb undo', or delete them (--prune).")
public final class ReleasesCommand implements Callable<Integer> {
    @Mixin
    StoreOption store;

    @Option(names = "--prune", description = "Delete the kept releases for good (with --before: those replaced before that day).")
    boolean prune;

    @Option(names = "--before", paramLabel = "DATE", description = "With --prune: only releases replaced before this day (yyyy-mm-dd).")
    LocalDate before;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (before != null && !prune) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--before goes with --prune");
        }
        if (prune) {
            try (ThorDb db = ThorDb.open(store.dir())) {
                List<Release> gone = db.pruneReleases(Optional.ofNullable(before));
                for (Release r : gone) {
                    out.println("pruned " + describe(r));
                }
                out.printf("pruned %d release%s%n", gone.size(), gone.size() == 1 ? "" : "s");
            }
            return 0;
        }
        try (ThorDb db = Stores.openFrontForReading(store.dir())) {
            List<Release> kept = db.releases();
            for (Release r : kept) {
                out.println(describe(r));
            }
            out.printf("%d replaced release%s kept%n", kept.size(), kept.size() == 1 ? "" : "s");
        }
        return 0;
    }

    private static String describe(Release r) {
        return SafeText.of(String.format(Locale.ROOT, "%s: year %d, %,d games, made %d; replaced %s by %s",
                r.file(), r.year(), r.games(), r.made(), r.replacedAt(), r.replacedBy()));
    }
}
