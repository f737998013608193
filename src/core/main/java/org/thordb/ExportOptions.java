package org.thordb;

import org.thordb.error.ErrorCode;
import org.thordb.fault.Faults;

/**
 * How an export treats the files already in its folder and who hears how it goes: nothing
 * replaced and nothing told by default, each changed by a method that returns a new value.
 *
 * <p>Usage: {@code db.export("year = 2015", Path.of("out"), ExportFormat.WTHOR, ExportOptions.defaults().replacing());}
 */
public final class ExportOptions {
    private final boolean replacing;
    private final Progress progress;

    private ExportOptions(boolean replacing, Progress progress) {
        this.replacing = replacing;
        this.progress = progress;
    }

    /** Existing files are not replaced (the export is refused, naming the file); no progress told. */
    public static ExportOptions defaults() {
        return new ExportOptions(false, Progress.NONE);
    }

    /**
     * Replaces files of the same names in the folder (never a WTHOR file dated after this export's);
     * the new files are all written first, and the old ones are replaced only when every one is.
     */
    public ExportOptions replacing() {
        return new ExportOptions(true, progress);
    }

    /** Tells {@code progress} of the games written ({@code "export"}) and solved first ({@code "solve"}). */
    public ExportOptions progress(Progress progress) {
        if (progress == null) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "the progress is null; Progress.NONE tells nothing");
        }
        return new ExportOptions(replacing, progress);
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
