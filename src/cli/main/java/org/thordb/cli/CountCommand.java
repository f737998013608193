package org.thordb.cli;

import org.thordb.query.Filter;
import org.thordb.usecase.Games;

import org.thordb.engine.Engine;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import java.util.List;
import org.thordb.query.plan.QueryPlanner;

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
        QueryPlanner.oneQuery(true); // one answer, then the process ends
        // read while the store opens on the other core
        Filter filter = Filter.parse(String.join(" ", query));
        StartupTrace.mark("query read");
        try (Engine db = Stores.openForReading(store.dir())) {
            StartupTrace.mark("store taken");
            Games.Count c = Games.countWithNotes(db, filter);
            spec.commandLine().getOut().println(c.count());
            StartupTrace.mark("counted");
            for (String note : c.notes()) {
                spec.commandLine().getErr().println("note: " + SafeText.of(note));
            }
        } finally {
            QueryPlanner.oneQuery(false);
        }
        return 0;
    }
}
