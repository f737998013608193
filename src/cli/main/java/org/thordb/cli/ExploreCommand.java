package org.thordb.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.thordb.JsonAnswers.ExploreSettings;
import org.thordb.Query;
import org.thordb.ThorDb;
import org.thordb.error.ErrorCode;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code thordb explore [LINE | --moves LINE | --board "<64 squares> X"] [--where QUERY] [--format table|json]}:
 * every next move played from a position (the start when none is given), with games, results,
 * average scores and years. The line may stand alone, as queries do for {@code query} and {@code count}.
 *
 * <p>Usage: {@code thordb explore f5d6c3 --where 'year >= 2000'}
 */
@Command(name = "explore",
        footerHeading = "%nExamples:%n", footer = {"  thordb explore f5d6c3", "  thordb explore --moves f5d6 --where 'year >= 2000'", "  thordb explore --format json f5d6c3d3", "  thordb explore g6e4   (a 10×10 line: first move e4, d5, g6 or f7)"}, description = "Show every next move played from a position, with its games, results and scores.")
public final class ExploreCommand implements Callable<Integer> {

    @Mixin
    StoreOption store;

    static final class Where {
        @Option(names = "--moves", paramLabel = "LINE", description = "The position after these moves (f5d6c3…).")
        String moves;

        @Option(names = "--board", paramLabel = "BOARD", description = "The position as 64 squares a1…h8 (X O -) and the side to move.")
        String board;
    }

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Where where;

    @Parameters(arity = "0..*", paramLabel = "LINE", description = "The position after these moves (f5d6c3, or f5 d6 c3).")
    List<String> line = new ArrayList<>();

    @Option(names = "--where", paramLabel = "QUERY", description = "Only the games this query matches.")
    String filter;

    @Option(names = "--format", defaultValue = "table", description = "table or json (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(names = "--solve", paramLabel = "N", defaultValue = "" + ThorDb.EXACT_EMPTIES, description = "With at most N empties, each move's"
            + " exact score under perfect play too, and the moves that keep the best (default: ${DEFAULT-VALUE}; 0: never).")
    int solve;

    @Option(names = "--estimate", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Above --solve's empties, each legal move's estimated score: a search of the learned"
                    + " evaluation with a fixed budget of positions (the same value and depth in every run, whatever"
                    + " the load), marked ~ and never exact"
                    + " (default: on; --no-estimate leaves it out).")
    boolean estimate;

    @Option(names = "--sort", defaultValue = "games", paramLabel = "ORDER", description = "The played moves' order: games"
            + " (most played first), value (best first) or gap (the largest gap first: moves that score better in games"
            + " than their value; default: ${DEFAULT-VALUE}).")
    String sort;

    @Option(names = "--as", paramLabel = "PLAYER", description = "A player's games with one colour (--colour; default:"
            + " the side to move), each move's share of the points as the player's.")
    String as;

    @Option(names = {"--colour", "--color"}, paramLabel = "COLOUR", description = "With --as: black or white.")
    String colour;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (solve < 0 || solve > ExploreSettings.MAX_EXACT_EMPTIES) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--solve takes 0 (never) to " + ExploreSettings.MAX_EXACT_EMPTIES
                    + " empties, not " + solve);
        }
        if (!format.equals("table") && !format.equals("json")) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "unknown format '" + format + "': table or json");
        }
        if (!List.of("games", "value", "gap").contains(sort.strip().toLowerCase(Locale.ROOT))) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--sort is games, value or gap, not '" + SafeText.of(sort) + "'");
        }
        if (!line.isEmpty() && where != null) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "give the position once: a line, --moves or --board");
        }
        if (colour != null && as == null) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--colour goes with --as PLAYER");
        }
        if (colour != null && !List.of("black", "white").contains(colour.strip().toLowerCase(Locale.ROOT))) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--colour is black or white, not '" + SafeText.of(colour) + "'");
        }
        String moves = !line.isEmpty() ? String.join("", line) : where == null || where.moves == null ? "" : where.moves;
        String board = where == null || where.board == null ? "" : where.board;
        Query f = filter == null || filter.isBlank() ? Query.ALL : Query.parse(filter);
        PrintWriter out = spec.commandLine().getOut();
        try (ThorDb db = Stores.openFrontForReading(store.dir())) {
            String text = db.json().exploreDocument(f, board, moves, ExploreSettings.DEFAULT.exactUpTo(solve).withEstimates(estimate),
                    as == null ? "" : as, colour == null ? "" : colour, sort, format);
            if (format.equals("table")) {
                SafeText.print(text, out); // names shown, never run
            } else {
                out.print(text);
            }
            out.flush();
        }
        return 0;
    }
}
