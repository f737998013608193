package org.thordb;

import java.nio.file.Path;
import java.util.List;
import org.thordb.export.Exporter;

/**
 * What an export wrote, and what its user should hear of it.
 *
 * <p>Usage: {@code Exported e = db.exportGames(Query.parse("year = 2015"), Path.of("out"), ExportFormat.PGN, ExportOptions.defaults()); System.out.println(e.describe("out"));}
 *
 * @param games the games written
 * @param files the files written (for WTHOR the names files too; none for a stream)
 * @param positionRows the rows of an export of positions (a row a move played), else 0
 * @param notes what the export says of how it wrote them (names shortened, scores solved…), in order
 */
public record Exported(long games, List<Path> files, long positionRows, List<String> notes) {
    /** Keeps unmodifiable copies of the lists. */
    public Exported {
        files = Checks.list(files, "the files");
        notes = Checks.list(notes, "the notes");
    }

    /** {@code exported 29 games into 3 files in WHERE}, as {@code thordb export} says it. */
    public String describe(String where) {
        return new Exporter.Summary(games, files).describe(Checks.notNull(where, "where"));
    }
}
