package org.thordb.index;

/**
 * The indexed fields of a game, each a key prefix in the {@code TERMS} space followed by the
 * field's term bytes (fixed length per field, so a term's prefix never matches another term).
 *
 * <p>Usage: {@code byte[] prefix = Terms.key(Field.YEAR, Terms.year(2015));}
 */
public enum Field {
    /** Black's player number in its base: base u16, number u16. */
    BLACK(1),
    /** White's player number in its base: base u16, number u16. */
    WHITE(2),
    /** The tournament number in its base: base u16, number u16. */
    TOURNAMENT(3),
    /** The year of the file: i32. */
    YEAR(4),
    /** The result from the stored score: 0 Black wins, 1 White wins, 2 draw. */
    RESULT(5),
    /** Black's stored score: u8. */
    SCORE(6),
    /** The stored theoretical score: u8. */
    THEORETICAL(7),
    /** The number of moves: u8. */
    MOVES(8),
    /** The first moves, turned so the first is f5: length u8, then the squares. */
    OPENING(9),
    /** The base: u16. */
    BASE(10),
    /** Damaged games (bad move bytes, illegal moves, unknown names): no term bytes. */
    DAMAGED(11),
    /**
     * The whole move list up to the 4 symmetries of the start position ({@link Terms#gameHash}):
     * 8 bytes, the top 5 bits zero. Games sharing a term are duplicates once their moves compare
     * equal (a hash collision costs a comparison, never a wrong answer).
     */
    GAME(12),
    /** The first moves of a 10×10 game, turned so the first is g6: length u8 (1–8), then the squares (row × 10 + column). */
    OPENING10(13),
    /**
     * An edge configuration an 8×8 game shows at some move ({@link EdgePatterns}): u16, the
     * smaller of its two base-3 numbers.
     */
    EDGE(14);

    private final byte code;

    Field(int code) {
        this.code = (byte) code;
    }

    /** The key prefix byte. */
    public byte code() {
        return code;
    }
}
