package org.thordb.text;

import java.util.List;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.thordb.error.ErrorCode;
import org.thordb.fault.Faults;

/**
 * A game as the text format holds it: the moves in order ({@code f5}, … or {@code pass}) and the
 * result. See {@link TextGameRecords} for reading, writing, validating and replaying it.
 *
 * <p>Usage: {@code TextGameRecord r = new TextGameRecord(List.of("f5", "d6"), GameResult.IN_PROGRESS);}
 *
 * @param moves the move tokens, lowercase squares or {@code pass}
 * @param result the result
 * @param tags the header lines before {@code MOVES:} ({@code BLACK}, {@code WHITE}, {@code TOURNAMENT},
 *     {@code YEAR}, {@code SCORE}, …), in order; empty for a bare record
 */
public record TextGameRecord(List<String> moves, GameResult result, Map<String, String> tags) {
    /** Freezes the move list and the tags. */
    public TextGameRecord {
        moves = List.copyOf(moves);
        if (result == null) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, String.valueOf("no result"));
        }
        tags = Collections.unmodifiableMap(new LinkedHashMap<>(tags));
    }

    /** A bare record: moves and result only. */
    public TextGameRecord(List<String> moves, GameResult result) {
        this(moves, result, Map.of());
    }

    /** The same record with these header lines. */
    public TextGameRecord withTags(Map<String, String> tags) {
        return new TextGameRecord(moves, result, tags);
    }
}
