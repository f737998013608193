package org.thordb;

import org.thordb.fault.Faults;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;

/**
 * How an import treats its files: every option off by default, each turned on by a method that
 * returns a new value.
 *
 * <p>Usage: {@code db.importFiles(List.of(Path.of("club.pgn")), ImportOptions.defaults().base("CLUB").skipDuplicates());}
 */
public final class ImportOptions {
    private final boolean strict;
    private final String base;
    private final boolean skipDuplicates;
    private final Progress progress;

    private ImportOptions(boolean strict, String base, boolean skipDuplicates, Progress progress) {
        this.strict = strict;
        this.base = base;
        this.skipDuplicates = skipDuplicates;
        this.progress = progress;
    }

    /** No option: damaged games are kept and marked, a file's base is told by its name. */
    public static ImportOptions defaults() {
        return new ImportOptions(false, null, false, Progress.NONE);
    }

    /** Refuses a whole file when one of its games is damaged, instead of keeping the game marked as damaged. */
    public ImportOptions strict() {
        return new ImportOptions(true, base, skipDuplicates, progress);
    }

    /**
     * Puts every file's games into the base {@code name} (1 to 64 characters) instead of the one
     * its file name tells.
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for a null, blank or too long name
     */
    public ImportOptions base(String name) {
        if (name == null || name.isBlank() || name.length() > 64) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "a base name has 1 to 64 characters, not '"
                    + Faults.quote(String.valueOf(name)) + "'");
        }
        return new ImportOptions(strict, name, skipDuplicates, progress);
    }

    /** Leaves out a text source's games that the store holds already (the same moves, up to symmetry). */
    public ImportOptions skipDuplicates() {
        return new ImportOptions(strict, base, true, progress);
    }

    /**
     * Tells {@code progress} of the games imported ({@code "import"}): their total once the files
     * are read, then the games done as they are.
     */
    public ImportOptions progress(Progress progress) {
        if (progress == null) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "the progress is null; Progress.NONE tells nothing");
        }
        return new ImportOptions(strict, base, skipDuplicates, progress);
    }

    /** Who is told how the import goes. */
    public Progress progress() {
        return progress;
    }

    /** Whether damaged games refuse their file. */
    public boolean isStrict() {
        return strict;
    }

    /** The base every file goes into, or null for the one its name tells. */
    public String baseName() {
        return base;
    }

    /** Whether a text source's games already stored are left out. */
    public boolean isSkippingDuplicates() {
        return skipDuplicates;
    }

    @Override
    public String toString() {
        return "ImportOptions[strict=" + strict + ", base=" + base + ", skipDuplicates=" + skipDuplicates + "]";
    }
}
