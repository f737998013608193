package org.thordb.cli;

import org.thordb.query.Filter;

import org.thordb.engine.Engine;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.thordb.error.ErrorCode;
import org.thordb.explore.Exploration;
import org.thordb.othello.Position;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import java.util.Locale;
import org.thordb.explore.ExplorePolicy;
import org.thordb.explore.MoveValues;
import org.thordb.export.Json;
import org.thordb.othello.Notation;
import org.thordb.othello.Side;
import org.thordb.query.ast.QueryField;
import org.thordb.solve.Estimator;
import org.thordb.usecase.Explore;

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

    @Option(names = "--solve", paramLabel = "N", defaultValue = "" + ExplorePolicy.EXACT_EMPTIES, description = "With at most N empties, each move's"
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

    static Position position(String moves, String board) {
        if (board != null) {
            return Position.parseBoard(board);
        }
        return Position.afterLine(moves);
    }

    @Override
    public Integer call() {
        if (solve < 0 || solve > 30) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--solve takes 0 (never) to 30 empties, not " + solve);
        }
        if (!format.equals("table") && !format.equals("json")) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "unknown format '" + format + "': table or json");
        }
        ExplorationView.Sort order = switch (sort.strip().toLowerCase(Locale.ROOT)) {
            case "games" -> ExplorationView.Sort.GAMES;
            case "value" -> ExplorationView.Sort.VALUE;
            case "gap" -> ExplorationView.Sort.GAP;
            default -> throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--sort is games, value or gap, not '"
                    + SafeText.of(sort) + "'");
        };
        if (!line.isEmpty() && where != null) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "give the position once: a line, --moves or --board");
        }
        PrintWriter out = spec.commandLine().getOut();
        String moves = !line.isEmpty() ? String.join("", line) : where == null ? null : where.moves;
        if (moves != null && Notation.isLine10(moves)) {
            // a 10×10 line (its first move, e4 d5 g6 or f7, tells the board): the 10×10 explorer
            if (!format.equals("table")) {
                throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "the 10×10 explorer writes a table");
            }
            try (Engine db = Stores.openForReading(store.dir())) {
                ExplorationView.table10(db.explore10(moves, filter), out);
            }
            return 0;
        }
        Position p = !line.isEmpty() ? position(String.join("", line), null)
                : where == null ? Position.start() : position(where.moves, where.board);
        if (colour != null && as == null) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--colour goes with --as PLAYER");
        }
        Side side = null;
        Filter f = Filter.parse(filter); // read once, the player's colour added to it as a condition, not as text
        if (as != null) {
            String c = colour == null ? (p.toMove() == Side.WHITE ? "white" : "black")
                    : colour.strip().toLowerCase(Locale.ROOT);
            if (!c.equals("black") && !c.equals("white")) {
                throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--colour is black or white, not '"
                        + SafeText.of(colour) + "'");
            }
            side = c.equals("white") ? Side.WHITE : Side.BLACK;
            f = f.playedBy(as, c);
        }
        try (Engine db = Stores.openForReading(store.dir())) {
            Explore.Settings settings = Explore.Settings.DEFAULT.exactUpTo(solve).withEstimates(estimate);
            if (estimate && !Explore.cheap(db, p, settings)) {
                // to be searched: the weights load while the games are explored (not before: read
                // from the store's value book, the estimates need none, and a one-shot command's two
                // cores are busy opening the store)
                Estimator.preload();
            }
            Explore.Answer a = Explore.of(db, p, f, settings);
            Exploration e = a.exploration();
            MoveValues values = a.values();
            if (format.equals("json")) {
                out.println(Json.exploration(e, values, a.firstGames()));
            } else {
                ExplorationView.Extras x = ExplorationView.Extras.of(e, a.firstGames());
                if (side != null) {
                    x = new ExplorationView.Extras(side, as.strip(), x.first());
                }
                ExplorationView.table(e, values, x, order, out);
            }
        }
        return 0;
    }
}
