package org.thordb.solve;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.thordb.othello.Position;
import org.thordb.othello.Side;
import java.util.Map;
import java.util.TreeMap;
import org.thordb.error.ErrorCode;
import org.thordb.fault.Faults;

/**
 * Decides whether a position is a solitaire as the WTHOR specification defines one: the side to
 * move has a single move that wins (or, when no move wins, a single move that draws), and the same
 * holds at each of its later moves along the perfect line, where the opponent plays its best
 * defence (of equal best moves, the first in square order a1, b1, …, h8). Each move is first judged by a win/draw/loss search (a null window around 0), which
 * decides most candidates cheaply (a second winning move ends the check); the solution's exact
 * score comes from one exact solve.
 *
 * <p>Usage: {@code Optional<SolitaireFinder.Solitaire> s = new SolitaireFinder(new Solver(Solver.Options.defaults())).check(p);}
 */
public final class SolitaireFinder {
    /**
     * A solitaire.
     *
     * @param position the position
     * @param score the final disc difference for the side to move under perfect play
     * @param firstMove the solution's first move, 0–63
     * @param line the perfect line from the position, passes left out
     */
    public record Solitaire(Position position, int score, int firstMove, List<Integer> line) {
    }

    private final Solver solver;
    private long searches;

    /** A finder using {@code solver} (its table is reused from one search to the next). */
    public SolitaireFinder(Solver solver) {
        this.solver = solver;
    }

    /** The win/draw/loss and exact searches made so far. */
    public long searches() {
        return searches;
    }

    /** The solitaire at {@code p}, or empty when {@code p} is not one (or the game is over). */
    public Optional<Solitaire> check(Position p) {
        if (p.toMove() == Side.NONE) {
            return Optional.empty();
        }
        Side s = p.toMove();
        int[] first = keeping(p, s, null);
        if (first == null) {
            return Optional.empty();
        }
        Solver.Outcome need = first[1] == 1 ? Solver.Outcome.WIN : Solver.Outcome.DRAW;
        List<Integer> line = new ArrayList<>();
        line.add(first[0]);
        Position c = p.play(first[0]);
        while (c.toMove() != Side.NONE) {
            int m;
            if (c.toMove() == s) {
                int[] k = keeping(c, s, need);
                if (k == null) {
                    return Optional.empty();
                }
                m = k[0];
            } else {
                m = bestDefence(c);
            }
            line.add(m);
            c = c.play(m);
        }
        searches++;
        Solver.Result exact = solver.solve(p, false);
        return Optional.of(new Solitaire(p, exact.score(), first[0], List.copyOf(line)));
    }

    /**
     * The opponent's best defence: of the moves with its best exact score, the first in square
     * order (a1, b1, …), so that the perfect line, and the solitaire, do not depend on the search.
     */
    private int bestDefence(Position c) {
        searches++;
        Solver.Result r = solver.solve(c, true);
        if (!r.solved()) {
            throw Faults.of(ErrorCode.CANCELLED, String.valueOf("a limit stopped the search"));
        }
        int best = Integer.MIN_VALUE;
        int move = -1;
        for (Map.Entry<Integer, Integer> e : new TreeMap<>(r.moveScores()).entrySet()) {
            if (e.getValue() > best) {
                best = e.getValue();
                move = e.getKey();
            }
        }
        return move;
    }

    /**
     * The one move of {@code q} (with {@code s} to move) that keeps {@code need} (null at the root:
     * a win if any move wins, else a draw), as {move, 1 win or 0 draw}; null when there is none or
     * more than one.
     */
    private int[] keeping(Position q, Side s, Solver.Outcome need) {
        int win = -1;
        int wins = 0;
        int draw = -1;
        int draws = 0;
        for (long legal = q.legalMoves(); legal != 0; legal &= legal - 1) {
            int m = Long.numberOfTrailingZeros(legal);
            Solver.Outcome o = outcomeFor(q.play(m), s);
            if (o == Solver.Outcome.WIN) {
                wins++;
                win = m;
                if (wins > 1) {
                    return null; // two winning moves: not a solitaire, whatever the rest
                }
            } else if (o == Solver.Outcome.DRAW) {
                draws++;
                draw = m;
            }
        }
        if (need == Solver.Outcome.WIN || (need == null && wins == 1)) {
            return wins == 1 ? new int[] {win, 1} : null;
        }
        if (wins > 0) {
            return null; // a draw was wanted where a win exists: not on a perfect line
        }
        return draws == 1 ? new int[] {draw, 0} : null;
    }

    /** The outcome of a position for {@code s}, whoever is to move in it. */
    private Solver.Outcome outcomeFor(Position c, Side s) {
        searches++;
        Solver.OutcomeResult r = solver.outcomeOf(c);
        if (!r.solved()) {
            throw Faults.of(ErrorCode.CANCELLED, String.valueOf("a limit stopped the search"));
        }
        Side view = c.toMove() == Side.NONE ? Side.BLACK : c.toMove();
        if (view == s) {
            return r.outcome();
        }
        return switch (r.outcome()) {
            case WIN -> Solver.Outcome.LOSS;
            case LOSS -> Solver.Outcome.WIN;
            case DRAW -> Solver.Outcome.DRAW;
        };
    }
}
