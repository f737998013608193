package org.thordb.othello;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PerftTest {
    @ParameterizedTest(name = "perft({0}) = {1}")
    @CsvSource({"1,4", "2,12", "3,56", "4,244", "5,1396", "6,8200", "7,55092", "8,390216", "9,3005288",
        "10,24571284"})
    void perftFromStart(int depth, long leaves) {
        assertEquals(leaves, Perft.count(Position.start(), depth));
    }

    @ParameterizedTest(name = "perft via Position.play({0})")
    @CsvSource({"1,4", "4,244", "6,8200"})
    void perftThroughThePublicApiAgrees(int depth, long leaves) {
        assertEquals(leaves, slowPerft(Position.start(), Side.BLACK, depth));
    }

    /** Perft through Position and its settled side, counting the passes Position takes by itself. */
    private static long slowPerft(Position p, Side rawSide, int depth) {
        if (depth == 0) {
            return 1;
        }
        if (p.isFinal()) {
            return 1;
        }
        if (p.toMove() != rawSide) { // the side due to move passed
            return slowPerft(p, p.toMove(), depth - 1);
        }
        long n = 0;
        for (long m = p.legalMoves(); m != 0; m &= m - 1) {
            Position q = p.play(Long.numberOfTrailingZeros(m));
            n += slowPerft(q, rawSide.opponent(), depth - 1);
        }
        return n;
    }
}
