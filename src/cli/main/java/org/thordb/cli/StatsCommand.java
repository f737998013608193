package org.thordb.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.thordb.JsonAnswers.Document;
import org.thordb.Query;
import org.thordb.ThorDb;
import org.thordb.error.ErrorCode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code thordb stats --by player|black|white|opponent|tournament|year|opening[N]|result [--where
 * QUERY] [--sort KEY] [--limit K] [--format table|json|csv|jsonl]}: a query's games grouped, each
 * group's games, wins, draws, losses, score, disc difference and theoretical score.
 *
 * <p>Usage: {@code thordb stats --by opponent --where 'player = "Tastet Marc"'}
 */
@Command(name = "stats",
        footerHeading = "%nExamples:%n", footer = {"  thordb stats --by opponent --where 'player = \"Tastet Marc\"'",
            "  thordb stats --by year --where 'opening = tiger'", "  thordb stats --by opening4 --limit 10",
            "  thordb stats --by player --sort score --limit 20 --where 'year >= 2010' --format csv"},
        description = "Group a query's games (by player, opponent, tournament, year, opening or result) with each"
                + " group's wins, draws, losses, score and disc difference.")
public final class StatsCommand implements Callable<Integer> {

    @Mixin
    StoreOption store;

    @Option(names = "--by", required = true, paramLabel = "GROUP", description = "player, black, white, opponent"
            + " (against the player --where names), tournament, year, opening (its name), openingN (its first N moves"
            + " in the f5 orientation) or result.")
    String by;

    @Option(names = "--where", paramLabel = "QUERY", defaultValue = "", description = "The games (default: every game).")
    String where;

    @Option(names = "--sort", paramLabel = "KEY", description = "games, wins, draws, losses, score, diff, theoretical,"
            + " first, last or group (default: games; years and results in order).")
    String sort;

    @Option(names = "--limit", paramLabel = "K", description = "Show the first K groups.")
    Integer limit;

    @Option(names = "--as", paramLabel = "PLAYER", description = "Every figure from this player's side: the player's"
            + " games, wins, score and discs (by year, tournament, opening or result: win, draw, loss).")
    String as;

    @Option(names = {"--colour", "--color"}, paramLabel = "COLOUR", description = "With --as: the player's games"
            + " as black, as white, or both (default).")
    String colour;

    @Option(names = "--format", defaultValue = "table", description = "table, json, csv or jsonl (default: ${DEFAULT-VALUE}).")
    String format;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (!List.of("table", "json", "csv", "jsonl").contains(format)) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "unknown format '" + format + "': table, json, csv or jsonl");
        }
        if (limit != null && limit < 1) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--limit takes 1 or more, not " + limit);
        }
        if (colour != null && as == null) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--colour goes with --as PLAYER");
        }
        Query query = where == null || where.isBlank() ? Query.ALL : Query.parse(where);
        try (ThorDb db = Stores.openFrontForReading(store.dir())) {
            // with --as, the games are the player's: the header and the notes say so
            Document d = db.json().statsDocument(by == null ? "" : by, query, as == null ? "" : as,
                    colour == null ? "" : colour, sort == null ? "" : sort, limit == null ? Integer.MAX_VALUE : limit, format);
            PrintWriter out = spec.commandLine().getOut();
            if (format.equals("table")) {
                SafeText.print(d.text(), out); // names shown, never run, on a terminal
            } else {
                out.print(d.text()); // CSV and JSON as written: their own quoting
            }
            out.flush();
            for (String note : d.notes()) {
                spec.commandLine().getErr().println("note: " + SafeText.of(note));
            }
        }
        return 0;
    }

}
