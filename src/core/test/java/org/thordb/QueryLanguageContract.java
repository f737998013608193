package org.thordb;

import org.thordb.usecase.Games;
import org.thordb.engine.Engine;
import org.thordb.engine.MatchedGames;
import org.thordb.engine.StoredGame;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.othello.Replay;
import org.thordb.othello.Symmetry;
import org.thordb.query.parse.QueryParser;
import org.thordb.testing.PlainScan;
import org.thordb.testing.TestBase;

/**
 * Every field and operator of the language, each answer compared with a plain scan of the files
 * (the codecs and a replay; no index), and the errors with their positions: on the generated
 * sample base ({@link QueryLanguageTest}) and on the FFO base ({@link QueryLanguageRealTest}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class QueryLanguageContract {
    Engine db;
    PlainScan scan;
    TestBase base;
    private String p1;
    private String p2;
    private String t1;

    /** The base the tests run on. */
    abstract TestBase base();

    @BeforeAll
    void theSharedStore() {
        base = base();
        db = base.db();
        scan = base.scan();
        p1 = base.player();
        p2 = base.otherPlayer();
        t1 = base.tournament();
    }

    /** Names as the language matches them ({@link PlainScan#fold}). */
    private static String lower(String s) {
        return PlainScan.fold(s);
    }

    private static String q(String name) {
        return "\"" + name + "\"";
    }

    private static int score(PlainScan.Game g) {
        return g.game().blackScore();
    }

    private static int theo(PlainScan.Game g) {
        return g.game().theoreticalScore();
    }

    private static int moves(PlainScan.Game g) {
        return g.game().moveCount();
    }

    /** Whether a game begins with a line under one of the 4 symmetries of the start position. */
    private static boolean beginsWith(PlainScan.Game g, String line) {
        return beginsWith(g, Notation.parseLine(line));
    }

    private static boolean beginsWith(PlainScan.Game g, int[] want) {
        int[] have = g.game().squares();
        if (have.length < want.length) {
            return false;
        }
        for (Symmetry s : Symmetry.startPreserving()) {
            boolean all = true;
            for (int i = 0; i < want.length && all; i++) {
                all = s.apply(want[i]) == have[i];
            }
            if (all) {
                return true;
            }
        }
        return false;
    }

    private static boolean reaches(PlainScan.Game g, Position p) {
        return g.canonicalPositions().contains(p.canonical());
    }

    /**
     * Lines of 10 and 11 moves count what the scan counts, among them those of games alone in their
     * file with their first 9 moves, whose 10-move term a store that splits its openings does not
     * write (Terms.openingUnsplit): each such game found through its 9-move line and its record.
     */
    @Test
    @org.junit.jupiter.api.extension.ExtendWith(org.thordb.testing.Seeded.class)
    void linesOfTenAndElevenMovesCountWhatTheScanCounts(java.util.SplittableRandom rnd) {
        List<int[]> lines = new ArrayList<>();
        List<int[]> unsplit = db.read(r -> {
            List<int[]> out = new ArrayList<>();
            org.roaringbitmap.RoaringBitmap ids = r.term(org.thordb.index.Field.OPENING, org.thordb.index.Terms.openingUnsplit());
            for (int k = 0; k < 40 && !ids.isEmpty(); k++) {
                int id = ids.select(rnd.nextInt(ids.getCardinality()));
                out.add(new org.thordb.wthor.WthorGame(r.game(id).raw(), 8).squares());
            }
            return out;
        });
        assertTrue(unsplit.size() > 0, "the store splits its 10-move openings (" + base.label() + ")");
        lines.addAll(unsplit);
        List<PlainScan.Game> all = scan.games();
        for (int k = 0; k < 40; k++) {
            lines.add(all.get(rnd.nextInt(all.size())).game().squares());
        }
        int asked = 0;
        for (int[] moves : lines) {
            for (int length = 10; length <= 11 && length <= moves.length; length++) {
                Symmetry s = Symmetry.startPreserving()[rnd.nextInt(4)];
                StringBuilder line = new StringBuilder();
                for (int i = 0; i < length; i++) {
                    line.append(Notation.name(s.apply(moves[i])));
                }
                String l = line.toString();
                int[] parsed = Notation.parseLine(l);
                long want = scan.count(g -> beginsWith(g, parsed));
                assertTrue(want > 0, l);
                assertEquals(want, Games.count(db, "opening = " + l), "opening = " + l + " (" + base.label() + ")");
                asked++;
            }
        }
        assertTrue(asked >= 40, asked + " lines asked");
    }

    @Test
    void everyFieldAndOperatorAgreesWithAPlainScan() {
        Position p10 = Position.afterLine("f5d6c3d3c4f4f6f3e6e7");
        Map<String, Predicate<PlainScan.Game>> cases = new LinkedHashMap<>();
        String part = TestBase.part(p1);
        String part2 = TestBase.part(p2);
        String tpart = lower(t1.substring(t1.length() - 4));
        cases.put("player = " + q(p1), g -> lower(g.black()).equals(lower(p1)) || lower(g.white()).equals(lower(p1)));
        cases.put("PLAYER = " + q(lower(p1)), g -> lower(g.black()).equals(lower(p1)) || lower(g.white()).equals(lower(p1)));
        cases.put("player ~ " + q(part), g -> lower(g.black()).contains(part) || lower(g.white()).contains(part));
        cases.put("black = " + q(p1), g -> lower(g.black()).equals(lower(p1)));
        cases.put("white ~ " + q(part2.toUpperCase(Locale.ROOT)), g -> lower(g.white()).contains(part2));
        cases.put("tournament = " + q(t1), g -> lower(g.tournament()).equals(lower(t1)));
        cases.put("tournament ~ " + q(tpart), g -> lower(g.tournament()).contains(tpart));
        // accents are ignored as case is, both ways
        cases.put("tournament ~ \"prequalif\"", g -> lower(g.tournament()).contains("prequalif"));
        cases.put("tournament ~ \"PRÉQUALIF\"", g -> lower(g.tournament()).contains("prequalif"));
        // opening names: the names file's lines, stated here on their own
        cases.put("opening = tiger", g -> beginsWith(g, "f5d6c3d3c4"));
        cases.put("opening = \"Rose-v-Toth\"", g -> beginsWith(g, "f5f6e6f4e3c5c4"));
        cases.put("opening = Buffalo", g -> beginsWith(g, "f5f6e6f4c3"));
        cases.put("position = tiger", g -> reaches(g, Position.afterLine("f5d6c3d3c4")));
        cases.put("base = " + q(lower(base.db().catalog().bases().get(0).name())), g -> true);
        cases.put("base = \"PLAYOK\"", g -> false);
        cases.put("year = 1999", g -> g.year() == 1999);
        cases.put("year != 1999", g -> g.year() != 1999);
        cases.put("year < 1985", g -> g.year() < 1985);
        cases.put("year <= 1985", g -> g.year() <= 1985);
        cases.put("year > 2010", g -> g.year() > 2010);
        cases.put("year >= 2010", g -> g.year() >= 2010);
        cases.put("year in 1990..1993", g -> g.year() >= 1990 && g.year() <= 1993);
        cases.put("score = 32", g -> score(g) == 32);
        cases.put("score > 60", g -> score(g) > 60);
        cases.put("score in 0..10", g -> score(g) <= 10);
        cases.put("theoretical = 64", g -> theo(g) == 64);
        cases.put("theoretical <= 3", g -> theo(g) <= 3);
        cases.put("moves < 58", g -> moves(g) < 58);
        cases.put("moves != 60", g -> moves(g) != 60);
        cases.put("theoretical > score", g -> theo(g) > score(g));
        cases.put("score >= theoretical", g -> score(g) >= theo(g));
        cases.put("score = theoretical", g -> score(g) == theo(g));
        cases.put("moves < score", g -> moves(g) < score(g));
        cases.put("year > score", g -> g.year() > score(g));
        cases.put("result = black", g -> score(g) > 32);
        cases.put("result = white", g -> score(g) < 32);
        cases.put("result = draw", g -> score(g) == 32);
        cases.put("opening = f5d6", g -> beginsWith(g, "f5d6"));
        cases.put("opening = d3c5", g -> beginsWith(g, "f5d6"));
        cases.put("opening = F5F4E3", g -> beginsWith(g, "f5f4e3"));
        cases.put("opening = f5d6c3d3c4f4f6f3e6e7d7g6", g -> beginsWith(g, "f5d6c3d3c4f4f6f3e6e7d7g6"));
        cases.put("position = f5d6c3d3c4f4f6f3e6e7", g -> reaches(g, p10));
        cases.put("position = c4e3f6e6f5c5f4g5g4f3", g -> reaches(g, Replay.replay(
                Notation.parseLine("c4e3f6e6f5c5f4g5g4f3"), null).finalPosition()));
        cases.put("position = \"" + p10.transform(Symmetry.ROTATE_90).toBoardString() + "\"", g -> reaches(g, p10));
        cases.put("player = " + q(p1) + " and opening = f5d6", g -> (g.black().equals(p1)
                || g.white().equals(p1)) && beginsWith(g, "f5d6"));
        cases.put("record in 3..9", g -> g.record() >= 3 && g.record() <= 9);
        cases.put("record = 0 and year >= 2000", g -> g.record() == 0 && g.year() >= 2000);
        cases.put("result = draw or score = 33 and year < 1990", g -> score(g) == 32 || (score(g) == 33 && g.year() < 1990));
        cases.put("(result = draw or score = 33) and year < 1990", g -> (score(g) == 32 || score(g) == 33) && g.year() < 1990);
        cases.put("not result = draw and not (year > 1980)", g -> score(g) != 32 && g.year() <= 1980);
        cases.put("NOT not year = 2000 -- a comment\n", g -> g.year() == 2000);
        // a year or a base limits the other parts of a conjunction to its files' entries
        cases.put("tournament ~ " + q(tpart) + " and result = draw and year >= 2000", g -> g.year() >= 2000
                && score(g) == 32 && lower(g.tournament()).contains(tpart));
        cases.put("year in 1990..1995 and position = f5d6c3d3c4f4f6f3e6e7", g -> g.year() >= 1990 && g.year() <= 1995
                && reaches(g, p10));
        cases.put("year = 2005 and opening = f5d6c3d3c4f4f6f3e6e7d7g6", g -> g.year() == 2005
                && beginsWith(g, "f5d6c3d3c4f4f6f3e6e7d7g6"));
        cases.put("year < 1990 and not result = draw", g -> g.year() < 1990 && score(g) != 32);
        cases.put("year >= 2000 and (player ~ " + q(part) + " or score > 60)", g -> g.year() >= 2000
                && (lower(g.black()).contains(part) || lower(g.white()).contains(part) || score(g) > 60));
        cases.put("base = " + q(base.db().catalog().bases().get(0).name()) + " and year != 1999 and theoretical > score",
                g -> g.year() != 1999 && theo(g) > score(g));
        cases.put("year > 2010 and year < 2013 and moves < 58", g -> g.year() > 2010 && g.year() < 2013 && moves(g) < 58);
        // the columns test a conjunction's survivors: a name, then a score and a comparison on its games
        cases.put("player = " + q(p1) + " and score > 40 and theoretical >= score", g -> (lower(g.black()).equals(lower(p1))
                || lower(g.white()).equals(lower(p1))) && score(g) > 40 && theo(g) >= score(g));
        cases.put("opening = f5d6 and not (player ~ " + q(part) + ") and moves = 60", g -> beginsWith(g, "f5d6")
                && !(lower(g.black()).contains(part) || lower(g.white()).contains(part)) && moves(g) == 60);
        for (Map.Entry<String, Predicate<PlainScan.Game>> c : cases.entrySet()) {
            long want = scan.count(c.getValue());
            assertEquals(want, Games.count(db, c.getKey()), c.getKey());
            // and each way the planner can take: postings only, the per-game columns wherever they answer
            org.thordb.query.ast.Expr e = org.thordb.query.parse.QueryParser.parse(c.getKey());
            for (org.thordb.query.plan.QueryPlanner.Access a : org.thordb.query.plan.QueryPlanner.Access.values()) {
                assertEquals(want, (long) db.read(r -> org.thordb.query.plan.QueryPlanner.plan(e, r, a).execute(r)
                        .getLongCardinality()), c.getKey() + " with " + a);
            }
            // and planned as before the leapfrog: every part read whole
            org.thordb.query.plan.QueryPlanner.leapfrog(false);
            try {
                assertEquals(want, Games.count(db, c.getKey()), c.getKey() + " without the leapfrog");
            } finally {
                org.thordb.query.plan.QueryPlanner.leapfrog(true);
            }
        }
        // the columns are what the forced plans read: explain says so
        String columns = db.read(r -> org.thordb.query.plan.QueryPlanner.plan(org.thordb.query.parse.QueryParser.parse(
                "player = " + q(p1) + " and score > 40"), r, org.thordb.query.plan.QueryPlanner.Access.COLUMNS)
                .plan().explain(r.catalog()));
        assertTrue(columns.contains("score > 40: the per-game columns, tested on the "), columns);
        Position tenth = Replay.replay(scan.games().get(0).game().squares(), 10, null).finalPosition();
        assertTrue(scan.count(g -> reaches(g, tenth)) >= 1);
        assertEquals(scan.count(g -> reaches(g, tenth)), Games.count(db, "position = \"" + tenth.toBoardString() + "\""));
        assertEquals(Games.count(db, "opening = f5d6"), Games.count(db, "opening = d3c5"));
        assertEquals(Games.count(db, "opening = f5d6"), Games.count(db, "opening = e6f4"));
        assertEquals(Games.count(db, "opening = f5d6"), Games.count(db, "opening = c4e3"));
    }

    @Test
    void aFinalPositionMatchesOnlyAFinalPosition() {
        PlainScan.Game finished = scan.games().stream().filter(g -> moves(g) == 60).findFirst().orElseThrow();
        Position end = Replay.replay(finished.game().squares(), null).finalPosition();
        assertTrue(end.isFinal());
        String board = end.toBoardString(); // ends with " X": parsed, the side settles to nobody
        long want = scan.count(g -> reaches(g, end));
        assertEquals(want, Games.count(db, "position = \"" + board + "\""));
        assertTrue(want >= 1);
    }

    @Test
    void queriesStreamTheirGamesAndClose() {
        try (MatchedGames r = db.query("player = " + q(p1) + " and year = 2010")) {
            List<StoredGame> games = r.stream().toList();
            assertEquals(r.count(), games.size());
            assertEquals(scan.count(g -> g.year() == 2010 && (g.black().equals(p1) || g.white().equals(p1))), games.size());
            for (StoredGame g : games) {
                assertEquals(2010, g.year());
                assertTrue(g.black().equals(p1) || g.white().equals(p1));
            }
        }
        // a game's id, as jsonl shows it, finds that game again
        try (MatchedGames r = db.query("year = 2005")) {
            StoredGame first = r.stream().findFirst().orElseThrow();
            assertEquals(1, Games.count(db, "id = " + first.id()));
            assertEquals(first, Games.of(db, Games.select(db, "id = " + first.id())).get(0));
            assertEquals(first.record(), Games.of(db, Games.select(db, "id = " + first.id())).get(0).record());
        }
        MatchedGames closed = db.query("year = 2015");
        closed.close();
        assertEquals(ErrorCode.CLOSED, assertThrows(ThorDbException.class, () -> closed.iterator().next()).code());
    }

    private static ThorDbException error(String q) {
        ThorDbException e = assertThrows(ThorDbException.class, () -> QueryParser.parse(q));
        assertEquals(ErrorCode.QUERY, e.code());
        return e;
    }

    @Test
    void errorsNameTheLineAndColumnWithACaret() {
        ThorDbException e = error("year = ");
        assertTrue(e.getMessage().startsWith("query error at line 1, column 8:"), e.getMessage());
        assertEquals("  year = \n         ^", e.detail());
        e = error("player = \"Tastet Marc\" and\nopening = f5f5");
        assertTrue(e.getMessage().startsWith("query error at line 2, column 11: the opening f5f5 is not legal"),
                e.getMessage());
        assertEquals("  opening = f5f5\n            ^", e.detail());
        assertTrue(error("year in 2000..1990").getMessage().contains("the range 2000..1990 is empty"));
        assertTrue(error("colour = black").getMessage().startsWith("query error at line 1, column 1"));
        assertTrue(error("year = 1990 $").getMessage().contains("column 13: unexpected character '$'"));
        assertTrue(error("position = \"XO-\"").getMessage().contains("a board string has 64 squares"));
        assertTrue(error("(year = 1990").getMessage().contains("line 1, column 13"));
        assertTrue(error("year = 99999999999").getMessage().contains("too large"));
    }

    @Test
    void lengthAndNestingAreBounded() {
        String longQuery = "year = 1990 or ".repeat(400) + "year = 1991";
        assertTrue(error(longQuery).getMessage().contains("at most " + QueryParser.MAX_LENGTH));
        String deep = "(".repeat(70) + "year = 1990" + ")".repeat(70);
        assertTrue(error(deep).getMessage().contains("nests deeper than " + QueryParser.MAX_DEPTH));
        String nots = "not ".repeat(70) + "year = 1990";
        assertTrue(error(nots).getMessage().contains("nests deeper"));
        String ok = "(".repeat(30) + "year = 1990" + ")".repeat(30);
        assertEquals(Games.count(db, "year = 1990"), Games.count(db, ok));
    }

    @Test
    void aConjunctionReadsItsLargerPartsThroughTheGamesItsSmallerPartsLeave() {
        // postings only (a one-shot process plans so when the columns are not made): the parts
        // are sized from their postings' headers, the smallest read whole, each next one read
        // through the games the parts before it leave
        Position tiger = Position.afterLine("f5d6c3d3c4");
        Predicate<PlainScan.Game> player = g -> lower(g.black()).equals(lower(p1)) || lower(g.white()).equals(lower(p1));
        long players = scan.count(player);
        long openings = scan.count(g -> beginsWith(g, "f5d6"));
        assertTrue(players > 0 && players < openings, players + " games of " + p1 + ", " + openings + " of f5d6");
        String query = "opening = f5d6 and position = tiger and player = " + q(p1);
        long want = scan.count(g -> player.test(g) && beginsWith(g, "f5d6") && reaches(g, tiger));
        org.thordb.query.ast.Expr e = org.thordb.query.parse.QueryParser.parse(query);
        org.thordb.query.plan.QueryPlan planned = db.read(r -> org.thordb.query.plan.QueryPlanner.plan(e, r,
                org.thordb.query.plan.QueryPlanner.Access.POSTINGS).plan());
        String plan = db.read(r -> planned.explain(r.catalog()));
        // the player's part read whole, first; the opening and the position (whichever says it is
        // smaller first) through what the parts before them leave: the plan's own parts say so
        org.thordb.query.plan.QueryPlan.And and = assertInstanceOf(org.thordb.query.plan.QueryPlan.And.class, planned, plan);
        assertEquals(3, and.children().size(), plan);
        var first = assertInstanceOf(org.thordb.query.plan.QueryPlan.Lookup.class, and.children().get(0), plan);
        assertEquals("player = " + q(p1), first.predicate().text(), plan);
        assertEquals(-1, first.through(), "read whole: " + plan);
        assertEquals(players, first.estimate(), plan);
        var second = assertInstanceOf(org.thordb.query.plan.QueryPlan.Lookup.class, and.children().get(1), plan);
        var third = assertInstanceOf(org.thordb.query.plan.QueryPlan.Lookup.class, and.children().get(2), plan);
        assertEquals(players, second.through(), "read through the player's games: " + plan);
        assertTrue(third.through() >= 0 && third.through() <= players, "read through what the two before leave: " + plan);
        assertEquals(java.util.Set.of("opening = f5d6", "position = tiger"),
                java.util.Set.of(second.predicate().text(), third.predicate().text()), plan);
        // and explain draws them so
        assertTrue(plan.contains("position = tiger: position postings and fingerprint blocks (5 moves in), candidates"
                + " replayed, read through the "), plan);
        assertEquals(want, (long) db.read(r -> org.thordb.query.plan.QueryPlanner.plan(e, r,
                org.thordb.query.plan.QueryPlanner.Access.POSTINGS).execute(r).getLongCardinality()), plan);
        assertEquals(want, Games.count(db, query));

        // a position a single game of its file reaches: its fingerprint candidates outside the
        // player's games are not replayed, and the answer is still the scan's
        PlainScan.Game some = scan.games().stream().filter(g -> g.game().squares().length >= 30).findFirst().orElseThrow();
        Position deep = Replay.replay(some.game().squares(), 24, null).finalPosition();
        for (String who : List.of(some.black(), p1)) {
            String q2 = "player = " + q(who) + " and position = \"" + deep.toBoardString() + "\" and opening = "
                    + Notation.line(java.util.Arrays.copyOf(some.game().squares(), 2));
            long want2 = scan.count(g -> (g.black().equals(who) || g.white().equals(who)) && reaches(g, deep)
                    && beginsWith(g, Notation.line(java.util.Arrays.copyOf(some.game().squares(), 2))));
            org.thordb.query.ast.Expr e2 = org.thordb.query.parse.QueryParser.parse(q2);
            for (org.thordb.query.plan.QueryPlanner.Access a : org.thordb.query.plan.QueryPlanner.Access.values()) {
                assertEquals(want2, (long) db.read(r -> org.thordb.query.plan.QueryPlanner.plan(e2, r, a).execute(r)
                        .getLongCardinality()), q2 + " with " + a);
            }
        }
    }

    @Test
    void explainShowsEachPartItsIndexAndItsGames() {
        String query = "player = " + q(p1) + " and opening = f5d6 and not year < 1990";
        String plan = Games.explain(db, query);
        List<String> lines = new ArrayList<>(plan.lines().toList());
        assertTrue(lines.get(0).startsWith("and: at most"), plan);
        // the player's part read whole: its postings, or the columns where the planner finds them cheaper
        assertTrue(lines.get(1).startsWith("  player = " + q(p1) + ": ") && lines.get(1).contains(" -> "
                + scan.count(g -> g.black().equals(p1) || g.white().equals(p1)) + " games"), plan);
        // the opening, far larger, is read through the games the player's part and the years leave
        long left = scan.count(g -> (g.black().equals(p1) || g.white().equals(p1)) && g.year() >= 1990);
        assertTrue(left < scan.count(g -> beginsWith(g, "f5d6")), left + " games left");
        assertTrue(plan.contains("opening = f5d6: opening postings of 2 moves, read through the " + left
                + " games the other parts leave (leapfrog: its postings probed for those games only, none decoded whole) -> "
                + scan.count(g -> (g.black().equals(p1) || g.white().equals(p1)) && g.year() >= 1990
                        && beginsWith(g, "f5d6")) + " games"), plan);
        assertTrue(plan.contains("year < 1990: the years' files, id ranges from the catalog -> "
                + scan.count(g -> g.year() < 1990) + " games"), plan);
        assertTrue(lines.get(lines.size() - 1).startsWith("result: " + Games.count(db, query) + " games"), plan);
        // the smallest part comes first, the part read through its games after it
        assertTrue(plan.indexOf("player =") < plan.indexOf("opening ="), plan);
        assertTrue(lines.get(0).endsWith("smallest part first, then the parts read through the games the parts before them leave"), plan);
    }
}
