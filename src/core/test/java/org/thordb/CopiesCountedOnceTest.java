package org.thordb;

import org.thordb.usecase.Explore;
import org.thordb.usecase.Games;
import org.thordb.usecase.Stats;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.thordb.engine.Engine;
import org.thordb.explore.Exploration;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.othello.Side;
import org.thordb.stats.GroupStats;
import org.thordb.testing.PlainScan;
import org.thordb.testing.SharedData;
import org.thordb.text.SourceGame;
import org.thordb.text.SourceReader;

/**
 * Each game once: the FFO base with the PGN file of 1990 (the same 2,986 games again, a few players
 * under newer names) and the other text sources. By default a player's count, a position's count, a
 * head-to-head, a year's stats and the explorer equal a plain computation over the FFO files alone;
 * with {@code copies = all} they add a plain computation over the PGN file's games.
 */
@org.junit.jupiter.api.condition.EnabledIf(value = "org.thordb.testing.SharedData#hasWthor",
        disabledReason = "../shared/data/wthor not found: the FFO base is not there")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@org.thordb.testing.FullTier
class CopiesCountedOnceTest {
    private Engine db;
    private PlainScan ffo;
    /** The PGN file's games as its reader gives them: names and every canonical position. */
    private final List<String[]> pgnNames = new ArrayList<>();
    private final List<Set<Position>> pgnPositions = new ArrayList<>();

    @BeforeAll
    void load() {
        db = org.thordb.testing.RealStore.withTextSources();
        ffo = org.thordb.testing.RealStore.scan();
        Path pgn = SharedData.dir("pgn").resolve("WTH_1990.pgn");
        try (SourceReader r = SourceReader.open(pgn)) {
            for (SourceGame g : r) {
                pgnNames.add(new String[] {g.black(), g.white()});
                Set<Position> seen = new HashSet<>();
                Position p = Position.start();
                seen.add(p.canonical());
                for (int sq : g.moves()) {
                    if (sq == Notation.PASS || p.toMove() == Side.NONE) {
                        continue; // a pass is the side to move changing, which the position already says
                    }
                    p = p.play(sq);
                    seen.add(p.canonical());
                }
                pgnPositions.add(seen);
            }
        }
        assertEquals(2986, pgnNames.size());
    }

    private long ffoCount(java.util.function.Predicate<PlainScan.Game> p) {
        return ffo.count(p);
    }

    private long pgnCount(java.util.function.BiPredicate<String[], Set<Position>> p) {
        long n = 0;
        for (int i = 0; i < pgnNames.size(); i++) {
            n += p.test(pgnNames.get(i), pgnPositions.get(i)) ? 1 : 0;
        }
        return n;
    }

    @Test
    void aPlayersCountIsTheFfoBasesAloneUnlessEveryCopyIsAskedFor() {
        // the players of 1990 with the most games, and one renamed in the PGN (Levanen Harri there Haglund Harri)
        for (String player : List.of("Tastet Marc", "Levanen Harri", "Shaman David", "Murakami Takeshi")) {
            long plain = ffoCount(g -> g.black().equals(player) || g.white().equals(player));
            assertTrue(plain > 0, player);
            String q = "player = \"" + player + "\"";
            assertEquals(plain, Games.count(db, q), q);
            long copies = pgnCount((n, ps) -> player.equals(n[0]) || player.equals(n[1]));
            assertEquals(plain + copies, Games.count(db, q + " and copies = all"), q + " and copies = all");
            if (copies > 0) {
                assertTrue(Games.notes(db, q).stream().anyMatch(s -> s.equals(String.format(java.util.Locale.ROOT,
                        "%,d games, %,d cop%s of games from other bases counted once (copies = all counts each)",
                        plain, copies, copies == 1 ? "y" : "ies"))), Games.notes(db, q).toString());
            }
        }
    }

    @Test
    void aHeadToHeadAndAPositionCountEachGameOnce() {
        String a = "Tastet Marc";
        String b = "Lazard Emmanuel";
        long plain = ffoCount(g -> g.black().equals(a) && g.white().equals(b) || g.black().equals(b) && g.white().equals(a));
        assertTrue(plain > 0);
        String q = "player = \"" + a + "\" and player = \"" + b + "\"";
        assertEquals(plain, Games.count(db, q));
        long copies = pgnCount((n, ps) -> a.equals(n[0]) && b.equals(n[1]) || b.equals(n[0]) && a.equals(n[1]));
        assertEquals(plain + copies, Games.count(db, q + " and copies = all"));

        for (String line : List.of("f5d6c3d3c4", "f5f6e6f4", "f5d6c3d3c4f4f6f3e6e7")) {
            Position p = Position.afterLine(line).canonical();
            long inFfo = ffoCount(g -> g.canonicalPositions().contains(p));
            long inPgn = pgnCount((n, ps) -> ps.contains(p));
            assertTrue(inPgn > 0, line);
            assertEquals(inFfo + textGamesAt(line), Games.count(db, "position = " + line), line);
            assertEquals(inFfo + inPgn + textGamesAt(line), Games.count(db, "position = " + line + " and copies = all"), line);
            // the explorer, on 1990 alone: the FFO's games, or both copies
            Exploration once = Explore.exploration(db, Position.afterLine(line), "year = 1990");
            long ffo1990 = ffoCount(g -> g.year() == 1990 && g.canonicalPositions().contains(p));
            assertEquals(ffo1990, once.total(), line);
            assertEquals(ffo1990 + inPgn, Explore.exploration(db, Position.afterLine(line), "year = 1990 and copies = all").total(), line);
        }
    }

    /** The games of the other text sources (Logistello's book, eOthello, GGF) at a position: none is a copy. */
    private long textGamesAt(String line) {
        return Games.count(db, "position = " + line + " and copies = all"
                + " and not base = \"WTHOR\" and not base = \"WTH_1990\"");
    }

    @Test
    void aYearsStatsAndTheWholeExplorerCountEachGameOnce() {
        long y1990 = ffoCount(g -> g.year() == 1990);
        GroupStats once = Stats.groups(db, "year", "year = 1990").get(0);
        assertEquals(y1990, once.games());
        assertEquals(y1990, once.theoreticalGames(), "the FFO's games are the ones kept: their scores are known");
        GroupStats all = Stats.groups(db, "year", "year = 1990 and copies = all").get(0);
        assertEquals(2 * y1990, all.games());
        long everything = Games.count(db, "copies = all");
        assertEquals(everything - 2986, Games.count(db, ""));
        assertEquals(everything - 2986, Explore.exploration(db, Position.start(), "").total());
        assertEquals(everything, Explore.exploration(db, Position.start(), "copies = all").total());
        // a base asked for alone keeps its games: their twins are not in the set
        assertEquals(2986, Games.count(db, "base = \"WTH_1990\""));
    }

    @Test
    void aFilterMadeInCodeAsksWhatItsTextAsks() {
        // the typed filter the surfaces build (a base, copies, a player and colour), never glued as text:
        // the same games as a plain count over the files, and as its own text parsed again
        String player = "Tastet Marc";
        long asBlack = ffoCount(g -> g.black().equals(player));
        long either = ffoCount(g -> g.black().equals(player) || g.white().equals(player));
        long pgnEither = pgnCount((n, ps) -> player.equals(n[0]) || player.equals(n[1]));
        org.thordb.query.Filter black = org.thordb.query.Filter.ALL.playedBy(player, "black");
        assertEquals(asBlack, Games.count(db, black), black.toString());
        org.thordb.query.Filter all = org.thordb.query.Filter.ALL.playedBy(player, "both").everyCopy();
        assertEquals(either + pgnEither, Games.count(db, all), all.toString());
        assertEquals(pgnEither, Games.count(db, org.thordb.query.Filter.ALL.playedBy(player, null).inBase("WTH_1990")));
        org.thordb.query.Filter y1990 = org.thordb.query.Filter.parse("year = 1990").inBase("WTHOR").everyCopy();
        assertEquals(ffoCount(g -> g.year() == 1990), Games.count(db, y1990), y1990.text());
        for (org.thordb.query.Filter f : List.of(black, all, y1990)) {
            org.thordb.query.Filter again = org.thordb.query.Filter.parse(f.text());
            assertEquals(f, again, f.text());
            assertEquals(Games.count(db, f), Games.count(db, again), f.text());
        }
        // the explorer and the stats take the same filter
        assertEquals(Games.count(db, y1990), Explore.exploration(db, Position.start(), y1990).total());
        assertEquals(Games.count(db, y1990), Stats.groups(db, "year", y1990).get(0).games());
    }
}
