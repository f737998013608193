package org.thordb;

/**
 * Told how long work goes: an import, an export, a verify or a fill of theoretical scores calls it
 * as it goes (from the thread doing the work, at most a few hundred times a second), with how
 * much is done of how much there is. A progress bar's source; it must return quickly.
 *
 * <p>Usage: {@code db.importFiles(files, ImportOptions.defaults().progress((work, done, total) -> bar.stepTo(done)));}
 */
@FunctionalInterface
public interface Progress {
    /** Tells nothing. */
    Progress NONE = (work, done, total) -> { };

    /**
     * Where the work stands.
     *
     * @param work what is under way: {@code "import"} and {@code "export"} count games,
     *     {@code "solve"} the games an export solves first, {@code "verify"} the store's files,
     *     {@code "fill"} the games whose theoretical score is solved, {@code "merge FAMILY"} an
     *     optimize's steps in a family of the store, {@code "commit FAMILY"} its batches written there
     *     (of a total not known)
     * @param done how much of it is done, from 0
     * @param total how much there is in all ({@code done} reaches it at the end), or -1 when not
     *     known yet
     */
    void update(String work, long done, long total);
}
