package org.thordb.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import org.thordb.explore.Exploration;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;

/**
 * Shows an exploration: the board with the next moves marked by rank (1 the most played, up to 9,
 * then +, and * for a legal move no game played), its legend, and a table a move; or the same as
 * one JSON object.
 *
 * <p>Usage: {@code ExplorationView.table(db.explore(p, ""), out);}
 */
final class ExplorationView {
    private ExplorationView() {
    }

    static void table(Exploration e, PrintWriter out) {
        out.print(board(e));
        out.printf("%d games reach this position%s%n", e.total(), e.filter().isBlank() ? "" : " and match " + e.filter());
        out.printf("%4s %5s %8s %7s %7s %7s %7s %8s %6s  %s%n", "rank", "move", "games", "black", "draw", "white",
                "score", "theo", "%", "years");
        int rank = 0;
        for (Exploration.Row r : e.rows()) {
            row(out, ++rank + "", Notation.name(r.move()), r, e.total());
        }
        if (e.endsHere().games() > 0) {
            row(out, "", "end", e.endsHere(), e.total());
        }
    }

    private static void row(PrintWriter out, String rank, String move, Exploration.Row r, long total) {
        out.printf("%4s %5s %8d %7d %7d %7d %7.1f %8.1f %5.1f%%  %s%n", rank, move, r.games(), r.blackWins(), r.draws(),
                r.whiteWins(), r.averageScore(), r.averageTheoretical(), total == 0 ? 0 : 100.0 * r.games() / total,
                r.games() == 0 ? "" : r.firstYear() == r.lastYear() ? "" + r.firstYear() : r.firstYear() + "-" + r.lastYear());
    }

    /** The board with the moves marked by rank. */
    static String board(Exploration e) {
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
    static final String LEGEND = "1-9 the moves played, most played first; + played, ranked 10th or lower;"
            + " * legal, played in none of these games";

    static ObjectNode json(Exploration e) {
        ObjectNode o = org.thordb.export.Json.object();
        o.put("position", e.position().toBoardString()).put("filter", e.filter()).put("total", e.total());
        ArrayNode moves = o.putArray("moves");
        for (Exploration.Row r : e.rows()) {
            fill(moves.addObject().put("move", Notation.name(r.move())), r);
        }
        fill(o.putObject("endsHere"), e.endsHere());
        return o;
    }

    private static void fill(ObjectNode n, Exploration.Row r) {
        n.put("games", r.games()).put("blackWins", r.blackWins()).put("draws", r.draws()).put("whiteWins", r.whiteWins())
                .put("averageScore", r.averageScore()).put("averageTheoretical", r.averageTheoretical())
                .put("firstYear", r.firstYear()).put("lastYear", r.lastYear());
    }
}
