package org.thordb.othello;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

@org.junit.jupiter.api.extension.ExtendWith(org.thordb.testing.Seeded.class)
class SymmetryTest {
    /** Each symmetry as plain (row, col) arithmetic: the independent definition. */
    private static int expected(Symmetry s, int sq) {
        int r = sq / 8;
        int c = sq % 8;
        return switch (s) {
            case IDENTITY -> sq;
            case ROTATE_90 -> c * 8 + (7 - r);
            case ROTATE_180 -> (7 - r) * 8 + (7 - c);
            case ROTATE_270 -> (7 - c) * 8 + r;
            case FLIP_HORIZONTAL -> r * 8 + (7 - c);
            case FLIP_VERTICAL -> (7 - r) * 8 + c;
            case FLIP_DIAGONAL -> c * 8 + r;
            case FLIP_ANTI_DIAGONAL -> (7 - c) * 8 + (7 - r);
        };
    }

    @Test
    void everySquareGoesWhereTheGeometrySays() {
        for (Symmetry s : Symmetry.values()) {
            for (int sq = 0; sq < 64; sq++) {
                assertEquals(expected(s, sq), s.apply(sq), s + " of " + Notation.name(sq));
            }
        }
        assertEquals("h1", Notation.name(Symmetry.ROTATE_90.apply(Notation.square("a1"))));
    }

    @Test
    void bitboardsMoveLikeTheirSquares(Random rnd) {
        for (int i = 0; i < 2000; i++) {
            long b = rnd.nextLong();
            for (Symmetry s : Symmetry.values()) {
                long want = 0;
                for (int sq = 0; sq < 64; sq++) {
                    if ((b >>> sq & 1) != 0) {
                        want |= 1L << expected(s, sq);
                    }
                }
                assertEquals(want, s.apply(b), s.toString());
            }
        }
    }

    @Test
    void inversesUndo() {
        for (Symmetry s : Symmetry.values()) {
            for (int sq = 0; sq < 64; sq++) {
                assertEquals(sq, s.inverse().apply(s.apply(sq)));
            }
        }
    }

    @Test
    void exactlyFourSymmetriesKeepTheStart() {
        Set<Symmetry> keep = new HashSet<>();
        for (Symmetry s : Symmetry.values()) {
            boolean keeps = Position.start().transform(s).equals(Position.start());
            assertEquals(keeps, s.keepsStart(), s.toString());
            if (keeps) {
                keep.add(s);
            }
        }
        assertEquals(Set.of(Symmetry.startPreserving()), keep);
    }

    @Test
    void everyFirstMoveMapsToF5() {
        for (String first : new String[] {"f5", "e6", "d3", "c4"}) {
            int sq = Notation.square(first);
            assertEquals(Notation.F5, Symmetry.toF5(sq).apply(sq));
        }
        assertThrows(org.thordb.error.ThorDbException.class, () -> Symmetry.toF5(Notation.square("a1")));
    }

    @Test
    void d3c5IsTheSameOpeningAsF5d6() {
        int[] line = Notation.parseLine("d3c5");
        Symmetry s = Symmetry.toF5(line[0]);
        assertEquals("f5d6", Notation.line(new int[] {s.apply(line[0]), s.apply(line[1])}));
    }

    @Test
    void canonicalFormIsTheSameForAllEightImages(Random rnd) {
        Position p = Position.start();
        for (int ply = 0; ply < 30 && !p.isFinal(); ply++) {
            long m = p.legalMoves();
            int k = rnd.nextInt(Long.bitCount(m));
            for (int j = 0; j < k; j++) {
                m &= m - 1;
            }
            p = p.play(Long.numberOfTrailingZeros(m));
            Position c = p.canonical();
            for (Symmetry s : Symmetry.values()) {
                assertEquals(c, p.transform(s).canonical());
            }
        }
        assertFalse(p.canonical().equals(p.canonical().transform(Symmetry.ROTATE_90))
                && p.canonical().equals(p.canonical().transform(Symmetry.FLIP_VERTICAL))
                && p.canonical().equals(p.canonical().transform(Symmetry.FLIP_DIAGONAL)),
                "a mid-game position with no symmetry at all");
        assertTrue(p.discs() > 4);
    }

    @Test
    void canonicalizeAgreesWithPositionCanonicalEvenWhenBlackIsSymmetric(Random rnd) {
        long[] out = new long[2];
        for (int i = 0; i < 20_000; i++) {
            long black = rnd.nextLong() & rnd.nextLong();
            if (i % 3 == 1) { // Black the same under some symmetries, so White decides
                Symmetry s = Symmetry.values()[rnd.nextInt(8)];
                black |= Position.of(black, 0, Side.BLACK).transform(s).black();
            } else if (i % 3 == 2) {
                black = 0;
            }
            long white = rnd.nextLong() & rnd.nextLong() & ~black;
            Position c = Position.of(black, white, Side.BLACK).canonical();
            Symmetry.canonicalize(black, white, out);
            assertEquals(c.black(), out[0], "black " + Long.toHexString(black) + " white " + Long.toHexString(white));
            assertEquals(c.white(), out[1], "black " + Long.toHexString(black) + " white " + Long.toHexString(white));
        }
    }
}
