package org.thordb.cli;

import org.thordb.Removal;
import org.thordb.ThorDb;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code thordb remove --base NAME [--db DIR]}: deletes a base and everything of it in one atomic
 * write, then verifies the whole store against its records.
 *
 * <p>Usage: {@code thordb remove --base SAMPLE}
 */
@Command(name = "remove",
        footerHeading = "%nExamples:%n", footer = {"  thordb remove --base SAMPLE", "  thordb remove --db /tmp/store --base PLAYOK"},
        description = "Remove a base (its games, indexes and names) in one atomic write, then verify the store.")
public final class RemoveCommand implements Callable<Integer> {

    @Mixin
    StoreOption store;

    @Option(names = "--base", required = true, paramLabel = "NAME", description = "The base to remove (thordb info lists them).")
    String base;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        try (ThorDb db = ThorDb.open(store.dir())) {
            Removal r = db.removeBase(base);
            spec.commandLine().getOut().printf("removed base %s: %d games, %d files; the store verified after: %d games,"
                    + " %d index entries, %d problems%n", SafeText.of(r.base()), r.games(), r.files(),
                    r.verifiedGames(), r.verifiedEntries(), r.problems());
        }
        return 0;
    }
}
