package org.thordb.bench;

import java.util.List;
import org.thordb.index.PositionKeys;
import org.thordb.othello.Position;
import org.thordb.othello.Replay;
import org.thordb.othello.Symmetry;

/**
 * The baselines' work: what a program without an index does to answer a position question, done
 * as fast as plain Java does it (games in memory, replayed on bitboards without allocating).
 *
 * <p>Usage: {@code int n = Scans.countReaching(BenchData.games("ffo"), p.canonical(), new long[3]);}
 */
public final class Scans {
    private Scans() {
    }

    /** Whether a game stands at a canonical position after its disc count's plies. */
    public static boolean reaches(int[] squares, Position canonical, int side, long[] state, long[] canon) {
        int ply = canonical.discs() - 4;
        if (squares.length < ply || !Replay.boardsAfter(squares, ply, state)) {
            return false;
        }
        Symmetry.canonicalize(state[0], state[1], canon);
        return canon[0] == canonical.black() && canon[1] == canonical.white() && (int) state[2] == side;
    }

    /** How many games reach a canonical position: every game replayed to its ply and compared. */
    public static int countReaching(List<int[]> games, Position canonical) {
        long[] state = new long[3];
        long[] canon = new long[2];
        int side = PositionKeys.sideCode(canonical.toMove());
        int found = 0;
        for (int[] g : games) {
            if (reaches(g, canonical, side, state, canon)) {
                found++;
            }
        }
        return found;
    }
}
