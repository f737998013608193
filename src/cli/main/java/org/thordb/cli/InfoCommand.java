package org.thordb.cli;

import org.thordb.ThorDb;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code thordb info [--db DIR]}: the bases of a store with their names files, the games per base
 * and year, and the bytes on disk.
 *
 * <p>Usage: {@code thordb info --db store}
 */
@Command(name = "info",
        footerHeading = "%nExamples:%n", footer = {"  thordb info", "  thordb info --db /tmp/store", "  thordb info --players"}, description = "Show the bases, the games per base and year, and the size of the store.")
public final class InfoCommand implements Callable<Integer> {

    @Mixin
    StoreOption store;

    @picocli.CommandLine.Option(names = "--players", description = "Also each base's renamed players and tournaments (their old names, kept as aliases) and its player registry.")
    boolean players;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try (ThorDb db = Stores.openFrontForReading(store.dir())) {
            db.describe(players).lines().forEach(l -> out.println(SafeText.of(l))); // names from files, shown safe
        }
        return 0;
    }
}
