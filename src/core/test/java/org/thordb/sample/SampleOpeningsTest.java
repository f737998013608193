package org.thordb.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.testing.SharedData;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorReader;

/**
 * Generated games that open as a real base does: every game legal to its end, its first ten
 * moves those of a source game, and the lines near the start as frequent as in the source (on the
 * FFO base), where purely random games come nowhere near.
 */
@org.thordb.testing.FullTier
class SampleOpeningsTest {
    @TempDir
    Path tmp;

    /** Every game of a file, replayed with {@link Position} (illegal moves fail the test). */
    private static List<int[]> games(Path file) {
        List<int[]> out = new ArrayList<>();
        try (WthorReader r = WthorReader.open(file)) {
            for (WthorGame g : r.games()) {
                int[] sq = g.squares();
                Position p = Position.start();
                int n = 0;
                for (; n < sq.length && sq[n] >= 0; n++) {
                    assertTrue((p.legalMoves() & 1L << sq[n]) != 0, Notation.line(sq) + " at move " + (n + 1));
                    p = p.play(sq[n]);
                }
                assertEquals(p.wthorScore(), g.blackScore(), Notation.line(sq));
                out.add(Arrays.copyOf(sq, n));
            }
        }
        return out;
    }

    private static String prefix(int[] g, int n) {
        return g.length < n ? null : Notation.line(Arrays.copyOf(g, n));
    }

    @Test
    void gamesOpenWithTheSourcesLinesThenPlayOn() {
        List<Path> source = SampleBase.write(tmp.resolve("source"), "SRC", 2000, 1, 200, 3L);
        SampleBase.Openings openings = SampleBase.openingsOf(source);
        assertEquals(200, openings.lines().size());
        Set<String> sourceTens = new HashSet<>();
        for (int[] l : openings.lines()) {
            sourceTens.add(prefix(l, 10));
        }
        List<Path> made = SampleBase.write(tmp.resolve("made"), "MADE", 2000, 1, 2_000, 4L, openings);
        List<int[]> games = games(made.get(2));
        assertEquals(2_000, games.size());
        Set<String> seen = new HashSet<>();
        int longer = 0;
        for (int[] g : games) {
            String ten = prefix(g, 10);
            assertTrue(sourceTens.contains(ten), ten);
            seen.add(ten);
            longer += g.length > 20 ? 1 : 0;
        }
        assertTrue(seen.size() > 150, seen.size() + " of the 200 source openings drawn");
        assertTrue(longer > 1_800, longer + " games go on past their opening");
    }

    @Test
    void onTheFfoBaseTheLinesNearTheStartAreAsCommonAsInRealPlay() {
        List<Path> ffo = SharedData.files("wthor", ".wtb");
        SampleBase.Openings openings = SampleBase.openingsOf(ffo);
        Map<String, Integer> real = new HashMap<>();
        for (int[] l : openings.lines()) {
            String six = prefix(l, 6);
            if (six != null) {
                real.merge(six, 1, Integer::sum);
            }
        }
        int total = openings.lines().size();
        List<Map.Entry<String, Integer>> top = real.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed()).limit(20).toList();
        int n = 20_000;
        Map<String, Integer> made = count(games(SampleBase.write(tmp.resolve("like"), "LIKE", 2000, 1, n, 5L, openings).get(2)));
        Map<String, Integer> random = count(games(SampleBase.write(tmp.resolve("random"), "RND", 2000, 1, n, 5L).get(2)));
        for (Map.Entry<String, Integer> e : top) {
            double share = e.getValue() / (double) total;
            double madeShare = made.getOrDefault(e.getKey(), 0) / (double) n;
            // one percentage point is about 6 standard deviations of a share near 5% in 20,000 draws
            assertEquals(share, madeShare, 0.01, e.getKey());
        }
        double topShare = top.get(0).getValue() / (double) total;
        double randomShare = random.getOrDefault(top.get(0).getKey(), 0) / (double) n;
        assertTrue(topShare > 0.03 && randomShare < topShare / 10, top.get(0).getKey() + ": FFO " + topShare
                + ", random games " + randomShare);
    }

    private static Map<String, Integer> count(List<int[]> games) {
        Map<String, Integer> m = new HashMap<>();
        for (int[] g : games) {
            String six = prefix(g, 6);
            if (six != null) {
                m.merge(six, 1, Integer::sum);
            }
        }
        return m;
    }
}
