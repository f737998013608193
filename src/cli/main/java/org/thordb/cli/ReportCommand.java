package org.thordb.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.thordb.engine.Engine;
import org.thordb.error.ErrorCode;
import org.thordb.stats.Glicko2;
import org.thordb.usecase.PlayerReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code thordb report [--db DIR] PLAYER}: a player's report (the use case
 * {@link PlayerReport}), as text with sparklines or as JSON.
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
        PlayerReport.Settings settings = new PlayerReport.Settings(plies, lines, Math.min(valued, lines), opponents);
        try (Engine db = Stores.openForReading(store.dir())) {
            PlayerReport.Report r = PlayerReport.of(db, String.join(" ", player), settings);
            PrintWriter out = spec.commandLine().getOut();
            if (format.equals("json")) {
                out.println(PlayerReport.json(r).toString());
            } else {
                write(r, out);
            }
        }
        return 0;
    }

    /** The report as text: the REPL's {@code :report} prints the same. */
    static void write(PlayerReport.Report r, PrintWriter out) {
        out.println(SafeText.of(r.player()) + (r.country() == null ? "" : ", " + r.country())
                + (r.born() > 0 ? ", born " + r.born() : ""));
        out.println("  names: " + SafeText.of(String.join(", ", r.names())));
        out.println("  bases: " + String.join(", ", r.bases()) + (r.years().isEmpty() ? ""
                : "; years " + r.years().get(0).name() + "–" + r.years().get(r.years().size() - 1).name()));
        out.println();
        if (r.all().games() == 0) {
            out.println("no game of the store has this player: a names file holds the name, no game names its number");
            return;
        }
        out.printf("%-22s %6s %5s %5s %6s %7s %13s %6s%n", "", "games", "wins", "draws", "losses", "score", "(95%)", "discs");
        row(out, "every game", r.all());
        row(out, "as Black", r.black());
        row(out, "as White", r.white());
        out.println();
        out.println("by year                 score " + spark(r.years().stream().mapToDouble(PlayerReport.Tally::score).toArray(), 0, 1)
                + (r.ratings().isEmpty() ? "" : "   rating " + spark(r.ratings().stream().mapToDouble(Glicko2.Point::rating).toArray(),
                        Double.NaN, Double.NaN)));
        for (PlayerReport.Tally t : r.years()) {
            int year = Integer.parseInt(t.name());
            String rating = r.ratings().stream().filter(p -> p.year() == year).findFirst()
                    .map(p -> String.format(Locale.ROOT, "  rating %4.0f ±%3.0f", p.rating(), 2 * p.deviation())).orElse("");
            row(out, t.name(), t, rating);
        }
        lines(out, "most frequent lines as Black", r.blackLines());
        lines(out, "most frequent lines as White", r.whiteLines());
        out.println();
        out.println("replies to the first moves");
        for (PlayerReport.Reply p : r.replies()) {
            row(out, "  " + p.colour() + " after " + p.after() + ": " + p.move(), p.record());
        }
        out.println();
        out.println("most frequent opponents");
        for (PlayerReport.Tally t : r.opponents()) {
            row(out, "  " + SafeText.fit(t.name(), 20), t);
        }
        out.println();
        PlayerReport.Endgames e = r.endgames();
        out.printf(Locale.ROOT, "endgames against the theoretical score (perfect play from its depth): %d games known; in %d"
                + " the player finished below it; %s%n", e.known(), e.lostSome(), Double.isNaN(e.averageLoss()) ? "no average"
                : e.averageLoss() > 0 ? String.format(Locale.ROOT, "on average %.2f discs below it", e.averageLoss())
                : String.format(Locale.ROOT, "on average %.2f discs above it (the opponents erred more)", -e.averageLoss()));
        for (PlayerReport.Swing s : e.worst()) {
            out.printf(Locale.ROOT, "  %s %d #%d as %s against %s: %+d under perfect play from %d empties, %+d played (%d lost)%n",
                    s.base(), s.year(), s.record(), s.colour(), SafeText.of(s.opponent()), s.theoretical(), s.empties(),
                    s.result(), s.loss());
        }
        out.println();
        out.println("ratings are computed by thordb (Glicko-2, a year a period), not a federation's; ~ marks an estimate,"
                + " * fewer than 10 games; each figure's games: thordb query '" + SafeText.of(r.all().query()) + "'");
    }

    private static void row(PrintWriter out, String name, PlayerReport.Tally t) {
        row(out, name, t, "");
    }

    private static void row(PrintWriter out, String name, PlayerReport.Tally t, String tail) {
        out.printf(Locale.ROOT, "%-22s %6d %5d %5d %6d %6.1f%%%s %13s %+6.1f%s%n", SafeText.fit(name, 22), t.games(), t.wins(),
                t.draws(), t.losses(), t.games() == 0 ? 0 : 100 * t.score(), t.few() ? "*" : " ",
                t.games() == 0 ? "" : String.format(Locale.ROOT, "(%.0f–%.0f)", 100 * t.low(), 100 * t.high()),
                t.games() == 0 ? 0 : t.averageDiscs(), tail);
    }

    private static void lines(PrintWriter out, String title, List<PlayerReport.Line> ls) {
        out.println();
        out.println(title + " (f5 first; expected: every game of the base with the line's last move; best: at the player's last move)");
        for (PlayerReport.Line l : ls) {
            String value = l.best() == null ? "" : String.format(Locale.ROOT, "  best %s %s%+d, played %s%+d (%d lost)",
                    l.bestMove(), l.exact() ? "" : "~", l.best(), l.exact() ? "" : "~", l.played(), l.cost());
            row(out, "  " + l.line(), l.record(), String.format(Locale.ROOT, "  expected %s of %d", Double.isNaN(l.expected())
                    ? "–" : String.format(Locale.ROOT, "%.1f%%", 100 * l.expected()), l.baseGames()) + value);
        }
    }

    private static final char[] BARS = "▁▂▃▄▅▆▇█".toCharArray();

    /** A sparkline of values between lo and hi (NaN: their own least and greatest); a NaN value is a space. */
    static String spark(double[] values, double lo, double hi) {
        double min = lo;
        double max = hi;
        if (Double.isNaN(min) || Double.isNaN(max)) {
            min = Double.POSITIVE_INFINITY;
            max = Double.NEGATIVE_INFINITY;
            for (double v : values) {
                if (!Double.isNaN(v)) {
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
            }
        }
        StringBuilder sb = new StringBuilder();
        for (double v : values) {
            if (Double.isNaN(v)) {
                sb.append(' ');
            } else {
                double f = max > min ? (v - min) / (max - min) : 0.5;
                sb.append(BARS[(int) Math.round(Math.max(0, Math.min(1, f)) * (BARS.length - 1))]);
            }
        }
        return sb.toString();
    }
}
