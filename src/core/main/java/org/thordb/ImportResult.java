package org.thordb;

import org.thordb.error.ErrorCode;
import org.thordb.fault.Faults;

import java.util.List;

/**
 * What an import did: one {@link ImportedFile} for each file it looked at, in the order taken.
 * A refused file does not stop the others; {@link #clean()} says whether any was refused.
 *
 * <p>Usage:
 * <pre>{@code
 * ImportResult r = db.importFiles(List.of(Path.of("wthor")), ImportOptions.defaults());
 * r.refused().forEach(f -> System.err.println(f.reason()));
 * }</pre>
 *
 * @param files what became of each file
 * @param summary the import counted in one line, as {@code thordb import} ends with it: {@code 41 files
 *     looked at: 2 imported (1,204 games: 1,204 new, 0 replaced; 1 names files), 39 unchanged, 0
 *     refused; 0 damaged games kept}
 * @param namesFiles the names files imported or updated
 * @param solitaires the solitaires imported
 */
public record ImportResult(List<ImportedFile> files, String summary, long namesFiles, long solitaires) {
    /** Keeps an unmodifiable copy. */
    public ImportResult {
        files = Checks.list(files, "the files");
        Checks.notNull(summary, "the summary");
        if (namesFiles < 0 || solitaires < 0) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "an import of " + namesFiles + " names files and " + solitaires
                    + " solitaires: 0 or more of each");
        }
    }

    /** Whether the import put anything at all into the store: games, names or solitaires. */
    public boolean addedAnything() {
        return games() > 0 || namesFiles > 0 || solitaires > 0;
    }

    /** The games (and solitaires) the import added or put in place of older ones. */
    public long games() {
        return files.stream().mapToLong(ImportedFile::games).sum();
    }

    /** The files refused. */
    public List<ImportedFile> refused() {
        return files.stream().filter(f -> f.status() == ImportedFile.Status.REFUSED).toList();
    }

    /** Whether no file was refused (unchanged files and older names kept back are no failure). */
    public boolean clean() {
        return refused().isEmpty();
    }
}
