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

/**
 * Next-move statistics from the indexes alone, reading no game record: the games that played move
 * m from position P are those that reach P and reach P after m (a game's positions are one a ply,
 * so reaching both means m, or a move equivalent to it, came next). Transpositions count, as the
 * position index is up to move order and symmetry. Results, scores and years are intersections
 * with the term postings.
 *
 * <p>Usage: {@code Exploration e = Explorer.explore(reader, position, "year >= 2000");}
 */
public final class Explorer {
    private Explorer() {
    }

    /** Up to this many games, next moves are read off the in-memory moves rather than the index. */
    static final int FEW = 256;

    /** Explores a position under a filter query (blank: every game). */
    public static Exploration explore(IndexReader r, Position p, String filter) {
        return explore(r, Columns.of(r), p, filter);
    }

    /** Explores with columns already read for the reader's catalog. */
    public static Exploration explore(IndexReader r, Columns columns, Position p, String filter) {
        RoaringBitmap here = r.position(p);
        org.thordb.query.ast.Expr where = filter == null ? null : org.thordb.query.parse.QueryParser.parseOrBlank(filter);
        if (where != null) { // a blank filter (spaces, comments) is every game, as a blank query is
            here = RoaringBitmap.and(here, QueryEngine.evaluate(where, r));
        }
        // the legal moves, grouped by the position they lead to (up to symmetry)
        Map<Position, List<Integer>> groups = new LinkedHashMap<>();
        for (long m = p.legalMoves(); m != 0; m &= m - 1) {
            int sq = Long.numberOfTrailingZeros(m);
            groups.computeIfAbsent(p.play(sq).canonical(), k -> new ArrayList<>()).add(sq);
        }
        Stats stats = new Stats(columns);
        List<Exploration.Row> rows = new ArrayList<>();
        RoaringBitmap played = new RoaringBitmap();
        org.thordb.index.GameTable t = here.getLongCardinality() <= FEW ? org.thordb.index.GameTable.ifMade(r) : null;
        if (!here.isEmpty() && t != null && fromTable(t, p, here, groups, stats, rows, played)) {
            // few games, and the game table made (a server, the REPL): their next moves read off the
            // in-memory moves, one replay each to the position's ply, not one index lookup a legal move
        } else if (!here.isEmpty()) {
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
     * The move a group of equivalent moves shows as: f5 where it is one of them (every WTHOR game
     * begins there), else the first square in a1…h8 order.
     */
    private static int shown(List<Integer> same) {
        return same.contains(Notation.F5) ? Notation.F5 : same.stream().min(Integer::compare).orElseThrow();
    }

    /** A row's figures, summed over its games from the columns. */
    private record Stats(Columns c) {
        Exploration.Row row(int move, RoaringBitmap games) {
            long[] sums = new long[5]; // black wins, white wins, draws, scores, theoretical scores
            int[] years = {Integer.MAX_VALUE, 0};
            games.forEach((int id) -> {
                sums[c.result(id)]++;
                sums[3] += c.score(id);
                sums[4] += c.theoretical(id);
                years[0] = Math.min(years[0], c.year(id));
                years[1] = Math.max(years[1], c.year(id));
            });
            long n = games.getLongCardinality();
            return new Exploration.Row(move, n, sums[0], sums[2], sums[1], n == 0 ? 0 : sums[3] / (double) n,
                    n == 0 ? 0 : sums[4] / (double) n, n == 0 ? 0 : years[0], n == 0 ? 0 : years[1]);
        }
    }

    /**
     * The exact score of every legal move of a position (the side to move's disc difference under
     * perfect play, empties to the winner), when it has at most {@code maxEmpties} empties; null
     * otherwise, or when the solve did not end within {@code millis}.
     */
    public static java.util.Map<Integer, Integer> perfect(Position p, int maxEmpties, long millis) {
        if (64 - p.discs() > maxEmpties || p.legalMoves() == 0) {
            return null;
        }
        int empties = 64 - p.discs();
        // a table sized to the solve (making the default 48 MB one costs more than solving 12 empties),
        // and one thread up to 14 empties, where splitting the search costs more than it gives
        org.thordb.solve.Solver.Options o = org.thordb.solve.Solver.Options.defaults().limited(0, millis)
                .withTableBits(empties <= 12 ? 15 : empties <= 16 ? 18 : empties <= 20 ? 20 : 21);
        if (empties <= 14) {
            o = o.withThreads(1);
        }
        org.thordb.solve.Solver.Result r = new org.thordb.solve.Solver(o).solve(p, true);
        return r.solved() ? r.moveScores() : null;
    }

    /**
     * The rows of the games of {@code here} from the game table: each game replayed to the
     * position's ply, the symmetry that turns its board into the position found, and its next move
     * turned the same way names the row. False, and nothing added, when a game does not fit (then
     * the index answers).
     */
    private static boolean fromTable(org.thordb.index.GameTable t, Position p, RoaringBitmap here,
                                     Map<Position, List<Integer>> groups, Stats stats, List<Exploration.Row> rows,
                                     RoaringBitmap played) {
        int ply = p.discs() - 4;
        Map<Integer, Integer> groupOf = new java.util.HashMap<>();
        List<List<Integer>> groupMoves = new ArrayList<>(groups.values());
        for (int i = 0; i < groupMoves.size(); i++) {
            for (int sq : groupMoves.get(i)) {
                groupOf.put(sq, i);
            }
        }
        RoaringBitmap[] games = new RoaringBitmap[groupMoves.size()];
        long[] board = new long[3];
        byte[] moves = t.moves();
        org.thordb.othello.Symmetry[] all = org.thordb.othello.Symmetry.values();
        for (org.roaringbitmap.IntIterator it = here.getIntIterator(); it.hasNext(); ) {
            int id = it.next();
            if (!t.boardAfter(id, ply, board)) {
                return false;
            }
            if (ply >= t.moveCount(id)) {
                continue; // the game ends here
            }
            int next = moves[id * org.thordb.index.GameTable.MOVES + ply];
            Integer group = null;
            for (org.thordb.othello.Symmetry s : all) {
                if (s.apply(board[0]) == p.black() && s.apply(board[1]) == p.white()) {
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
