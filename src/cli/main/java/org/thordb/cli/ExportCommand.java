package org.thordb.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.thordb.ExportFormat;
import org.thordb.ExportOptions;
import org.thordb.Exported;
import org.thordb.Progress;
import org.thordb.Query;
import org.thordb.ThorDb;
import org.thordb.error.ErrorCode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code thordb export --out DIR [--format wthor|text|pgn|csv|jsonl] [--force] [QUERY]}: writes the
 * games of a query (every game without one) to a folder. WTHOR export writes one file a year and
 * the names files; see {@link Exporter}.
 *
 * <p>Usage: {@code thordb export --out /tmp/tastet 'player = "Tastet Marc"'}
 */
@Command(name = "export",
        footerHeading = "%nExamples:%n", footer = {"  thordb export --out /tmp/tastet 'player = \"Tastet Marc\"'", "  thordb export --out /tmp/csv --format csv 'year = 2015'", "  thordb export --out /tmp/pgn --format pgn 'opening = f5d6c3'", "  thordb export --out - --format jsonl --limit 10 'year = 2015'", "  thordb export --out /tmp/rows --format csv --positions --split train=0.9,valid=0.1 --seed 7"}, description = "Write the games of a query (default: every game) as WTHOR files, text records, PGN, CSV or JSON lines.")
public final class ExportCommand implements Callable<Integer> {

    @Mixin
    StoreOption store;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "The folder to write into (created when"
            + " missing); a file name ending .pgn, .txt, .csv, .jsonl or .ggf for that one file (its format, unless"
            + " --format says); or - for standard output (one-file formats: text, pgn, csv, jsonl, ggf).")
    String out;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "0", description = "Export at most N games, the first"
            + " in id order (default: 0, every game).")
    long limit;

    @Option(names = "--format", description = "wthor, text, pgn, csv, jsonl or ggf (default: the --out file's extension, else wthor).")
    String format;

    @Option(names = "--solitaires", description = "Export the stored solitaires the query (over solitaires) matches, as .pzz files: a whole imported file comes back byte for byte.")
    boolean solitaires;

    @Option(names = "--force", description = "Replace files that exist (never one dated after today).")
    boolean force;

    @Option(names = "--theoretical", paramLabel = "N", description = "WTHOR only: solve every game's theoretical score"
            + " at N empties and write N as the files' depth.")
    Integer theoretical;

    @Option(names = "--source-names", description = "Write each player as the source names them, not by the player's"
            + " preferred name (one player, one name, across bases; see 'thordb players aliases'). A WTHOR export"
            + " always writes a base's own names files.")
    boolean sourceNames;

    @Option(names = "--unknown-theoretical", paramLabel = "HOW", description = "WTHOR only: what to write for a game whose"
            + " theoretical score is unknown: solve (at the file's depth, when that takes about a minute; the default),"
            + " zero or score (its final score). Other programs read the byte as a perfect-play score.")
    String unknownTheoretical;

    @Option(names = "--progress", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Show a progress bar on a terminal while theoretical scores are solved (default: on).")
    boolean progress;

    @Option(names = "--positions", description = "jsonl or csv: one row a move played (game, ply, board, side to move,"
            + " move, final and theoretical disc difference from the mover's side), for analysis (docs/data.md).")
    boolean positions;

    @Option(names = "--split", paramLabel = "PARTS", description = "Split the games into parts, a file each, such as"
            + " train=0.9,valid=0.1: a game and its duplicates (the same game up to symmetry) always go to the same part.")
    String split;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "0", description = "The seed of --split's draw (default: ${DEFAULT-VALUE}).")
    long seed;

    @Parameters(arity = "0..*", paramLabel = "QUERY", description = "The query (default: every game).")
    List<String> query;

    @Spec
    CommandSpec spec;

    /** The one-file format an {@code --out} file name's extension says ({@code games.pgn}: pgn), or null. */
    static String oneFileFormat(String out) {
        String lower = out.toLowerCase(Locale.ROOT);
        for (String[] e : new String[][] {{".pgn", "pgn"}, {".txt", "text"}, {".csv", "csv"}, {".jsonl", "jsonl"},
            {".ggf", "ggf"}}) {
            if (lower.endsWith(e[0]) && lower.length() > e[0].length()) {
                return e[1];
            }
        }
        return null;
    }

    @Override
    public Integer call() {
        if (solitaires) {
            if (out.equals("-")) {
                throw CommandFailure.of(ErrorCode.BAD_ARGUMENT,
                        "--solitaires writes .pzz files: give a folder");
            }
            try (ThorDb db = Stores.openFrontForReading(store.dir())) {
                List<Path> files = db.exportSolitaires(query == null ? "" : String.join(" ", query), Path.of(out), force);
                spec.commandLine().getOut().println("exported " + files.size() + (files.size() == 1 ? " solitaire file" : " solitaire files")
                        + " into " + out);
            }
            return 0;
        }
        String fileFormat = oneFileFormat(out);
        if (format == null) {
            format = fileFormat != null ? fileFormat : "wthor";
        }
        ExportFormat f;
        try {
            f = ExportFormat.valueOf(format.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT,
                    "unknown format '" + format + "': wthor, text, pgn, csv, jsonl or ggf");
        }
        boolean stdout = out.equals("-");
        if (stdout && f == ExportFormat.WTHOR) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT,
                    "--out - writes one-file formats (text, pgn, csv, jsonl); a WTHOR export is a file a year"
                            + " and the names files: give a folder");
        }
        // what this command adds to the export every surface makes: its limit, positions, split,
        // names, scores and a bar; each checked as it is added
        if (limit < 0) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--limit takes 0 (every game) or more, not " + limit);
        }
        ExportOptions options = ExportOptions.defaults().limit(limit);
        if (force) {
            options = options.replacing();
        }
        if (unknownTheoretical != null) {
            if (f != ExportFormat.WTHOR) {
                throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--unknown-theoretical goes with the wthor format");
            }
            if (!List.of("solve", "zero", "score").contains(unknownTheoretical.strip().toLowerCase(Locale.ROOT))) {
                throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--unknown-theoretical takes solve, zero or score, not '"
                        + SafeText.of(unknownTheoretical) + "'");
            }
            options = options.unknownTheoretical(unknownTheoretical);
        }
        if (theoretical != null) {
            if (f != ExportFormat.WTHOR) {
                throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--theoretical goes with the wthor format");
            }
            if (theoretical < 0 || theoretical > 60) {
                throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--theoretical takes 0 to 60 empties, not " + theoretical);
            }
            options = options.theoreticalDepth(theoretical);
        }
        if (positions) {
            options = options.positions();
        }
        if (split != null) {
            options = options.split(split, seed);
        }
        if (sourceNames) {
            options = options.sourceNames();
        }
        // solving theoretical scores takes a while: a bar on a terminal
        ProgressBar[] bar = new ProgressBar[1];
        if (progress && System.console() != null) {
            options = options.progress(solvingBar(bar));
        }
        Query q = Query.parse(query == null ? "" : String.join(" ", query));
        try (ThorDb db = Stores.openFrontForReading(store.dir())) {
            boolean toFile = fileFormat != null && f != ExportFormat.WTHOR && split == null;
            if (toFile) { // --out hobo.pgn: that file, not a folder of that name
                Path file = Path.of(out);
                Exported r = db.exportGamesToFile(q, file, f, options);
                tell(r.notes());
                spec.commandLine().getOut().println(exported(r, positions) + " to " + file);
            } else if (stdout) {
                Exported r = db.exportGames(q, spec.commandLine().getOut(), f, options);
                spec.commandLine().getOut().flush();
                tell(r.notes());
                spec.commandLine().getErr().println(exported(r, positions) + " to standard output");
            } else {
                Exported r;
                try {
                    r = db.exportGames(q, Path.of(out), f, options);
                } finally {
                    if (bar[0] != null) {
                        bar[0].close();
                    }
                }
                tell(r.notes());
                String said = r.describe(out);
                spec.commandLine().getOut().println(positions ? said + " (" + r.positionRows() + " position rows)" : said);
            }
        }
        return 0;
    }

    /** The games solved for the export's theoretical scores, as a bar (made when the count is known). */
    private static Progress solvingBar(ProgressBar[] bar) {
        return (work, done, total) -> {
            if (!work.equals("solve")) {
                return;
            }
            if (bar[0] == null && total > 0) {
                bar[0] = new ProgressBarBuilder().setTaskName("solve").setInitialMax(total).setUnit(" games", 1)
                        .setStyle(ProgressBarStyle.ASCII).showSpeed().build();
            }
            if (bar[0] != null) {
                bar[0].stepTo(done);
            }
        };
    }

    /** {@code exported 12 games} (and its position rows, when it wrote positions). */
    private static String exported(Exported r, boolean positions) {
        return "exported " + r.games() + (r.games() == 1 ? " game" : " games")
                + (positions ? " (" + r.positionRows() + " position rows)" : "");
    }

    /** The export's notes, each a line of standard error. */
    private void tell(List<String> notes) {
        for (String m : notes) {
            spec.commandLine().getErr().println("note: " + SafeText.of(m));
        }
    }
}
