package org.thordb.text;

/**
 * The result line of a text game record.
 *
 * <p>Usage: {@code GameResult r = GameResult.fromWthorScore(40); // BLACK}
 */
public enum GameResult {
    /** Black won. */
    BLACK,
    /** White won. */
    WHITE,
    /** A draw. */
    DRAW,
    /** Not finished. */
    IN_PROGRESS;

    /** The result a WTHOR score (Black's discs out of 64) stands for. */
    public static GameResult fromWthorScore(int blackScore) {
        return blackScore > 32 ? BLACK : blackScore < 32 ? WHITE : DRAW;
    }
}
