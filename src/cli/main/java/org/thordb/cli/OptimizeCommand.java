package org.thordb.cli;

import org.thordb.Optimization;
import org.thordb.ThorDb;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import java.io.PrintWriter;

/**
 * {@code thordb optimize [--db DIR] [--no-compact]}: merges every game file's postings into one
 * entry a term, a position or a fingerprint partition, so that lookups stop growing with the number
 * of files; then compacts the store. Safe to kill: the next run finishes the merge.
 *
 * <p>Usage: {@code thordb optimize --db big-store}
 */
@Command(name = "optimize",
        footerHeading = "%nExamples:%n", footer = {"  thordb optimize", "  thordb optimize --db /tmp/store --no-compact"},
        description = "Merge the postings of every imported file into one entry per term and position (lookups then"
                + " read one entry, not one a file), then compact the store. A kill loses nothing: run it again.")
public final class OptimizeCommand implements Callable<Integer> {

    @Mixin
    StoreOption store;

    @Option(names = "--no-compact", description = "Leave compacting the store to RocksDB (by default it is compacted after the merge).")
    boolean noCompact;

    @Option(names = "--verbose", description = "Say each batch of the merge as it lands.")
    boolean verbose;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (ThorDb db = ThorDb.open(store.dir())) {
            Optimization r = db.optimize(!noCompact, out::println, (work, done, total) -> {
                if (work.startsWith("commit ") && verbose) {
                    out.printf("%s: committed batch %d%n", work.substring("commit ".length()), done);
                    out.flush();
                } else if (work.startsWith("merge ") && total > 0 && done == total) {
                    err.printf("merged %s%n", work.substring("merge ".length()));
                }
            });
            if (r.alreadyMerged()) {
                out.printf("already merged: %d files, %d games%n", r.files(), r.games());
            } else {
                out.printf("merged %d files (%d games)%s: %d entries read, %d merged entries written, %d ids of removed"
                        + " games dropped, in %.1f s%n", r.files(), r.games(), r.resumed() ? ", finishing an interrupted merge" : "",
                        r.entriesRead(), r.entriesWritten(), r.staleIds(), r.seconds());
            }
            if (r.bookPositions() > 0) {
                out.printf("explorer's book: %d positions reached by %d games or more%n", r.bookPositions(), r.bookFrom());
            }
            if (r.valuePositions() > 0) {
                out.printf("explorer's estimates: %d positions reached by %d games or more (%d searched now)%n",
                        r.valuePositions(), r.valueFrom(), r.valuesSearched());
            }
        }
        return 0;
    }
}
