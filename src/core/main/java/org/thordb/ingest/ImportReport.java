package org.thordb.ingest;

import java.util.List;

/**
 * What an import did, counted.
 *
 * <p>Usage: {@code System.out.println(report.summary());}
 *
 * @param files the files looked at
 * @param games the games in the files imported
 * @param newGames games of years the store did not hold
 * @param replacedGames games that replaced an older release of their year
 * @param skipped files already in the store, unchanged
 * @param refused files refused whole
 * @param damaged damaged games kept and marked
 * @param names names files imported or updated
 * @param passedOver files of the folders given that thordb does not import (no WTHOR name, solitaires)
 * @param gameFiles the game files looked at (the rest of {@code files} are names files)
 * @param namesKeptBack names files that came with a game file or a folder and are older than the
 *     stored ones: not imported, said in a note, and no failure
 * @param skippedGames games of text sources the store cannot hold as they stand (a variant,
 *     another start, a pass where a move is legal), each named with its line
 * @param duplicates games of text sources left out as duplicates ({@code --skip-duplicates})
 * @param solitaires solitaires imported from {@code .pzz} files
 */
public record ImportReport(int files, long games, long newGames, long replacedGames, int skipped, int refused,
                           long damaged, int names, int passedOver, int gameFiles, int namesKeptBack,
                           long skippedGames, long duplicates, long solitaires, List<FileOutcome> outcomes) {

    /** A report without the outcome of each file. */
    public ImportReport(int files, long games, long newGames, long replacedGames, int skipped, int refused,
                        long damaged, int names, int passedOver, int gameFiles, int namesKeptBack,
                        long skippedGames, long duplicates, long solitaires) {
        this(files, games, newGames, replacedGames, skipped, refused, damaged, names, passedOver, gameFiles,
                namesKeptBack, skippedGames, duplicates, solitaires, List.of());
    }

    /** A report without solitaires. */
    public ImportReport(int files, long games, long newGames, long replacedGames, int skipped, int refused,
                        long damaged, int names, int passedOver, int gameFiles, int namesKeptBack,
                        long skippedGames, long duplicates) {
        this(files, games, newGames, replacedGames, skipped, refused, damaged, names, passedOver, gameFiles,
                namesKeptBack, skippedGames, duplicates, 0);
    }

    /** A report of WTHOR files only. */
    public ImportReport(int files, long games, long newGames, long replacedGames, int skipped, int refused,
                        long damaged, int names, int passedOver, int gameFiles, int namesKeptBack) {
        this(files, games, newGames, replacedGames, skipped, refused, damaged, names, passedOver, gameFiles,
                namesKeptBack, 0, 0, 0);
    }

    /**
     * The one-line summary, each file counted once under what became of it: {@code 41 files looked
     * at: 0 imported (0 games: 0 new, 0 replaced), 39 unchanged, 2 older names files kept back, 0
     * refused; 0 damaged games kept}.
     */
    public String summary() {
        int imported = files - skipped - refused - namesKeptBack;
        return String.format("%d %s looked at: %d imported (%d games: %d new, %d replaced; %d names files),"
                        + " %d unchanged, %s%d refused; %d damaged games kept", files, files == 1 ? "file" : "files",
                imported, games, newGames, replacedGames, names, skipped,
                namesKeptBack == 0 ? "" : namesKeptBack + " older names " + (namesKeptBack == 1 ? "file" : "files")
                        + " kept back, ", refused, damaged)
                + (solitaires == 0 ? "" : "; " + solitaires + " solitaires")
                + (skippedGames == 0 ? "" : "; " + skippedGames + " games of text files skipped")
                + (duplicates == 0 ? "" : "; " + duplicates + " duplicate games left out")
                + (passedOver == 0 ? "" : "; " + passedOver + (passedOver == 1 ? " other file" : " other files")
                + " of the folders passed over");
    }

    /** Whether nothing was refused (unchanged files and older names kept back are no failure). */
    public boolean clean() {
        return refused == 0;
    }
}
