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
import org.thordb.error.ErrorCode;
import org.thordb.fault.Faults;
import org.thordb.wthor.TempFiles;

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

    /**
     * Writes a filter's games in a one-file format into one file ({@code hobo.pgn}), whole or not at
     * all: made beside it with the user's umask, synced, then moved over it; a file in the way is
     * replaced only when {@code replace}, a folder never, and never a file inside a store.
     */
    public static Result toFile(Engine db, Filter filter, Exporter.Format format, Path file, boolean replace,
                                UnaryOperator<Exporter> more) {
        if (java.nio.file.Files.isDirectory(file)) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, file + ": is a folder; give a file name, or a folder without an extension");
        }
        if (java.nio.file.Files.exists(file, java.nio.file.LinkOption.NOFOLLOW_LINKS) && !replace) {
            throw Faults.of(ErrorCode.IO, file + ": exists; --force replaces it");
        }
        Exporter.refuseInsideStore(file, db.path());
        Path part = null;
        boolean done = false;
        try {
            java.nio.file.Files.createDirectories(file.toAbsolutePath().getParent());
            part = TempFiles.beside(file);
            Result r;
            try (java.io.PrintWriter w = new java.io.PrintWriter(java.nio.file.Files.newBufferedWriter(part,
                    java.nio.charset.StandardCharsets.UTF_8))) {
                r = toWriter(db, filter, format, w, more);
                w.flush();
                if (w.checkError()) {
                    throw new java.io.IOException("writing failed (is the disk full?)");
                }
            }
            try (java.nio.channels.FileChannel c = java.nio.channels.FileChannel.open(part, java.nio.file.StandardOpenOption.WRITE)) {
                c.force(true);
            }
            java.nio.file.Files.move(part, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            done = true;
            return new Result(r.games(), List.of(file), r.positionRows(), r.notes());
        } catch (java.io.IOException e) {
            throw Faults.io(file, e);
        } finally {
            if (!done && part != null) {
                try {
                    java.nio.file.Files.deleteIfExists(part); // ours, made by this export
                } catch (java.io.IOException ignored) {
                    // the first failure is the one to report
                }
            }
        }
    }

    /** The exporter with the shared policy: dated today, its notes gathered in {@code notes}. */
    private static Exporter exporter(Engine db, Path folder, Exporter.Format format, boolean replace, List<String> notes) {
        return new Exporter(db, folder, format, replace, LocalDate.now()).withNotes(notes::add);
    }
}
