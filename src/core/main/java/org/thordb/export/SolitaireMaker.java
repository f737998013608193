package org.thordb.export;

import org.thordb.usecase.Games;
import org.thordb.query.Filter;

import org.thordb.fault.Faults;
import org.thordb.engine.Engine;
import org.thordb.engine.StoredGame;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.LongConsumer;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.error.ErrorCode;
import org.thordb.othello.Position;
import org.thordb.othello.Side;
import org.thordb.solve.SolitaireFinder;
import org.thordb.solve.Solver;
import org.thordb.wthor.WthorHeader;
import org.thordb.wthor.WthorKind;
import org.thordb.wthor.WthorSolitaire;
import org.thordb.wthor.WthorSquares;
import org.thordb.wthor.WthorWriter;
import java.io.IOException;
import java.util.Iterator;

/**
 * Makes WTHOR solitaires from the games a query matches: each game's position with N empty
 * squares (when the game reaches it with a side to move) is checked by {@link SolitaireFinder};
 * one position is one solitaire whatever games reach it (in any orientation), and it takes the
 * fields of the first of them in id order (base imported first, then year, then record), in that
 * game's orientation. Written as {@code SOLITAIRES NN.PZZ}: N1 solitaires, N2 = N, P2 = 1, the
 * 512-byte presence table.
 *
 * <p>Usage: {@code SolitaireMaker.Made m = new SolitaireMaker(db, 14).make("year = 2015", 0, n -> { });}
 */
public final class SolitaireMaker {
    /**
     * A solitaire with the game it was taken from.
     *
     * @param solitaire the position and its solution
     * @param game the game whose fields it takes
     * @param record the WTHOR record
     */
    public record Found(SolitaireFinder.Solitaire solitaire, StoredGame game, WthorSolitaire record) {
    }

    /**
     * What a run made.
     *
     * @param candidates the distinct positions checked
     * @param games the games that reach a position with N empties and a side to move
     * @param found the solitaires, in the order found
     */
    public record Made(long candidates, long games, List<Found> found) {
    }

    private final Engine db;
    private final int empties;
    private final Solver solver = new Solver(Solver.Options.defaults());

    /** A maker of solitaires with {@code empties} empty squares (1–60). */
    public SolitaireMaker(Engine db, int empties) {
        if (empties < 1 || empties > 60) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "--empties takes 1 to 60, not " + empties);
        }
        this.db = db;
        this.empties = empties;
    }

    /** The position of a game with {@code empties} empty squares, or null when it never has one with a side to move. */
    public static Position at(int[] squares, int empties) {
        Position p = Position.start();
        for (int sq : squares) {
            if (64 - p.discs() == empties) {
                break;
            }
            if (!p.isLegal(sq)) {
                return null;
            }
            p = p.play(sq);
        }
        return 64 - p.discs() == empties && p.toMove() != Side.NONE ? p : null;
    }

    /**
     * The games the query matches that reach the position, to check.
     *
     * @param limit stop after this many solitaires (0: every one)
     * @param progress told of each game done
     */
    public Made make(String query, int limit, LongConsumer progress) {
        return make(Filter.parse(query == null ? "" : query), limit, progress);
    }

    /** {@link #make(String, int, LongConsumer)} of a filter read once. */
    public Made make(Filter filter, int limit, LongConsumer progress) {
        RoaringBitmap ids = Games.select(db, filter);
        Set<Position> seen = new HashSet<>();
        SolitaireFinder finder = new SolitaireFinder(solver);
        List<Found> found = new ArrayList<>();
        long candidates = 0;
        long reaching = 0;
        RoaringBitmap chunk = new RoaringBitmap();
        Iterator<Integer> it = ids.iterator();
        while (it.hasNext() && (limit == 0 || found.size() < limit)) {
            chunk.clear();
            for (int i = 0; i < 256 && it.hasNext(); i++) {
                chunk.add(it.next());
            }
            for (StoredGame g : Games.of(db, chunk)) {
                progress.accept(1);
                if (g.record68().side() != 8 || (limit > 0 && found.size() >= limit)) {
                    continue;
                }
                Position p = at(g.record68().squares(), empties);
                if (p == null) {
                    continue;
                }
                reaching++;
                if (!seen.add(p.canonical())) {
                    continue;
                }
                candidates++;
                finder.check(p).ifPresent(s -> found.add(new Found(s, g, record(s, g))));
            }
        }
        return new Made(candidates, reaching, found);
    }

    private static WthorSolitaire record(SolitaireFinder.Solitaire s, StoredGame g) {
        int[] moves = g.record68().squares();
        int move25 = moves.length >= 25 && moves[24] >= 0 ? WthorSquares.toByte(moves[24], 8) : 0;
        Position p = s.position();
        return WthorSolitaire.of(g.year(), g.record68().tournament(), g.record68().black(), g.record68().white(),
                p.black(), p.white(), p.toMove() == Side.BLACK ? 1 : 2, s.score(), WthorSquares.toByte(s.firstMove(), 8),
                g.score(), move25);
    }

    /**
     * Writes {@code SOLITAIRES NN.PZZ} into {@code dir} (made when missing), dated {@code today}; an
     * existing file only with {@code force}.
     */
    public Path write(Path dir, List<Found> found, LocalDate today, boolean force) {
        Path target = dir.resolve(String.format("SOLITAIRES %02d.PZZ", empties));
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw Faults.io(dir, e);
        }
        if (Files.exists(target) && !force) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, target + " exists; --force replaces it");
        }
        WthorHeader h = new WthorHeader(today.getYear() / 100, today.getYear() % 100, today.getMonthValue(),
                today.getDayOfMonth(), found.size(), empties, 0, 8, 1, 0, 0);
        try (WthorWriter w = WthorWriter.create(target, WthorKind.SOLITAIRES, h)) {
            for (Found f : found) {
                w.write(f.record());
            }
        }
        return target;
    }
}
