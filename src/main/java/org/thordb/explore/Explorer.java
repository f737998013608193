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
        if (!here.isEmpty()) {
            for (Map.Entry<Position, List<Integer>> g : groups.entrySet()) {
                RoaringBitmap games = RoaringBitmap.and(here, r.position(g.getKey()));
                if (!games.isEmpty()) {
                    // equivalent moves show as one: f5 where it is one of them (every WTHOR game
                    // begins there), else the first square in a1…h8 order
                    List<Integer> same = g.getValue();
                    int move = same.contains(Notation.F5) ? Notation.F5 : same.stream().min(Integer::compare).orElseThrow();
                    rows.add(stats.row(move, games));
                    played.or(games);
                }
            }
        }
        rows.sort(Comparator.comparingLong(Exploration.Row::games).reversed()
                .thenComparingInt(Exploration.Row::move));
        Exploration.Row ends = stats.row(-1, RoaringBitmap.andNot(here, played));
        return new Exploration(p, filter == null ? "" : filter, here.getLongCardinality(), rows, ends);
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
}
