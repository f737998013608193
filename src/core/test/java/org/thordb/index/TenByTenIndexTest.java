package org.thordb.index;

import org.thordb.usecase.Games;
import org.thordb.usecase.Explore;
import org.thordb.usecase.Stats;
import org.thordb.engine.Engine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.ingest.Importer;
import org.thordb.othello.Notation;
import org.thordb.sample.SampleBase;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorReader;

/**
 * 10×10 games indexed on their own board: positions under the 8 symmetries of the 10×10 board and
 * openings under the 4 of its start, checked against a plain replay written here (its own board
 * and its own symmetries by coordinates); 8×8 and 10×10 answers never mix.
 */
class TenByTenIndexTest {
    @TempDir
    Path tmp;

    /** A plain 10×10 board: 0 empty, 1 black, 2 white; returns false at an illegal move. */
    private static boolean play(int[][] b, int[] toMove, int sq) {
        int r0 = sq / 10;
        int c0 = sq % 10;
        for (int attempt = 0; attempt < 2; attempt++) {
            int me = toMove[0];
            if (b[r0][c0] == 0 && flip(b, r0, c0, me, false) > 0) {
                flip(b, r0, c0, me, true);
                b[r0][c0] = me;
                toMove[0] = 3 - me;
                return true;
            }
            if (hasMove(b, me)) {
                return false;
            }
            toMove[0] = 3 - me; // a pass
        }
        return false;
    }

    private static boolean hasMove(int[][] b, int me) {
        for (int r = 0; r < 10; r++) {
            for (int c = 0; c < 10; c++) {
                if (b[r][c] == 0 && flip(b, r, c, me, false) > 0) {
                    return true;
                }
            }
        }
        return false;
    }

    private static int flip(int[][] b, int r0, int c0, int me, boolean doIt) {
        int n = 0;
        for (int dr = -1; dr <= 1; dr++) {
            for (int dc = -1; dc <= 1; dc++) {
                if (dr == 0 && dc == 0) {
                    continue;
                }
                int r = r0 + dr;
                int c = c0 + dc;
                int run = 0;
                while (r >= 0 && r < 10 && c >= 0 && c < 10 && b[r][c] == 3 - me) {
                    r += dr;
                    c += dc;
                    run++;
                }
                if (run > 0 && r >= 0 && r < 10 && c >= 0 && c < 10 && b[r][c] == me) {
                    n += run;
                    if (doIt) {
                        for (int k = 1; k <= run; k++) {
                            b[r0 + k * dr][c0 + k * dc] = me;
                        }
                    }
                }
            }
        }
        return n;
    }

    private static int[][] start() {
        int[][] b = new int[10][10];
        b[4][4] = 2;
        b[4][5] = 1;
        b[5][4] = 1;
        b[5][5] = 2;
        return b;
    }

    /** The side that really moves next: 1, 2, or 0 when neither can. */
    private static int settled(int[][] b, int toMove) {
        return hasMove(b, toMove) ? toMove : hasMove(b, 3 - toMove) ? 3 - toMove : 0;
    }

    /**
     * Image {@code t} of the 8 (bit 1: columns flipped, bit 2: rows flipped, bit 4: then rows and
     * columns swapped): the square of the original board that shows at row {@code r}, column {@code c}.
     */
    private static int source(int r, int c, int t) {
        int rr = r;
        int cc = c;
        if ((t & 1) != 0) {
            cc = 9 - cc;
        }
        if ((t & 2) != 0) {
            rr = 9 - rr;
        }
        if ((t & 4) != 0) {
            int x = rr;
            rr = cc;
            cc = x;
        }
        return rr * 10 + cc;
    }

    /** The 8 images of a board, by coordinates. */
    private static List<String> images(int[][] b) {
        List<String> out = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            StringBuilder sb = new StringBuilder();
            for (int r = 0; r < 10; r++) {
                for (int c = 0; c < 10; c++) {
                    int from = source(r, c, t);
                    sb.append(b[from / 10][from % 10]);
                }
            }
            out.add(sb.toString());
        }
        return out;
    }

    private static String flat(int[][] b) {
        StringBuilder sb = new StringBuilder();
        for (int[] row : b) {
            for (int v : row) {
                sb.append(v);
            }
        }
        return sb.toString();
    }

    @Test
    void positionsAndOpeningsOfTenByTenGamesAreThePlainReplaysAndNeverMixWithEightByEight() throws Exception {
        Path files = tmp.resolve("ten");
        SampleBase.write(files, "BIG", 2001, 2, 250, 31L, 10);
        Path eight = tmp.resolve("eight");
        SampleBase.write(eight, "CLUB", 2001, 1, 200, 32L);
        List<int[]> games = new ArrayList<>();
        for (String y : new String[] {"2001", "2002"}) {
            try (WthorReader r = WthorReader.open(files.resolve("BIG_" + y + ".wtd"))) {
                for (WthorGame g : r.games()) {
                    games.add(g.squares());
                }
            }
        }
        try (Engine db = Engine.open(tmp.resolve("db"))) {
            db.importFiles(List.of(files, eight), Importer.Options.defaults(), m -> { });
            assertEquals(500, Games.count(db, "board = 10"));
            assertEquals(200, Games.count(db, "board = 8"));
            assertEquals(500, Games.count(db, "opening = g6"), "every 10×10 game, turned to g6");
            assertEquals(200, Games.count(db, "opening = f5"), "every 8×8 game: the boards never mix");
            assertEquals(0, Games.count(db, "board = 8 and opening = g6"));
            assertEquals(0, db.verify(false, m -> { }).problems());
            int checked = 0;
            for (int k = 0; k < 40; k += 3) {
                int[] game = games.get(k * 7 % games.size());
                for (int plies : new int[] {2, 5, 11, 30}) {
                    if (plies > game.length) {
                        continue;
                    }
                    int[] line = java.util.Arrays.copyOf(game, plies);
                    // the probe by the plain board
                    int[][] b = start();
                    int[] side = {1};
                    for (int sq : line) {
                        assertTrue(play(b, side, sq));
                    }
                    int want = settled(b, side[0]);
                    List<String> probe = images(b);
                    long plain = 0;
                    for (int[] g : games) {
                        int[][] q = start();
                        int[] s = {1};
                        boolean hit = false;
                        for (int i = 0; i < g.length && !hit; i++) {
                            if (!play(q, s, g[i])) {
                                break;
                            }
                            hit = settled(q, s[0]) == want && probe.contains(flat(q));
                        }
                        if (hit) {
                            plain++;
                        }
                    }
                    StringBuilder text = new StringBuilder();
                    for (int sq : line) {
                        text.append(Notation.name10(sq));
                    }
                    assertEquals(plain, Games.count(db, "position = " + text), "position " + text);
                    // the opening: the same first moves under the 4 symmetries of the start
                    long plainOpening = 0;
                    for (int[] g : games) {
                        if (g.length >= plies && sameOpening(g, line)) {
                            plainOpening++;
                        }
                    }
                    assertEquals(plainOpening, Games.count(db, "opening = " + text), "opening " + text);
                    checked++;
                }
            }
            assertTrue(checked > 30, checked + " probes");
            int explored = 0;
            // the 10×10 explorer: each next move, turned to the asked orientation, as a plain replay counts it
            for (int k : new int[] {0, 9, 17}) {
                int[] line = java.util.Arrays.copyOf(games.get(k), 1 + k % 4);
                StringBuilder text = new StringBuilder();
                int[][] b = start();
                int[] side = {1};
                for (int sq : line) {
                    text.append(Notation.name10(sq));
                    play(b, side, sq);
                }
                String probe = flat(b);
                int want = settled(b, side[0]);
                java.util.Map<Integer, Long> plain = new java.util.TreeMap<>();
                long ends = 0;
                for (int[] g : games) {
                    int[][] q = start();
                    int[] s = {1};
                    for (int i = 0; i <= g.length; i++) {
                        int t = settled(q, s[0]) == want ? images(q).indexOf(probe) : -1;
                        if (t >= 0) {
                            if (i == g.length) {
                                ends++;
                            } else {
                                plain.merge(turn(g[i], t), 1L, Long::sum);
                            }
                            break;
                        }
                        if (i == g.length || !play(q, s, g[i])) {
                            break;
                        }
                    }
                }
                org.thordb.explore.Exploration10 e = Explore.explore10(db, text.toString(), "");
                java.util.Map<Integer, Long> indexed = new java.util.TreeMap<>();
                e.rows().forEach(r -> indexed.put(r.move(), r.games()));
                if (isSymmetric(b)) {
                    continue; // equivalent moves are merged: compared by totals only
                }
                assertEquals(plain, indexed, "next moves after " + text);
                assertEquals(ends, e.endsHere().games());
                assertEquals(Games.count(db, "position = " + text), e.total());
                explored++;
            }
            assertTrue(explored >= 2, explored + " explored");

            // the per-game columns: each game's board side, year and record number from its file,
            // as its stored row says them; and the grouped figures of 10×10 games count 100 squares
            List<String> wrong = new ArrayList<>();
            db.read(r -> {
                GameColumns c = GameColumns.of(r);
                r.scanGames(row -> {
                    int id = row.id();
                    if (c.side(id) != row.side() || c.year(id) != row.year() || c.record(id) != row.record()
                            || c.base(id) != row.base()) {
                        wrong.add(id + ": side " + c.side(id) + " year " + c.year(id) + " record " + c.record(id));
                    }
                    return true;
                });
                return null;
            });
            assertTrue(wrong.isEmpty(), wrong.toString());
            java.util.Map<Integer, long[]> plainByYear = new java.util.TreeMap<>(); // games, disc difference sum
            for (String y : new String[] {"2001", "2002"}) {
                try (WthorReader r = WthorReader.open(files.resolve("BIG_" + y + ".wtd"))) {
                    for (WthorGame g : r.games()) {
                        long[] sums = plainByYear.computeIfAbsent(Integer.parseInt(y), k -> new long[2]);
                        sums[0]++;
                        sums[1] += 2L * g.blackScore() - 100;
                    }
                }
            }
            List<org.thordb.stats.GroupStats> byYear = Stats.groups(db, "year", "board = 10");
            assertEquals(plainByYear.size(), byYear.size());
            for (org.thordb.stats.GroupStats g : byYear) {
                long[] sums = plainByYear.get(Integer.parseInt(g.group()));
                assertEquals(sums[0], g.games(), g.group());
                assertEquals((double) sums[1] / sums[0], g.avgDiff(), 1e-9, g.group());
            }
        }
    }

    /** A square taken by image {@code t} of {@link #images}: where the square of the game's board lands on the asked one. */
    private static int turn(int sq, int t) {
        // images(q).get(t) reads q at (rr, cc) for each (r, c): the game's square (rr, cc) shows at (r, c)
        for (int r = 0; r < 10; r++) {
            for (int c = 0; c < 10; c++) {
                if (source(r, c, t) == sq) {
                    return r * 10 + c;
                }
            }
        }
        throw new AssertionError(sq);
    }

    private static boolean isSymmetric(int[][] b) {
        List<String> im = images(b);
        return im.subList(1, 8).contains(im.get(0));
    }

    /** Whether a game begins with a line under one of the 4 symmetries keeping the 10×10 start. */
    private static boolean sameOpening(int[] g, int[] line) {
        for (int t : new int[] {0, 3, 4, 7}) { // identity, half turn, the two diagonals
            boolean all = true;
            for (int i = 0; i < line.length && all; i++) {
                all = g[i] == source(line[i] / 10, line[i] % 10, t);
            }
            if (all) {
                return true;
            }
        }
        return false;
    }
}
