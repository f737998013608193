package org.thordb.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.othello.Position;
import org.thordb.othello.Side;
import org.thordb.testing.Games;
import org.thordb.testing.Seeded;

/**
 * {@link EstimateCheck} reads labels as {@link EvalLabels} writes them and measures what it says:
 * near the end, where the explorer's estimates are exact, positions labelled with the solver's
 * exact score (an independent path) give no error and no loss, the same labels shifted by two
 * discs an error and a loss of exactly two, and the children's labels are searched once and read
 * back by the next run (without a children's file, the loss is not measured).
 */
@ExtendWith(Seeded.class)
class EstimateCheckTest {

    @Test
    void exactLabelsGiveNoErrorAndShiftedOnesTheirShift(SplittableRandom rnd, @TempDir Path dir) throws IOException {
        Solver solver = new Solver(Solver.Options.defaults().withThreads(1).withTableBits(16));
        List<long[]> rows = new ArrayList<>();
        while (rows.size() < 12) {
            Position p = Games.randomPosition(rnd, 10 + rnd.nextInt(3));
            if (p.toMove() == Side.NONE || p.legalMoves() == 0) {
                continue;
            }
            rows.add(new long[] {p.mover(), p.opponent(), 64 - p.discs(), solver.solve(p, false).score()});
        }
        Path exact = write(dir.resolve("exact.bin"), rows, 0);
        Path shifted = write(dir.resolve("shifted.bin"), rows, 2);
        Path children = dir.resolve("children.bin");

        List<EstimateCheck.Level> levels = EstimateCheck.measure(exact, children);
        assertEquals(12, levels.stream().mapToInt(EstimateCheck.Level::positions).sum(), levels.toString());
        for (EstimateCheck.Level l : levels) {
            assertEquals(0.0, l.error(), l.toString());
            assertEquals(0.0, l.loss(), l.toString());
        }
        long kept = Files.size(children);
        assertTrue(kept > 0 && kept % 17 == 0, "children kept: " + kept + " bytes");

        for (EstimateCheck.Level l : EstimateCheck.measure(shifted, children)) {
            assertEquals(2.0, l.error(), 1e-9, l.toString());
            assertEquals(2.0, l.loss(), 1e-9, l.toString());
        }
        assertEquals(kept, Files.size(children), "the second run searched no child again");

        for (EstimateCheck.Level l : EstimateCheck.measure(shifted, null)) { // no children: no loss
            assertEquals(2.0, l.error(), 1e-9, l.toString());
            assertTrue(Double.isNaN(l.loss()), l.toString());
        }
    }

    /** Rows in {@link EvalLabels}' format: game, mover's discs, opponent's, empties, label (+ shift), kind. */
    private static Path write(Path f, List<long[]> rows, int shift) throws IOException {
        try (DataOutputStream o = new DataOutputStream(Files.newOutputStream(f))) {
            for (long[] r : rows) {
                o.writeInt(0);
                o.writeLong(r[0]);
                o.writeLong(r[1]);
                o.writeByte((int) r[2]);
                o.writeByte((int) r[3] + shift);
                o.writeByte(0);
            }
        }
        return f;
    }
}
