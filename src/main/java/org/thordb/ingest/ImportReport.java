package org.thordb.ingest;

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
 */
public record ImportReport(int files, long games, long newGames, long replacedGames, int skipped, int refused,
                           long damaged, int names, int passedOver) {

    /** The one-line summary. */
    public String summary() {
        return String.format("imported: %d files, %d games (%d new, %d replaced), %d files skipped as unchanged,"
                        + " %d refused, %d damaged games kept, %d names files", files, games, newGames, replacedGames,
                skipped, refused, damaged, names) + (passedOver == 0 ? "" : ", " + passedOver
                + (passedOver == 1 ? " other file" : " other files") + " of the folders passed over");
    }

    /** Whether nothing was refused. */
    public boolean clean() {
        return refused == 0;
    }
}
