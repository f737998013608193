package org.thordb.usecase;

import java.io.PrintWriter;
import java.util.List;
import org.thordb.explore.Exploration;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.thordb.engine.StoredGame;
import org.thordb.explore.Exploration10;
import org.thordb.explore.Explorer;
import org.thordb.explore.MoveValues;
import org.thordb.othello.Board10;
import org.thordb.othello.OpeningNames;
import org.thordb.othello.Side;

/**
 * Shows an exploration: the board with the next moves marked by rank (1 the most played, up to 9,
 * then +, and * for a legal move no game played), its legend, and a table a move; or the same as
 * one JSON object.
 *
 * Names are shown as the bases spell them: a terminal's adapter makes them safe to show.
 *
 * <p>Usage: {@code ExplorationTable.table(db.explore(p, ""), out);}
 */
public final class ExplorationTable {
    private ExplorationTable() {
    }

    private static void openingLine(Exploration e, PrintWriter out) {
        String n = OpeningNames.standard().nameOf(e.position());
        if (n != null) {
            out.println("opening: " + n);
        }
    }

    /**
     * What a table shows beyond the exploration: whose share of the points the win column gives
     * (the side to move, or a player's colour) and each move's first game.
     *
     * @param side the side whose score share each row shows with its 95% interval
     * @param label the column's head ("X", "O", or a player's name)
     * @param first each move's first game, or empty
     */
    public record Extras(Side side, String label, Map<Integer, StoredGame> first) {
        /** The side to move's share, and no first games. */
        public static Extras of(Exploration e) {
            Side s = e.position().toMove() == Side.WHITE
                    ? Side.WHITE : Side.BLACK;
            return new Extras(s, s == Side.WHITE ? "O" : "X", Map.of());
        }

        /** The side to move's share, with each move's first game from the store. */
        /** The extras of an exploration with the first games its answer found. */
        public static Extras of(Exploration e, Map<Integer, StoredGame> first) {
            Extras x = of(e);
            return new Extras(x.side(), x.label(), first);
        }
    }

    public static void table(Exploration e, PrintWriter out) {
        table(e, MoveValues.NONE, Extras.of(e), out);
    }

    /** A side's share of the points in a row's games, in %, with its Wilson 95% interval; "few" under 10 games. */
    public static String share(Exploration.Row r, Side side) {
        if (r.games() == 0) {
            return "";
        }
        double points = r.points(side);
        double[] ci = org.thordb.stats.Wilson.interval(points, r.games());
        return String.format(Locale.ROOT, "%.0f (%.0f-%.0f)%s", 100 * points / r.games(), 100 * ci[0],
                100 * ci[1], r.games() < org.thordb.stats.Wilson.FEW ? " few" : "");
    }

    private static String first(Extras x, int move) {
        StoredGame g = x.first().get(move);
        return g == null ? "" : g.year() + " " + Columns.fit(g.black(), 19) + " - " + Columns.fit(g.white(), 19);
    }

    private static void head(PrintWriter out, Extras x, boolean values, String last) {
        out.println(String.format("%4s %5s %8s %7s %7s %7s %7s %8s %6s  %-9s  %-15s %s %s", "rank", "move", "games", "black", "draw",
                "white", "score", "theo", "%", "years", Columns.fit(x.label(), 9) + "% (95%)",
                values ? String.format("%6s %6s ", "value", "gap") : "", last).stripTrailing());
    }

    private static void row(PrintWriter out, String rank, String move, Exploration.Row r, long total, String value,
                            String last, Extras x) {
        out.println(String.format("%4s %5s %8d %7d %7d %7d %7.1f %8s %5.1f%%  %-9s  %-15s %s %s", rank, move, r.games(),
                r.blackWins(), r.draws(), r.whiteWins(), r.averageScore(), theo(r),
                total == 0 ? 0 : 100.0 * r.games() / total, years(r), share(r, x.side()), value, last).stripTrailing());
    }

    /** A move's value as the table shows it: {@code +4} exact, {@code ~+4} estimated. */
    public static String value(MoveValues v, int move) {
        Integer x = v.value(move);
        return x == null ? "" : (v.exact() ? "" : "~") + signed(x);
    }

    /** The value and gap cells of a row (empty when there are no values). */
    private static String valueCells(Exploration e, MoveValues v, Exploration.Row r) {
        if (!v.any()) {
            return "";
        }
        double gap = r.games() == 0 ? Double.NaN : v.gap(e, r);
        return String.format(Locale.ROOT, "%6s %6s ", value(v, r.move()),
                Double.isNaN(gap) ? "" : String.format(Locale.ROOT, "%+.1f", gap));
    }

    /** How the table's played moves are ordered. */
    public enum Sort {
        /** Most played first. */
        GAMES,
        /** The best value first. */
        VALUE,
        /** The largest gap first: the moves that score better in games than with best play. */
        GAP
    }

    /** The board with the moves marked by rank. */
    public static String board(Exploration e) {
        Position p = e.position();
        char[] marks = new char[64];
        for (long legal = p.legalMoves(); legal != 0; legal &= legal - 1) {
            marks[Long.numberOfTrailingZeros(legal)] = '*';
        }
        int rank = 0;
        for (Exploration.Row r : e.rows()) {
            rank++;
            marks[r.move()] = rank <= 9 ? (char) ('0' + rank) : '+';
        }
        // a legal move the position's symmetry turns into a played one (d3, c4, e6 at the start: f5) shares its mark
        Explorer.sameAs(e).forEach((sq, row) -> marks[sq] = marks[row]);
        StringBuilder sb = new StringBuilder("  a b c d e f g h\n");
        for (int row = 0; row < 8; row++) {
            sb.append(row + 1);
            for (int col = 0; col < 8; col++) {
                int sq = row * 8 + col;
                long m = 1L << sq;
                sb.append(' ').append((p.black() & m) != 0 ? 'X' : (p.white() & m) != 0 ? 'O'
                        : marks[sq] != 0 ? marks[sq] : '.');
            }
            sb.append('\n');
        }
        sb.append(switch (p.toMove()) {
            case BLACK -> "X (Black) to move";
            case WHITE -> "O (White) to move";
            case NONE -> "game over";
        });
        sb.append(", X ").append(p.blackDiscs()).append(" O ").append(p.whiteDiscs()).append('\n');
        return sb.append(LEGEND).append('\n').toString();
    }

    /** What the marks on the explorer's board mean: one legend, printed under every such board. */
    static final String LEGEND = "1-9 the moves played, most played first (a move the board's symmetry turns into"
            + " one shares its mark); + played, ranked 10th or lower; * legal, played in none of these games";

    /**
     * The line under the table: the moves that keep the best score, those no game of the
     * exploration played marked ("perfect play: g5 +4, also h3 +4 (never played)").
     */
    public static String perfectLine(Exploration e, Map<Integer, Integer> scores) {
        return bestLine(e, scores, "perfect play: ", "");
    }

    /**
     * The moves that keep the best value, a move the position's symmetry turns into another one
     * listed left out (at the start, f5 alone for the four first moves), those no game played marked.
     */
    private static String bestLine(Exploration e, Map<Integer, Integer> values, String head, String mark) {
        int best = values.values().stream().max(Integer::compare).orElseThrow();
        Set<Integer> played = new HashSet<>();
        e.rows().forEach(r -> played.add(r.move()));
        Map<Integer, Integer> sameAs = Explorer.sameAs(e);
        Set<Position> shown = new HashSet<>();
        StringBuilder sb = new StringBuilder(head);
        int n = 0;
        for (Map.Entry<Integer, Integer> m : values.entrySet()) {
            if (m.getValue() != best || sameAs.containsKey(m.getKey())
                    || !shown.add(e.position().play(m.getKey()).canonical())) {
                continue;
            }
            sb.append(n++ == 0 ? "" : ", also ").append(Notation.name(m.getKey())).append(' ').append(mark)
                    .append(signed(best)).append(played.contains(m.getKey()) ? "" : " (never played)");
        }
        return sb.toString();
    }

    private static String signed(int v) {
        return v > 0 ? "+" + v : Integer.toString(v);
    }


    /**
     * The table (with each move's value and gap when {@code values} has them, and the line of the
     * best moves), each row with its side's share of the points and its first game.
     */
    public static void table(Exploration e, MoveValues values, Extras x, PrintWriter out) {
        table(e, values, x, Sort.GAMES, out);
    }

    /** {@link #table(Exploration, MoveValues, Extras, PrintWriter)} with the rows in that order. */
    public static void table(Exploration e, MoveValues values, Extras x, Sort sort, PrintWriter out) {
        out.print(board(e));
        openingLine(e, out);
        out.printf("%s this position%s%n", e.total() == 1 ? "1 game reaches" : e.total() + " games reach",
                e.filter().isBlank() ? "" : " and match " + e.filter());
        boolean any = values.any();
        boolean firsts = !x.first().isEmpty();
        head(out, x, any, firsts ? "opening  /  first game" : "opening");
        List<Exploration.Row> rows = new ArrayList<>(e.rows());
        if (sort == Sort.VALUE && any) {
            rows.sort(Comparator.comparingInt((Exploration.Row r) -> values.value(r.move()) == null
                    ? Integer.MIN_VALUE : values.value(r.move())).reversed());
        } else if (sort == Sort.GAP && any) {
            rows.sort(Comparator.comparingDouble((Exploration.Row r) -> {
                double g = values.gap(e, r);
                return Double.isNaN(g) ? Double.NEGATIVE_INFINITY : g;
            }).reversed());
        }
        Map<Integer, Integer> rankOf = new HashMap<>();
        int k = 0;
        for (Exploration.Row r : e.rows()) {
            rankOf.put(r.move(), ++k);
        }
        for (Exploration.Row r : rows) {
            String opening = OpeningNames.standard().nameAfter(e.position(), r.move());
            String last = firsts ? (opening.isEmpty() ? "" : opening + "  /  ") + first(x, r.move()) : opening;
            row(out, rankOf.get(r.move()) + "", Notation.name(r.move()), r, e.total(), valueCells(e, values, r), last, x);
        }
        if (any) {
            // every legal move no game played (nor its image under the position's symmetries), with its value
            for (int sq : Explorer.unplayed(e, values.values())) {
                out.println(String.format("%4s %5s %8d %7s %7s %7s %7s %8s %6s  %-9s  %-15s %6s", "", Notation.name(sq), 0, "", "",
                        "", "", "", "", "(never)", "", value(values, sq)).stripTrailing());
            }
        }
        if (e.endsHere().games() > 0) {
            row(out, "", "end", e.endsHere(), e.total(), any ? String.format("%6s %6s ", "", "") : "", "", x);
        }
        if (any && values.exact()) {
            out.println(perfectLine(e, values.values()) + "  (disc difference for the side to move, empties to the winner;"
                    + " gap: the games' disc difference for the side to move less the value)");
        } else if (any) {
            out.println(estimateLine(e, values));
        }
        if (any) {
            out.println(principalLine(values));
        }
    }

    /**
     * The best move's principal variation under the table: perfect play to the end for an exact
     * score, the line the search saw for an estimate ("line: g6 h7 e8 f8 …").
     */
    public static String principalLine(MoveValues values) {
        int best = values.values().keySet().iterator().next();
        StringBuilder sb = new StringBuilder(values.exact() ? "perfect line: " : "line searched: ");
        for (int sq : values.line(best)) {
            sb.append(Notation.name(sq)).append(' ');
        }
        return sb.toString().stripTrailing() + (values.exact() ? "" : " (what the estimate's search saw, not an exact line)");
    }

    /**
     * The line under a table of estimates: the moves estimated best, and what an estimate is
     * ("best estimate: f4 ~+2 (a search 11 moves deep of the evaluation, not exact)").
     */
    public static String estimateLine(Exploration e, MoveValues values) {
        return bestLine(e, values.values(), "best estimate: ", "~") + "  (~: an estimate, a search "
                + values.depth() + " moves deep of the learned evaluation, not an exact score; gap: the games' disc"
                + " difference for the side to move less the value)";
    }

    private static String years(Exploration.Row r) {
        return r.games() == 0 ? "" : r.firstYear() == r.lastYear() ? "" + r.firstYear() : r.firstYear() + "-" + r.lastYear();
    }

    /** The 10×10 explorer: the board with the moves ranked, then a line a move. */
    public static void table10(Exploration10 e, PrintWriter out) {
        Board10 b = Board10.of(e.bits(), e.sideToMove() == 0 ? 1 : e.sideToMove());
        char[] marks = new char[100];
        if (e.sideToMove() != 0) {
            for (int m : b.legalMoves(e.sideToMove())) {
                marks[m] = '*';
            }
        }
        int rank = 0;
        for (Exploration.Row r : e.rows()) {
            rank++;
            marks[r.move()] = rank <= 9 ? (char) ('0' + rank) : '+';
        }
        StringBuilder sb = new StringBuilder("   a b c d e f g h i j\n");
        for (int row = 0; row < 10; row++) {
            sb.append(String.format("%2d", row + 1));
            for (int col = 0; col < 10; col++) {
                int sq = row * 10 + col;
                int v = b.at(sq);
                sb.append(' ').append(v == 1 ? 'X' : v == 2 ? 'O' : marks[sq] != 0 ? marks[sq] : '.');
            }
            sb.append('\n');
        }
        out.print(sb);
        out.println(e.sideToMove() == 1 ? "X (Black) to move" : e.sideToMove() == 2 ? "O (White) to move" : "the game is over");
        out.printf("%d 10×10 games reach this position%s%n", e.total(), e.filter().isBlank() ? "" : " and match " + e.filter());
        out.printf("%4s %5s %8s %7s %7s %7s %7s %6s  %s%n", "rank", "move", "games", "black", "draw", "white", "score",
                "%", "years");
        rank = 0;
        for (Exploration.Row r : e.rows()) {
            out.println(String.format("%4d %5s %8d %7d %7d %7d %7.1f %5.1f%%  %s", ++rank,
                    Notation.name10(r.move()), r.games(), r.blackWins(), r.draws(), r.whiteWins(),
                    r.averageScore(), e.total() == 0 ? 0 : 100.0 * r.games() / e.total(), years(r)).stripTrailing());
        }
        if (e.endsHere().games() > 0) {
            Exploration.Row r = e.endsHere();
            out.println(String.format("%4s %5s %8d %7d %7d %7d %7.1f %5.1f%%  %s", "", "end", r.games(), r.blackWins(),
                    r.draws(), r.whiteWins(), r.averageScore(), e.total() == 0 ? 0 : 100.0 * r.games() / e.total(),
                    years(r)).stripTrailing());
        }
    }


    /**
     * A row's theoretical average, with the games it rests on when fewer than the row's games
     * ({@code 32.5/40}): the others' scores are unknown.
     */
    public static String theo(Exploration.Row r) {
        String a = Columns.average(r.averageTheoretical());
        return r.theoreticalGames() == r.games() || Double.isNaN(r.averageTheoretical()) ? a : a + "/" + r.theoreticalGames();
    }

}
