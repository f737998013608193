package org.thordb.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.thordb.ImportResult;
import org.thordb.Query;
import org.thordb.ThorDb;
import org.thordb.error.ThorDbException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code thordb demo}: on a fresh checkout, generates the sample base (20,000 random legal games
 * in {@code examples/sample-base/}) when it is missing, imports it into a store of its own
 * ({@code demo-store/} of the checkout unless {@code --db} says otherwise, so that the random games
 * never mix with a real base in {@code store/}), and runs the sample queries of
 * {@code examples/sample-queries.thq}, each with its count and time.
 *
 * <p>Usage: {@code tools/thordb demo}
 */
@Command(name = "demo",
        footerHeading = "%nExamples:%n", footer = {"  thordb demo", "  thordb demo --db /tmp/demo-store"}, description = "Generate the sample base if missing, import it into a store of its own (demo-store/ of the"
                + " checkout, not store/), and run the sample queries.")
public final class DemoCommand implements Callable<Integer> {

    @picocli.CommandLine.Option(names = "--db", paramLabel = "DIR",
            description = "The demo's store (default: demo-store/ of the checkout; never the store/ of your bases).")
    Path db;

    @Option(names = "--sample", paramLabel = "DIR", description = "Where the sample base is (default: examples/sample-base of the checkout).")
    Path sample;

    @Option(names = "--queries", paramLabel = "FILE", description = "The queries to run (default: examples/sample-queries.thq of the checkout).")
    Path queries;

    @Spec
    CommandSpec spec;

    private static Path home() {
        String h = System.getenv("THORDB_HOME");
        return h != null && !h.isBlank() ? Path.of(h) : Path.of("");
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        Path dir = sample != null ? sample : home().resolve("examples/sample-base");
        Path q = queries != null ? queries : home().resolve("examples/sample-queries.thq");
        if (!Files.exists(dir.resolve("SAMPLE_2009.wtb"))) {
            out.println("generating the sample base in " + dir + " (20,000 random legal games, 2000-2009)");
            out.flush();
            ThorDb.writeSampleBase(dir, "SAMPLE", 2000, 10, 2000, 42L);
        }
        Path storeDir = this.db != null ? this.db : home().resolve("demo-store");
        try (ThorDb db = ThorDb.open(storeDir)) {
            ImportResult r = db.importFiles(List.of(dir));
            out.println(r.summary());
            out.println("the demo's own store " + db.path() + ": " + db.count(Query.ALL.everyCopy()) + " games (the commands read it"
                    + " with --db " + db.path() + "; store/ is left to your bases)");
            out.println();
            out.printf("%9s %10s  %s%n", "games", "time", "query");
            for (String line : Files.readAllLines(q, StandardCharsets.UTF_8)) {
                String query = line.strip();
                if (query.isEmpty() || query.startsWith("--")) {
                    continue;
                }
                long t0 = System.nanoTime();
                try {
                    long n = db.count(query);
                    out.printf("%9d %7.2f ms  %s%n", n, (System.nanoTime() - t0) / 1e6, query);
                } catch (ThorDbException e) {
                    out.printf("%9s %10s  %s%n    %s%n", "error", "", query, e.getMessage());
                }
            }
            out.println();
            out.println("Next: tools/thordb repl --db " + db.path() + "   (or tools/thordb query --db " + db.path()
                    + " --limit 5 'year = 2005 and result = draw')");
        }
        return 0;
    }
}
