package org.thordb;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.Consumer;
import java.util.function.ObjIntConsumer;

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
    private final List<Path> names;
    private final Integer year;
    private final boolean force;
    private final Consumer<String> said;
    private final ObjIntConsumer<Path> landed;

    private ImportOptions(boolean strict, String base, boolean skipDuplicates, Progress progress, List<Path> names,
                          Integer year, boolean force, Consumer<String> said, ObjIntConsumer<Path> landed) {
        this.strict = strict;
        this.base = base;
        this.skipDuplicates = skipDuplicates;
        this.progress = progress;
        this.names = names;
        this.year = year;
        this.force = force;
        this.said = said;
        this.landed = landed;
    }

    /** No option: damaged games are kept and marked, a file's base is told by its name. */
    public static ImportOptions defaults() {
        return new ImportOptions(false, null, false, Progress.NONE, List.of(), null, false, s -> { }, (f, n) -> { });
    }

    /** Refuses a whole file when one of its games is damaged, instead of keeping the game marked as damaged. */
    public ImportOptions strict() {
        return new ImportOptions(true, base, skipDuplicates, progress, names, year, force, said, landed);
    }

    /**
     * The names files ({@code .JOU}, {@code .TRN}) of every game file imported, in place of those
     * found beside them: at most two.
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for a null list or file, or more than two
     */
    public ImportOptions names(List<Path> files) {
        List<Path> n = Checks.list(files, "the names files");
        if (n.size() > 2) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, n.size() + " names files: at most two, a .JOU and a .TRN");
        }
        return new ImportOptions(strict, base, skipDuplicates, progress, n, year, force, said, landed);
    }

    /**
     * The year of a text source's games whose source gives no date (by default 0, unknown).
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} outside 0 to 9999
     */
    public ImportOptions year(int year) {
        if (year < 0 || year > 9999) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "a year from 0 (unknown) to 9999, not " + year);
        }
        return new ImportOptions(strict, base, skipDuplicates, progress, names, year, force, said, landed);
    }

    /**
     * Imports a release of a year older than the stored one (or as old, with other bytes) on
     * purpose: it takes the year's place, and the stored one is kept for {@link ThorDb#undo}.
     */
    public ImportOptions replacingNewer() {
        return new ImportOptions(strict, base, skipDuplicates, progress, names, year, true, said, landed);
    }

    /**
     * Tells {@code lines} each thing worth a user's eye as the import goes: a damaged game kept, a
     * file refused or passed over, a text source's game it cannot hold.
     */
    public ImportOptions said(Consumer<String> lines) {
        Checks.notNull(lines, "the lines' reader");
        return new ImportOptions(strict, base, skipDuplicates, progress, names, year, force, lines, landed);
    }

    /**
     * Tells {@code files} each game file as it lands in the store for good, with its games (a kill
     * after it keeps it).
     */
    public ImportOptions landed(ObjIntConsumer<Path> files) {
        Checks.notNull(files, "the landed files' reader");
        return new ImportOptions(strict, base, skipDuplicates, progress, names, year, force, said, files);
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
        return new ImportOptions(strict, name, skipDuplicates, progress, names, year, force, said, landed);
    }

    /** Leaves out a text source's games that the store holds already (the same moves, up to symmetry). */
    public ImportOptions skipDuplicates() {
        return new ImportOptions(strict, base, true, progress, names, year, force, said, landed);
    }

    /**
     * Tells {@code progress} of the games imported ({@code "import"}): their total once the files
     * are read, then the games done as they are.
     */
    public ImportOptions progress(Progress progress) {
        if (progress == null) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "the progress is null; Progress.NONE tells nothing");
        }
        return new ImportOptions(strict, base, skipDuplicates, progress, names, year, force, said, landed);
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

    /** The names files given for every game file (empty: those beside each). */
    public List<Path> namesFiles() {
        return names;
    }

    /** The year of undated text-source games, when one was given. */
    public OptionalInt undatedYear() {
        return year == null ? OptionalInt.empty() : OptionalInt.of(year);
    }

    /** Whether an older release than the stored one takes its place. */
    public boolean isReplacingNewer() {
        return force;
    }

    /** Who hears the import's lines. */
    Consumer<String> said() {
        return said;
    }

    /** Who hears each game file landed. */
    ObjIntConsumer<Path> landed() {
        return landed;
    }

    @Override
    public String toString() {
        return "ImportOptions[strict=" + strict + ", base=" + base + ", skipDuplicates=" + skipDuplicates + ", names=" + names
                + ", year=" + year + ", replacingNewer=" + force + "]";
    }
}
