package org.thordb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.engine.Engine;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.ingest.Importer;
import org.thordb.othello.Notation;
import org.thordb.othello.Symmetry;
import org.thordb.stats.Glicko2;
import org.thordb.testing.PlainScan;
import org.thordb.usecase.PlayerReport;
import org.thordb.wthor.WthorGame;

/**
 * A player's report against a plain replay of the FFO files: the games and results by colour and
 * by year, the replies to each first move, the most frequent lines, the most frequent opponent,
 * the endgames, for a prolific player, another, and one with a single game; a player spelled two
 * ways in two bases is one report; the ratings follow Glickman's worked example.
 */
@org.junit.jupiter.api.condition.EnabledIf(value = "org.thordb.testing.SharedData#hasWthor",
        disabledReason = "../shared/data/wthor not found: the FFO base is not there")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@org.thordb.testing.FullTier
class PlayerReportTest {
    private Engine db;
    private PlainScan ffo;

    @TempDir
    Path tmp;

    @BeforeAll
    void load() {
        db = org.thordb.testing.RealStore.db();
        ffo = org.thordb.testing.RealStore.scan();
    }

    /** The player's games of the plain scan: the game and whether the player had Black. */
    private List<Map.Entry<PlainScan.Game, Boolean>> games(String player) {
        String want = PlainScan.fold(player);
        List<Map.Entry<PlainScan.Game, Boolean>> out = new ArrayList<>();
        for (PlainScan.Game g : ffo.games()) {
            boolean b = PlainScan.fold(g.black()).equals(want);
            boolean w = PlainScan.fold(g.white()).equals(want);
            if (b != w) {
                out.add(Map.entry(g, b));
            }
        }
        return out;
    }

    private static int diff(Map.Entry<PlainScan.Game, Boolean> e) {
        int black = 2 * e.getKey().game().blackScore() - 64;
        return e.getValue() ? black : -black;
    }

    /** The first moves of a game turned so that the first is f5, at most n, none past a pass. */
    private static String f5(int[] squares, int n) {
        StringBuilder sb = new StringBuilder();
        Symmetry turn = null;
        for (Symmetry s : Symmetry.values()) {
            if (squares.length > 0 && squares[0] >= 0 && s.apply(squares[0]) == Notation.square("f5")) {
                turn = s;
                break;
            }
        }
        org.thordb.othello.Position p = org.thordb.othello.Position.start();
        for (int i = 0; turn != null && i < n && i < squares.length && squares[i] >= 0; i++) {
            int sq = turn.apply(squares[i]);
            if (!p.isLegal(sq)) {
                break;
            }
            p = p.play(sq);
            sb.append(Notation.name(sq));
        }
        return sb.toString();
    }

    private static void same(String what, long[] plain, PlayerReport.Tally t) {
        assertEquals(plain[0], t.games(), what + ": games");
        assertEquals(plain[1], t.wins(), what + ": wins");
        assertEquals(plain[2], t.draws(), what + ": draws");
        assertEquals(plain[0] - plain[1] - plain[2], t.losses(), what + ": losses");
    }

    private static long[] sums(List<Map.Entry<PlainScan.Game, Boolean>> gs) {
        long[] s = new long[3];
        for (var e : gs) {
            int d = diff(e);
            s[0]++;
            s[1] += d > 0 ? 1 : 0;
            s[2] += d == 0 ? 1 : 0;
        }
        return s;
    }

    private void checkAgainstReplay(String player) {
        PlayerReport.Report r = PlayerReport.of(db, player, new PlayerReport.Settings(8, 10, 0, 10));
        List<Map.Entry<PlainScan.Game, Boolean>> gs = games(player);
        assertFalse(gs.isEmpty(), player);
        same(player, sums(gs), r.all());
        same(player + " as Black", sums(gs.stream().filter(Map.Entry::getValue).toList()), r.black());
        same(player + " as White", sums(gs.stream().filter(e -> !e.getValue()).toList()), r.white());
        TreeMap<Integer, List<Map.Entry<PlainScan.Game, Boolean>>> byYear = new TreeMap<>();
        gs.forEach(e -> byYear.computeIfAbsent(e.getKey().year(), y -> new ArrayList<>()).add(e));
        assertEquals(byYear.keySet().stream().map(String::valueOf).toList(), r.years().stream().map(PlayerReport.Tally::name).toList());
        for (PlayerReport.Tally t : r.years()) {
            same(player + " in " + t.name(), sums(byYear.get(Integer.parseInt(t.name()))), t);
        }
        // the replies to each first move: White's second move after f5, Black's third after f5 and White's reply
        Map<String, List<Map.Entry<PlainScan.Game, Boolean>>> replies = new HashMap<>();
        for (var e : gs) {
            String line = f5(e.getKey().game().squares(), e.getValue() ? 3 : 2);
            if (line.length() == (e.getValue() ? 6 : 4)) {
                String key = (e.getValue() ? "black " : "white ") + line.substring(0, line.length() - 2) + " "
                        + line.substring(line.length() - 2);
                replies.computeIfAbsent(key, k -> new ArrayList<>()).add(e);
            }
        }
        assertEquals(replies.size(), r.replies().size(), player + ": " + replies.keySet());
        for (PlayerReport.Reply p : r.replies()) {
            String key = p.colour() + " " + p.after() + " " + p.move();
            same(player + ": " + key, sums(replies.get(key)), p.record());
        }
        // the most frequent lines: each one's games, and none more frequent left out
        for (boolean black : new boolean[] {true, false}) {
            Map<String, List<Map.Entry<PlainScan.Game, Boolean>>> lines = new HashMap<>();
            for (var e : gs) {
                if (e.getValue() == black) {
                    String line = f5(e.getKey().game().squares(), black ? 7 : 8);
                    if (line.length() == (black ? 14 : 16)) {
                        lines.computeIfAbsent(line, k -> new ArrayList<>()).add(e);
                    }
                }
            }
            List<PlayerReport.Line> shown = black ? r.blackLines() : r.whiteLines();
            assertEquals(Math.min(10, lines.size()), shown.size(), player);
            long least = Long.MAX_VALUE;
            for (PlayerReport.Line l : shown) {
                same(player + ": " + l.line(), sums(lines.get(l.line())), l.record());
                least = Math.min(least, l.record().games());
                assertTrue(l.baseGames() >= l.record().games(), l.line() + ": the base has at least the player's games");
            }
            long leastShown = least;
            assertTrue(lines.entrySet().stream().filter(e -> shown.stream().noneMatch(l -> l.line().equals(e.getKey())))
                    .allMatch(e -> e.getValue().size() <= leastShown), player + ": a more frequent line left out");
        }
        // the most frequent opponent
        Map<String, List<Map.Entry<PlainScan.Game, Boolean>>> opponents = new HashMap<>();
        for (var e : gs) {
            opponents.computeIfAbsent(e.getValue() ? e.getKey().white() : e.getKey().black(), k -> new ArrayList<>()).add(e);
        }
        PlayerReport.Tally top = r.opponents().get(0);
        same(player + " against " + top.name(), sums(opponents.get(top.name())), top);
        assertTrue(opponents.values().stream().allMatch(l -> l.size() <= top.games()), player + ": the most frequent opponent");
        // the endgames: every FFO game's theoretical score is known
        long damaged = gs.stream().filter(e -> e.getKey().game().damage() != null).count();
        assertEquals(gs.size() - damaged, r.endgames().known(), player);
        double loss = gs.stream().filter(e -> e.getKey().game().damage() == null).mapToInt(e -> {
            int theo = 2 * e.getKey().game().theoreticalScore() - 64;
            return (e.getValue() ? theo : -theo) - diff(e);
        }).average().orElse(Double.NaN);
        assertEquals(loss, r.endgames().averageLoss(), 1e-9, player);
        // a rating at the end of every year from the first game
        assertEquals(byYear.firstKey(), r.ratings().get(0).year(), player);
        for (int i = 1; i < r.ratings().size(); i++) {
            assertEquals(r.ratings().get(i - 1).year() + 1, r.ratings().get(i).year(), player + ": a rating every year");
        }
        for (Glicko2.Point p : r.ratings()) {
            List<Map.Entry<PlainScan.Game, Boolean>> y = byYear.get(p.year());
            assertEquals(y == null ? 0 : y.size(), p.games(), player + " rated in " + p.year());
        }
    }

    @Test
    void aProlificPlayersReportIsTheReplaysFigures() {
        checkAgainstReplay("Tastet Marc");
    }

    @Test
    void anotherPlayersReportIsTheReplaysFiguresWhateverTheCaseOfTheName() {
        checkAgainstReplay("kashiwabara takuji");
    }

    @Test
    void aPlayerWithOneGameHasAReportThatSaysSo() {
        Map<String, Integer> counts = new TreeMap<>();
        for (PlainScan.Game g : ffo.games()) {
            counts.merge(PlainScan.fold(g.black()), 1, Integer::sum);
            counts.merge(PlainScan.fold(g.white()), 1, Integer::sum);
        }
        String one = ffo.games().stream().map(PlainScan.Game::black).filter(n -> counts.get(PlainScan.fold(n)) == 1
                && !n.startsWith("?")).findFirst().orElseThrow();
        checkAgainstReplay(one);
        PlayerReport.Report r = PlayerReport.of(db, one, PlayerReport.Settings.DEFAULT);
        assertEquals(1, r.all().games());
        assertTrue(r.all().few(), "one game is a small sample");
        assertTrue(r.all().low() < 0.3 && r.all().high() > 0.7, "the interval of one game is wide: " + r.all());
        assertEquals(1, r.ratings().get(0).games());
    }

    @Test
    void theFirstLinesAreValuedAsTheExplorerValuesThem() {
        PlayerReport.Report r = PlayerReport.of(db, "Tastet Marc", new PlayerReport.Settings(8, 3, 1, 3));
        for (PlayerReport.Line l : List.of(r.blackLines().get(0), r.whiteLines().get(0))) {
            int[] moves = Notation.parseLine(l.line());
            org.thordb.othello.Position before = org.thordb.othello.Position.start();
            for (int i = 0; i < moves.length - 1; i++) {
                before = before.play(moves[i]);
            }
            org.thordb.explore.MoveValues v = org.thordb.usecase.Explore.values(before, org.thordb.usecase.Explore.Settings.DEFAULT);
            assertEquals(v.best(), l.best(), l.line());
            assertEquals(v.value(moves[moves.length - 1]), l.played(), l.line());
            assertEquals(l.best(), v.value(Notation.square(l.bestMove())), l.line());
            assertTrue(l.cost() >= 0, l.line());
            assertFalse(l.exact(), "at 52 empties an estimate: " + l.line());
        }
        assertTrue(r.blackLines().get(1).best() == null, "only the first line of a colour is valued");
    }

    @Test
    void thePreparationTreeIsTheReplaysCountsPrunedAtTheMinimum() {
        String player = "Tastet Marc";
        org.thordb.usecase.Preparation.Settings s = new org.thordb.usecase.Preparation.Settings(7, 9, 3);
        // the user plays Black: the opponent's games as White
        org.thordb.usecase.Preparation.Tree t = org.thordb.usecase.Preparation.of(db, player, org.thordb.othello.Side.BLACK, s);
        List<Map.Entry<PlainScan.Game, Boolean>> gs = games(player).stream().filter(e -> !e.getValue()).toList();
        Map<String, long[]> prefixes = new HashMap<>(); // line -> games, the opponent's wins, draws
        for (var e : gs) {
            String line = f5(e.getKey().game().squares(), 9);
            int d = diff(e);
            for (int k = 0; k <= line.length(); k += 2) {
                long[] c = prefixes.computeIfAbsent(line.substring(0, k), x -> new long[3]);
                c[0]++;
                c[1] += d > 0 ? 1 : 0;
                c[2] += d == 0 ? 1 : 0;
            }
        }
        List<org.thordb.usecase.Preparation.Node> all = new ArrayList<>();
        java.util.Deque<org.thordb.usecase.Preparation.Node> todo = new java.util.ArrayDeque<>(List.of(t.root()));
        while (!todo.isEmpty()) {
            org.thordb.usecase.Preparation.Node n = todo.pop();
            all.add(n);
            todo.addAll(n.children());
        }
        // every kept line is there, with the replay's games and score; none below the minimum
        long kept = prefixes.entrySet().stream().filter(e -> e.getValue()[0] >= 7).count();
        assertEquals(kept, all.size(), "every line of 7 games or more, and only those");
        for (org.thordb.usecase.Preparation.Node n : all) {
            long[] c = prefixes.get(n.line());
            assertEquals(c[0], n.games(), n.line());
            assertEquals((c[1] + c[2] / 2.0) / c[0], n.score(), 1e-12, n.line());
            assertTrue(n.line().length() / 2 <= 9);
            if (n.opponentToMove() && !n.children().isEmpty()) {
                org.thordb.usecase.Preparation.Node most = n.children().get(0);
                assertEquals(most.move(), n.chosen(), n.line() + ": their most played move");
            }
        }
        assertEquals(gs.size(), t.root().games());
        // the worst lines first, and the valued choices' costs
        for (int i = 1; i < t.worstScores().size(); i++) {
            assertTrue(t.worstScores().get(i - 1).score() <= t.worstScores().get(i).score());
        }
        assertEquals(3, all.stream().filter(n -> n.best() != null).count(), "three choices valued");
        assertTrue(t.biggestErrors().stream().allMatch(n -> n.cost() > 0));
        String md = org.thordb.usecase.Preparation.markdown(t);
        assertTrue(md.startsWith("# Preparation against Tastet Marc (you play black)"), md);
    }

    @Test
    void aNameWithNoGameHasAnEmptyReportWithItsOtherSpelling() {
        // the FFO's names file holds "An Tay Yi" and "Tay Yi An", joined (the same words), in no game
        assertEquals(0, games("Tay Yi An").size());
        PlayerReport.Report r = PlayerReport.of(db, "Tay Yi An", PlayerReport.Settings.DEFAULT);
        assertEquals(0, r.all().games());
        assertTrue(r.names().contains("An Tay Yi (WTHOR)") && r.names().contains("Tay Yi An (WTHOR)"), r.names().toString());
        assertTrue(r.years().isEmpty() && r.ratings().isEmpty() && r.blackLines().isEmpty());
    }

    @Test
    void anUnknownNameIsAClearErrorWithTheNearestNames() {
        ThorDbException e = assertThrows(ThorDbException.class, () -> PlayerReport.of(db, "Tastet Marq", PlayerReport.Settings.DEFAULT));
        assertEquals(ErrorCode.BAD_ARGUMENT, e.code());
        assertTrue(e.getMessage().contains("Tastet Marc"), e.getMessage());
    }

    @Test
    void aPlayerSpelledTwoWaysInTwoBasesIsOneReport() throws Exception {
        // a club's PGN of 2016 games, with the player's words in the other order
        SplittableRandom rnd = new SplittableRandom(68);
        StringBuilder pgn = new StringBuilder();
        int asBlack = 0;
        int wins = 0;
        for (int i = 0; i < 7; i++) {
            WthorGame g = org.thordb.sample.SampleBase.randomGame(rnd, 2, 1);
            int[] sq = g.squares();
            int n = 0;
            while (n < sq.length && sq[n] >= 0) {
                n++;
            }
            boolean black = i % 2 == 0;
            asBlack += black ? 1 : 0;
            int b = g.blackScore();
            wins += (black ? 2 * b - 64 : 64 - 2 * b) > 0 ? 1 : 0;
            pgn.append("[Event \"Club\"]\n[Date \"2016\"]\n[Black \"").append(black ? "Marc Tastet" : "Club Member " + i)
                    .append("\"]\n[White \"").append(black ? "Club Member " + i : "Marc Tastet").append("\"]\n[Result \"")
                    .append(b).append('-').append(64 - b).append("\"]\n\n");
            for (int k = 0; k < n; k++) {
                pgn.append(k % 2 == 0 ? (k / 2 + 1) + ". " : "").append(Notation.name(sq[k]).toUpperCase()).append(' ');
            }
            pgn.append("\n\n");
        }
        Path file = tmp.resolve("CLUB.pgn");
        Files.writeString(file, pgn, StandardCharsets.UTF_8);
        try (Engine two = Engine.open(tmp.resolve("store"))) {
            two.importFiles(List.of(org.thordb.testing.SharedData.dir("wthor"), file), Importer.Options.defaults(), m -> { });
            PlayerReport.Report a = PlayerReport.of(two, "Marc Tastet", PlayerReport.Settings.DEFAULT);
            PlayerReport.Report b = PlayerReport.of(two, "Tastet Marc", PlayerReport.Settings.DEFAULT);
            assertEquals(PlayerReport.json(a).toString(), PlayerReport.json(b).toString(), "either spelling, one report");
            assertEquals("Tastet Marc", a.player(), "the earliest base's spelling");
            assertTrue(a.names().contains("Marc Tastet (CLUB)") && a.names().contains("Tastet Marc (WTHOR)"), a.names().toString());
            List<Map.Entry<PlainScan.Game, Boolean>> plain = games("Tastet Marc");
            assertEquals(plain.size() + 7, a.all().games());
            assertEquals(sums(plain)[1] + wins, a.all().wins());
            assertEquals(plain.stream().filter(Map.Entry::getValue).count() + asBlack, a.black().games());
            assertEquals(List.of("CLUB", "WTHOR"), a.bases());
            assertEquals(7, a.years().get(a.years().size() - 1).games(), "2016: the club's games");
            assertEquals(2016, a.ratings().get(a.ratings().size() - 1).year());
            assertEquals(7, a.ratings().get(a.ratings().size() - 1).games(), "the club's games rated as the same player's");
        }
    }

    @Test
    void ratingsPredictLaterYearsBetterThanAnEvenGuess() {
        List<Glicko2.Game> games = db.read(PlayerReport::ratedGames);
        Glicko2.Accuracy a = Glicko2.accuracy(games, 2011, 2015);
        System.out.println("ratings' accuracy on the FFO games of 2011-2015, each year predicted from the years before: " + a);
        assertTrue(a.games() > 5000, a.toString());
        assertTrue(a.logLoss() < a.evenLogLoss() - 0.02, a.toString());
        assertTrue(a.brier() < a.evenBrier() - 0.01, a.toString());
    }
}
