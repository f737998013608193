package org.thordb.cli;

import org.thordb.engine.Engine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import org.thordb.query.Filter;
import org.thordb.usecase.Export;
import org.thordb.export.Exporter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.LinkOption;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.thordb.error.ErrorCode;
import org.thordb.export.SolitaireExport;
import org.thordb.wthor.TempFiles;

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
            try (Engine db = Stores.openForReading(store.dir())) {
                List<Path> files = new SolitaireExport(db, Path.of(out), force, LocalDate.now())
                        .export(query == null ? null : String.join(" ", query));
                spec.commandLine().getOut().println("exported " + files.size() + (files.size() == 1 ? " solitaire file" : " solitaire files")
                        + " into " + out);
            }
            return 0;
        }
        String fileFormat = oneFileFormat(out);
        if (format == null) {
            format = fileFormat != null ? fileFormat : "wthor";
        }
        Exporter.Format f;
        try {
            f = Exporter.Format.valueOf(format.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT,
                    "unknown format '" + format + "': wthor, text, pgn, csv, jsonl or ggf");
        }
        try (Engine db = Stores.openForReading(store.dir())) {
            boolean stdout = out.equals("-");
            if (stdout && f == Exporter.Format.WTHOR) {
                throw CommandFailure.of(ErrorCode.BAD_ARGUMENT,
                        "--out - writes one-file formats (text, pgn, csv, jsonl); a WTHOR export is a file a year"
                                + " and the names files: give a folder");
            }
            // what this command adds to the export every surface makes (usecase.Export): its
            // limit, positions, split, names, scores and a bar; each checked as it is added
            ProgressBar[] bar = new ProgressBar[1];
            Exporter.UnknownTheoretical how = null;
            if (unknownTheoretical != null) {
                if (f != Exporter.Format.WTHOR) {
                    throw CommandFailure.of(ErrorCode.BAD_ARGUMENT,
                            "--unknown-theoretical goes with the wthor format");
                }
                try {
                    how = Exporter.UnknownTheoretical.valueOf(unknownTheoretical.strip().toUpperCase(Locale.ROOT));
                } catch (IllegalArgumentException e) {
                    throw CommandFailure.of(ErrorCode.BAD_ARGUMENT,
                            "--unknown-theoretical takes solve, zero or score, not '"
                                    + SafeText.of(unknownTheoretical) + "'");
                }
            }
            if (theoretical != null && f != Exporter.Format.WTHOR) {
                throw CommandFailure.of(ErrorCode.BAD_ARGUMENT,
                        "--theoretical goes with the wthor format");
            }
            Exporter.UnknownTheoretical unknownHow = how;
            UnaryOperator<Exporter> more = exporter -> {
                exporter.withLimit(limit);
                if (positions) {
                    exporter.withPositions();
                }
                // solving theoretical scores takes a while: a bar on a terminal
                if (progress && System.console() != null) {
                    exporter.withSolving(n -> bar[0] = new ProgressBarBuilder().setTaskName("solve")
                            .setInitialMax(n).setUnit(" games", 1).setStyle(ProgressBarStyle.ASCII)
                            .showSpeed().build()).withProgress(n -> {
                                if (bar[0] != null) {
                                    bar[0].stepBy(n);
                                }
                            });
                }
                if (split != null) {
                    exporter.withSplit(split, seed);
                }
                if (sourceNames) {
                    exporter.withSourceNames();
                }
                if (unknownHow != null) {
                    exporter.withUnknownTheoretical(unknownHow);
                }
                if (theoretical != null) {
                    exporter.withTheoreticalDepth(theoretical);
                }
                return exporter;
            };
            Filter q = Filter.parse(query == null ? null : String.join(" ", query));
            boolean toFile = fileFormat != null && f != Exporter.Format.WTHOR && split == null;
            if (toFile) { // --out hobo.pgn: that file, not a folder of that name
                Path file = Path.of(out);
                if (Files.exists(file, LinkOption.NOFOLLOW_LINKS) && !force) {
                    throw CommandFailure.of(ErrorCode.IO, file + ": exists; --force replaces it");
                }
                if (Files.isDirectory(file)) {
                    throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, file
                            + ": is a folder; give a file name, or a folder without an extension");
                }
                Path parent = file.toAbsolutePath().getParent();
                Exporter.refuseInsideStore(file, store.dir());
                Export.Result r;
                Path part = null;
                boolean done = false;
                try {
                    Files.createDirectories(parent);
                    // made with the user's umask (not the owner-only mode of a temporary file), moved
                    // into place whole, and gone again on any failure
                    part = TempFiles.beside(file);
                    try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(part,
                            StandardCharsets.UTF_8))) {
                        r = Export.toWriter(db, q, f, w, more);
                        w.flush();
                        if (w.checkError()) {
                            throw new IOException("writing failed (is the disk full?)");
                        }
                    }
                    try (FileChannel c = FileChannel.open(part,
                            StandardOpenOption.WRITE)) {
                        c.force(true);
                    }
                    Files.move(part, file, StandardCopyOption.REPLACE_EXISTING,
                            StandardCopyOption.ATOMIC_MOVE);
                    done = true;
                } catch (IOException e) {
                    throw CommandFailure.io(file, e);
                } finally {
                    if (!done && part != null) {
                        try {
                            Files.deleteIfExists(part);
                        } catch (IOException ignored) {
                            // the first failure is the one to report
                        }
                    }
                }
                tell(r.notes());
                spec.commandLine().getOut().println(exported(r, positions) + " to " + file);
            } else if (stdout) {
                Export.Result r = Export.toWriter(db, q, f, spec.commandLine().getOut(), more);
                spec.commandLine().getOut().flush();
                tell(r.notes());
                spec.commandLine().getErr().println(exported(r, positions) + " to standard output");
            } else {
                Export.Result r;
                try {
                    r = Export.toFolder(db, q, Path.of(out), f, force, more);
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

    /** {@code exported 12 games} (and its position rows, when it wrote positions). */
    private static String exported(Export.Result r, boolean positions) {
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
