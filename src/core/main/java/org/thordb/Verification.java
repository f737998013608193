package org.thordb;

import java.util.List;

/**
 * What {@link ThorDb#verify(VerifyMode)} found: every index entry checked against the records it
 * derives from.
 *
 * <p>Usage: {@code Verification v = db.verify(VerifyMode.CHECK); if (!v.sound()) v.lines().forEach(System.err::println);}
 *
 * @param games the games checked
 * @param entries the index entries checked
 * @param problems the problems found
 * @param repaired the entries rewritten ({@link VerifyMode#REPAIR} only)
 * @param left the problems still there at the end: after a repair, what a second check found (its
 *     lines start {@code still: }); else the problems found
 * @param lines what the verification said, one line each: every problem, and notes
 */
public record Verification(long games, long entries, long problems, long repaired, long left, List<String> lines) {
    /** Keeps an unmodifiable copy. */
    public Verification {
        lines = Checks.list(lines, "the lines");
    }

    /** Whether the store is sound now: no problem found, or every one repaired ({@code left == 0}). */
    public boolean sound() {
        return left == 0;
    }
}
