package org.thordb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.othello.Side;
import org.thordb.testing.PlainScan;
import org.thordb.testing.SharedData;

/**
 * A line with its passes written ({@code …h7pass…}, as the text export's MOVES line and
 * {@code explore --moves} have them) is a line the query language takes too, checked pass by
 * pass; on the FFO base, a position after a pass is found as a plain replay finds it.
 */
@org.thordb.testing.FullTier
class PassInLinesTest {
    @TempDir
    Path tmp;

    @Test
    void aLineWithItsPassesFindsTheGamesThatReachIt() throws Exception {
        Path wthor = SharedData.dir("wthor");
        PlainScan scan = new PlainScan(wthor);
        String withPass = null;
        Position target = null;
        for (PlainScan.Game g : scan.games()) {
            int[] sq = g.game().squares();
            Position p = Position.start();
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < sq.length && i < 50; i++) {
                Side mover = p.toMove();
                p = p.play(sq[i]);
                line.append(Notation.name(sq[i]));
                if (p.toMove() == mover && i + 1 < sq.length) { // the other side had no move
                    line.append("pass").append(Notation.name(sq[i + 1]));
                    p = p.play(sq[i + 1]);
                    withPass = line.toString();
                    target = p.canonical();
                    break;
                }
            }
            if (withPass != null) {
                break;
            }
        }
        assertTrue(withPass != null, "the FFO base has a game with a pass before move 50");
        Position want = target;
        long reaching = scan.count(g -> g.canonicalPositions().contains(want));
        try (ThorDb db = ThorDb.open(tmp.resolve("store"))) {
            db.importFiles(List.of(wthor));
            assertEquals(reaching, db.count("position = " + withPass), withPass);
            assertEquals(reaching, db.count("position = " + withPass.replace("pass", "")), "the same line without its pass");
            assertTrue(db.explore("", withPass).games() >= reaching);
            // a pass where the side to move has a move is no line
            ThorDbException e = assertThrows(ThorDbException.class, () -> db.count("position = f5passd6"));
            assertEquals(ErrorCode.QUERY, e.code());
            assertTrue(e.getMessage().contains("not legal"), e.getMessage());
        }
    }
}
