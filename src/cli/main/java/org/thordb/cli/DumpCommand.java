package org.thordb.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.thordb.ThorDb;
import org.thordb.error.ThorDbException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code thordb dump FILE…}: decodes any WTHOR file to a table, or to JSON lines.
 * Player and tournament numbers of game files are shown with their names when the base's names
 * files lie beside them.
 *
 * <p>Usage: {@code thordb dump --format jsonl WTH_2015.wtb}
 */
@Command(name = "dump",
        footerHeading = "%nExamples:%n", footer = {"  thordb dump ../shared/data/wthor/WTH_2015.wtb", "  thordb dump --format jsonl WTH_2015.wtb | head", "  thordb dump WTHOR.JOU"}, description = "Decode WTHOR files (.wtb .wtd .pzz .jou .trn) to a table or JSON lines.")
public final class DumpCommand implements Callable<Integer> {

    /** Output formats. */
    enum Format { table, jsonl }

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "WTHOR files.")
    List<Path> files;

    @Option(names = "--format", defaultValue = "table", description = "table or jsonl (default: ${DEFAULT-VALUE}).")
    Format format;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        // a table shows names on a terminal: each control character shown as ?, never run; JSON escapes its own
        PrintWriter shown = format == Format.table ? new PrintWriter(new SafeText.Writer(out)) : out;
        int status = 0;
        for (Path f : files) {
            try {
                ThorDb.dump(f, format.name(), shown, w -> err.println("warning: " + w));
            } catch (ThorDbException e) {
                if (e.getCause() instanceof java.io.UncheckedIOException u) {
                    throw u; // standard output failed: the command stops, as any command's output failing does
                }
                shown.flush();
                err.println("thordb: " + Main.oneLine(e));
                status = 1;
            }
            shown.flush();
        }
        return status;
    }
}
