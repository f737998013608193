package org.thordb;

import org.thordb.usecase.Games;
import org.thordb.usecase.Stats;
import org.thordb.engine.Engine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.othello.Replay;
import org.thordb.othello.Side;
import org.thordb.othello.Symmetry;
import org.thordb.stats.GroupStats;
import org.thordb.testing.PlainScan;
import org.thordb.testing.TestBase;

/**
 * Board conditions and grouped statistics against a plain replay of every game with {@link
 * Position} objects (each board turned through the 8 symmetries and compared square by square with
 * the pattern's text), and sums made here game by game: never the indexes or the game table.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class BoardAndStatsContract {
    Engine db;
    PlainScan scan;
    TestBase base;
    /** Each game's boards after 0, 1, … moves (as far as its moves are legal). */
    private final Map<PlainScan.Game, List<Position>> boards = new HashMap<>();

    abstract TestBase base();

    @BeforeAll
    void replayEveryGame() {
        base = base();
        db = base.db();
        scan = base.scan();
        for (PlainScan.Game g : scan.games()) {
            List<Position> b = new ArrayList<>();
            if (g.game().side() == 8) {
                Replay.replay(g.game().squares(), (ply, p) -> b.add(p));
            }
            boards.put(g, b);
        }
    }

    /** Whether the board matches a pattern's 64 characters (X O - ?) as written. */
    private static boolean matches(Position p, String pattern) {
        for (int i = 0; i < 64; i++) {
            char c = pattern.charAt(i);
            long m = 1L << i;
            char here = (p.black() & m) != 0 ? 'X' : (p.white() & m) != 0 ? 'O' : '-';
            if (c != '?' && c != here) {
                return false;
            }
        }
        return true;
    }

    private static boolean anyOrientation(Position p, String pattern) {
        for (Symmetry s : Symmetry.values()) {
            if (matches(p.transform(s), pattern)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a condition on one board holds at one of the moves from..to (clipped to the game). */
    private boolean at(PlainScan.Game g, int from, int to, java.util.function.Predicate<Position> c) {
        List<Position> b = boards.get(g);
        for (int k = from; k <= Math.min(to, b.size() - 1); k++) {
            if (c.test(b.get(k))) {
                return true;
            }
        }
        return false;
    }

    private static String side(Side s) {
        return s == Side.BLACK ? "X" : "O";
    }

    /** A pattern made from a real board: every third square left open, the whole turned by a symmetry. */
    private String patternOf(Position p, Symmetry turn) {
        String board = p.transform(turn).toBoardString().substring(0, 64);
        StringBuilder sb = new StringBuilder(board);
        for (int i = 0; i < 64; i += 3) {
            sb.setCharAt(i, '?');
        }
        return sb.toString();
    }

    @Test
    void everyBoardConditionAgreesWithAPlainReplay() {
        PlainScan.Game sample = scan.games().stream().filter(g -> boards.get(g).size() > 45).skip(7).findFirst().orElseThrow();
        Position at20 = boards.get(sample).get(20);
        String turned = patternOf(at20, Symmetry.FLIP_DIAGONAL);
        String asIs = patternOf(at20, Symmetry.IDENTITY);
        String corner = "X" + "?".repeat(63);
        String player = base.player();
        Map<String, java.util.function.Predicate<PlainScan.Game>> cases = new LinkedHashMap<>();
        cases.put("pattern = \"" + turned + "\" at move 20", g -> at(g, 20, 20, p -> anyOrientation(p, turned)));
        cases.put("pattern = \"" + turned + " " + side(at20.toMove()) + "\" at move 20",
                g -> at(g, 20, 20, p -> anyOrientation(p, turned) && p.toMove() == at20.toMove()));
        cases.put("board = \"" + turned + "\" at move 20", g -> at(g, 20, 20, p -> matches(p, turned)));
        cases.put("board = \"" + asIs + "\" at move 20", g -> at(g, 20, 20, p -> matches(p, asIs)));
        cases.put("pattern = \"" + corner + "\"", g -> at(g, 0, 60, p -> anyOrientation(p, corner)));
        cases.put("pattern = \"" + corner + "\" from move 10 to move 30", g -> at(g, 10, 30, p -> anyOrientation(p, corner)));
        cases.put("board = \"" + corner + "\" before move 40", g -> at(g, 0, 39, p -> matches(p, corner)));
        cases.put("discs(black) at move 40 > 26", g -> at(g, 40, 40, p -> p.blackDiscs() > 26));
        cases.put("discs(white) > 50", g -> at(g, 0, 60, p -> p.whiteDiscs() > 50));
        cases.put("corners(black) before move 20 >= 1", g -> at(g, 0, 19, p -> Long.bitCount(p.black()
                & (1L | 1L << 7 | 1L << 56 | 1L << 63)) >= 1));
        cases.put("mobility(white) at move 30 <= 3", g -> at(g, 30, 30, p -> org.thordb.testing.BoardCounts.mobility(p, false) <= 3));
        cases.put("mobility(black) > 14", g -> at(g, 0, 60, p -> org.thordb.testing.BoardCounts.mobility(p, true) > 14));
        cases.put("frontier(black) at move 20 < 4", g -> at(g, 20, 20, p -> org.thordb.testing.BoardCounts.frontier(p, true) < 4));
        cases.put("frontier(white) from move 40 to move 44 >= 20", g -> at(g, 40, 44,
                p -> org.thordb.testing.BoardCounts.frontier(p, false) >= 20));
        // a sequence: Black takes a corner, then White one within 4 moves (each counted on its own board)
        cases.put("corners(black) >= 1 then corners(white) >= 1 within 4 moves", g -> {
            List<Position> b = boards.get(g);
            for (int i = 0; i < b.size(); i++) {
                for (int j = i + 1; j <= i + 4 && j < b.size(); j++) {
                    if (Long.bitCount(b.get(i).black() & 0x8100000000000081L) >= 1
                            && Long.bitCount(b.get(j).white() & 0x8100000000000081L) >= 1) {
                        return true;
                    }
                }
            }
            return false;
        });
        cases.put("square d3 = black at move 1 then mobility(white) <= 3 then empties at end > 0", g -> {
            List<Position> b = boards.get(g);
            int n = b.size() - 1;
            if (n < 1 || (b.get(1).black() & 1L << 19) == 0 || 64 - b.get(n).discs() <= 0) {
                return false;
            }
            for (int j = 2; j < n; j++) { // the middle step strictly between move 1 and the last board
                if (org.thordb.testing.BoardCounts.mobility(b.get(j), false) <= 3) {
                    return true;
                }
            }
            return false;
        });
        cases.put("square a1 = white at move 30", g -> at(g, 30, 30, p -> (p.white() & 1L) != 0));
        cases.put("square h8 != empty at move 45", g -> at(g, 45, 45, p -> ((p.black() | p.white()) & (1L << 63)) != 0));
        cases.put("empties at end > 0", g -> {
            List<Position> b = boards.get(g);
            return !b.isEmpty() && 64 - b.get(b.size() - 1).discs() > 0;
        });
        cases.put("player = \"" + player + "\" and pattern = \"" + corner + "\" at move 40", g ->
                (g.black().equals(player) || g.white().equals(player)) && at(g, 40, 40, p -> anyOrientation(p, corner)));
        cases.put("not discs(black) at move 20 > 10 and year >= 2000", g -> g.year() >= 2000
                && !at(g, 20, 20, p -> p.blackDiscs() > 10));
        for (Map.Entry<String, java.util.function.Predicate<PlainScan.Game>> c : cases.entrySet()) {
            long want = scan.count(c.getValue());
            assertEquals(want, Games.count(db, c.getKey()), c.getKey());
        }
        // the pattern found the game it was made from, turned; the board as written did not need to
        assertTrue(Games.select(db, "pattern = \"" + turned + "\" at move 20").getCardinality() >= 1);
        assertTrue(scan.count(cases.get("board = \"" + asIs + "\" at move 20")) >= 1);
        // the board last, asked about the player's games only (what the index part leaves)
        String q = "player = \"" + player + "\" and pattern = \"" + corner + "\" at move 40";
        org.thordb.query.plan.QueryPlan plan = db.read(r -> org.thordb.query.plan.QueryPlanner.plan(
                org.thordb.query.parse.QueryParser.parse(q), r).plan());
        org.thordb.query.plan.QueryPlan.And and = (org.thordb.query.plan.QueryPlan.And) plan;
        org.thordb.query.plan.QueryPlan.Check last = (org.thordb.query.plan.QueryPlan.Check) and.children().get(and.children().size() - 1);
        assertEquals(Games.count(db, "player = \"" + player + "\""), last.candidates(), plan.toString());
        assertTrue(Games.explain(db, q).contains("the board last, on the games the indexes leave"));
    }

    /** One group's figures made here from the plain scan. */
    private static final class Sums {
        long games;
        long wins;
        long draws;
        long diff;
        long theo;
        int first = Integer.MAX_VALUE;
        int last = Integer.MIN_VALUE;

        void add(PlainScan.Game g, boolean black) {
            int total = g.game().side() * g.game().side();
            int b = g.game().blackScore();
            int d = black ? 2 * b - total : total - 2 * b;
            games++;
            wins += d > 0 ? 1 : 0;
            draws += d == 0 ? 1 : 0;
            diff += d;
            theo += black ? g.game().theoreticalScore() : total - g.game().theoreticalScore();
            first = Math.min(first, g.year());
            last = Math.max(last, g.year());
        }
    }

    private void same(String by, String where, Map<String, Sums> want) {
        List<GroupStats> got = Stats.groups(db, by, where);
        assertEquals(want.size(), got.size(), by + " " + where);
        for (GroupStats r : got) {
            Sums s = want.get(r.group());
            assertTrue(s != null, by + ": no group " + r.group());
            String what = by + " " + r.group();
            assertEquals(s.games, r.games(), what);
            assertEquals(s.wins, r.wins(), what);
            assertEquals(s.draws, r.draws(), what);
            assertEquals(s.games - s.wins - s.draws, r.losses(), what);
            assertEquals(100.0 * (s.wins + s.draws / 2.0) / s.games, r.scorePct(), 1e-9, what);
            assertEquals((double) s.diff / s.games, r.avgDiff(), 1e-9, what);
            assertEquals((double) s.theo / s.games, r.avgTheoretical(), 1e-9, what);
            assertEquals(s.first, r.firstYear(), what);
            assertEquals(s.last, r.lastYear(), what);
        }
    }

    private Map<String, Sums> sums(java.util.function.Predicate<PlainScan.Game> where,
                                   Function<PlainScan.Game, List<Map.Entry<String, Boolean>>> keys) {
        Map<String, Sums> out = new HashMap<>();
        for (PlainScan.Game g : scan.games()) {
            if (where.test(g)) {
                for (Map.Entry<String, Boolean> k : keys.apply(g)) {
                    out.computeIfAbsent(k.getKey(), x -> new Sums()).add(g, k.getValue());
                }
            }
        }
        return out;
    }

    /** The first moves of a game turned so that it begins with f5. */
    private static String firstMoves(PlainScan.Game g, int n) {
        int[] sq = g.game().squares();
        for (Symmetry s : Symmetry.startPreserving()) {
            if (s.apply(sq[0]) == Notation.F5) {
                StringBuilder sb = new StringBuilder();
                for (int i = 0; i < n; i++) {
                    sb.append(Notation.name(s.apply(sq[i])));
                }
                return sb.toString();
            }
        }
        throw new AssertionError("a first move that is not f5 in any orientation");
    }

    @Test
    void everyGroupingAgreesWithSumsMadeGameByGame() {
        String p1 = base.player();
        String q1 = "player = \"" + p1 + "\"";
        same("player", "", sums(g -> true, g -> List.of(Map.entry(g.black(), true), Map.entry(g.white(), false))));
        same("black", "year >= 2000", sums(g -> g.year() >= 2000, g -> List.of(Map.entry(g.black(), true))));
        same("white", "", sums(g -> true, g -> List.of(Map.entry(g.white(), false))));
        same("opponent", q1, sums(g -> g.black().equals(p1) || g.white().equals(p1), g -> {
            List<Map.Entry<String, Boolean>> k = new ArrayList<>();
            if (g.black().equals(p1)) {
                k.add(Map.entry(g.white(), true));
            }
            if (g.white().equals(p1)) {
                k.add(Map.entry(g.black(), false));
            }
            return k;
        }));
        same("tournament", "", sums(g -> true, g -> List.of(Map.entry(g.tournament(), true))));
        same("year", q1, sums(g -> g.black().equals(p1) || g.white().equals(p1),
                g -> List.of(Map.entry(Integer.toString(g.year()), true))));
        same("result", "", sums(g -> true, g -> {
            int d = 2 * g.game().blackScore() - g.game().side() * g.game().side();
            return List.of(Map.entry(d > 0 ? "black" : d < 0 ? "white" : "draw", true));
        }));
        same("opening4", "year < 2005", sums(g -> g.year() < 2005 && g.game().side() == 8,
                g -> List.of(Map.entry(boards.get(g).size() > 4 ? firstMoves(g, 4) : "(shorter than 4 moves)", true))));
        // as deep as the openings' postings go, and deeper (the games' moves replayed)
        for (int depth : new int[] {10, 12}) {
            same("opening" + depth, "year >= 2000", sums(g -> g.year() >= 2000 && g.game().side() == 8,
                    g -> List.of(Map.entry(boards.get(g).size() > depth ? firstMoves(g, depth)
                            : "(shorter than " + depth + " moves)", true))));
        }
        // by name: the longest named line the game begins with (the first listed of two as long)
        List<org.thordb.othello.OpeningNames.Named> named = org.thordb.othello.OpeningNames.standard().all();
        same("opening", "year < 2000", sums(g -> g.year() < 2000 && g.game().side() == 8, g -> {
            int plies = boards.get(g).size() - 1;
            String moves = plies == 0 ? "" : firstMoves(g, plies);
            String best = "(no named opening)";
            int bestLength = 0;
            for (org.thordb.othello.OpeningNames.Named n : named) {
                StringBuilder line = new StringBuilder();
                for (int sq : n.line()) {
                    line.append(Notation.name(sq));
                }
                if (n.line().length > bestLength && n.line().length <= plies && moves.startsWith(line.toString())) {
                    best = n.name();
                    bestLength = n.line().length;
                }
            }
            return List.of(Map.entry(best, true));
        }));
        // head-to-head: the player's record against the opponent met most
        List<GroupStats> h2h = Stats.groups(db, "opponent", q1);
        assertFalse(h2h.isEmpty());
        GroupStats top = h2h.get(0);
        String both = q1 + " and player = \"" + top.group() + "\"";
        assertEquals(Games.count(db, both), top.games(), "the games of the two together");
    }
}
