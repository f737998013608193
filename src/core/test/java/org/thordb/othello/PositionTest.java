package org.thordb.othello;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.testing.SharedData;

@org.thordb.testing.FullTier
class PositionTest {
    private static TreeSet<String> names(long moves) {
        TreeSet<String> s = new TreeSet<>();
        for (long m = moves; m != 0; m &= m - 1) {
            s.add(Notation.name(Long.numberOfTrailingZeros(m)));
        }
        return s;
    }

    @Test
    void startPosition() {
        Position p = Position.start();
        assertEquals("---------------------------OX------XO--------------------------- X", p.toBoardString());
        assertEquals(new TreeSet<>(java.util.List.of("c4", "d3", "e6", "f5")), names(p.legalMoves()));
        Position q = p.play(Notation.square("f5"));
        assertEquals(Side.WHITE, q.toMove());
        assertEquals(4, q.blackDiscs());
        assertEquals(1, q.whiteDiscs());
        assertEquals(new TreeSet<>(java.util.List.of("d6", "f4", "f6")), names(q.legalMoves()));
    }

    @Test
    void illegalMovesSayWhy() {
        Position p = Position.start();
        assertEquals("the square is occupied", p.whyIllegal(Notation.square("d4")));
        assertEquals("the move flips no disc", p.whyIllegal(Notation.square("a1")));
        assertNull(p.whyIllegal(Notation.square("f5")));
        ThorDbException e = assertThrows(ThorDbException.class, () -> p.play(Notation.square("a1")));
        assertEquals(ErrorCode.ILLEGAL_MOVE, e.code());
        assertEquals("a1: the move flips no disc", e.getMessage());
    }

    @Test
    void sideToMoveIsSettledAfterAPassAndAtTheEnd() {
        // Black a1, White h8: nobody can flank anything.
        Position fin = Position.of(Notation.bit("a1"), Notation.bit("h8"), Side.WHITE);
        assertEquals(Side.NONE, fin.toMove());
        assertTrue(fin.isFinal());
        // Black a1, White b1 c1: White has no move, Black has d1, so Black moves even if White was due.
        long black = Notation.bit("a1");
        long white = Notation.bit("b1") | Notation.bit("c1");
        Position q = Position.of(black, white, Side.WHITE);
        assertEquals(Side.BLACK, q.toMove());
        assertEquals(Notation.bit("d1"), q.legalMoves());
        Position r = q.play(Notation.square("d1"));
        assertEquals(Side.NONE, r.toMove(), "after a1-d1 are black, White is wiped out");
        assertEquals(64, r.wthorScore());
    }

    @Test
    void wthorScoreGivesEmptiesToTheWinner() {
        long b = (1L << 40) - 1; // 40 black
        long w = ((1L << 10) - 1) << 40; // 10 white, 14 empty
        assertEquals(54, Position.of(b, w, Side.NONE).wthorScore());
        assertEquals(10, Position.of(w, b, Side.NONE).wthorScore());
        long b2 = (1L << 20) - 1;
        long w2 = ((1L << 20) - 1) << 20; // 20-20, 24 empty
        assertEquals(32, Position.of(b2, w2, Side.NONE).wthorScore());
    }

    @Test
    void boardStringsRoundTripAndRejectNonsense() {
        Position p = Position.start().play(Notation.square("f5")).play(Notation.square("d6"));
        assertEquals(p, Position.parseBoard(p.toBoardString()));
        assertThrows(ThorDbException.class, () -> Position.parseBoard("XO"));
        assertThrows(ThorDbException.class, () -> Position.parseBoard("Z".repeat(64) + " X"));
        assertThrows(ThorDbException.class, () -> Position.parseBoard("-".repeat(64) + " Q"));
        assertThrows(ThorDbException.class, () -> Position.parseBoard("-".repeat(64)));
    }

    @Test
    void drawsTheBoardWithCoordinates() {
        String d = Position.start().draw(Position.start().legalMoves(), '*');
        assertTrue(d.startsWith("  a b c d e f g h\n1 . . . . . . . .\n2 . . . . . . . .\n3 . . . * . . . .\n"
                + "4 . . * O X . . .\n5 . . . X O * . .\n6 . . . . * . . ."), d);
    }

    /** Every FFO endgame-suite position: the moves the suite scores are exactly the legal moves. */
    @Test
    void ffoEndgameSuiteMovesAreTheLegalMoves() throws IOException {
        int positions = 0;
        for (Path f : SharedData.files("ffo", ".obf")) {
            for (String line : Files.readAllLines(f)) {
                if (line.isBlank()) {
                    continue;
                }
                Position p = Position.parseBoard(line.substring(0, 66));
                assertEquals(line.charAt(65) == 'X' ? Side.BLACK : Side.WHITE, p.toMove(), line);
                assertEquals(line.substring(0, 66), p.toBoardString(), "board string round trip");
                TreeSet<String> listed = new TreeSet<>();
                for (String part : line.substring(67).split(";")) {
                    if (part.contains(":")) {
                        listed.add(part.strip().substring(0, 2).toLowerCase());
                    }
                }
                assertEquals(listed, names(p.legalMoves()), line);
                positions++;
            }
        }
        assertEquals(79, positions);
    }
}
