package org.thordb.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.othello.Side;
import org.thordb.testing.Games;
import org.thordb.testing.SharedData;

/**
 * The solver against the FFO endgame suite's exact scores, and against an exhaustive minimax with
 * no pruning (written here on {@link Position}, sharing nothing with the solver's search) on
 * random positions.
 */
@org.junit.jupiter.api.extension.ExtendWith(org.thordb.testing.Seeded.class)
@org.thordb.testing.FullTier
class SolverTest {

    /** Black's final disc difference under perfect play, by trying every line: no pruning, no table. */
    private static int minimax(Position p) {
        if (p.toMove() == Side.NONE) {
            return 2 * p.wthorScore() - 64;
        }
        boolean black = p.toMove() == Side.BLACK;
        int best = black ? -100 : 100;
        for (long m = p.legalMoves(); m != 0; m &= m - 1) {
            int v = minimax(p.play(Long.numberOfTrailingZeros(m)));
            best = black ? Math.max(best, v) : Math.min(best, v);
        }
        return best;
    }

    /** A random position of a random legal game with {@code empties} empty squares (or the game's end). */

    private static int blackDifference(Position p, Solver.Result r) {
        return p.toMove() == Side.WHITE ? -r.score() : r.score();
    }

    @Test
    void randomPositionsAgreeWithAnExhaustiveMinimax(SplittableRandom rnd) {
        Solver solver = new Solver(Solver.Options.defaults().withThreads(1));
        Solver two = new Solver(Solver.Options.defaults().withThreads(2));
        int checked = 0;
        for (int i = 0; i < 120; i++) {
            int empties = i < 100 ? 4 + i % 6 : 10;
            Position p = Games.randomPosition(rnd, empties);
            int want = minimax(p);
            Solver.Result r = solver.solve(p, false);
            assertTrue(r.solved());
            assertEquals(want, blackDifference(p, r), p.toBoardString());
            assertEquals((64 + want) / 2, r.blackDiscs(), p.toBoardString());
            assertEquals(want, blackDifference(p, two.solve(p, false)), "two threads: " + p.toBoardString());
            if (p.toMove() != Side.NONE) {
                // the best move reaches the score
                assertEquals(want, minimax(p.play(r.best())), "best move of " + p.toBoardString());
                Solver.OutcomeResult o = solver.outcomeOf(p);
                int mine = r.score();
                assertEquals(mine > 0 ? Solver.Outcome.WIN : mine < 0 ? Solver.Outcome.LOSS : Solver.Outcome.DRAW, o.outcome());
                // every move's exact score, by the minimax of its position
                Map<Integer, Integer> all = solver.solve(p, true).moveScores();
                assertEquals(Long.bitCount(p.legalMoves()), all.size());
                for (Map.Entry<Integer, Integer> e : all.entrySet()) {
                    Position after = p.play(e.getKey());
                    int black = minimax(after);
                    assertEquals(p.toMove() == Side.BLACK ? black : -black, (int) e.getValue(),
                            Notation.name(e.getKey()) + " in " + p.toBoardString());
                }
            }
            checked++;
        }
        assertEquals(120, checked);
    }

    @Test
    void gameOverAndForcedPassesAreSolvedToo(SplittableRandom rnd) {
        // positions where the opponent of the side that just moved has no move: the same side moves again
        int found = 0;
        for (int game = 0; game < 400 && found < 10; game++) {
            Position p = Position.start();
            while (p.toMove() != Side.NONE) {
                long legal = p.legalMoves();
                int k = rnd.nextInt(Long.bitCount(legal));
                for (int i = 0; i < k; i++) {
                    legal &= legal - 1;
                }
                Position q = p.play(Long.numberOfTrailingZeros(legal));
                if (q.toMove() == p.toMove() && 64 - q.discs() <= 12) {
                    // the board with the passing side named to move settles to the side that can
                    String board = q.toBoardString();
                    String passing = board.substring(0, 64) + (q.toMove() == Side.BLACK ? " O" : " X");
                    Position parsed = Position.parseBoard(passing);
                    assertEquals(q.toMove(), parsed.toMove());
                    assertEquals(minimax(q), blackDifference(q, Solver.solve(parsed)), passing);
                    found++;
                    break;
                }
                p = q;
            }
        }
        assertTrue(found >= 5, "passes found: " + found);
        Position over = Position.parseBoard("O".repeat(60) + "---- X"); // Black wiped out: nobody moves
        assertEquals(Side.NONE, over.toMove());
        Solver.Result end = Solver.solve(over);
        assertEquals(-1, end.best());
        assertEquals(2 * over.wthorScore() - 64, end.score());
        assertEquals(over.wthorScore(), end.blackDiscs());
    }

    private static List<String> suite(String file) throws Exception {
        return Files.readAllLines(SharedData.dir("ffo").resolve(file)).stream().filter(l -> !l.isBlank()).toList();
    }

    /** FFO #1-#19: each score, each best move's listed score, and every listed move's score for the first five. */
    @Test
    void theFfoSuiteOneToNineteenIsSolvedExactly() throws Exception {
        List<String> lines = suite("fforum-1-19.obf");
        Solver solver = new Solver(Solver.Options.defaults());
        long nodes = 0;
        for (int i = 0; i < lines.size(); i++) {
            ObfLine l = ObfLine.parse(lines.get(i));
            Solver.Result r = solver.solve(l.position(), i < 5);
            assertTrue(r.solved());
            assertEquals(l.score(), r.score(), "FFO #" + (i + 1));
            assertEquals(l.score(), l.moveScores().get(r.best()), "FFO #" + (i + 1) + " best move " + Notation.name(r.best()));
            if (i < 5) {
                assertEquals(l.moveScores(), Map.copyOf(r.moveScores()), "FFO #" + (i + 1) + " every move");
            }
            nodes += r.nodes();
        }
        System.out.println("FFO #1-#19: all exact, " + nodes + " nodes");
    }

    /** The quick ones of FFO #20-#39 (the rest is the benchmark's). */
    @Test
    void theQuickPositionsOfTheFfoSuiteTwentyToThirtyNineAreSolvedExactly() throws Exception {
        List<String> lines = suite("fforum-20-39.obf");
        Solver solver = new Solver(Solver.Options.defaults());
        for (int i = 0; i < 6; i++) {
            ObfLine l = ObfLine.parse(lines.get(i));
            Solver.Result r = solver.solve(l.position(), false);
            assertEquals(l.score(), r.score(), "line " + (i + 1) + " of fforum-20-39");
        }
    }

    /**
     * Two and three threads sharing the work at any node (young brothers wait) give the scores,
     * best moves and every move's scores one thread gives, at 14 to 20 empties, where nodes split;
     * and stops (a node limit, a deadline) reach every thread, leaving the solver usable.
     */
    @Test
    void threadsSharingNodesAgreeWithOneThread(SplittableRandom rnd) {
        Solver one = new Solver(Solver.Options.defaults().withThreads(1));
        Solver two = new Solver(Solver.Options.defaults().withThreads(2));
        Solver three = new Solver(Solver.Options.defaults().withThreads(3));
        long before = Splitter.SPLITS.sum();
        for (int i = 0; i < 24; i++) {
            Position p = Games.randomPosition(rnd, 14 + i % 7);
            Solver.Result want = one.solve(p, false);
            Solver.Result got = (i % 2 == 0 ? two : three).solve(p, false);
            assertEquals(want.score(), got.score(), p.toBoardString());
            if (p.toMove() != Side.NONE) {
                Position after = p.play(got.best());
                assertEquals(blackDifference(p, want), blackDifference(after, one.solve(after, false)),
                        "the best move reaches the score: " + p.toBoardString());
            }
            if (i < 4 && p.toMove() != Side.NONE) {
                assertEquals(one.solve(p, true).moveScores(), two.solve(p, true).moveScores(), p.toBoardString());
            }
        }
        assertTrue(Splitter.SPLITS.sum() > before, "nodes were shared among threads");
        for (int i = 0; i < 5; i++) {
            // a position one thread cannot solve within a million nodes (50 ms or more): two cannot within far fewer, nor in 1 ms
            Position p = hardPosition(rnd, 26, 1_000_000);
            Solver.Result r = new Solver(Solver.Options.defaults().withThreads(2).limited(20_000 + 10_000L * i, 0)).solve(p, false);
            assertFalse(r.solved(), "a node limit on 26 empties");
            Solver.Result t = new Solver(Solver.Options.defaults().withThreads(2).limited(0, 1)).solve(p, false);
            assertFalse(t.solved(), "a 1 ms limit on 26 empties");
        }
        Position small = Games.randomPosition(rnd, 16);
        assertEquals(one.solve(small, false).score(), two.solve(small, false).score(), "solves go on after stops");
    }

    /**
     * A deep node's order keys kept from an earlier visit ({@link OrderCache}) order its moves as
     * keys made again would: with and without them, the same score and the same positions
     * searched, and fewer made to order moves.
     */
    @Test
    void keptOrderKeysSearchTheSameTree(SplittableRandom rnd) {
        long orderWith = 0;
        long orderWithout = 0;
        for (int i = 0; i < 6; i++) {
            Position p = Games.randomPosition(rnd, 20 + i % 2);
            if (p.toMove() == Side.NONE) {
                continue;
            }
            long me = p.toMove() == Side.WHITE ? p.white() : p.black();
            long opp = p.toMove() == Side.WHITE ? p.black() : p.white();
            EndgameSearch.Local[] kept = ParallelSearch.localTables(1, 18);
            EndgameSearch.Local[] none = {new EndgameSearch.Local(new TranspositionTable(EndgameSearch.NEAR_BITS),
                    EndgameSearch.Local.midTable(18), null)};
            ParallelSearch with = new ParallelSearch(new TranspositionTable(18), kept, new SolveControl(0, 0));
            ParallelSearch without = new ParallelSearch(new TranspositionTable(18), none, new SolveControl(0, 0));
            int[] bestWith = {-1};
            int[] bestWithout = {-1};
            assertEquals(without.root(me, opp, -64, 64, bestWithout), with.root(me, opp, -64, 64, bestWith), p.toBoardString());
            assertEquals(bestWithout[0], bestWith[0], p.toBoardString());
            assertEquals(without.nodes() - without.orderNodes(), with.nodes() - with.orderNodes(),
                    "the same positions searched: " + p.toBoardString());
            orderWith += with.orderNodes();
            orderWithout += without.orderNodes();
        }
        assertTrue(orderWith < orderWithout, "kept keys spare positions made to order moves: " + orderWith + " against "
                + orderWithout);
    }

    /** A random position with so many empties that one thread does not solve within {@code nodes} nodes. */
    private static Position hardPosition(SplittableRandom rnd, int empties, long nodes) {
        while (true) {
            Position p = Games.randomPosition(rnd, empties);
            if (!new Solver(Solver.Options.defaults().withThreads(1).limited(nodes, 0)).solve(p, false).solved()) {
                return p;
            }
        }
    }

    /**
     * A random position whose win, draw or loss one thread does not find within {@code nodes} nodes
     * (a side far ahead is often proved winning within a few hundred, however hard its exact score).
     */
    private static Position hardOutcome(SplittableRandom rnd, int empties, long nodes) {
        while (true) {
            Position p = Games.randomPosition(rnd, empties);
            if (!new Solver(Solver.Options.defaults().withThreads(1).limited(nodes, 0)).outcomeOf(p).solved()) {
                return p;
            }
        }
    }

    @Test
    void aNodeLimitStopsCleanlyAsNotSolved(SplittableRandom rnd) {
        Position p = hardPosition(rnd, 26, 1_000_000);
        Solver.Result r = new Solver(Solver.Options.defaults().limited(50_000, 0)).solve(p, false);
        assertFalse(r.solved());
        assertTrue(r.nodes() >= 50_000 && r.nodes() < 5_000_000, "stopped near the limit: " + r.nodes());
        Solver.OutcomeResult o = new Solver(Solver.Options.defaults().limited(0, 1)).outcomeOf(hardOutcome(rnd, 30, 1_000_000));
        assertFalse(o.solved(), "a 1 ms limit on 30 empties");
        // the same solver goes on solving afterwards
        Position small = Games.randomPosition(rnd, 8);
        assertEquals(minimax(small), blackDifference(small, new Solver(Solver.Options.defaults()).solve(small, false)));
    }

    @Test
    void obfLinesAreParsed() {
        ObfLine l = ObfLine.parse("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; A4:-22;");
        assertEquals(Side.BLACK, l.position().toMove());
        assertEquals(18, l.score());
        assertEquals(List.of(Notation.square("g8"), Notation.square("h1"), Notation.square("a4")),
                List.copyOf(l.moveScores().keySet()));
        assertEquals(null, ObfLine.parse("-".repeat(27) + "OX------XO" + "-".repeat(27) + " X").score());
    }

    @Test
    void theStabilityBoundNeverCountsADiscThatCanFlip(SplittableRandom rnd) {
        // on random positions, every disc said stable keeps its colour in every continuation tried
        for (int i = 0; i < 300; i++) {
            Position p = Games.randomPosition(rnd, 4 + rnd.nextInt(30));
            if (p.toMove() == Side.NONE) {
                continue;
            }
            long me = p.toMove() == Side.BLACK ? p.black() : p.white();
            long opp = p.toMove() == Side.BLACK ? p.white() : p.black();
            long stable = Stability.stable(me, opp);
            assertEquals(0, stable & ~me);
            Position q = p;
            Side side = p.toMove();
            for (int k = 0; k < 60 && q.toMove() != Side.NONE; k++) {
                long legal = q.legalMoves();
                int pick = rnd.nextInt(Long.bitCount(legal));
                for (int j = 0; j < pick; j++) {
                    legal &= legal - 1;
                }
                q = q.play(Long.numberOfTrailingZeros(legal));
                long mine = side == Side.BLACK ? q.black() : q.white();
                assertEquals(stable, stable & mine, "a stable disc flipped: " + p.toBoardString());
            }
        }
    }
}
