package org.thordb.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.thordb.Opening;
import org.thordb.ThorDb;
import picocli.CommandLine.Command;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code thordb openings}: the opening names {@code opening = NAME} and the explorer know, each with
 * its line; a fuller list of one's own is the file {@code $THORDB_OPENINGS} names.
 *
 * <p>Usage: {@code thordb openings}
 */
@Command(name = "openings",
        footerHeading = "%nExamples:%n", footer = {"  thordb openings", "  THORDB_OPENINGS=~/my-openings.txt thordb count 'opening = tiger'"},
        description = "List the opening names queries and the explorer know (more from the file $THORDB_OPENINGS names).")
public final class OpeningsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        for (Opening o : ThorDb.openings()) {
            out.printf("%-24s %s%n", o.line(), SafeText.of(o.name()));
        }
        return 0;
    }
}
