package org.thordb.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.thordb.ThorDb;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code thordb repl [--db DIR]}: the interactive REPL ({@link Repl}) on the system terminal.
 * History goes to {@code ~/.thordb_history} unless {@code --history FILE} says otherwise.
 *
 * <p>Usage: {@code thordb repl}
 */
@Command(name = "repl",
        footerHeading = "%nExamples:%n", footer = {"  thordb repl", "  thordb repl --db /tmp/store"}, description = "Ask queries interactively: counts, games, :more, :explain, :board, :export.")
public final class ReplCommand implements Callable<Integer> {

    @Mixin
    StoreOption store;

    @Option(names = "--history", paramLabel = "FILE", description = "Where the history is kept (default: ~/.thordb_history).")
    Path history;

    @Override
    public Integer call() throws Exception {
        Path h = history != null ? history : Path.of(System.getProperty("user.home"), ".thordb_history");
        try (ThorDb db = Stores.openFrontForReading(store.dir());
             Terminal t = TerminalBuilder.builder().system(true).dumb(true).name("thordb").build()) {
            new Repl(db, t, h).run();
        }
        return 0;
    }
}
