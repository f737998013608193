package org.thordb.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.thordb.Release;
import org.thordb.ThorDb;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code thordb undo [--db DIR]}: puts back every release of a year that the latest import (or
 * undo) replaced; the releases that replaced them are kept in turn, so a second undo undoes the
 * first. {@code thordb releases} lists what is kept.
 *
 * <p>Usage: {@code thordb undo}
 */
@Command(name = "undo",
        footerHeading = "%nExamples:%n", footer = {"  thordb undo", "  thordb releases"},
        description = "Restore the releases the latest import replaced (the replacing ones are kept in turn); exit 1 when there is nothing to undo.")
public final class UndoCommand implements Callable<Integer> {
    @Mixin
    StoreOption store;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try (ThorDb db = ThorDb.open(store.dir())) {
            List<Release> done = db.undo(line -> out.println(SafeText.of(line)));
            if (done.isEmpty()) {
                out.println("nothing to undo: no replaced release is kept in " + SafeText.of(store.dir().toString()));
                return 1;
            }
            out.printf("restored %d release%s%n", done.size(), done.size() == 1 ? "" : "s");
            return 0;
        }
    }
}
