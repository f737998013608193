package org.thordb.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.thordb.JsonAnswers.ReportSettings;
import org.thordb.ThorDb;
import org.thordb.error.ErrorCode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code thordb report [--db DIR] PLAYER}: a player's report, as text with sparklines or as JSON
 * (the library's {@code reportDocument}; the REPL's {@code :report} prints the same text).
 *
 * <p>Usage: {@code thordb report 'Tastet Marc'}
 */
@Command(name = "report", footerHeading = "%nExamples:%n",
        footer = {"  thordb report 'Tastet Marc'", "  thordb report --format json --lines 20 'Kashiwabara Takuji'"},
        description = "A player's report: who they are, results by year and colour, their most frequent lines with"
                + " the base's expected score and the best move's value, their replies to each first move, their"
                + " opponents, their endgames against the theoretical scores, and a rating computed by thordb"
                + " (Glicko-2, a year a period). Each figure comes with the query of its games.")
public final class ReportCommand implements Callable<Integer> {

    @Mixin
    StoreOption store;

    @Parameters(arity = "1..*", paramLabel = "PLAYER", description = "The player's name (any spelling a base holds; its words may be given apart).")
    List<String> player;

    @Option(names = "--plies", paramLabel = "N", defaultValue = "8", description = "A line's length as White (as Black one"
            + " move less, so that it ends with the player's move; default: ${DEFAULT-VALUE}).")
    int plies;

    @Option(names = "--lines", paramLabel = "N", defaultValue = "10", description = "Lines shown a colour (default: ${DEFAULT-VALUE}).")
    int lines;

    @Option(names = "--valued", paramLabel = "N", defaultValue = "1", description = "How many of them (the most frequent)"
            + " get the best move's value against the move played (default: ${DEFAULT-VALUE}).")
    int valued;

    @Option(names = "--opponents", paramLabel = "N", defaultValue = "10", description = "Opponents shown (default: ${DEFAULT-VALUE}).")
    int opponents;

    @Option(names = "--format", defaultValue = "text", description = "text or json (default: ${DEFAULT-VALUE}).")
    String format;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (!List.of("text", "json").contains(format)) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "unknown format '" + SafeText.of(format) + "': text or json");
        }
        ReportSettings settings = new ReportSettings(plies, lines, Math.min(valued, lines), opponents);
        try (ThorDb db = Stores.openFrontForReading(store.dir())) {
            String text = db.json().reportDocument(String.join(" ", player), settings, format);
            PrintWriter out = spec.commandLine().getOut();
            if (format.equals("json")) {
                out.println(text);
            } else {
                SafeText.print(text, out);
            }
        }
        return 0;
    }
}
