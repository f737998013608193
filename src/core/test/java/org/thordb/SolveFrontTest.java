package org.thordb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.testing.SharedData;

/**
 * What the command line's {@code solve} asks of the library's front: positions read from an
 * {@code .obf} file and solved, checked against the scores the file gives (the FFO endgame
 * suite's, found by other programs), and its refusals.
 */
class SolveFrontTest {
    @TempDir
    Path tmp;

    @Test
    void theFfoSuitesPositionsSolveToTheScoresTheFileGives() {
        Path f = SharedData.root().resolve("ffo").resolve("fforum-1-19.obf");
        Assumptions.assumeTrue(Files.exists(f), "skipped: " + f + " is not there");
        List<Solution.ObfPosition> positions = ThorDb.readObf(f);
        assertEquals(19, positions.size());
        for (Solution.ObfPosition o : positions) {
            Solution s = ThorDb.solve(o.board(), new Solution.SolveSettings(0, 0, o.line() <= 3));
            assertTrue(s.solved(), o.toString());
            assertEquals(o.score().getAsInt(), s.score(), "line " + o.line());
            assertEquals(s.score(), o.moveScores().get(s.best()), "line " + o.line() + ": the best move is one the file scores so");
            assertEquals(o.board(), s.board());
            if (o.line() <= 3) { // every legal move, each as the file scores it
                o.moveScores().forEach((move, v) -> assertEquals(v, s.moveScores().get(move), "line " + o.line() + " " + move));
            }
        }
    }

    @Test
    void aLineALimitAndABadFileAreAnsweredOrRefused() throws Exception {
        // the game is over after this line: no move, Black's discs the final count
        Solution end = ThorDb.solve("f5d6c3d3c4f4f6f3e6e7d7g6f7c5c6c7c8b6b5e3h6e8d8b8b4a5d2f8a4a3b3a2a7d1e2e1f1g1f2g3",
                Solution.SolveSettings.DEFAULT);
        assertTrue(end.solved());
        Solution cut = ThorDb.solve("", new Solution.SolveSettings(1, 20, false));
        assertFalse(cut.solved(), "the start is not solved in 20 ms");
        Path bad = Files.writeString(tmp.resolve("bad.obf"), "% a comment\n" + "-".repeat(64) + " X; A1:+2\nnot a position\n");
        ThorDbException e = assertThrows(ThorDbException.class, () -> ThorDb.readObf(bad));
        assertEquals(ErrorCode.BAD_NOTATION, e.code());
        assertTrue(e.getMessage().startsWith(bad + ": line 3: "), e.getMessage());
        e = assertThrows(ThorDbException.class, () -> ThorDb.readObf(tmp.resolve("missing.obf")));
        assertEquals(ErrorCode.IO, e.code());
        e = assertThrows(ThorDbException.class, () -> ThorDb.solve("f5f5", Solution.SolveSettings.DEFAULT));
        assertTrue(e.code() == ErrorCode.BAD_NOTATION || e.code() == ErrorCode.ILLEGAL_MOVE, e.toString());
        e = assertThrows(ThorDbException.class, () -> new Solution.SolveSettings(-1, 0, false));
        assertEquals(ErrorCode.BAD_ARGUMENT, e.code());
        assertNull(ThorDb.readObf(Files.writeString(tmp.resolve("empty.obf"), "# nothing\n")).stream().findFirst().orElse(null));
    }
}
