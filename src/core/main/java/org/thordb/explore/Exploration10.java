package org.thordb.explore;

import java.util.List;
import org.thordb.othello.Board10;

/**
 * What was played from a 10×10 position: one row a next move (moves equivalent under the
 * position's own symmetries count as one), most played first, and the games that end there.
 *
 * <p>Usage: {@code for (Exploration.Row r : db.explore10("g6e4", "").rows()) System.out.println(Notation.name10(r.move()));}
 *
 * @param line the line asked, squares row × 10 + column
 * @param bits the position ({@link Board10#bits()})
 * @param sideToMove 1 Black, 2 White, 0 nobody
 * @param filter the filter query ("" for none)
 * @param total the 10×10 games that reach the position and match the filter
 * @param rows the next moves (squares 0–99 in the asked orientation), most played first
 * @param endsHere the games that end at the position
 */
public record Exploration10(int[] line, long[] bits, int sideToMove, String filter, long total,
                            List<Exploration.Row> rows, Exploration.Row endsHere) {
    /** Freezes the rows. */
    public Exploration10 {
        rows = List.copyOf(rows);
    }
}
