package org.thordb.explore;

import org.thordb.query.Filter;
import org.thordb.fault.Faults;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.index.IndexReader;
import org.thordb.othello.Board10;
import org.thordb.othello.Notation;
import org.thordb.othello.Symmetry10;
import org.thordb.query.exec.QueryEngine;
import org.thordb.query.parse.QueryParser;
import org.thordb.store.GameRow;
import java.util.Arrays;
import java.util.Comparator;
import org.thordb.wthor.WthorGame;

/**
 * The 10×10 explorer: every next move played from the position a 10×10 line reaches, in any of
 * the 8 orientations of the 10×10 board. The position's entries name the candidate games; each is
 * replayed once, which both checks that it reaches the position and finds, turned into the asked
 * orientation, the move it played next.
 *
 * <p>Usage: {@code Exploration10 e = db.read(r -> Explorer10.explore(r, "g6e4", ""));}
 */
public final class Explorer10 {
    private Explorer10() {
    }

    /**
     * Explores the position after a 10×10 line ({@code g6e4…}) over the games of a filter query.
     *
     * @throws ThorDbException {@link ErrorCode#ILLEGAL_MOVE} for a line that is not legal
     */
    public static Exploration10 explore(IndexReader r, String line, String filter) {
        String f = filter == null ? "" : filter;
        return explore(r, line, f.isBlank() ? Filter.ALL : Filter.parse(f));
    }

    /** {@link #explore(IndexReader, String, String)} over the games of a filter read once. */
    public static Exploration10 explore(IndexReader r, String line, Filter filter) {
        int[] squares = Notation.parseLine10(line);
        Board10 b = Board10.start();
        for (int i = 0; i < squares.length; i++) {
            String why = b.playMove(squares[i]);
            if (why != null) {
                throw Faults.of(ErrorCode.ILLEGAL_MOVE, "the 10×10 line " + line + " is not legal: move "
                        + (i + 1) + " " + Notation.name10(squares[i]) + ": " + why);
            }
        }
        long[] bits = b.bits();
        int side = b.sideToMove();
        RoaringBitmap ids = r.position10Candidates(bits, side);
        if (filter.where() != null) {
            ids = RoaringBitmap.and(ids, QueryEngine.evaluate(filter.where(), r));
        }
        // the position's own symmetries: moves they map onto each other count as one
        List<Symmetry10> own = new ArrayList<>();
        for (Symmetry10 s : Symmetry10.values()) {
            if (Arrays.equals(s.apply(bits), bits)) {
                own.add(s);
            }
        }
        Map<Integer, Sums> byMove = new TreeMap<>();
        Sums ends = new Sums();
        long total = 0;
        Symmetry10[] turn = new Symmetry10[1];
        for (int id : ids) {
            GameRow g = r.game(id);
            if (g == null || g.side() != 10) {
                continue;
            }
            int[] sq = new WthorGame(g.raw(), 10).squares();
            int at = Board10.meeting(sq, bits, side, turn);
            if (at < 0) {
                continue; // named by the entry, but another position of the same 128 bits
            }
            total++;
            Sums sums;
            if (at >= sq.length || sq[at] < 0) {
                sums = ends;
            } else {
                int move = turn[0].apply(sq[at]);
                int least = move;
                for (Symmetry10 s : own) {
                    least = Math.min(least, s.apply(move));
                }
                sums = byMove.computeIfAbsent(least, k -> new Sums());
            }
            sums.add(g.raw()[6] & 0xff, g.year());
        }
        List<Exploration.Row> rows = new ArrayList<>();
        byMove.forEach((m, s) -> rows.add(s.row(m)));
        rows.sort(Comparator.comparingLong((Exploration.Row x) -> -x.games())
                .thenComparingInt(Exploration.Row::move));
        return new Exploration10(squares, bits, side, filter.text(), total, rows, ends.row(-1));
    }

    /** One next move's games: how they ended (Black's discs out of 100) and their years. */
    private static final class Sums {
        long games;
        long black;
        long draws;
        long white;
        long score;
        int first = Integer.MAX_VALUE;
        int last;

        void add(int blackScore, int year) {
            games++;
            if (blackScore > 50) {
                black++;
            } else if (blackScore < 50) {
                white++;
            } else {
                draws++;
            }
            score += blackScore;
            first = Math.min(first, year);
            last = Math.max(last, year);
        }

        Exploration.Row row(int move) {
            return new Exploration.Row(move, games, black, draws, white, games == 0 ? 0 : (double) score / games,
                    Double.NaN, games == 0 ? 0 : first, last, 0); // the 10×10 explorer reads no theoretical score
        }
    }
}
