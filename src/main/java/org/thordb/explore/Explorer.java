package org.thordb.explore;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.index.Field;
import org.thordb.index.IndexReader;
import org.thordb.index.Terms;
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
        RoaringBitmap here = r.position(p);
        if (filter != null && !filter.isBlank()) {
            here = RoaringBitmap.and(here, QueryEngine.evaluate(filter, r));
        }
        // the legal moves, grouped by the position they lead to (up to symmetry)
        Map<Position, List<Integer>> groups = new LinkedHashMap<>();
        for (long m = p.legalMoves(); m != 0; m &= m - 1) {
            int sq = Long.numberOfTrailingZeros(m);
            groups.computeIfAbsent(p.play(sq).canonical(), k -> new ArrayList<>()).add(sq);
        }
        Stats stats = new Stats(r);
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

    /** The term postings a row's figures come from, read once per exploration. */
    private static final class Stats {
        private final RoaringBitmap blackWins;
        private final RoaringBitmap draws;
        private final RoaringBitmap whiteWins;
        private final TreeMap<Integer, RoaringBitmap> scores;
        private final TreeMap<Integer, RoaringBitmap> theoretical;
        private final TreeMap<Integer, RoaringBitmap> years;

        Stats(IndexReader r) {
            blackWins = r.term(Field.RESULT, Terms.small(0));
            whiteWins = r.term(Field.RESULT, Terms.small(1));
            draws = r.term(Field.RESULT, Terms.small(2));
            scores = r.valuesOf(Field.SCORE);
            theoretical = r.valuesOf(Field.THEORETICAL);
            years = r.valuesOf(Field.YEAR);
        }

        Exploration.Row row(int move, RoaringBitmap games) {
            long n = games.getLongCardinality();
            int first = 0;
            int last = 0;
            for (Map.Entry<Integer, RoaringBitmap> y : years.entrySet()) {
                if (RoaringBitmap.intersects(games, y.getValue())) {
                    if (first == 0) {
                        first = y.getKey();
                    }
                    last = y.getKey();
                }
            }
            return new Exploration.Row(move, n, RoaringBitmap.andCardinality(games, blackWins),
                    RoaringBitmap.andCardinality(games, draws), RoaringBitmap.andCardinality(games, whiteWins),
                    average(games, scores, n), average(games, theoretical, n), first, last);
        }

        private static double average(RoaringBitmap games, TreeMap<Integer, RoaringBitmap> byValue, long n) {
            if (n == 0) {
                return 0;
            }
            long sum = 0;
            for (Map.Entry<Integer, RoaringBitmap> e : byValue.entrySet()) {
                sum += (long) e.getKey() * RoaringBitmap.andCardinality(games, e.getValue());
            }
            return sum / (double) n;
        }
    }
}
