package org.thordb.export;

import java.io.IOException;
import java.io.Writer;
import org.thordb.engine.StoredGame;
import org.thordb.othello.Notation;
import org.thordb.othello.Replay;
import java.util.Arrays;

/**
 * One row a move played, for analysis and training: the game's id, the ply (0 for the first move),
 * the board before the move (64 squares a1…h8: {@code X} black, {@code O} white, {@code -} empty),
 * the side to move ({@code B} or {@code W}: after a pass, the same side again), the move, the final
 * disc difference from the mover's side (as the record stores the score: empties to the winner),
 * and the theoretical disc difference from the mover's side at the position where the game's
 * theoretical score was computed (as many empties as its depth), null elsewhere and when unknown.
 * 8×8 games only; a damaged game's rows stop at its first illegal move. Written as it goes, a
 * game at a time, on allocation-free bitboards.
 *
 * <p>Usage: {@code long rows = PositionRows.write(games, PositionRows.Format.CSV, writer);}
 */
public final class PositionRows {
    /** How the rows are written. */
    public enum Format {
        /** One JSON object a line: {@code game}, {@code ply}, {@code board}, {@code to_move}, {@code move}, {@code final}, {@code theoretical}. */
        JSONL,
        /**
         * A header line, then the same fields, comma-separated (an unknown theoretical difference is
         * an empty cell); an empty square of the board is {@code .}, so that no cell begins as a
         * spreadsheet formula would.
         */
        CSV
    }

    /** The CSV header. */
    public static final String HEADER = "game,ply,board,to_move,move,final,theoretical";

    private PositionRows() {
    }

    /** A row's characters, reused from row to row (a StringBuilder's append to a Writer copies it to a String first). */
    private static final class Row {
        char[] chars = new char[256];
        int length;

        void setLength(int n) {
            length = n;
        }

        Row append(char c) {
            if (length == chars.length) {
                chars = Arrays.copyOf(chars, length * 2);
            }
            chars[length++] = c;
            return this;
        }

        Row append(char[] cs) {
            for (char c : cs) {
                append(c);
            }
            return this;
        }

        Row append(String t) {
            for (int i = 0; i < t.length(); i++) {
                append(t.charAt(i));
            }
            return this;
        }

        Row append(long v) {
            if (v < 0) {
                append('-');
                v = -v;
            }
            if (v >= 10) {
                append(v / 10);
            }
            return append((char) ('0' + v % 10));
        }

        Row append(int v) {
            return append((long) v);
        }
    }

    /** Writes the rows of the games; returns how many were written. */
    public static long write(Iterable<StoredGame> games, Format format, Writer w) throws IOException {
        if (format == Format.CSV) {
            w.write(HEADER);
            w.write('\n');
        }
        long rows = 0;
        Row sb = new Row();
        char[] board = new char[64];
        for (StoredGame g : games) {
            if (g.record68().side() != 8) {
                continue;
            }
            rows += game(g, format, w, sb, board);
        }
        return rows;
    }

    private static long game(StoredGame g, Format format, Writer w, Row sb, char[] board) throws IOException {
        int[] sq = g.record68().squares();
        int blackFinal = 2 * g.score() - 64;
        boolean theoKnown = g.theoreticalKnown() && g.theoretical() <= 64 && g.theoreticalDepth() > 0;
        int theoEmpties = theoKnown ? g.theoreticalDepth() : -1;
        int blackTheo = 2 * g.theoretical() - 64;
        long[] state = Replay.startState(); // the replay's own step: passes settled, no allocation
        long rows = 0;
        // kept move by move: a move changes its square and the flipped ones. An empty square is '-' in
        // JSON lines and '.' in CSV, where a cell that begins with '-' (and is not a number) is one a
        // spreadsheet reads as a formula (CsvCells): no board cell does then
        Arrays.fill(board, format == Format.CSV ? '.' : '-');
        board[27] = 'O';
        board[28] = 'X';
        board[35] = 'X';
        board[36] = 'O';
        for (int ply = 0; ply < sq.length && sq[ply] >= 0; ply++) {
            long black = state[0];
            long white = state[1];
            boolean blackToMove = state[2] == 0;
            if (!Replay.step(state, sq[ply])) {
                break; // an illegal move (or one after the end): a damaged game's rows stop here
            }
            int s = sq[ply];
            int empties = 64 - Long.bitCount(black | white);
            int sign = blackToMove ? 1 : -1;
            sb.setLength(0);
            if (format == Format.JSONL) {
                sb.append("{\"game\":").append(g.id()).append(",\"ply\":").append(ply).append(",\"board\":\"").append(board)
                        .append("\",\"to_move\":\"").append(blackToMove ? 'B' : 'W').append("\",\"move\":\"")
                        .append(Notation.name(s)).append("\",\"final\":").append(sign * blackFinal).append(",\"theoretical\":");
                if (empties == theoEmpties) {
                    sb.append(sign * blackTheo);
                } else {
                    sb.append("null");
                }
                sb.append("}\n");
            } else {
                sb.append(g.id()).append(',').append(ply).append(',').append(board).append(',')
                        .append(blackToMove ? 'B' : 'W').append(',').append(Notation.name(s)).append(',')
                        .append(sign * blackFinal).append(',');
                if (empties == theoEmpties) {
                    sb.append(sign * blackTheo);
                }
                sb.append('\n');
            }
            w.write(sb.chars, 0, sb.length);
            rows++;
            char mark = blackToMove ? 'X' : 'O';
            for (long changed = (state[0] ^ black) | (state[1] ^ white); changed != 0; changed &= changed - 1) {
                board[Long.numberOfTrailingZeros(changed)] = mark; // the square played and the discs it turned
            }
        }
        return rows;
    }
}
