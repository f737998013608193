package org.thordb;

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
 */
public record ImportResult(List<ImportedFile> files) {
    /** Keeps an unmodifiable copy. */
    public ImportResult {
        files = Checks.list(files, "the files");
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
