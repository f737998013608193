package org.thordb.usecase;

import java.io.Writer;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.UnaryOperator;
import org.thordb.engine.Engine;
import org.thordb.export.Exporter;
import org.thordb.query.Filter;

/**
 * The export every surface asks for (the command line's {@code thordb export}, the REPL's
 * {@code :export}, {@code /api/export} and {@code ThorDb.export}): one policy and one answer. WTHOR
 * headers are dated the day of the export (the one clock an export reads, and the file says so),
 * and every note the export has for its user (names shortened or respelt for WTHOR's 20 bytes,
 * games without a theoretical score and how they were written, scores solved for it) comes back
 * with what it wrote, so that no surface writes a lossy file without saying so. What a surface adds
 * of its own (a limit, a split, progress) it adds to the exporter through {@code more}.
 *
 * <p>Usage: {@code Export.Result r = Export.toFolder(db, Filter.parse("year = 2015"), Path.of("out"), Exporter.Format.WTHOR, false, e -> e);}
 */
public final class Export {
    private Export() {
    }

    /**
     * What an export wrote and what its user should hear of it.
     *
     * @param games the games written
     * @param files the files written (for WTHOR, the names files too; none for a stream)
     * @param positionRows the rows of an export of positions (a row a move played), else 0
     * @param notes what the export says of how it wrote them, in the order it found them
     */
    public record Result(long games, List<Path> files, long positionRows, List<String> notes) {
        public Result {
            files = List.copyOf(files);
            notes = List.copyOf(notes);
        }

        /** {@code exported 29 games into 3 files in DIR}. */
        public String describe(String where) {
            return new Exporter.Summary(games, files).describe(where);
        }
    }

    /**
     * Exports a filter's games into a folder (created when missing) as files of {@code format}.
     *
     * @param replace whether files of the same names in the folder are replaced
     * @param more what the surface adds to the exporter (its limit, split, progress…); {@code e -> e} for nothing
     */
    public static Result toFolder(Engine db, Filter filter, Path folder, Exporter.Format format, boolean replace,
                                  UnaryOperator<Exporter> more) {
        List<String> notes = Collections.synchronizedList(new ArrayList<>());
        Exporter e = more.apply(exporter(db, folder, format, replace, notes));
        Exporter.Summary s = e.exportAll(filter);
        return new Result(s.games(), s.files(), e.rowsWritten(), notes);
    }

    /**
     * Writes a filter's games in a one-file format (text, PGN, CSV, JSON lines, GGF) to a stream,
     * which stays open.
     */
    public static Result toWriter(Engine db, Filter filter, Exporter.Format format, Writer stream,
                                  UnaryOperator<Exporter> more) {
        List<String> notes = Collections.synchronizedList(new ArrayList<>());
        Exporter e = more.apply(exporter(db, Path.of("."), format, false, notes));
        long games = e.exportTo(filter, stream);
        return new Result(games, List.of(), e.rowsWritten(), notes);
    }

    /** The exporter with the shared policy: dated today, its notes gathered in {@code notes}. */
    private static Exporter exporter(Engine db, Path folder, Exporter.Format format, boolean replace, List<String> notes) {
        return new Exporter(db, folder, format, replace, LocalDate.now()).withNotes(notes::add);
    }
}
