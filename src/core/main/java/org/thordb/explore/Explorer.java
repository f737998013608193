package org.thordb.explore;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.index.IndexReader;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.query.exec.QueryEngine;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import org.roaringbitmap.IntIterator;
import org.thordb.index.Copies;
import org.thordb.index.MoveTable;
import org.thordb.index.Postings;
import org.thordb.othello.Side;
import org.thordb.othello.Symmetry;
import org.thordb.query.ast.Expr;
import org.thordb.query.Filter;
import org.thordb.query.parse.QueryParser;
import org.thordb.solve.Solver;
import org.thordb.store.GameRow;
import org.thordb.wthor.WthorGame;

/**
 * Next-move statistics from the indexes alone: a position's entries say which move each of their
 * games played next ({@link IndexReader#positionByNextMove}), so one lookup of the position splits
 * its games by move, and the row figures ({@link RowFigures}, over the per-game columns) give each row's results, scores
 * and years. Transpositions count, as the position index is up to move order and symmetry. A store
 * whose entries do not say the next moves yet (written before schema 7) is explored as before:
 * the games that played m from P are those that reach P and the position after m.
 *
 * <p>Usage: {@code Exploration e = Explorer.explore(reader, position, "year >= 2000");}
 */
public final class Explorer {
    private Explorer() {
    }

    /**
     * From this many games, a row's results are counted by intersecting its games with each
     * result's, its years found file by file (a file's games share its year), and its scores
     * summed a batch of ids at a time; below, every figure is read game by game.
     */
    static final long BY_INTERSECTION = 4096;

    /**
     * What the ways to a position's next moves cost, in nanoseconds, from figures measured on the
     * 10M-game base: the games' next moves read off their records (a record read and replayed to
     * the position, about 10 µs) or off the in-memory moves of the move table (about 0.3 µs),
     * against one position lookup a legal move (about 6.5 µs an entry it reads: one per segment
     * with entries of its own, one per merge group; see {@link IndexReader#entriesPerKey}).
     */
    static final long RECORD_NANOS = 10_000;
    static final long TABLE_NANOS = 300;
    static final long SEGMENT_LOOKUP_NANOS = 6_500;

    /** Explores a position under a filter query (blank: every game). */
    public static Exploration explore(IndexReader r, Position p, String filter) {
        return explore(r, RowFigures.of(r), p, filter);
    }

    /** How the next moves of a position's games are found. */
    public enum Way {
        /**
         * The book's, with no filter and the position in it ({@link ExplorationBook}); else the
         * position's own entries ({@link #ENTRIES}); else, for entries that do not say the next
         * moves, the cheapest of the other two by the estimates below.
         */
        CHEAPEST,
        /**
         * The position's entries, which say each game's next move: one lookup in all (entries that
         * do not say them yet are explored as {@link #CHEAPEST} explores them).
         */
        ENTRIES,
        /** One position lookup a legal move, intersected with the position's games. */
        LOOKUPS,
        /** The games' records read and replayed to the position (the move table's moves when it is made). */
        GAMES
    }

    /**
     * Explores with columns already read for the reader's catalog: from the store's book of the
     * most played positions ({@link ExplorationBook}) when there is no filter and the book has the
     * position, else the cheapest way.
     */
    public static Exploration explore(IndexReader r, RowFigures columns, Position p, String filter) {
        return explore(r, columns, p, filter, Way.CHEAPEST, BY_INTERSECTION);
    }

    /**
     * Explores the way asked, counting a row's figures by intersection from {@code byIntersectionFrom}
     * games (for tests that compare the ways, and for measuring them; every way gives the same
     * exploration).
     */
    public static Exploration explore(IndexReader r, RowFigures columns, Position p, String filter, Way way,
                                      long byIntersectionFrom) {
        return explore(r, columns, p, filter == null ? Filter.ALL : Filter.parse(filter), filter, way, byIntersectionFrom);
    }

    /** {@link #explore(IndexReader, RowFigures, Position, String)} of a filter made already; {@code shown}: its text as the exploration says it (null: the filter's own). */
    public static Exploration explore(IndexReader r, RowFigures columns, Position p, Filter f, String shown) {
        return explore(r, columns, p, f, shown == null ? f.text() : shown, Way.CHEAPEST, BY_INTERSECTION);
    }

    private static Exploration explore(IndexReader r, RowFigures columns, Position p, Filter asked, String filter, Way way,
                                       long byIntersectionFrom) {
        Expr where = asked.where();
        // each game counted once (a copy from another base is the same game), unless the filter says copies = all
        UnaryOperator<RoaringBitmap> once = asked.allCopies() ? b -> b
                : b -> Copies.once(r, b);
        if (where == null && !asked.allCopies() && way == Way.CHEAPEST) { // every game: the book's, when it has the position
            Exploration booked = ExplorationBook.lookup(r, p);
            if (booked != null) {
                return filter == null || filter.equals(booked.filter()) ? booked
                        : new Exploration(booked.position(), filter, booked.total(), booked.rows(), booked.endsHere());
            }
        }
        // the legal moves, grouped by the position they lead to (up to symmetry)
        Map<Position, List<Integer>> groups = new LinkedHashMap<>();
        for (long m = p.legalMoves(); m != 0; m &= m - 1) {
            int sq = Long.numberOfTrailingZeros(m);
            groups.computeIfAbsent(p.play(sq).canonical(), k -> new ArrayList<>()).add(sq);
        }
        Stats stats = new Stats(columns, byIntersectionFrom);
        if (way == Way.CHEAPEST || way == Way.ENTRIES) {
            // the filter's games first: a big position's entries are then read for those alone
            RoaringBitmap[] byMove = r.positionByNextMove(p, where == null ? null : QueryEngine.evaluate(where, r));
            if (byMove != null) {
                Exploration e = fromEntries(p, filter, byMove, groups, stats, once);
                if (e != null) {
                    return e;
                }
            }
        }
        RoaringBitmap here = r.position(p);
        if (where != null) { // a blank filter (spaces, comments) is every game, as a blank query is
            here = RoaringBitmap.and(here, QueryEngine.evaluate(where, r));
        }
        here = once.apply(here);
        List<Exploration.Row> rows = new ArrayList<>();
        RoaringBitmap played = new RoaringBitmap();
        long n = here.getLongCardinality();
        long lookups = (long) groups.size() * r.entriesPerKey(f -> f.side() == 8) * SEGMENT_LOOKUP_NANOS;
        boolean byGames = way == Way.GAMES;
        MoveTable t = byGames || way == Way.CHEAPEST && n * TABLE_NANOS < lookups
                ? MoveTable.ifMade(r) : null;
        if (way != Way.LOOKUPS && n > 0 && t != null && fromGames(tableMoves(t),
                p, here, groups, stats, rows, played)) {
            // the move table made (a server, the REPL), and its moves cheaper than the lookups: each
            // game replayed to the position's ply from the in-memory moves, its next move read off
        } else if (n > 0 && (byGames || way == Way.CHEAPEST && n * RECORD_NANOS < lookups) && fromGames(recordMoves(r), p, here, groups, stats,
                rows, played)) {
            // few games: their records read and replayed, not one position lookup a legal move
        } else if (n > 0) {
            for (Map.Entry<Position, List<Integer>> g : groups.entrySet()) {
                RoaringBitmap games = RoaringBitmap.and(here, r.position(g.getKey()));
                if (!games.isEmpty()) {
                    rows.add(stats.row(shown(g.getValue()), games));
                    played.or(games);
                }
            }
        }
        rows.sort(Comparator.comparingLong(Exploration.Row::games).reversed()
                .thenComparingInt(Exploration.Row::move));
        Exploration.Row ends = stats.row(-1, RoaringBitmap.andNot(here, played));
        return new Exploration(p, filter == null ? "" : filter, here.getLongCardinality(), rows, ends);
    }

    /**
     * The exploration from the position's games split by their next moves (squares as {@code p}
     * is given, {@link Postings#END} for the games that end there), each group of
     * equivalent moves one row (the filter already applied to them). Null when
     * a game's next move is not a legal move of {@code p} (it cannot be, but then the index is not
     * trusted here).
     */
    private static Exploration fromEntries(Position p, String filter, RoaringBitmap[] byMove,
                                           Map<Position, List<Integer>> groups, Stats stats,
                                           UnaryOperator<RoaringBitmap> once) {
        long legal = p.legalMoves();
        for (int sq = 0; sq < Postings.END; sq++) {
            if (byMove[sq] != null && (legal & 1L << sq) == 0) {
                return null;
            }
        }
        List<Exploration.Row> rows = new ArrayList<>();
        long total = 0;
        for (List<Integer> same : groups.values()) {
            RoaringBitmap games = null;
            for (int sq : same) {
                if (byMove[sq] != null) {
                    games = games == null ? byMove[sq] : RoaringBitmap.or(games, byMove[sq]);
                }
            }
            if (games != null) {
                games = once.apply(games); // a game's copies play the same move, up to the position's symmetries
            }
            if (games != null && !games.isEmpty()) {
                rows.add(stats.row(shown(same), games));
                total += games.getLongCardinality();
            }
        }
        RoaringBitmap ends = byMove[Postings.END];
        ends = ends == null ? new RoaringBitmap() : once.apply(ends);
        total += ends.getLongCardinality();
        rows.sort(Comparator.comparingLong(Exploration.Row::games).reversed()
                .thenComparingInt(Exploration.Row::move));
        return new Exploration(p, filter == null ? "" : filter, total, rows, stats.row(-1, ends));
    }

    /**
     * The move a group of equivalent moves shows as: f5 where it is one of them (every WTHOR game
     * begins there), else the first square in a1…h8 order.
     */
    static int shown(List<Integer> same) {
        return same.contains(Notation.F5) ? Notation.F5 : same.stream().min(Integer::compare).orElseThrow();
    }

    /** A row's figures, summed over its games from the columns. */
    private record Stats(RowFigures c, long byIntersectionFrom) {
        Exploration.Row row(int move, RoaringBitmap games) {
            long n = games.getLongCardinality();
            if (n >= byIntersectionFrom && n > 0) { // many games: counted by intersections with each value's games
                long[] results = c.resultCounts(games);
                int[] years = c.years(games);
                long[] sums = c.scoreSums(games);
                return new Exploration.Row(move, n, results[0], results[2], results[1], sums[0] / (double) n,
                        sums[2] == 0 ? Double.NaN : sums[1] / (double) sums[2], years[0], years[1], sums[2]);
            }
            return gameByGame(move, games);
        }

        private Exploration.Row gameByGame(int move, RoaringBitmap games) {
            long[] sums = new long[6]; // black wins, white wins, draws, scores, known theoretical scores, their games
            int[] years = {Integer.MAX_VALUE, 0};
            games.forEach((int id) -> {
                sums[c.result(id)]++;
                sums[3] += c.score(id);
                if (c.theoreticalKnown(id)) {
                    sums[4] += c.theoretical(id);
                    sums[5]++;
                }
                years[0] = Math.min(years[0], c.year(id));
                years[1] = Math.max(years[1], c.year(id));
            });
            long n = games.getLongCardinality();
            return new Exploration.Row(move, n, sums[0], sums[2], sums[1], n == 0 ? 0 : sums[3] / (double) n,
                    sums[5] == 0 ? Double.NaN : sums[4] / (double) sums[5], n == 0 ? 0 : years[0], n == 0 ? 0 : years[1],
                    sums[5]);
        }
    }

    /**
     * The legal moves of an exploration's position that no game played, nor an image of a played
     * one under the position's symmetries, among those {@code scores} has: best score first, then
     * in a1…h8 order.
     */
    public static List<Integer> unplayed(Exploration e, Map<Integer, Integer> scores) {
        Set<Position> played = new HashSet<>();
        for (Exploration.Row r : e.rows()) {
            played.add(e.position().play(r.move()).canonical());
        }
        List<Integer> out = new ArrayList<>();
        for (long legal = e.position().legalMoves(); legal != 0; legal &= legal - 1) {
            int sq = Long.numberOfTrailingZeros(legal);
            if (scores.containsKey(sq) && played.add(e.position().play(sq).canonical())) {
                out.add(sq);
            }
        }
        out.sort(Comparator.comparingInt((Integer sq) -> -scores.get(sq)).thenComparingInt(sq -> sq));
        return out;
    }

    /**
     * Each legal move that leads where a row's move does, the position being symmetric, to that
     * row's move: d3, c4 and e6 to f5 at the start.
     */
    public static Map<Integer, Integer> sameAs(Exploration e) {
        Map<Position, Integer> shown = new HashMap<>();
        for (Exploration.Row r : e.rows()) {
            shown.put(e.position().play(r.move()).canonical(), r.move());
        }
        Map<Integer, Integer> out = new TreeMap<>();
        for (long legal = e.position().legalMoves(); legal != 0; legal &= legal - 1) {
            int sq = Long.numberOfTrailingZeros(legal);
            Integer row = shown.get(e.position().play(sq).canonical());
            if (row != null && row != sq) {
                out.put(sq, row);
            }
        }
        return out;
    }

    /**
     * The exact score of every legal move of a position (the side to move's disc difference under
     * perfect play, empties to the winner), when it has at most {@code maxEmpties} empties; null
     * otherwise, or when the solve did not end within {@code millis}.
     */
    public static Map<Integer, Integer> perfect(Position p, int maxEmpties, long millis) {
        if (64 - p.discs() > maxEmpties || p.legalMoves() == 0) {
            return null;
        }
        Solver.Result r = solverFor(p, millis).solve(p, true);
        return r.solved() ? r.moveScores() : null;
    }

    /**
     * Every legal move's exact score and its line of perfect play ({@link #perfectLines}), from one
     * solver: the lines' searches find most of what they ask in the table the scores' solve
     * filled. Null, as {@link #perfect}, when the position has more than {@code maxEmpties}
     * empties, no legal move, or the solve did not end within {@code millis}.
     */
    public static MoveValues perfectValues(Position p, int maxEmpties, long millis) {
        if (64 - p.discs() > maxEmpties || p.legalMoves() == 0) {
            return null;
        }
        Solver solver = solverFor(p, millis);
        Solver.Result r = solver.solve(p, true);
        if (!r.solved()) {
            return null;
        }
        return new MoveValues(r.moveScores(), true, 0, perfectLines(solver, p, r.moveScores()));
    }

    /**
     * A solver for a position's exact scores: a table sized to the solve (making the default
     * 48 MB one costs more than solving 12 empties), and one thread up to 14 empties, where
     * splitting the search costs more than it gives.
     */
    private static Solver solverFor(Position p, long millis) {
        int empties = 64 - p.discs();
        Solver.Options o = Solver.Options.defaults().limited(0, millis)
                .withTableBits(empties <= 12 ? 15 : empties <= 16 ? 18 : empties <= 20 ? 20 : 21);
        if (empties <= 14) {
            o = o.withThreads(1);
        }
        return new Solver(o);
    }

    /**
     * The principal variation of each move's exact score: the move, then at each position the
     * first move in square order that keeps the score (a null-window search proves it), to the
     * end of the game. So a line is a function of the position alone, the same on every surface;
     * replayed, it ends with the mover's final disc difference (empties to the winner) equal to
     * the score. A line a limit stopped is cut where it stopped.
     */
    public static Map<Integer, List<Integer>> perfectLines(Position p,
            Map<Integer, Integer> scores, long millis) {
        if (scores == null || scores.isEmpty()) {
            return new LinkedHashMap<>();
        }
        return perfectLines(solverFor(p, millis), p, scores);
    }

    private static Map<Integer, List<Integer>> perfectLines(Solver solver,
            Position p, Map<Integer, Integer> scores) {
        Map<Integer, List<Integer>> out = new LinkedHashMap<>();
        Side root = p.toMove();
        for (Map.Entry<Integer, Integer> m : scores.entrySet()) {
            List<Integer> line = new ArrayList<>();
            line.add(m.getKey());
            Position q = p.play(m.getKey());
            int v = m.getValue();
            while (!q.isFinal()) {
                int vq = q.toMove() == root ? v : -v;
                int keep = -1;
                for (long legal = q.legalMoves(); legal != 0 && keep < 0; legal &= legal - 1) {
                    int sq = Long.numberOfTrailingZeros(legal);
                    Position c = q.play(sq);
                    Boolean keeps;
                    if (c.isFinal()) {
                        int black = finalScore(c);
                        keeps = (q.toMove() == Side.BLACK ? black : -black) == vq;
                    } else if (c.toMove() == q.toMove()) { // the other side passes
                        keeps = solver.reaches(c, vq);
                    } else {
                        Boolean more = solver.reaches(c, -vq + 1);
                        keeps = more == null ? null : !more;
                    }
                    if (keeps == null) {
                        legal = 0; // stopped by the limit: the line ends here
                        keep = -2;
                    } else if (keeps) {
                        keep = sq;
                    }
                }
                if (keep < 0) {
                    break;
                }
                line.add(keep);
                q = q.play(keep);
            }
            out.put(m.getKey(), List.copyOf(line));
        }
        return out;
    }

    /** Black's final score of a finished game: the disc difference, the empties to the winner. */
    static int finalScore(Position end) {
        int d = end.blackDiscs() - end.whiteDiscs();
        int empties = 64 - end.discs();
        return d > 0 ? d + empties : d < 0 ? d - empties : 0;
    }

    /** The replay state at the start (see {@link MoveTable#step}); copied, never written. */
    private static final long[] START = MoveTable.startState();

    /** Where a game's moves are read: the move table's, or its record's. */
    private interface MoveSource {
        /** Prepares game {@code id}: the number of its moves that replay, or −1 when it is not an 8×8 game. */
        int open(int id);

        /** Move {@code k} of the game last opened, as a square. */
        int move(int k);
    }

    /** The move table's moves, read in place (nothing allocated a game). */
    private static MoveSource tableMoves(MoveTable t) {
        byte[] moves = t.moves();
        int[] at = {0};
        return new MoveSource() {
            @Override
            public int open(int id) {
                at[0] = id * MoveTable.MOVES;
                return t.side(id) == 8 ? t.moveCount(id) : -1;
            }

            @Override
            public int move(int k) {
                return moves[at[0] + k];
            }
        };
    }

    /** The moves of each game's record, up to its last legal move. */
    private static MoveSource recordMoves(IndexReader r) {
        int[][] squares = {null};
        return new MoveSource() {
            @Override
            public int open(int id) {
                GameRow g = r.game(id);
                if (g == null || g.side() != 8) {
                    return -1;
                }
                squares[0] = new WthorGame(g.raw(), 8).squares();
                return Math.min(squares[0].length, g.validMoves());
            }

            @Override
            public int move(int k) {
                return squares[0][k];
            }
        };
    }

    /**
     * The rows of the games of {@code here} from their moves: each game replayed to the position's
     * ply, the symmetry that turns its board into the position found, and its next move turned the
     * same way names the row. False, and nothing added, when a game does not fit (then the index
     * answers).
     */
    private static boolean fromGames(MoveSource movesOf, Position p, RoaringBitmap here,
                                     Map<Position, List<Integer>> groups, Stats stats, List<Exploration.Row> rows,
                                     RoaringBitmap played) {
        int ply = p.discs() - 4;
        Map<Integer, Integer> groupOf = new HashMap<>();
        List<List<Integer>> groupMoves = new ArrayList<>(groups.values());
        for (int i = 0; i < groupMoves.size(); i++) {
            for (int sq : groupMoves.get(i)) {
                groupOf.put(sq, i);
            }
        }
        RoaringBitmap[] games = new RoaringBitmap[groupMoves.size()];
        long[] state = new long[3];
        Symmetry[] all = Symmetry.values();
        for (IntIterator it = here.getIntIterator(); it.hasNext(); ) {
            int id = it.next();
            int length = movesOf.open(id);
            if (length < ply) { // not an 8×8 game, or too short: not what the index said
                return false;
            }
            if (ply == length) {
                continue; // the game ends here
            }
            System.arraycopy(START, 0, state, 0, 3);
            for (int k = 0; k < ply; k++) {
                MoveTable.step(state, movesOf.move(k));
            }
            int next = movesOf.move(ply);
            Integer group = null;
            for (Symmetry s : all) {
                if (s.apply(state[0]) == p.black() && s.apply(state[1]) == p.white()) {
                    group = groupOf.get(s.apply(next));
                    break;
                }
            }
            if (group == null) {
                return false;
            }
            if (games[group] == null) {
                games[group] = new RoaringBitmap();
            }
            games[group].add(id);
        }
        for (int i = 0; i < games.length; i++) {
            if (games[i] != null) {
                rows.add(stats.row(shown(groupMoves.get(i)), games[i]));
                played.or(games[i]);
            }
        }
        return true;
    }
}
