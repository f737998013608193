package org.thordb.othello;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.thordb.testing.SharedData;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorReader;

/** Replays the real games of ../shared/data and checks what its README measured. */
@org.thordb.testing.FullTier
class RealGamesTest {

    @Test
    void ffoBaseReplaysAsMeasured() {
        long games = 0;
        long finishedAndEqual = 0;
        long unfinished = 0;
        long unfinishedDiffering = 0;
        long[] second = new long[64];
        for (Path f : SharedData.files("wthor", ".wtb")) {
            try (WthorReader r = WthorReader.open(f)) {
                for (WthorGame g : r.games()) {
                    games++;
                    int[] sq = g.squares();
                    assertEquals(Notation.F5, sq[0], f + ": every FFO game starts with f5");
                    second[sq[1]]++;
                    WthorReplay.Outcome o = WthorReplay.replay(g, null);
                    assertNull(o.problem(), f + ": every game is legal");
                    assertEquals(g.moveCount(), o.movesPlayed());
                    if (o.finished()) {
                        assertEquals(o.storedScore(), o.replayedScore(), f + ": finished game " + g);
                        finishedAndEqual++;
                    } else {
                        unfinished++;
                        if (o.scoreDiffers()) {
                            unfinishedDiffering++;
                        }
                    }
                }
            }
        }
        assertEquals(117_435, games);
        assertEquals(117_022, finishedAndEqual);
        assertEquals(413, unfinished);
        assertEquals(382, unfinishedDiffering);
        double d6 = second[Notation.square("d6")] / (double) games;
        double f6 = second[Notation.square("f6")] / (double) games;
        double f4 = second[Notation.square("f4")] / (double) games;
        assertEquals(0.65, d6, 0.01);
        assertEquals(0.34, f6, 0.01);
        assertEquals(0.01, f4, 0.01);
        assertEquals(games, second[Notation.square("d6")] + second[Notation.square("f6")] + second[Notation.square("f4")]);
    }

    /** eOthello games start with any first move; the stated winner matches the replayed final position. */
    @Test
    void eothelloGamesReplayToTheirWinner() throws IOException {
        Path f = SharedData.dir("text").resolve("eothello-first2000.csv");
        List<String> lines = Files.readAllLines(f);
        int n = 0;
        for (String line : lines.subList(1, lines.size())) {
            String[] parts = line.split(",");
            int[] moves = Notation.parseLine(parts[2]);
            Replay.Result r = Replay.replay(moves, null);
            assertTrue(r.ok(), line + ": " + r.error());
            Position end = r.finalPosition();
            int diff = Integer.signum(end.blackDiscs() - end.whiteDiscs());
            assertEquals(Integer.parseInt(parts[1]), diff, line);
            // the same game turned to start with f5 is as legal, under the start symmetries
            Symmetry s = Symmetry.toF5(moves[0]);
            int[] turned = new int[moves.length];
            for (int i = 0; i < moves.length; i++) {
                turned[i] = s.apply(moves[i]);
            }
            Replay.Result t = Replay.replay(turned, null);
            assertTrue(t.ok());
            assertEquals(end.transform(s), t.finalPosition());
            n++;
        }
        assertEquals(2000, n);
    }

    /**
     * Logistello's book marks each move with its colour (+ Black, − White), so a pass shows as two
     * moves of one colour: automatic passes must agree with every mark, and the disc difference with
     * the one stated.
     */
    @Test
    void logbookColoursAgreeWithAutomaticPasses() throws IOException {
        Path f = SharedData.dir("text").resolve("logbook-first2000.gam");
        int n = 0;
        int withPass = 0;
        for (String line : Files.readAllLines(f)) {
            if (line.isBlank()) {
                continue;
            }
            String moves = line.substring(0, line.indexOf(':'));
            Position p = Position.start();
            boolean passed = false;
            for (int i = 0; i < moves.length(); i += 3) {
                Side colour = moves.charAt(i) == '+' ? Side.BLACK : Side.WHITE;
                int sq = Notation.square(moves.substring(i + 1, i + 3));
                if (i > 0 && moves.charAt(i) == moves.charAt(i - 3)) {
                    passed = true;
                }
                assertEquals(colour, p.toMove(), line + " at " + (i / 3 + 1));
                p = p.play(sq);
            }
            withPass += passed ? 1 : 0;
            String score = line.substring(line.indexOf(':') + 1).trim().split("\\s+")[0];
            int stated = Integer.parseInt(score.replace("+", ""));
            if (p.isFinal()) {
                assertEquals(stated, p.blackDiscs() - p.whiteDiscs(), line);
            }
            n++;
        }
        assertEquals(2000, n);
        assertTrue(withPass > 0, "the book has games with passes");
    }
}
