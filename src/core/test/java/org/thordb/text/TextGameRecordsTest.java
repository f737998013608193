package org.thordb.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.othello.Position;
import org.thordb.othello.Replay;

class TextGameRecordsTest {
    @TempDir
    Path tmp;

    /** A game with a pass in it: after f5f6e6f4g6c5f3g5d6c6 … found by a search below. */
    private static int[] gameWithPass() {
        java.util.Random rnd = new java.util.Random(7);
        for (int attempt = 0; attempt < 10_000; attempt++) {
            int[] moves = new int[60];
            int n = 0;
            boolean passed = false;
            Position p = Position.start();
            while (!p.isFinal()) {
                long legal = p.legalMoves();
                int k = rnd.nextInt(Long.bitCount(legal));
                for (int i = 0; i < k; i++) {
                    legal &= legal - 1;
                }
                int sq = Long.numberOfTrailingZeros(legal);
                Position q = p.play(sq);
                passed |= q.toMove() == p.toMove();
                moves[n++] = sq;
                p = q;
            }
            if (passed) {
                return java.util.Arrays.copyOf(moves, n);
            }
        }
        throw new AssertionError("no game with a pass in 10,000 random games");
    }

    @Test
    void saveLoadRoundTripWithPasses() {
        int[] squares = gameWithPass();
        Position end = Replay.replay(squares, null).finalPosition();
        GameResult result = GameResult.fromWthorScore(end.wthorScore());
        TextGameRecord r = TextGameRecords.fromSquares(squares, result);
        assertTrue(r.moves().contains("pass"), "the record writes the pass out");
        Path f = tmp.resolve("game.txt");
        TextGameRecords.save(r, f);
        TextGameRecord back = TextGameRecords.load(f);
        assertEquals(r, back);
        assertTrue(TextGameRecords.validate(back).isEmpty());
        assertEquals(end, TextGameRecords.replay(back, true));
        // the same game without its passes (WTHOR style) replays to the same end
        TextGameRecord noPasses = new TextGameRecord(
                r.moves().stream().filter(t -> !t.equals("pass")).toList(), result);
        assertEquals(end, TextGameRecords.replay(noPasses, true));
    }

    @Test
    void loadNamesMissingAndUnknownLines() throws Exception {
        Path f = tmp.resolve("bad.txt");
        Files.writeString(f, "MOVES: f5 d6\n");
        ThorDbException e = assertThrows(ThorDbException.class, () -> TextGameRecords.load(f));
        assertEquals(f + ": the RESULT: line is missing", e.getMessage());
        Files.writeString(f, "RESULT: DRAW\n");
        e = assertThrows(ThorDbException.class, () -> TextGameRecords.load(f));
        assertEquals(f + ": the MOVES: line is missing", e.getMessage());
        Files.writeString(f, "MOVES: f5\nSCORE: 33\nRESULT: DRAW\n");
        e = assertThrows(ThorDbException.class, () -> TextGameRecords.load(f));
        assertTrue(e.getMessage().startsWith(f + ": line 2: unknown line 'SCORE: 33'"), e.getMessage());
        Files.writeString(f, "MOVES: f5\nRESULT: MAYBE\n");
        e = assertThrows(ThorDbException.class, () -> TextGameRecords.load(f));
        assertTrue(e.getMessage().contains("line 2: RESULT 'MAYBE' is not BLACK, WHITE, DRAW or IN_PROGRESS"));
        assertEquals(ErrorCode.BAD_NOTATION, e.code());
    }

    @Test
    void validateGivesTheFirstErrorWithMoveNumberTokenAndReason() {
        TextGameRecord r = TextGameRecords.parse("MOVES: F5 d6 c3 d3 zz c4 a1\nRESULT: IN_PROGRESS");
        assertEquals(List.of("f5", "d6", "c3", "d3", "zz", "c4", "a1"), r.moves());
        assertEquals("move 5 'zz': not a square a1…h8 nor 'pass'", TextGameRecords.validate(r).orElseThrow().toString());
        TextGameRecord occupied = TextGameRecords.parse("MOVES: f5 f5\nRESULT: IN_PROGRESS");
        assertEquals("move 2 'f5': the square is occupied", TextGameRecords.validate(occupied).orElseThrow().toString());
        TextGameRecord badPass = TextGameRecords.parse("MOVES: f5 pass\nRESULT: IN_PROGRESS");
        assertEquals("move 2 'pass': a pass while a move is legal",
                TextGameRecords.validate(badPass).orElseThrow().toString());
    }

    @Test
    void strictReplayFailsWhereLenientPassesOver() {
        TextGameRecord r = TextGameRecords.parse("MOVES: f5 a1 d6 c3\nRESULT: IN_PROGRESS");
        ThorDbException e = assertThrows(ThorDbException.class, () -> TextGameRecords.replay(r, true));
        assertEquals(ErrorCode.ILLEGAL_MOVE, e.code());
        assertEquals("move 2 'a1': the move flips no disc", e.getMessage());
        Position lenient = TextGameRecords.replay(r, false);
        Position expected = Position.afterLine("f5d6c3");
        assertEquals(expected, lenient);
    }

    @Test
    void aResultThatContradictsTheFinalPositionIsAnError() {
        int[] squares = gameWithPass();
        Position end = Replay.replay(squares, null).finalPosition();
        GameResult actual = GameResult.fromWthorScore(end.wthorScore());
        GameResult wrong = actual == GameResult.BLACK ? GameResult.WHITE : GameResult.BLACK;
        TextGameRecord r = TextGameRecords.fromSquares(squares, wrong);
        TextGameRecords.ValidationError err = TextGameRecords.validate(r).orElseThrow();
        assertEquals(0, err.moveNumber());
        assertTrue(err.reason().startsWith("the final position is"), err.reason());
        TextGameRecord unfinished = TextGameRecords.fromSquares(squares, GameResult.IN_PROGRESS);
        assertEquals("RESULT: IN_PROGRESS: the game is over", TextGameRecords.validate(unfinished).orElseThrow().toString());
    }
}
