package org.thordb;

import org.thordb.usecase.Explore;
import org.thordb.usecase.Games;
import org.thordb.engine.Engine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.thordb.explore.Exploration;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.othello.Replay;
import org.thordb.othello.Symmetry;
import org.thordb.testing.PlainScan;
import org.thordb.testing.TestBase;

/**
 * Explorer figures against a plain replay of every game, transpositions and orientations included:
 * on the sample base ({@link ExplorerTest}) and on the FFO base ({@link ExplorerRealTest}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@org.junit.jupiter.api.extension.ExtendWith(org.thordb.testing.Seeded.class)
abstract class ExplorerContract {
    private Engine db;
    private PlainScan scan;
    private org.thordb.explore.RowFigures columns;

    /** The base the tests run on. */
    abstract TestBase base();

    @BeforeAll
    void theSharedStore() {
        db = base().db();
        scan = base().scan();
        columns = db.read(org.thordb.explore.RowFigures::of);
    }

    /** The row figures, summed by hand: games, black, draws, white, score sum, theoretical sum, years. */
    private static final class Tally {
        long games;
        long black;
        long draws;
        long white;
        long scores;
        long theo;
        int first = Integer.MAX_VALUE;
        int last;

        void add(PlainScan.Game g) {
            games++;
            int s = g.game().blackScore();
            black += s > 32 ? 1 : 0;
            draws += s == 32 ? 1 : 0;
            white += s < 32 ? 1 : 0;
            scores += s;
            theo += g.game().theoreticalScore();
            first = Math.min(first, g.year());
            last = Math.max(last, g.year());
        }

        void check(Exploration.Row r, String what) {
            assertEquals(games, r.games(), what);
            assertEquals(black, r.blackWins(), what);
            assertEquals(draws, r.draws(), what);
            assertEquals(white, r.whiteWins(), what);
            if (games > 0) {
                assertEquals(scores / (double) games, r.averageScore(), 1e-9, what);
                assertEquals(theo / (double) games, r.averageTheoretical(), 1e-9, what);
                assertEquals(first, r.firstYear(), what);
                assertEquals(last, r.lastYear(), what);
            }
        }
    }

    /** The move of the asked orientation a group of equivalent moves shows as. */
    private static int shownAs(Position p, int move) {
        Position to = p.play(move).canonical();
        List<Integer> same = new ArrayList<>();
        for (long m = p.legalMoves(); m != 0; m &= m - 1) {
            int sq = Long.numberOfTrailingZeros(m);
            if (p.play(sq).canonical().equals(to)) {
                same.add(sq);
            }
        }
        return same.contains(Notation.F5) ? Notation.F5 : same.stream().min(Integer::compare).orElseThrow();
    }

    /** Replays every game: those that reach {@code p} (in any orientation), with their next move turned to {@code p}'s. */
    private void checkAgainstAPlainReplay(Position p, String filter, Predicate<PlainScan.Game> keep) {
        Exploration e = Explore.exploration(db, p, filter);
        Position canonical = p.canonical();
        int ply = p.discs() - 4;
        Map<Integer, Tally> byMove = new TreeMap<>();
        Tally ends = new Tally();
        long total = 0;
        for (PlainScan.Game g : scan.games()) {
            if (!keep.test(g)) {
                continue;
            }
            int[] sq = g.game().squares();
            if (sq.length < ply) {
                continue;
            }
            Position at = Replay.replay(sq, ply, null).finalPosition();
            if (!at.canonical().equals(canonical)) {
                continue;
            }
            total++;
            if (sq.length == ply) {
                ends.add(g);
                continue;
            }
            Symmetry turn = null;
            for (Symmetry s : Symmetry.values()) {
                if (at.transform(s).equals(p)) {
                    turn = s;
                    break;
                }
            }
            int move = shownAs(p, turn.apply(sq[ply]));
            byMove.computeIfAbsent(move, k -> new Tally()).add(g);
        }
        String what = p.toBoardString() + " / " + filter;
        assertEquals(total, e.total(), what);
        assertEquals(Games.count(db, ("position = \"" + p.toBoardString() + "\"") + (filter.isBlank() ? "" : " and (" + filter + ")")),
                e.total(), "the total is the count of the same position and filter");
        assertEquals(byMove.keySet(), new java.util.TreeSet<>(e.rows().stream().map(Exploration.Row::move).toList()), what);
        long sum = ends.games;
        for (Exploration.Row r : e.rows()) {
            byMove.get(r.move()).check(r, what + " " + Notation.name(r.move()));
            sum += r.games();
        }
        ends.check(e.endsHere(), what + " end");
        assertEquals(total, sum, "the rows and the games that end here add up to the total");
        for (int i = 1; i < e.rows().size(); i++) {
            assertTrue(e.rows().get(i - 1).games() >= e.rows().get(i).games(), "sorted by games");
        }
        // every way to the next moves and to a row's figures gives the same exploration
        for (org.thordb.explore.Explorer.Way way : org.thordb.explore.Explorer.Way.values()) {
            for (long byIntersection : new long[] {1, Long.MAX_VALUE}) {
                Exploration x = db.read(r -> org.thordb.explore.Explorer.explore(r, columns, p, filter, way, byIntersection));
                assertEquals(e, x, what + ": " + way + (byIntersection == 1 ? ", figures by intersection" : ", game by game"));
            }
        }
    }

    private static Position after(String line) {
        return Position.afterLine(line);
    }

    @Test
    void theStartAndCommonOpeningsAgreeWithAPlainReplay() {
        checkAgainstAPlainReplay(Position.start(), "", g -> true);
        Exploration start = Explore.exploration(db, Position.start(), "");
        assertEquals(Notation.F5, start.rows().get(0).move(), "the first move shows as f5");
        checkAgainstAPlainReplay(after("f5d6"), "", g -> true);
        checkAgainstAPlainReplay(after("f5d6c3"), "year >= 2000", g -> g.year() >= 2000);
        checkAgainstAPlainReplay(after("f5d6c3d3c4f4f6f3e6e7"), "", g -> true);
    }

    @Test
    void movesAreShownInTheOrientationAsked() {
        Exploration a = Explore.exploration(db, after("f5d6c3"), "");
        Exploration b = Explore.exploration(db, after("e6f4c3"), ""); // the same position, reflected
        assertEquals(a.total(), b.total());
        assertEquals(a.rows().size(), b.rows().size());
        Position pa = after("f5d6c3");
        Position pb = after("e6f4c3");
        Symmetry s = null;
        for (Symmetry x : Symmetry.values()) {
            if (pa.transform(x).equals(pb)) {
                s = x;
            }
        }
        for (int i = 0; i < a.rows().size(); i++) {
            assertEquals(a.rows().get(i).games(), b.rows().get(i).games());
            assertEquals(s.apply(a.rows().get(i).move()), b.rows().get(i).move());
        }
        checkAgainstAPlainReplay(pb, "", g -> true);
    }

    @Test
    void transpositionsAndMidgamePositionsAgreeWithAPlainReplay(Random rnd) {
        for (int i = 0; i < 6; i++) {
            PlainScan.Game g = scan.games().get(rnd.nextInt(scan.games().size()));
            int ply = Math.min(g.game().squares().length, 4 + rnd.nextInt(20)); // some games end sooner
            Position p = Replay.replay(g.game().squares(), ply, null).finalPosition()
                    .transform(Symmetry.values()[rnd.nextInt(8)]);
            checkAgainstAPlainReplay(p, "", x -> true);
        }
        // a final position: every game ends there
        PlainScan.Game done = scan.games().stream().filter(g -> g.game().moveCount() == 60).findFirst().orElseThrow();
        Position end = Replay.replay(done.game().squares(), null).finalPosition();
        Exploration e = Explore.exploration(db, end, "");
        assertTrue(e.rows().isEmpty());
        assertEquals(e.total(), e.endsHere().games());
        assertTrue(e.total() >= 1);
    }

    /**
     * With the in-memory game table made (as a server and the REPL make it), positions reached by
     * few games are explored from the table's moves, not the index: the same figures.
     */
    @Test
    void fewGamesReadOffTheMoveTableAgreeWithAPlainReplay(Random rnd) {
        db.read(org.thordb.index.MoveTable::of);
        int few = 0;
        for (int i = 0; i < 12; i++) {
            PlainScan.Game g = scan.games().get(rnd.nextInt(scan.games().size()));
            int ply = 8 + rnd.nextInt(40);
            if (g.game().moveCount() <= ply) {
                continue;
            }
            Position p = Replay.replay(g.game().squares(), ply, null).finalPosition()
                    .transform(Symmetry.values()[rnd.nextInt(8)]);
            if (Explore.exploration(db, p, "").total() <= 256) {
                few++;
            }
            checkAgainstAPlainReplay(p, "", x -> true);
            checkAgainstAPlainReplay(p, "year >= 2000", x -> x.year() >= 2000);
        }
        assertTrue(few >= 5, "most deep positions are reached by few games: " + few);
    }
}
