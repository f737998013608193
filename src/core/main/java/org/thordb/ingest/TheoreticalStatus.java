package org.thordb.ingest;

import java.util.List;
import org.thordb.store.FileRow;
import org.thordb.wthor.WthorGame;

/**
 * What a WTHOR file's theoretical scores are, told from its header and its records: known (at the
 * header's depth), unknown (depth 0 and every score 0: the file says nothing), or each game's final
 * score stored in their place (every game's theoretical byte equal to its score, as PlayOK's files
 * have them). The bytes are kept as they are either way; only what the figures read changes.
 *
 * <p>Usage: {@code String status = TheoreticalStatus.of(records, header.depth());}
 */
public final class TheoreticalStatus {
    private TheoreticalStatus() {
    }

    /** The status of a file's records ({@link FileRow#KNOWN}, {@link FileRow#UNKNOWN} or {@link FileRow#FINAL_SCORE}). */
    public static String of(List<WthorGame> records, int p3) {
        if (records.isEmpty()) {
            return FileRow.KNOWN;
        }
        boolean allZero = true;
        boolean allFinal = true;
        for (WthorGame g : records) {
            allZero &= g.theoreticalScore() == 0;
            allFinal &= g.theoreticalScore() == g.blackScore();
        }
        if (allZero && p3 == 0) {
            return FileRow.UNKNOWN;
        }
        // one game may well end as perfect play says; a whole file of them (of more than a handful) does not
        if (allFinal && records.size() >= 8) {
            return FileRow.FINAL_SCORE;
        }
        return FileRow.KNOWN;
    }

    /** A note for the user about a file whose theoretical scores are not known. */
    public static String describe(String status, int games) {
        return switch (status) {
            case FileRow.UNKNOWN -> "the theoretical scores of its " + games + " games are unknown (depth 0, every"
                    + " score 0): kept as they are, left out of every theoretical figure";
            case FileRow.FINAL_SCORE -> "the theoretical scores of its " + games + " games are each game's final"
                    + " score, not a theoretical one: kept as they are, counted as unknown";
            default -> "theoretical scores " + status;
        };
    }
}
