package org.thordb;

/**
 * What a page of games can be sorted by; {@link #ascending()} and {@link #descending()} make the
 * {@link Sort} a page takes. Names compare without case.
 *
 * <p>Usage: {@code db.page("year = 2015", 0, 20, SortKey.SCORE.descending(), SortKey.BLACK.ascending());}
 */
public enum SortKey {
    /** The game id: the order games were imported in (base, year, record). */
    ID,
    /** The base's name. */
    BASE,
    /** The year of the game's file. */
    YEAR,
    /** The record number in its file. */
    RECORD,
    /** Black's name. */
    BLACK,
    /** White's name. */
    WHITE,
    /** The tournament's name. */
    TOURNAMENT,
    /** Black's discs at the end. */
    SCORE,
    /** Black's theoretical discs. */
    THEORETICAL,
    /** The number of moves played. */
    MOVES;

    /** This key, smallest first. */
    public Sort ascending() {
        return new Sort(this, false);
    }

    /** This key, largest first. */
    public Sort descending() {
        return new Sort(this, true);
    }
}
