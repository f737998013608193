package org.thordb.cli;

import org.thordb.Query;
import org.thordb.ThorDb;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import java.util.List;

/**
 * {@code thordb count [--db DIR] QUERY}: the number of games a query matches, alone on the last line.
 *
 * <p>Usage: {@code thordb count 'player = "Tastet Marc" and year >= 2000'}
 */
@Command(name = "count",
        footerHeading = "%nExamples:%n", footer = {"  thordb count 'player = \"Tastet Marc\" and opening = f5d6'", "  thordb count 'position = f5d6c3d3c4f4f6f3e6e7'", "  thordb count year in 1990..1999 and result = draw"}, description = "Count the games a query matches.")
public final class CountCommand implements Callable<Integer> {

    @Mixin
    StoreOption store;

    @Parameters(arity = "1..*", paramLabel = "QUERY", description = "The query (its words may be given apart).")
    List<String> query;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        ThorDb.oneQuestion(true); // one answer, then the process ends
        // read while the store opens on the other core
        Query q = Query.parse(String.join(" ", query));
        StartupTrace.mark("query read");
        try (ThorDb db = Stores.openFrontForReading(store.dir())) {
            StartupTrace.mark("store taken");
            spec.commandLine().getOut().println(db.count(q));
            StartupTrace.mark("counted");
            for (String note : db.notes(q)) {
                spec.commandLine().getErr().println("note: " + SafeText.of(note));
            }
        } finally {
            ThorDb.oneQuestion(false);
        }
        return 0;
    }
}
