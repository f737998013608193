package org.thordb;

import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.fault.Faults;

/**
 * How stored theoretical scores are checked ({@link ThorDb#checkTheoretical}): solved again at
 * each file's depth or at {@code depth} empties, on every game or a sample drawn with a seed, a
 * difference at another depth solved again at the file's own when {@code explain}.
 *
 * <p>Usage: {@code new CheckSettings(CheckSettings.FILE_DEPTH, 100, 1, false)}
 *
 * @param depth the empties the scores are solved at ({@link #FILE_DEPTH}: each file's own)
 * @param sample how many games, drawn at random (0: every one)
 * @param seed the draw's seed: the same games every run
 * @param explain with a depth of its own: each difference solved again at the file's depth, to
 *     tell imperfect moves between the depths from a wrong stored score
 */
public record CheckSettings(int depth, int sample, long seed, boolean explain) {
    /** Each file's own depth. */
    public static final int FILE_DEPTH = -1;

    /** Every game at its file's depth, nothing explained. */
    public static final CheckSettings DEFAULT = new CheckSettings(FILE_DEPTH, 0, 1, false);

    /** @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for a depth out of 0…60 (or -1) or a negative sample */
    public CheckSettings {
        if (depth < FILE_DEPTH || depth > 60) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "a depth of 0 to 60 empties (-1: the file's), not " + depth);
        }
        if (sample < 0) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "a sample of 0 (every game) or more games, not " + sample);
        }
    }
}
