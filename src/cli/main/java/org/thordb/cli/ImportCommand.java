package org.thordb.cli;

import org.thordb.ImportOptions;
import org.thordb.ImportResult;
import org.thordb.ThorDb;
import java.util.function.Consumer;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Comparator;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * {@code thordb import [--db DIR] PATH…}: imports WTHOR files and folders into a store, one atomic
 * step a file, with a progress bar on a terminal and a one-line summary at the end. Damaged games
 * are kept, marked and named; a file broken as a whole is refused and named. Exit status 0 when no
 * file was refused, 1 otherwise.
 *
 * <p>Usage: {@code thordb import ../shared/data/wthor}
 */
@Command(name = "import",
        footerHeading = "%nExamples:%n", footer = {"  thordb import ../shared/data/wthor", "  thordb import --db /tmp/store WTH_2015.wtb WTHOR.JOU WTHOR.TRN", "  thordb import --base CLUB --names CLUB.JOU --names CLUB.TRN games/", "  thordb import --skip-duplicates games.pgn archive.ggf.gz"}, description = {"Import WTHOR files and folders, and games in text formats (GGF, PGN, transcripts, Logistello's book, eOthello's CSV, MOVES:/RESULT: records; gzipped or not), into the store.", "Each text file becomes a base of its own, named after the file unless --base says otherwise."})
public final class ImportCommand implements Callable<Integer> {

    @Mixin
    StoreOption store;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "WTHOR files (.wtb .wtd .JOU .TRN), text game files (format told by the content) and folders.")
    List<Path> paths;

    @Option(names = "--strict", description = "Refuse a whole file when one of its games is damaged.")
    boolean strict;

    @Option(names = "--base", paramLabel = "NAME", description = "The base of every game file (default: guessed from the file names; a text file's own name).")
    String base;

    @Option(names = "--year", paramLabel = "YEAR", description = "The year of text-file games whose source gives no date (default: 0, unknown).")
    Integer year;

    @Option(names = "--skip-duplicates", description = "Leave out each text-file game whose whole move list, up to symmetry, the store or the file already holds, and count them (WTHOR files are kept whole).")
    boolean skipDuplicates;

    @Option(names = "--names", paramLabel = "FILE", description = "A names file (.JOU or .TRN) for every game file; may be given twice.")
    List<Path> names = new ArrayList<>();

    @Option(names = "--progress", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Show a progress bar on a terminal (default: on).")
    boolean progress;

    @Option(names = "--verbose", description = "Say each game file as it is committed (it is then in the store for good).")
    boolean verbose;

    @Option(names = "--force", description = "Import a release of a year older than the stored one (or as old, with other bytes) on purpose: it takes the year's place, and the stored one is kept ('thordb undo' restores it).")
    boolean force;

    @Spec
    CommandSpec spec;

    /**
     * Takes away the empty store an import made and nothing went into: every file in it was written
     * by this very import, and so are the folders from {@code made} down (null: the folder was there,
     * empty, and stays).
     */
    private static void unmake(Path dir, Path made) {
        Path top = made != null ? made : dir;
        try (Stream<Path> s = Files.walk(top)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                if (made != null || !p.equals(dir)) {
                    Files.deleteIfExists(p);
                }
            }
        } catch (IOException | RuntimeException e) {
            // what is left is an empty store: harmless, and said by the next command
        }
    }

    private static boolean isEmptyOrMissing(Path dir) {
        if (!Files.exists(dir)) {
            return true;
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.findAny().isEmpty();
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        boolean terminal = progress && System.console() != null;
        ProgressBar[] bar = new ProgressBar[1];
        long[] landed = new long[2]; // files, games committed
        Path dir = store.dir();
        // a typo in --db would otherwise make a store where nobody looks for it: said at the end, with where
        boolean fresh = isEmptyOrMissing(dir);
        boolean parentMissing = !Files.isDirectory(dir.toAbsolutePath().getParent());
        // the folders this import makes: taken away again when nothing at all was imported
        Path made = null;
        for (Path p = dir.toAbsolutePath().normalize(); p != null && !Files.exists(p); p = p.getParent()) {
            made = p;
        }
        // the options first: one the library refuses (a blank --base) fails before anything is under way
        Consumer<String> said = message -> {
            if (bar[0] != null) {
                bar[0].pause();
            }
            err.println(SafeText.of(message));
            err.flush();
            if (bar[0] != null) {
                bar[0].resume();
            }
        };
        ImportOptions options = ImportOptions.defaults().names(names).said(said).landed((file, games) -> {
            landed[0]++;
            landed[1] += games;
            if (verbose) {
                said.accept(file + ": committed " + games + " games");
            }
        }).progress((work, done, total) -> {
            if (bar[0] == null && terminal && total > 0) {
                bar[0] = new ProgressBarBuilder().setTaskName("import").setInitialMax(total).setUnit(" games", 1)
                        .setStyle(ProgressBarStyle.ASCII).showSpeed().setUpdateIntervalMillis(200).build();
            }
            if (bar[0] != null) {
                bar[0].stepTo(done);
            }
        });
        options = strict ? options.strict() : options;
        options = base != null ? options.base(base) : options;
        options = year != null ? options.year(year) : options;
        options = skipDuplicates ? options.skipDuplicates() : options;
        options = force ? options.replacingNewer() : options;
        boolean[] finished = {false};
        // Ctrl-C: each file is written whole or not at all; say what landed and how to finish
        Thread onStop = new Thread(() -> {
            if (!finished[0]) {
                if (bar[0] != null) {
                    bar[0].close();
                }
                System.err.printf(Locale.ROOT, "stopped: %,d files (%,d games) were written whole before the"
                        + " interrupt, the file being read was not; run the same import again to finish (it skips what"
                        + " landed)%n", landed[0], landed[1]);
            }
        });
        Runtime.getRuntime().addShutdownHook(onStop);
        ImportResult report = null;
        long start = System.nanoTime();
        try (ThorDb db = ThorDb.open(dir)) {
            report = db.importFiles(paths, options);
        } finally {
            if (fresh && (report == null || !report.addedAnything())) {
                unmake(dir, made); // a refused import leaves no store, and no folder, behind
                fresh = false;
            }
            finished[0] = true;
            if (bar[0] != null) {
                bar[0].close();
            }
            try {
                Runtime.getRuntime().removeShutdownHook(onStop);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        if (fresh) {
            err.println("note: made a new store in " + SafeText.of(dir.toAbsolutePath().normalize().toString())
                    + (parentMissing ? ", with its missing parent folders" : ""));
            err.flush();
        }
        out.printf("%s in %.1f s%n", report.summary(), seconds);
        return report.clean() ? 0 : 1;
    }
}
