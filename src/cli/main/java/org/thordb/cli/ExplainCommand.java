package org.thordb.cli;

import org.thordb.ThorDb;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code thordb explain QUERY}: the plan of a query: which parts the indexes answer, what each
 * reads, how many games each gives and how long it took.
 *
 * <p>Usage: {@code thordb explain 'player = "Tastet Marc" and opening = f5d6'}
 */
@Command(name = "explain",
        footerHeading = "%nExamples:%n", footer = {"  thordb explain 'theoretical > score and result = draw'", "  thordb explain 'player = \"Tastet Marc\" and opening = f5d6'"}, description = "Show how a query is answered: each part, the index it reads, its games and time.")
public final class ExplainCommand implements Callable<Integer> {

    @Mixin
    StoreOption store;

    @Parameters(arity = "1..*", paramLabel = "QUERY", description = "The query.")
    List<String> query;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        ThorDb.oneQuestion(true); // one answer, then the process ends
        try (ThorDb db = Stores.openFrontForReading(store.dir())) {
            spec.commandLine().getOut().print(db.explain(String.join(" ", query)));
        } finally {
            ThorDb.oneQuestion(false);
        }
        return 0;
    }
}
