package org.thordb.cli;

import org.thordb.engine.Engine;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.Callable;
import org.thordb.error.ErrorCode;
import org.thordb.stats.GroupStats;
import org.thordb.stats.Grouping;
import org.thordb.stats.Statistics;
import org.thordb.usecase.Stats;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.FilterWriter;
import java.util.ArrayList;
import java.util.Comparator;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.thordb.export.CsvCells;
import org.thordb.export.Json;
import org.thordb.query.ast.QueryField;

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
        Stats.Question q = new Stats.Question(by, where, as, colour, sort);
        Grouping.parse(by); // a bad grouping said before the store opens
        try (Engine db = Stores.openForReading(store.dir())) {
            Stats.Answer a = Stats.of(db, q);
            List<GroupStats> rows = limit == null ? a.rows() : a.first(limit);
            // with --as, the games are the player's: the header and the notes say so
            write(rows, a.rows().size(), a.grouping(), a.games(), SafeText.of(a.side()), format, spec.commandLine().getOut());
            for (String note : db.notes(a.games())) {
                spec.commandLine().getErr().println("note: " + SafeText.of(note));
            }
        }
        return 0;
    }

    /** The rows in a format; the table says whose side the figures are from. */
    static void write(List<GroupStats> rows, Grouping g, String where, String format, PrintWriter out) {
        write(rows, rows.size(), g, where, g.side(), format, out);
    }

    /** The rows in a format, the first of {@code all} groups, with whose side they are from. */
    static void write(List<GroupStats> rows, int all, Grouping g, String where, String side, String format, PrintWriter out) {
        switch (format) {
            case "table" -> {
                out.printf("%s of %s, from %s%n", "games by " + g, where.isBlank() ? "every game" : where, side);
                out.printf("%-30s %7s %6s %6s %6s %7s %8s %6s %7s  %s%n", "group", "games", "wins", "draws", "losses", "score%",
                        "avgdiff", "theo", "theo-of", "years");
                for (GroupStats r : rows) {
                    // the theoretical average rests on the games whose score is known: "theo-of" says how many
                    out.printf("%-30s %7d %6d %6d %6d %6.1f%% %+8.2f %6s %7d  %s%n", SafeText.fit(r.group(), 30), r.games(), r.wins(),
                            r.draws(), r.losses(), r.scorePct(), r.avgDiff(), ExplorationView.average(r.avgTheoretical()),
                            r.theoreticalGames(),
                            r.firstYear() == r.lastYear() ? "" + r.firstYear() : r.firstYear() + "-" + r.lastYear());
                }
                out.println(rows.size() == all ? all + (all == 1 ? " group" : " groups")
                        : rows.size() + " of " + all + " groups");
            }
            case "json" -> {
                ArrayNode a = JsonNodeFactory.instance.arrayNode();
                rows.forEach(r -> a.add(node(r)));
                out.println(a.toString());
            }
            case "jsonl" -> rows.forEach(r -> out.println(node(r).toString()));
            case "csv" -> {
                try (CSVPrinter p = new CSVPrinter(new FilterWriter(out) {
                    @Override
                    public void close() throws IOException {
                        flush(); // standard output stays open
                    }
                }, CSVFormat.DEFAULT.builder().setHeader(HEADER).get())) {
                    for (GroupStats r : rows) {
                        p.printRecord(CsvCells.text(r.group()), r.games(), r.wins(), r.draws(), r.losses(), round(r.scorePct()),
                                round(r.avgDiff()), Double.isNaN(r.avgTheoretical()) ? "" : round(r.avgTheoretical()),
                                r.theoreticalGames(), r.firstYear(), r.lastYear());
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            default -> throw new IllegalArgumentException(format);
        }
        out.flush();
    }

    private static final String[] HEADER = {"group", "games", "wins", "draws", "losses", "score_pct", "avg_diff",
        "avg_theoretical", "theoretical_games", "first_year", "last_year"};

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }

    static ObjectNode node(GroupStats r) {
        return Json.group(r);
    }
}
