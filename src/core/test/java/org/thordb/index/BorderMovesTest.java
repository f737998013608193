package org.thordb.index;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The border moves of a game, eight at a time, against a test of each move's square on its own. */
@org.junit.jupiter.api.extension.ExtendWith(org.thordb.testing.Seeded.class)
class BorderMovesTest {
    /** Square by square: a row or a column of 0 or 7. */
    private static long walk(byte[] moves, int off, int count) {
        long out = 0;
        for (int i = 0; i < count; i++) {
            int sq = moves[off + i];
            int row = sq >> 3;
            int column = sq & 7;
            if (row == 0 || row == 7 || column == 0 || column == 7) {
                out |= 1L << i;
            }
        }
        return out;
    }

    @Test
    void everySquareAtEveryPlaceOfAWord() {
        byte[] moves = new byte[MoveTable.MOVES * 2];
        for (int sq = 0; sq < 64; sq++) {
            for (int at = 0; at < MoveTable.MOVES; at++) {
                java.util.Arrays.fill(moves, (byte) 27); // d4: inside
                moves[MoveTable.MOVES + at] = (byte) sq;
                long want = walk(moves, MoveTable.MOVES, MoveTable.MOVES);
                assertEquals(want, EdgePatterns.borderMoves(moves, MoveTable.MOVES, MoveTable.MOVES), "square " + sq + " as move " + at);
            }
        }
    }

    @Test
    void randomGamesOfEveryLength(SplittableRandom rnd) {
        // a table of rows as MoveTable keeps them, the last row at the array's end (no word read past it)
        int games = 2_000;
        byte[] moves = new byte[games * MoveTable.MOVES];
        for (int i = 0; i < moves.length; i++) {
            moves[i] = (byte) rnd.nextInt(64);
        }
        for (int g = 0; g < games; g++) {
            int off = g * MoveTable.MOVES;
            int count = rnd.nextInt(MoveTable.MOVES + 1);
            assertEquals(walk(moves, off, count), EdgePatterns.borderMoves(moves, off, count), "game " + g + ", " + count + " moves");
        }
    }
}
