package org.thordb;

/**
 * The order of {@link ThorDb#players(String, PlayerSort)}.
 *
 * <p>Usage: {@code db.players("year >= 2010", PlayerSort.SCORE)}
 */
public enum PlayerSort {
    /** Most games first. */
    GAMES,
    /** Best score share first. */
    SCORE,
    /** By name. */
    NAME
}
