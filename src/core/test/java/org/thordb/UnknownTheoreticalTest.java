package org.thordb;

import org.thordb.usecase.Explore;
import org.thordb.usecase.Games;
import org.thordb.usecase.Stats;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.engine.Engine;
import org.thordb.explore.Exploration;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.othello.Replay;
import org.thordb.stats.GroupStats;
import org.thordb.testing.PlainScan;

/**
 * Unknown is not zero: the FFO base (every theoretical score known, at depth 24) with the same
 * games of 1990 as PGN and the other text sources (none known). Every theoretical figure (stats,
 * the explorer, the public front, comparisons in queries, exports) equals what a plain
 * computation over the FFO files alone gives, and says how many games it rests on. The copies of
 * 1990 are counted here ({@code copies = all}): by default each game counts once (CopiesCountedOnceTest).
 */
@org.junit.jupiter.api.condition.EnabledIf(value = "org.thordb.testing.SharedData#hasWthor",
        disabledReason = "../shared/data/wthor not found: the FFO base is not there")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@org.thordb.testing.FullTier
class UnknownTheoreticalTest {
    @TempDir
    Path tmp;
    private Engine db;
    private PlainScan ffo;
    private long textGames;

    @BeforeAll
    void load() {
        db = org.thordb.testing.RealStore.withTextSources();
        ffo = org.thordb.testing.RealStore.scan();
        textGames = Games.count(db, "copies = all") - ffo.games().size();
        assertEquals(ffo.games().size(), Games.count(db, "base = \"WTHOR\""));
        assertTrue(textGames > 6000, textGames + " text games");
    }

    @Test
    void statsAverageTheKnownScoresAloneAndSayHowMany() {
        Map<Integer, long[]> byYear = new HashMap<>(); // year -> {known games, their theoretical sum}
        for (PlainScan.Game g : ffo.games()) {
            long[] s = byYear.computeIfAbsent(g.year(), y -> new long[2]);
            s[0]++;
            s[1] += g.game().theoreticalScore();
        }
        List<GroupStats> rows = Stats.groups(db, "year", "copies = all");
        long games = 0;
        for (GroupStats r : rows) {
            games += r.games();
            long[] s = byYear.get(Integer.parseInt(r.group()));
            long known = s == null ? 0 : s[0];
            assertEquals(known, r.theoreticalGames(), r.group());
            if (known == 0) {
                assertTrue(Double.isNaN(r.avgTheoretical()), r.group() + ": no known score, no average: " + r);
            } else {
                assertEquals(s[1] / (double) known, r.avgTheoretical(), 1e-9, r.group());
            }
        }
        assertEquals(ffo.games().size() + textGames, games);
        // 1990 holds the same games twice: the average is the FFO file's alone
        GroupStats y1990 = Stats.groups(db, "year", "year = 1990 and copies = all").get(0);
        assertEquals(2 * byYear.get(1990)[0], y1990.games());
        assertEquals(byYear.get(1990)[0], y1990.theoreticalGames());

        // from a player's side: White's theoretical discs are 64 minus Black's, known games only
        String player = ffo.games().get(0).black();
        long[] p = new long[2];
        for (PlainScan.Game g : ffo.games()) {
            if (g.black().equals(player)) {
                p[0]++;
                p[1] += g.game().theoreticalScore();
            } else if (g.white().equals(player)) {
                p[0]++;
                p[1] += 64 - g.game().theoreticalScore();
            }
        }
        GroupStats mine = Stats.groups(db, "player", "player = \"" + player + "\" and copies = all").stream()
                .filter(r -> r.group().equals(player)).findFirst().orElseThrow();
        assertEquals(p[0], mine.theoreticalGames());
        assertEquals(p[1] / (double) p[0], mine.avgTheoretical(), 1e-9);
    }

    @Test
    void theExplorerAveragesTheKnownScoresOfEachMove() {
        for (String line : List.of("", "f5", "f5d6", "f5d6c3d3c4")) {
            Position at = line.isEmpty() ? Position.start() : Position.afterLine(line);
            Position target = at.canonical();
            int ply = line.length() / 2;
            Map<Position, long[]> known = new HashMap<>(); // the position after the next move, canonical -> {games, sum}
            for (PlainScan.Game g : ffo.games()) {
                int[] sq = g.game().squares();
                if (sq.length <= ply) {
                    continue;
                }
                Position p = Replay.replay(java.util.Arrays.copyOf(sq, ply), null).finalPosition();
                if (!p.canonical().equals(target)) {
                    continue;
                }
                Position next = p.play(sq[ply]).canonical();
                long[] s = known.computeIfAbsent(next, k -> new long[2]);
                s[0]++;
                s[1] += g.game().theoreticalScore();
            }
            Exploration e = Explore.exploration(db, at, "copies = all");
            long rowsKnown = 0;
            for (Exploration.Row r : e.rows()) {
                long[] s = known.get(at.play(r.move()).canonical());
                long k = s == null ? 0 : s[0];
                assertEquals(k, r.theoreticalGames(), line + " " + Notation.name(r.move()));
                if (k > 0) {
                    assertEquals(s[1] / (double) k, r.averageTheoretical(), 1e-9, line + " " + Notation.name(r.move()));
                } else {
                    assertTrue(Double.isNaN(r.averageTheoretical()), line + " " + Notation.name(r.move()));
                }
                assertTrue(r.games() >= k);
                rowsKnown += k;
            }
            assertTrue(rowsKnown > 0, line);
        }
        // the public front says the same, with the count beside the average
        try (ThorDb front = ThorDb.builder(db.path()).readOnly().open()) {
            Exploration e = Explore.exploration(db, Position.afterLine("f5d6"), "year = 1990 and copies = all");
            List<NextMove> moves = front.explore("year = 1990 and copies = all", "f5d6").moves();
            for (int i = 0; i < moves.size(); i++) {
                assertEquals(e.rows().get(i).theoreticalGames(), moves.get(i).theoreticalGames());
                assertEquals(e.rows().get(i).averageTheoretical(), moves.get(i).averageTheoretical().orElse(Double.NaN), 1e-9);
            }
            Group g1990 = front.stats("year = 1990 and copies = all", Grouping.YEAR).get(0);
            assertEquals(g1990.games() / 2, g1990.theoreticalGames());
            Game fromPgn = front.page("base = \"WTH_1990\"", 0, 1).games().get(0);
            assertTrue(fromPgn.theoreticalDiscs().isEmpty(), fromPgn.toString());
            Game fromFfo = front.page("base = \"WTHOR\" and year = 1990", 0, 1).games().get(0);
            assertEquals(24, fromFfo.theoreticalDepth());
            assertTrue(fromFfo.theoreticalDiscs().isPresent());
        }
    }

    @Test
    void theoreticalComparisonsMatchKnownScoresOnlyAndKnownIsAField() {
        assertEquals(ffo.count(g -> g.game().theoreticalScore() > g.game().blackScore()), Games.count(db, "theoretical > score"));
        assertEquals(ffo.count(g -> g.game().theoreticalScore() == 0), Games.count(db, "theoretical = 0"));
        assertEquals(ffo.count(g -> g.game().theoreticalScore() <= 32 && g.year() == 1990),
                Games.count(db, "theoretical <= 32 and year = 1990"));
        assertEquals(ffo.count(g -> g.game().theoreticalScore() != 40), Games.count(db, "theoretical != 40"));
        assertEquals(ffo.games().size(), Games.count(db, "theoretical = known"));
        assertEquals(textGames, Games.count(db, "theoretical = unknown and copies = all"));
        assertEquals(textGames, Games.count(db, "theoretical != known and copies = all"));
        assertEquals(textGames, Games.count(db, "not theoretical = known and copies = all"));
    }

    @Test
    void exportsSayUnknownAsNullAnEmptyCellOrNothing() throws Exception {
        org.thordb.engine.StoredGame pgnGame = Games.of(db, Games.select(db, "base = \"WTH_1990\"")).get(0);
        assertFalse(pgnGame.theoreticalKnown());
        var json = org.thordb.export.Json.node(pgnGame);
        assertTrue(json.get("theoretical").isNull(), json.toString());
        Path out = tmp.resolve("pgn");
        new org.thordb.export.Exporter(db, out, org.thordb.export.Exporter.Format.PGN, false, java.time.LocalDate.now())
                .export("year = 1990 and record < 3");
        String pgn = Files.readString(out.resolve("games.pgn"));
        assertEquals(3, pgn.split("\\[TheoreticalScore ", -1).length - 1, "only the FFO games of the six have one:\n" + pgn);
        assertEquals(3, pgn.split("\\[TheoreticalDepth \"24\"]", -1).length - 1);
        Path csv = tmp.resolve("csv");
        new org.thordb.export.Exporter(db, csv, org.thordb.export.Exporter.Format.CSV, false, java.time.LocalDate.now())
                .export("base = \"WTH_1990\" and record < 2");
        List<String> lines = Files.readAllLines(csv.resolve("games.csv"));
        assertTrue(lines.get(0).contains("theoretical,theoretical_depth"), lines.get(0));
        assertTrue(lines.get(1).contains(",,,"), "an unknown score and depth are empty cells: " + lines.get(1));
    }
}
