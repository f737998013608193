package org.thordb;

/**
 * The formats {@link ThorDb#export(String, java.nio.file.Path, ExportFormat)} writes.
 *
 * <p>Usage: {@code db.export("year = 2015", Path.of("out"), ExportFormat.WTHOR)}
 */
public enum ExportFormat {
    /** WTHOR files, one a year and board size, with the names files they need. */
    WTHOR,
    /** Text records ({@code MOVES:}, {@code RESULT:}…), one a game. */
    TEXT,
    /** PGN, one game a record with its tags. */
    PGN,
    /** CSV, one row a game. */
    CSV,
    /** JSON lines, one object a game. */
    JSONL,
    /** GGS's Generic Game Format, a game a line (Edax, NBoard). */
    GGF
}
