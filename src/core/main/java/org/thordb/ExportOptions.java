package org.thordb;

import java.util.function.Consumer;

import org.thordb.error.ErrorCode;
import org.thordb.fault.Faults;

/**
 * How an export treats the files already in its folder and who hears how it goes: nothing
 * replaced and nothing told by default, each changed by a method that returns a new value. The
 * notes are what {@code thordb export} prints as {@code note:} lines: names shortened or respelt
 * for WTHOR's 20 bytes, games without a theoretical score and how they were written, scores solved
 * for the export.
 *
 * <p>Usage: {@code db.export("year = 2015", Path.of("out"), ExportFormat.WTHOR, ExportOptions.defaults().replacing());}
 */
public final class ExportOptions {
    private final boolean replacing;
    private final Progress progress;
    private final Consumer<String> notes;

    private ExportOptions(boolean replacing, Progress progress, Consumer<String> notes) {
        this.replacing = replacing;
        this.progress = progress;
        this.notes = notes;
    }

    /** Existing files are not replaced (the export is refused, naming the file); no progress told. */
    public static ExportOptions defaults() {
        return new ExportOptions(false, Progress.NONE, m -> { });
    }

    /**
     * Replaces files of the same names in the folder (never a WTHOR file dated after this export's);
     * the new files are all written first, and the old ones are replaced only when every one is.
     */
    public ExportOptions replacing() {
        return new ExportOptions(true, progress, notes);
    }

    /** Tells {@code progress} of the games written ({@code "export"}) and solved first ({@code "solve"}). */
    public ExportOptions progress(Progress progress) {
        if (progress == null) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "the progress is null; Progress.NONE tells nothing");
        }
        return new ExportOptions(replacing, progress, notes);
    }

    /**
     * Tells {@code notes} each note of the export, once it is written (the command line's
     * {@code note:} lines, word for word).
     */
    public ExportOptions notes(Consumer<String> notes) {
        if (notes == null) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "the notes' listener is null; leave it out to hear nothing");
        }
        return new ExportOptions(replacing, progress, notes);
    }

    /** Who hears the export's notes. */
    public Consumer<String> notes() {
        return notes;
    }

    /** Whether existing files are replaced. */
    public boolean isReplacing() {
        return replacing;
    }

    /** Who is told how the export goes. */
    public Progress progress() {
        return progress;
    }

    @Override
    public String toString() {
        return "ExportOptions[replacing=" + replacing + "]";
    }
}
