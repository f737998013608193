package org.thordb.usecase;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import org.thordb.engine.Engine;
import org.thordb.engine.StoreRebuild;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.fault.Faults;
import org.thordb.index.PositionHash;
import org.thordb.othello.WthorReplay;
import org.thordb.store.LostAndFound;
import org.thordb.store.RocksStore;
import org.thordb.store.StoreFolder;
import org.thordb.wthor.NameList;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorReader;
import org.thordb.wthor.WthorSolitaire;

/**
 * {@code thordb verify}'s checks, each line said as it is found: WTHOR files replayed game by game
 * ({@link #files}), and a store folder checked against its own records or mended ({@link #store}):
 * a repair a kill interrupted finished, a missing CURRENT pointed at a manifest that opens, a
 * damaged derived family dropped, what differs from the records rewritten, and a store that cannot
 * be opened rebuilt from the records its files hold. Nothing is deleted that this check did not
 * write: what cannot be placed is moved aside into the lost-and-found, and said.
 *
 * <p>Usage: {@code boolean sound = new StoreCheck(System.out::println).files(List.of(Path.of("WTH_2015.wtb")));}
 */
public final class StoreCheck {
    private final Consumer<String> out;
    private long games;
    private long solitaires;
    private long names;
    private long illegal;
    private long finishedScoreDiffers;
    private long unfinished;
    private long unfinishedScoreDiffers;
    private long brokenFiles;
    private long warnings;

    /** A check whose lines go to {@code said}, one at a time. */
    public StoreCheck(Consumer<String> said) {
        this.out = said;
    }

    /**
     * Replays every game of WTHOR files (and reads their solitaires and names), saying each damaged
     * or illegal game as {@code FILE: record N: reason} and each stored score that differs from
     * the replay, then a summary line. A stored score that differs in a game not finished
     * (adjourned, adjudicated) is said but is no fault. Returns whether every file is sound.
     */
    public boolean files(List<Path> files) {
        for (Path f : files) {
            try (WthorReader r = WthorReader.open(f)) {
                for (String w : r.warnings()) {
                    out.accept("warning: " + w);
                    warnings++;
                }
                switch (r.kind()) {
                    case GAMES_8, GAMES_10 -> verifyGames(r);
                    case SOLITAIRES -> verifySolitaires(r);
                    case PLAYERS, TOURNAMENTS -> {
                        for (byte[] b = r.nextRecord(); b != null; b = r.nextRecord()) {
                            NameList.decode(b);
                            names++;
                        }
                    }
                    default -> throw new AssertionError(r.kind());
                }
            } catch (ThorDbException e) {
                out.accept(oneLine(e));
                brokenFiles++;
            }
        }
        boolean sound = brokenFiles == 0 && illegal == 0 && finishedScoreDiffers == 0;
        out.accept(String.format(java.util.Locale.ROOT, "%s: %d files (%d refused), %d games, %d illegal or damaged, %d stored scores differ from"
                        + " the replay in finished games, %d unfinished games (%d with another stored score),"
                        + " %d solitaires, %d names, %d warnings",
                sound ? "sound" : "NOT SOUND", files.size(), brokenFiles, games, illegal, finishedScoreDiffers,
                unfinished, unfinishedScoreDiffers, solitaires, names, warnings));
        return sound;
    }

    /**
     * Checks the store in {@code dir} against its own records ({@code repair} false: says what is
     * wrong, changes nothing) or mends it; checks {@code sample} game files drawn with {@code seed}
     * ({@link Verify#EVERY_FILE}: all). Returns whether the store is sound (after the repair).
     *
     * @throws ThorDbException with {@link ErrorCode#STORE} when there is no store in {@code dir}
     */
    public boolean store(Path dir, boolean repair, int sample, long seed) {
        StoreFolder.Inspection folder = StoreFolder.inspect(dir, true);
        if (folder.state() == StoreFolder.State.NONE) {
            throw Faults.of(ErrorCode.STORE, dir + ": no store here");
        }
        boolean interrupted = Files.exists(dir.resolve(StoreFolder.REPAIRING));
        boolean code;
        if (!repair) {
            code = check(dir, folder, interrupted, sample, seed);
        } else {
            code = mend(dir, folder, sample, seed);
        }
        String kept = LostAndFound.contents(dir).describe(dir);
        if (!kept.isEmpty()) {
            out.accept(kept);
        }
        return code;
    }

    /** verify --db without --repair: says what is wrong, changes nothing. */
    private boolean check(Path dir, StoreFolder.Inspection folder, boolean interrupted, int sample, long seed) {
        if (interrupted) {
            out.accept(dir + ": NOT SOUND: a repair of it was interrupted (" + StoreFolder.REPAIRING
                    + " is here); --repair finishes it");
            return false;
        }
        if (folder.state() == StoreFolder.State.DAMAGED) {
            out.accept(dir + ": NOT SOUND: a damaged store: " + folder.why() + "; --repair recovers it");
            return false;
        }
        try {
            return verifyOpened(dir, false, sample, seed);
        } catch (ThorDbException e) {
            if (e.code() == ErrorCode.CORRUPT || e.code() == ErrorCode.STORE) {
                out.accept(("NOT SOUND: " + oneLine(e).replace(RocksStore.repairAdvice(dir), "")
                        + "; --repair rebuilds the store from its records"));
                return false;
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
    private boolean mend(Path dir, StoreFolder.Inspection folder, int sample, long seed) {
        if (StoreRebuild.swapInterrupted(dir)) {
            StoreRebuild.rebuild(dir, PositionHash.DEFAULT, out::accept);
            return verifyOpened(dir, true, sample, seed);
        }
        if (folder.state() == StoreFolder.State.DAMAGED
                && !Files.exists(dir.resolve(StoreFolder.REPAIRING))) {
            try {
                String manifest = StoreFolder.recoverCurrent(dir);
                out.accept(dir + ": recovered: CURRENT pointed at " + manifest + " (" + folder.why() + ")");
            } catch (ThorDbException e) {
                out.accept((oneLine(e)) + "; rebuilding from the records instead");
                return rebuild(dir, sample, seed);
            }
        }
        try {
            org.thordb.ingest.StoreVerifier.dropDamagedFamilies(dir, out::accept);
            return verifyOpened(dir, true, sample, seed);
        } catch (ThorDbException e) {
            if (e.code() != ErrorCode.CORRUPT && e.code() != ErrorCode.STORE) {
                throw e;
            }
            out.accept((oneLine(e).replace(RocksStore.repairAdvice(dir), ""))
                    + "; rebuilding the store from its records");
            return rebuild(dir, sample, seed);
        }
    }

    private boolean rebuild(Path dir, int sample, long seed) {
        StoreRebuild.Report r = StoreRebuild.rebuild(dir, PositionHash.DEFAULT, out::accept);
        r.notes().forEach(n -> out.accept("note: " + n));
        return verifyOpened(dir, false, sample, seed); // rebuilt from the records: checked as it is
    }

    private boolean verifyOpened(Path dir, boolean repair, int sample, long seed) {
        try (Engine db = repair ? Engine.openForRepair(dir) : Engine.openReadOnly(dir)) {
            // the sample is drawn with --seed (default 1): the same files every run, never the clock's
            Verify.Result r = Verify.store(db, repair, sample, seed, out::accept);
            out.accept(r.describe(repair));
            return r.sound();
        }
    }

    private void verifyGames(WthorReader r) {
        long i = 0;
        for (WthorGame g : r.games()) {
            games++;
            WthorReplay.Outcome o = WthorReplay.replay(g, null);
            String where = r.path() + ": record " + i + ": ";
            if (!o.sound()) {
                illegal++;
                out.accept(where + o.problem());
            } else if (!o.finished()) {
                unfinished++;
                if (o.scoreDiffers()) {
                    unfinishedScoreDiffers++;
                    out.accept(where + "stored score " + o.storedScore() + ", replay gives " + o.replayedScore()
                            + " (game not finished after " + o.movesPlayed() + " moves: adjourned or adjudicated)");
                }
            } else if (o.scoreDiffers()) {
                finishedScoreDiffers++;
                out.accept(where + "stored score " + o.storedScore() + ", replay gives " + o.replayedScore());
            }
            i++;
        }
    }

    private void verifySolitaires(WthorReader r) {
        long i = 0;
        for (WthorSolitaire s : r.solitaires()) {
            solitaires++;
            String damage = s.damage();
            if (damage == null && s.empties() != r.header().n2()) {
                damage = "the position has " + s.empties() + " empties but the file's solitaires have " + r.header().n2();
            }
            if (damage != null) {
                illegal++;
                out.accept(r.path() + ": record " + i + ": " + damage);
            }
            i++;
        }
    }

    /** An error on one line, as the command line says one. */
    private static String oneLine(ThorDbException e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.replaceAll("[\\r\\n]+", " ");
    }
}
