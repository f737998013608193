package org.thordb;

import org.thordb.usecase.Stats;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.thordb.engine.Engine;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.othello.Notation;
import org.thordb.othello.Symmetry;
import org.thordb.stats.GroupStats;
import org.thordb.testing.PlainScan;

/**
 * A player's results from the player's side ({@code stats --as}): by year and by opening, as Black,
 * as White and both, equal a plain computation over the player's games in the FFO files (the PGN
 * copies of 1990 beside them are counted once).
 */
@org.junit.jupiter.api.condition.EnabledIf(value = "org.thordb.testing.SharedData#hasWthor",
        disabledReason = "../shared/data/wthor not found: the FFO base is not there")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@org.thordb.testing.FullTier
class PlayersSideTest {
    private Engine db;
    private PlainScan ffo;

    @BeforeAll
    void load() {
        db = org.thordb.testing.RealStore.withTextSources();
        ffo = org.thordb.testing.RealStore.scan();
    }

    /** Sums from the player's side: games, wins, draws, disc difference, known theoretical discs and their games. */
    private static final class Sums {
        long games;
        long wins;
        long draws;
        long diff;
        long theo;
        long known;
    }

    private Map<String, Sums> plain(String player, boolean black, boolean white, Function<PlainScan.Game, String> key) {
        Map<String, Sums> out = new TreeMap<>();
        for (PlainScan.Game g : ffo.games()) {
            boolean asBlack = black && g.black().equals(player);
            boolean asWhite = white && g.white().equals(player);
            if (asBlack == asWhite) {
                continue;
            }
            String k = key.apply(g);
            if (k == null) {
                continue;
            }
            int b = g.game().blackScore();
            int diff = asBlack ? 2 * b - 64 : 64 - 2 * b;
            Sums s = out.computeIfAbsent(k, x -> new Sums());
            s.games++;
            s.wins += diff > 0 ? 1 : 0;
            s.draws += diff == 0 ? 1 : 0;
            s.diff += diff;
            s.theo += asBlack ? g.game().theoreticalScore() : 64 - g.game().theoreticalScore();
            s.known++; // every FFO score is known
        }
        return out;
    }

    /** The first four moves turned so that the first is f5, as {@code opening4} names them. */
    private static String opening4(PlainScan.Game g) {
        int[] sq = g.game().squares();
        if (sq.length < 4 || sq[3] < 0) {
            return null;
        }
        for (Symmetry s : Symmetry.startPreserving()) {
            if (s.apply(sq[0]) == Notation.F5) {
                StringBuilder b = new StringBuilder();
                for (int i = 0; i < 4; i++) {
                    b.append(Notation.name(s.apply(sq[i])));
                }
                return b.toString();
            }
        }
        return null;
    }

    /** The longest named opening the game begins with, turned to begin with f5 (a plain search of the names' lines). */
    private static String named(PlainScan.Game g) {
        int[] sq = g.game().squares();
        if (sq.length == 0 || sq[0] < 0) {
            return null;
        }
        for (Symmetry s : Symmetry.startPreserving()) {
            if (s.apply(sq[0]) == Notation.F5) {
                String best = "(no named opening)";
                int bestLength = 0;
                for (org.thordb.othello.OpeningNames.Named n : org.thordb.othello.OpeningNames.standard().all()) {
                    int[] line = n.line();
                    boolean all = line.length > bestLength && line.length <= sq.length;
                    for (int k = 0; all && k < line.length; k++) {
                        all = sq[k] >= 0 && s.apply(sq[k]) == line[k];
                    }
                    if (all) {
                        best = n.name();
                        bestLength = line.length;
                    }
                }
                return best;
            }
        }
        return null;
    }

    private void check(String player, String by, String colour, Function<PlainScan.Game, String> key) {
        boolean black = !colour.equals("white");
        boolean white = !colour.equals("black");
        Map<String, Sums> want = plain(player, black, white, key);
        assertTrue(!want.isEmpty(), player + " " + colour);
        List<GroupStats> rows = Stats.groups(db, by, "", player, colour);
        assertEquals(want.size(), rows.size(), player + " by " + by + " as " + colour + ": " + rows);
        for (GroupStats r : rows) {
            Sums s = want.get(r.group());
            assertTrue(s != null, "group " + r.group());
            String what = player + " " + by + " " + r.group() + " as " + colour;
            assertEquals(s.games, r.games(), what);
            assertEquals(s.wins, r.wins(), what);
            assertEquals(s.draws, r.draws(), what);
            assertEquals(s.games - s.wins - s.draws, r.losses(), what);
            assertEquals(100.0 * (s.wins + s.draws / 2.0) / s.games, r.scorePct(), 1e-9, what);
            assertEquals((double) s.diff / s.games, r.avgDiff(), 1e-9, what);
            assertEquals(s.known, r.theoreticalGames(), what);
            assertEquals((double) s.theo / s.known, r.avgTheoretical(), 1e-9, what);
        }
    }

    @Test
    void byYearAndByOpeningFromThePlayersSideAsBlackAsWhiteAndBoth() {
        for (String player : List.of("Tastet Marc", "Shaman David")) {
            for (String colour : List.of("both", "black", "white")) {
                check(player, "year", colour, g -> Integer.toString(g.year()));
                check(player, "opening4", colour, PlayersSideTest::opening4);
                check(player, "opening", colour, PlayersSideTest::named);
            }
        }
    }

    @Test
    void resultsAreTheirWinsDrawsAndLosses() {
        List<GroupStats> rows = Stats.groups(db, "result", "", "Tastet Marc", null);
        Map<String, Sums> all = plain("Tastet Marc", true, true, g -> "all");
        assertEquals(List.of("win", "draw", "loss"), rows.stream().map(GroupStats::group).toList());
        assertEquals(all.get("all").wins, rows.get(0).games());
        assertEquals(all.get("all").draws, rows.get(1).games());
        assertEquals(all.get("all").games - all.get("all").wins - all.get("all").draws, rows.get(2).games());
        assertEquals(ErrorCode.BAD_ARGUMENT, assertThrows(ThorDbException.class,
                () -> Stats.groups(db, "player", "", "Tastet Marc", null)).code());
        assertEquals(ErrorCode.BAD_ARGUMENT, assertThrows(ThorDbException.class,
                () -> Stats.groups(db, "year", "", "Tastet Marc", "red")).code());
    }
}
