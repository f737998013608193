package org.thordb.usecase;

import java.util.ArrayList;
import java.util.Comparator;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.explore.Exploration10;
import org.thordb.explore.Explorer10;
import org.thordb.index.Copies;
import org.thordb.query.ast.Expr;
import org.thordb.query.exec.QueryEngine;
import org.thordb.store.FileRow;
import org.thordb.store.GameRow;
import org.thordb.error.ThorDbException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.thordb.engine.Engine;
import org.thordb.engine.StoredGame;
import org.thordb.error.ErrorCode;
import org.thordb.explore.Exploration;
import org.thordb.query.Filter;
import org.thordb.explore.ExplorePolicy;
import org.thordb.explore.Explorer;
import org.thordb.explore.MoveValues;
import org.thordb.explore.ValueBook;
import org.thordb.fault.Faults;
import org.thordb.othello.Position;
import org.thordb.solve.Estimator;
import org.thordb.fault.Cancellation;

/**
 * The explorer's question, answered in one place for every surface (the command line's
 * {@code explore}, the REPL's {@code :explore} and {@code :solve}, its game viewer,
 * {@code /api/explore} and the library): what was played from a position by the games a filter
 * matches, every legal move's value (exact scores up to the horizon, estimates above, each with its
 * principal variation) and each played move's first game. The policy is {@link ExplorePolicy}'s;
 * an explicit horizon ({@link Settings#exactUpTo}) changes it the same way wherever it is asked.
 * Exact scores are kept per position (they never change), as estimates are by {@link Estimator}.
 *
 * <p>Usage: {@code Explore.Answer a = Explore.of(db, Position.afterLine("f5d6c3"), "", Explore.Settings.DEFAULT);}
 */
public final class Explore {
    private Explore() {
    }

    /**
     * What an exploration asks for beyond the games.
     *
     * @param exactEmpties positions with at most this many empties get exact scores (0: never)
     * @param estimates whether positions above get every legal move's estimate
     */
    public record Settings(int exactEmpties, boolean estimates) {
        /** The one policy of every surface: exact at {@link ExplorePolicy#EXACT_EMPTIES} empties or fewer, estimates above. */
        public static final Settings DEFAULT = new Settings(ExplorePolicy.EXACT_EMPTIES, true);

        /** The most empties an exact horizon takes: beyond, a solve takes many minutes. */
        public static final int MAX_EXACT_EMPTIES = 30;

        /** Checks the horizon. */
        public Settings {
            if (exactEmpties < 0 || exactEmpties > MAX_EXACT_EMPTIES) {
                throw Faults.of(ErrorCode.BAD_ARGUMENT, "exact scores are asked for at 0 to " + MAX_EXACT_EMPTIES
                        + " empties, not " + exactEmpties);
            }
        }

        /** These settings with exact scores at {@code empties} or fewer. */
        public Settings exactUpTo(int empties) {
            return new Settings(empties, estimates);
        }

        /** These settings with estimates above the horizon, or none. */
        public Settings withEstimates(boolean on) {
            return new Settings(exactEmpties, on);
        }
    }

    /**
     * An exploration's answer.
     *
     * @param exploration the next moves played and their figures
     * @param values every legal move's value, exact or estimated, with its principal variation
     * @param firstGames each played move's first game (the earliest that reached the position after it)
     */
    public record Answer(Exploration exploration, MoveValues values, Map<Integer, StoredGame> firstGames) {
    }

    /** Exact values kept: a position's never change. Emptied when it grows past its bound. */
    private static final Map<Position, MoveValues> EXACT = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Position, MoveValues> eldest) {
            return size() > 20_000;
        }
    };

    /** The answer for a position and the games a filter matches (blank: every game). */
    public static Answer of(Engine db, Position p, String filter, Settings s) {
        return of(db, p, Filter.parse(filter), s);
    }

    /** The answer for a position and a filter's games: the filter read once, by every part of the answer. */
    public static Answer of(Engine db, Position p, Filter filter, Settings s) {
        Exploration e = Explore.exploration(db, p, filter);
        MoveValues values = values(db, p, s);
        Map<Integer, StoredGame> first = Explore.firstGames(db, e.position(), filter,
                e.rows().stream().map(Exploration.Row::move).toList());
        return new Answer(e, values, first);
    }

    /**
     * Every legal move's value under the settings: exact (kept) up to the horizon, else estimated
     * when asked, the estimates read from the store's value book when it keeps them ({@link ValueBook}:
     * the same values the search gives, searched once by {@code thordb optimize}).
     */
    public static MoveValues values(Engine db, Position p, Settings s) {
        if (s.estimates() && 64 - p.discs() > s.exactEmpties() && p.legalMoves() != 0) {
            db.read(r -> ValueBook.load(r, p));
        }
        return values(p, s);
    }

    /** {@link #values(Engine, Position, Settings)} without a store: searched when not kept in this process. */
    public static MoveValues values(Position p, Settings s) {
        if (64 - p.discs() <= s.exactEmpties() && p.legalMoves() != 0) {
            MoveValues kept;
            synchronized (EXACT) {
                kept = EXACT.get(p);
            }
            if (kept != null) {
                return kept;
            }
            MoveValues exact = Explorer.perfectValues(p, s.exactEmpties(), ExplorePolicy.SOLVE_MILLIS);
            if (exact != null) {
                synchronized (EXACT) {
                    EXACT.put(p, exact);
                }
                return exact;
            }
            Cancellation.check(); // stopped because the work was cancelled: no answer, not "unsolved"
        }
        return s.estimates() ? MoveValues.estimated(p) : MoveValues.NONE;
    }

    /**
     * Whether answering takes milliseconds: exact scores at {@value #CHEAP_EXACT_EMPTIES} empties or
     * fewer or already kept, no estimates or kept ones. A server schedules the rest as heavy work.
     */
    public static boolean cheap(Engine db, Position p, Settings s) {
        if (s.estimates() && 64 - p.discs() > s.exactEmpties() && p.legalMoves() != 0
                && Boolean.TRUE.equals(db.read(r -> ValueBook.load(r, p)))) {
            return true; // the store's value book keeps them: read, not searched
        }
        return cheap(p, s);
    }

    /** {@link #cheap(Engine, Position, Settings)} without a store's value book. */
    public static boolean cheap(Position p, Settings s) {
        int empties = 64 - p.discs();
        if (empties <= s.exactEmpties()) {
            synchronized (EXACT) {
                return empties <= CHEAP_EXACT_EMPTIES || EXACT.containsKey(p);
            }
        }
        return !s.estimates() || Estimator.kept(p, Estimator.Budget.explorer(empties));
    }

    /** At most this many empties an exact solve is milliseconds. */
    public static final int CHEAP_EXACT_EMPTIES = 10;

    /** The moves of an answer's played rows. */
    static List<Integer> played(Exploration e) {
        return e.rows().stream().map(Exploration.Row::move).toList();
    }

    /**
     * For each move, the first game (the earliest year, then the first imported) of a filter's
     * games (blank: every game; each game once) that reaches the position the move leads to from
     * {@code p}: where a move was first seen, so that novelties show.
     */
    public static Map<Integer, StoredGame> firstGames(Engine db, Position p, String filter, List<Integer> moves) {
        return firstGames(db, p, Games.filter(filter == null ? "" : filter), moves);
    }

    /** {@link #firstGames(Engine, Position, String, List)} of a filter. */
    public static Map<Integer, StoredGame> firstGames(Engine db, Position p, Filter filter, List<Integer> moves) {
        Expr e = filter.where();
        return db.read(r -> {
            RoaringBitmap allowed = e == null ? null : QueryEngine.evaluate(e, r);
            List<FileRow> files = new ArrayList<>(r.catalog().gameFiles());
            files.sort(Comparator.comparingInt(FileRow::year)
                    .thenComparingInt(FileRow::firstId));
            Map<Integer, StoredGame> out = new LinkedHashMap<>();
            for (int m : moves) {
                if (!p.isLegal(m)) {
                    continue;
                }
                RoaringBitmap ids = r.position(p.play(m));
                if (allowed != null) {
                    ids = RoaringBitmap.and(ids, allowed);
                }
                ids = filter.allCopies() ? ids : Copies.once(r, ids);
                for (FileRow f : files) {
                    if (ids.intersects((long) f.firstId(), (long) f.firstId() + f.games())) {
                        int first = (int) ids.nextValue(f.firstId());
                        GameRow row = r.game(first);
                        if (row != null) {
                            out.put(m, StoredGame.of(row, r.catalog()));
                        }
                        break;
                    }
                }
            }
            return out;
        });
    }

    /**
     * The 10×10 explorer: every next move played from the position a 10×10 line reaches
     * ({@code g6e4…}, squares a1…j10), in any of the 8 orientations of the 10×10 board, by the games
     * of a filter; see {@link Explorer10}.
     *
     * @throws ThorDbException {@link ErrorCode#ILLEGAL_MOVE} for a line that is not legal
     */
    public static Exploration10 explore10(Engine db, String line, String filter) {
        return db.read(r -> Explorer10.explore(r, line, filter));
    }

    /** {@link #explore10(Engine, String, String)} over a filter read once. */
    public static Exploration10 explore10(Engine db, String line, Filter filter) {
        return db.read(r -> Explorer10.explore(r, line, filter));
    }

    /**
     * What was played from a position in the games that reach it and match a filter query (blank:
     * every game): one row a next move, in the orientation of {@code position}.
     */
    public static Exploration exploration(Engine db, Position position, String filter) {
        return db.read(r -> db.explorer().explore(r, position, filter));
    }

    /** {@link #exploration(Engine, Position, String)} of a filter (the exploration says its {@link Filter#text()}). */
    public static Exploration exploration(Engine db, Position position, Filter filter) {
        return db.read(r -> db.explorer().explore(r, position, filter, filter.text()));
    }
}
