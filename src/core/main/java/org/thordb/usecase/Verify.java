package org.thordb.usecase;

import java.util.Locale;
import org.thordb.engine.Engine;
import org.thordb.ingest.StoreVerifier;

/**
 * A store checked against its own records, as every surface asks for it ({@code thordb verify --db},
 * {@code ThorDb.verify}): every index entry, or those of a sample of game files drawn with a seed
 * (the same seed, the same files: never the clock); a repair rewrites what is wrong and then checks
 * again, so that the answer says what is left, not only what was found.
 *
 * <p>Usage: {@code Verify.Result r = Verify.store(db, false, Verify.EVERY_FILE, Verify.SEED, line -> System.out.println(line));}
 */
public final class Verify {
    private Verify() {
    }

    /** The sample that is every game file. */
    public static final int EVERY_FILE = Integer.MAX_VALUE;

    /** The seed a sample is drawn with unless one is given ({@code thordb verify --seed}'s default). */
    public static final long SEED = 1;

    /**
     * What a verification found and left.
     *
     * @param games the games checked
     * @param entries the index entries checked
     * @param problems the problems found
     * @param repaired the entries rewritten (a repair only)
     * @param left the problems still there at the end: after a repair, what its second check found;
     *     else the problems found
     */
    public record Result(long games, long entries, long problems, long repaired, long left) {
        /** Whether the store is sound now: nothing found, or everything found repaired. */
        public boolean sound() {
            return left == 0;
        }

        /**
         * {@code sound: 117435 games, … 0 problems}, or after a repair {@code repaired: … 3 problems
         * found, 3 entries repaired, 0 left} (or {@code NOT SOUND: …} when some are left).
         */
        public String describe(boolean repair) {
            if (repair && problems > 0) {
                return String.format(Locale.ROOT, "%s: %d games, %d index entries checked, %d problems found, %d entries"
                        + " repaired, %d left", left == 0 ? "repaired" : "NOT SOUND", games, entries, problems, repaired, left);
            }
            return String.format(Locale.ROOT, "%s: %d games, %d index entries checked, %d problems",
                    problems == 0 ? "sound" : "NOT SOUND", games, entries, problems);
        }
    }

    /**
     * Checks the store's index entries against its records ({@code sample} game files drawn with
     * {@code seed}, or {@link #EVERY_FILE}); with {@code repair} rewrites what is wrong, then checks
     * the same files again, its lines told as {@code still: …}.
     */
    public static Result store(Engine db, boolean repair, int sample, long seed, StoreVerifier.Listener listener) {
        StoreVerifier.Report r = db.verify(repair, sample, seed, listener);
        if (!repair || r.problems() == 0) {
            return new Result(r.games(), r.entries(), r.problems(), r.repaired(), r.problems());
        }
        StoreVerifier.Report again = db.verify(false, sample, seed, new StoreVerifier.Listener() {
            @Override
            public void line(String message) {
                listener.line("still: " + message);
            }

            @Override
            public void checked(int files, int total) {
                listener.checked(files, total);
            }
        });
        return new Result(r.games(), r.entries(), r.problems(), r.repaired(), again.problems());
    }
}
