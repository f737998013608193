package org.thordb.text;

import java.util.List;

/**
 * A game as the text format holds it: the moves in order ({@code f5}, … or {@code pass}) and the
 * result. See {@link TextGameRecords} for reading, writing, validating and replaying it.
 *
 * <p>Usage: {@code TextGameRecord r = new TextGameRecord(List.of("f5", "d6"), GameResult.IN_PROGRESS);}
 *
 * @param moves the move tokens, lowercase squares or {@code pass}
 * @param result the result
 */
public record TextGameRecord(List<String> moves, GameResult result) {
    /** Freezes the move list. */
    public TextGameRecord {
        moves = List.copyOf(moves);
        if (result == null) {
            throw new IllegalArgumentException("no result");
        }
    }
}
