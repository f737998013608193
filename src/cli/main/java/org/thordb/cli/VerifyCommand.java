package org.thordb.cli;

import org.thordb.usecase.Verify;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.thordb.error.ThorDbException;
import org.thordb.othello.WthorReplay;
import org.thordb.wthor.NameList;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorReader;
import org.thordb.wthor.WthorSolitaire;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import java.nio.file.Files;
import java.util.ArrayList;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.thordb.engine.Engine;
import org.thordb.engine.StoreRebuild;
import org.thordb.error.ErrorCode;
import org.thordb.index.PositionHash;
import org.thordb.store.LostAndFound;
import org.thordb.store.RocksStore;
import org.thordb.store.StoreFolder;
import org.thordb.usecase.TheoreticalCheck;

/**
 * {@code thordb verify FILE…}: checks WTHOR files; {@code thordb verify [--db DIR] [--sample N] [--repair]}
 * (no file): checks a store against its own records (see {@code StoreVerifier}) and, with
 * {@code --repair}, rebuilds what differs.
 *
 * <p>For files: checks each file as a whole, replays every game, and reports each
 * damaged or illegal game as {@code FILE: record N: reason} and each stored score that differs from
 * the replayed one, then a summary line.
 *
 * <p>A stored score that differs in a game that is not finished (adjourned, abandoned or
 * adjudicated: the FFO base has a few hundred) is reported but is not a fault: the stored score is
 * the adjudicated one. The exit status is 0 when every file is sound, 1 otherwise.
 *
 * <p>Usage: {@code thordb verify ../shared/data/wthor/*.wtb}
 */
@Command(name = "verify",
        footerHeading = "%nExamples:%n", footer = {"  thordb verify ../shared/data/wthor/*.wtb", "  thordb verify --db store", "  thordb verify --db store --repair",
            "  thordb verify --theoretical --sample 100 ../shared/data/wthor/WTH_2015.wtb",
            "  thordb verify --theoretical --depth 14 --db store --where 'year = 2015'"},
        description = "Replay every game of WTHOR files, or (no file) check a store against its records; with --theoretical,"
                + " solve each game's theoretical score again; exit 1 if anything is wrong.")
public final class VerifyCommand implements Callable<Integer> {

    @Parameters(arity = "0..*", paramLabel = "FILE", description = "WTHOR files (none: check the store).")
    List<Path> files = new ArrayList<>();

    @picocli.CommandLine.Mixin
    StoreOption store;

    @picocli.CommandLine.Option(names = "--repair", description = "With a store: rewrite the index entries that differ from the records.")
    boolean repair;

    @picocli.CommandLine.Option(names = "--sample", paramLabel = "N", description = "With a store: check N game files drawn at"
            + " random (default: all); with --theoretical: N games drawn at random.")
    Integer sample;

    @picocli.CommandLine.Option(names = "--theoretical", description = "Solve each game's theoretical score at its file's depth"
            + " (or --depth) and compare it with the stored one.")
    boolean theoretical;

    @picocli.CommandLine.Option(names = "--depth", paramLabel = "N", description = "With --theoretical: solve at N empties, not the file's depth.")
    Integer depth;

    @picocli.CommandLine.Option(names = "--explain", description = "With --theoretical and --depth: solve each difference again"
            + " at the file's own depth, to tell imperfect moves between the depths from a wrong stored score.")
    boolean explain;

    @picocli.CommandLine.Option(names = "--where", paramLabel = "QUERY", description = "With --theoretical and a store: only these games.")
    String where;

    @picocli.CommandLine.Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "The seed that draws the sample (default: ${DEFAULT-VALUE}).")
    long seed;

    @picocli.CommandLine.Option(names = "--progress", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Show a progress bar on a terminal (default: on).")
    boolean progress;

    @Spec
    CommandSpec spec;

    private long games;
    private long solitaires;
    private long names;
    private long illegal;
    private long finishedScoreDiffers;
    private long unfinished;
    private long unfinishedScoreDiffers;
    private long brokenFiles;
    private long warnings;

    /** The check's lines on standard output (made safe to print), its progress as a bar on a terminal. */
    private TheoreticalCheck.Listener checkListener(PrintWriter out) {
        return new TheoreticalCheck.Listener() {
            private ProgressBar bar;

            @Override
            public void line(String line) {
                out.println(SafeText.of(line));
                out.flush();
            }

            @Override
            public void started(int games) {
                if (progress && System.console() != null && games > 0) {
                    bar = new ProgressBarBuilder().setTaskName("solve").setInitialMax(games)
                            .setUnit(" games", 1).setStyle(ProgressBarStyle.ASCII).showSpeed()
                            .setUpdateIntervalMillis(500).build();
                }
            }

            @Override
            public void step() {
                if (bar != null) {
                    bar.step();
                }
            }

            @Override
            public void pause() {
                if (bar != null) {
                    bar.pause();
                }
            }

            @Override
            public void resume() {
                if (bar != null) {
                    bar.resume();
                }
            }

            @Override
            public void finished() {
                if (bar != null) {
                    bar.close();
                    bar = null;
                }
            }
        };
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (depth != null && (depth < 0 || depth > 60)) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--depth takes 0 to 60 empties, not " + depth);
        }
        if (sample != null && sample < 1) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--sample takes 1 or more, not " + sample);
        }
        if (theoretical) {
            TheoreticalCheck check = new TheoreticalCheck(checkListener(out), depth, sample,
                    seed).explaining(explain);
            if (!files.isEmpty()) {
                return check.files(files);
            }
            try (Engine db = Stores.openForReading(store.dir())) {
                return check.store(db, where);
            }
        }
        if (depth != null || where != null || explain) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--depth, --where and --explain go with --theoretical");
        }
        if (files.isEmpty()) {
            return verifyStore(out);
        }
        for (Path f : files) {
            try (WthorReader r = WthorReader.open(f)) {
                for (String w : r.warnings()) {
                    out.println("warning: " + SafeText.of(w));
                    warnings++;
                }
                switch (r.kind()) {
                    case GAMES_8, GAMES_10 -> verifyGames(r, out);
                    case SOLITAIRES -> verifySolitaires(r, out);
                    case PLAYERS, TOURNAMENTS -> {
                        for (byte[] b = r.nextRecord(); b != null; b = r.nextRecord()) {
                            NameList.decode(b);
                            names++;
                        }
                    }
                    default -> throw new AssertionError(r.kind());
                }
            } catch (ThorDbException e) {
                out.println(SafeText.of(Main.oneLine(e)));
                brokenFiles++;
            }
        }
        boolean sound = brokenFiles == 0 && illegal == 0 && finishedScoreDiffers == 0;
        out.printf("%s: %d files (%d refused), %d games, %d illegal or damaged, %d stored scores differ from"
                        + " the replay in finished games, %d unfinished games (%d with another stored score),"
                        + " %d solitaires, %d names, %d warnings%n",
                sound ? "sound" : "NOT SOUND", files.size(), brokenFiles, games, illegal, finishedScoreDiffers,
                unfinished, unfinishedScoreDiffers, solitaires, names, warnings);
        return sound ? 0 : 1;
    }

    private int verifyStore(PrintWriter out) {
        java.nio.file.Path dir = store.dir();
        StoreFolder.Inspection folder = StoreFolder.inspect(dir, true);
        if (folder.state() == StoreFolder.State.NONE) {
            throw CommandFailure.of(ErrorCode.STORE, dir + ": no store here");
        }
        boolean interrupted = Files.exists(dir.resolve(StoreFolder.REPAIRING));
        int code;
        if (!repair) {
            code = check(dir, folder, interrupted, out);
        } else {
            code = mend(dir, folder, out);
        }
        String kept = LostAndFound.contents(dir).describe(dir);
        if (!kept.isEmpty()) {
            out.println(kept);
        }
        return code;
    }

    /** verify --db without --repair: says what is wrong, changes nothing. */
    private int check(java.nio.file.Path dir, StoreFolder.Inspection folder, boolean interrupted, PrintWriter out) {
        if (interrupted) {
            out.println(dir + ": NOT SOUND: a repair of it was interrupted (" + StoreFolder.REPAIRING
                    + " is here); --repair finishes it");
            return 1;
        }
        if (folder.state() == StoreFolder.State.DAMAGED) {
            out.println(dir + ": NOT SOUND: a damaged store: " + folder.why() + "; --repair recovers it");
            return 1;
        }
        try {
            return verifyOpened(dir, out);
        } catch (ThorDbException e) {
            if (e.code() == ErrorCode.CORRUPT || e.code() == ErrorCode.STORE) {
                out.println(SafeText.of("NOT SOUND: " + Main.oneLine(e).replace(RocksStore.repairAdvice(dir), "")
                        + "; --repair rebuilds the store from its records"));
                return 1;
            }
            throw e;
        }
    }

    /**
     * verify --db --repair: finishes a repair a kill interrupted; points a missing CURRENT at a
     * manifest that opens; drops a derived family whose bytes are damaged; rewrites what differs
     * from the records in place; and, for a store that cannot be opened or looks smaller than its
     * state file says (a manifest cut short, a table file gone), rebuilds it from the records its
     * table and log files hold.
     */
    private int mend(java.nio.file.Path dir, StoreFolder.Inspection folder, PrintWriter out) {
        if (StoreRebuild.swapInterrupted(dir)) {
            StoreRebuild.rebuild(dir, PositionHash.DEFAULT, line -> out.println(SafeText.of(line)));
            return verifyOpened(dir, out);
        }
        if (folder.state() == StoreFolder.State.DAMAGED
                && !Files.exists(dir.resolve(StoreFolder.REPAIRING))) {
            try {
                String manifest = StoreFolder.recoverCurrent(dir);
                out.println(dir + ": recovered: CURRENT pointed at " + manifest + " (" + folder.why() + ")");
            } catch (ThorDbException e) {
                out.println(SafeText.of(Main.oneLine(e)) + "; rebuilding from the records instead");
                return rebuild(dir, out);
            }
        }
        try {
            org.thordb.ingest.StoreVerifier.dropDamagedFamilies(dir, line -> out.println(SafeText.of(line)));
            return verifyOpened(dir, out);
        } catch (ThorDbException e) {
            if (e.code() != ErrorCode.CORRUPT && e.code() != ErrorCode.STORE) {
                throw e;
            }
            out.println(SafeText.of(Main.oneLine(e).replace(RocksStore.repairAdvice(dir), ""))
                    + "; rebuilding the store from its records");
            return rebuild(dir, out);
        }
    }

    private int rebuild(java.nio.file.Path dir, PrintWriter out) {
        StoreRebuild.Report r = StoreRebuild.rebuild(dir, PositionHash.DEFAULT,
                line -> out.println(SafeText.of(line)));
        r.notes().forEach(n -> out.println("note: " + SafeText.of(n)));
        boolean was = repair;
        repair = false;
        try {
            return verifyOpened(dir, out);
        } finally {
            repair = was;
        }
    }

    private int verifyOpened(java.nio.file.Path dir, PrintWriter out) {
        try (Engine db = repair ? Engine.openForRepair(dir) : Engine.openReadOnly(dir)) {
            // the sample is drawn with --seed (default 1): the same files every run, never the clock's
            Verify.Result r = Verify.store(db, repair, sample == null ? Verify.EVERY_FILE : sample, seed,
                    line -> out.println(SafeText.of(line)));
            out.println(r.describe(repair));
            return r.sound() ? 0 : 1;
        }
    }

    private void verifyGames(WthorReader r, PrintWriter out) {
        long i = 0;
        for (WthorGame g : r.games()) {
            games++;
            WthorReplay.Outcome o = WthorReplay.replay(g, null);
            String where = r.path() + ": record " + i + ": ";
            if (!o.sound()) {
                illegal++;
                out.println(where + o.problem());
            } else if (!o.finished()) {
                unfinished++;
                if (o.scoreDiffers()) {
                    unfinishedScoreDiffers++;
                    out.println(where + "stored score " + o.storedScore() + ", replay gives " + o.replayedScore()
                            + " (game not finished after " + o.movesPlayed() + " moves: adjourned or adjudicated)");
                }
            } else if (o.scoreDiffers()) {
                finishedScoreDiffers++;
                out.println(where + "stored score " + o.storedScore() + ", replay gives " + o.replayedScore());
            }
            i++;
        }
    }

    private void verifySolitaires(WthorReader r, PrintWriter out) {
        long i = 0;
        for (WthorSolitaire s : r.solitaires()) {
            solitaires++;
            String damage = s.damage();
            if (damage == null && s.empties() != r.header().n2()) {
                damage = "the position has " + s.empties() + " empties but the file's solitaires have " + r.header().n2();
            }
            if (damage != null) {
                illegal++;
                out.println(r.path() + ": record " + i + ": " + damage);
            }
            i++;
        }
    }
}
