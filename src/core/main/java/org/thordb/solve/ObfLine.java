package org.thordb.solve;

import org.thordb.fault.Faults;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;

/**
 * One line of an {@code .obf} file (Edax's format, as the FFO endgame suite is given): 64 squares
 * a1…h8 ({@code X O -}), the side to move, then the moves with their exact scores,
 * {@code ; A2:+38; C7:+36; …} (none for a position with no move).
 *
 * <p>Usage: {@code ObfLine l = ObfLine.parse(line); Solver.Result r = Solver.solve(l.position()); boolean ok = r.score() == l.score();}
 *
 * @param position the position
 * @param moveScores each listed move's exact score, in the file's order
 */
public record ObfLine(Position position, Map<Integer, Integer> moveScores) {

    /** The position's exact score as the line gives it: its best move's, or null when it lists none. */
    public Integer score() {
        return moveScores.values().stream().max(Integer::compare).orElse(null);
    }

    /** Parses a line; a line that is not one throws {@link ErrorCode#BAD_NOTATION} with the reason. */
    public static ObfLine parse(String line) {
        String[] parts = line.strip().split(";");
        String head = parts[0].strip();
        if (head.length() < 66) {
            throw Faults.of(ErrorCode.BAD_NOTATION, "an obf line starts with 64 squares and the side to move: "
                    + Faults.quote(head));
        }
        Position p = Position.parseBoard(head.substring(0, 64) + " " + head.substring(64).strip());
        Map<Integer, Integer> scores = new LinkedHashMap<>();
        for (int i = 1; i < parts.length; i++) {
            String m = parts[i].strip();
            if (m.isEmpty()) {
                continue;
            }
            int colon = m.indexOf(':');
            if (colon < 0) {
                throw Faults.of(ErrorCode.BAD_NOTATION, "not a move and its score: " + Faults.quote(m));
            }
            try {
                scores.put(Notation.square(m.substring(0, colon).strip().toLowerCase(Locale.ROOT)),
                        Integer.parseInt(m.substring(colon + 1).strip().replace("+", "")));
            } catch (NumberFormatException e) {
                throw Faults.of(ErrorCode.BAD_NOTATION, "not a score: " + Faults.quote(m));
            }
        }
        return new ObfLine(p, scores);
    }
}
