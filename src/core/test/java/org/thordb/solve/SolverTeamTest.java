package org.thordb.solve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.thordb.othello.Position;
import org.thordb.othello.Side;
import org.thordb.testing.Games;

/**
 * Solvers of a {@link SolverTeam}: alone, a team's solve searches the tree one thread searches;
 * joined by an idle thread, it gives the scores one thread gives; and a batch solved the way
 * {@code verify --theoretical} solves it (one position a thread, then the idle thread helps)
 * gives every score one thread gives.
 */
@org.junit.jupiter.api.extension.ExtendWith(org.thordb.testing.Seeded.class)
@org.thordb.testing.FullTier
class SolverTeamTest {

    private static List<Position> positions(SplittableRandom rnd, int n, int from, int span) {
        List<Position> out = new ArrayList<>();
        while (out.size() < n) {
            Position p = Games.randomPosition(rnd, from + out.size() % span);
            if (p.toMove() != Side.NONE) {
                out.add(p);
            }
        }
        return out;
    }

    @Test
    void aloneATeamsSolveSearchesTheOneThreadTree(SplittableRandom rnd) {
        Solver team = new SolverTeam(2).solver(Solver.Options.defaults());
        Solver one = new Solver(Solver.Options.defaults().withThreads(1));
        long joins = Splitter.JOINS.sum();
        for (Position p : positions(rnd, 6, 17, 4)) {
            Solver.Result want = one.solve(p, false);
            Solver.Result got = team.solve(p, false);
            assertEquals(want.score(), got.score(), p.toBoardString());
            assertEquals(want.best(), got.best(), p.toBoardString());
            assertEquals(want.nodes(), got.nodes(), "the same positions searched: " + p.toBoardString());
        }
        assertEquals(joins, Splitter.JOINS.sum(), "no thread was idle: none joined");
    }

    @Test
    void anIdleThreadJoinsARunningSolveAndTheScoresHold(SplittableRandom rnd) throws Exception {
        SolverTeam team = new SolverTeam(2);
        Solver teamed = team.solver(Solver.Options.defaults());
        Solver one = new Solver(Solver.Options.defaults().withThreads(1));
        for (Position p : positions(rnd, 5, 18, 3)) {
            Solver.Result want = one.solve(p, false);
            AtomicBoolean working = new AtomicBoolean(true);
            Thread helper = new Thread(() -> team.help(working::get), "helper");
            helper.start();
            long joins = Splitter.JOINS.sum();
            Solver.Result got = teamed.solve(p, false);
            long joined = Splitter.JOINS.sum() - joins;
            working.set(false);
            helper.join(5_000);
            assertFalse(helper.isAlive(), "the helper returns once no solve is left");
            assertEquals(want.score(), got.score(), p.toBoardString());
            Position after = p.play(got.best());
            int afterScore = one.solve(after, false).score();
            assertEquals(want.score(), after.toMove() == p.toMove() ? afterScore : -afterScore,
                    "the best move reaches the score: " + p.toBoardString());
            assertTrue(joined > 0, "the idle thread was given moves: " + p.toBoardString());
        }
    }

    /** Stops reach a helper too: a teamed solve with a node limit ends unsolved, and the team goes on. */
    @Test
    void aStoppedSolveLetsItsHelperGo(SplittableRandom rnd) throws Exception {
        SolverTeam team = new SolverTeam(2);
        Solver limited = team.solver(Solver.Options.defaults().limited(300_000, 0));
        Solver teamed = team.solver(Solver.Options.defaults());
        Solver one = new Solver(Solver.Options.defaults().withThreads(1));
        AtomicBoolean working = new AtomicBoolean(true);
        Thread helper = new Thread(() -> team.help(working::get), "helper");
        helper.start();
        int stopped = 0;
        try {
            for (Position p : positions(rnd, 4, 26, 1)) {
                Solver.Result r = limited.solve(p, false);
                if (r.solved()) {
                    continue; // a quick one: within the limit
                }
                stopped++;
                assertTrue(r.nodes() < 3_000_000, "stopped near its limit: " + r.nodes());
            }
            assertTrue(stopped > 0, "a limit stopped a solve of 26 empties");
            Position small = positions(rnd, 1, 18, 1).get(0);
            assertEquals(one.solve(small, false).score(), teamed.solve(small, false).score(), "solves go on after stops");
        } finally {
            working.set(false);
            helper.join(5_000);
        }
        assertFalse(helper.isAlive(), "the helper returns once no solve is left");
    }

    /**
     * A batch solved as verify solves it: each thread takes positions until none is left, then
     * helps the solves still running. Every score is the one-thread score, whichever thread
     * helped where.
     */
    @Test
    void aBatchSolvedSideBySideGivesTheOneThreadScores(SplittableRandom rnd) throws Exception {
        List<Position> batch = positions(rnd, 8, 17, 4);
        Solver one = new Solver(Solver.Options.defaults().withThreads(1));
        int[] want = batch.stream().mapToInt(p -> one.solve(p, false).score()).toArray();
        SolverTeam team = new SolverTeam(2);
        int[] got = new int[batch.size()];
        AtomicInteger next = new AtomicInteger();
        AtomicInteger left = new AtomicInteger(batch.size());
        List<Thread> threads = new ArrayList<>();
        List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int t = 0; t < 2; t++) {
            Thread thread = new Thread(() -> {
                try {
                    Solver s = team.solver(Solver.Options.defaults());
                    for (int i = next.getAndIncrement(); i < batch.size(); i = next.getAndIncrement()) {
                        got[i] = s.solve(batch.get(i), false).score();
                        left.decrementAndGet();
                    }
                    team.help(() -> left.get() > 0);
                } catch (Throwable e) {
                    failures.add(e);
                }
            });
            threads.add(thread);
            thread.start();
        }
        for (Thread t : threads) {
            t.join(120_000);
            assertFalse(t.isAlive(), "every thread ends");
        }
        assertTrue(failures.isEmpty(), failures.toString());
        for (int i = 0; i < batch.size(); i++) {
            assertEquals(want[i], got[i], batch.get(i).toBoardString());
        }
    }
}
