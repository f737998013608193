package org.thordb.othello;

import org.thordb.fault.Faults;
import java.util.Locale;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Square names and move transcripts: {@code f5}, {@code f5d6c3…}, case-insensitive in, lowercase out.
 * Squares are numbered 0 = a1, 7 = h1, 56 = a8, 63 = h8 on 8×8, and row × 10 + col on 10×10
 * (columns a…j, rows 1…10).
 *
 * <p>Usage: {@code int[] line = Notation.parseLine("F5d6C3"); String s = Notation.line(line); // "f5d6c3"}
 */
public final class Notation {
    private Notation() {
    }

    /** The square f5, where every WTHOR game begins. */
    public static final int F5 = 4 * 8 + 5;

    /** The name of an 8×8 square, {@code a1} … {@code h8}. */
    public static String name(int square) {
        if (square < 0 || square > 63) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, String.valueOf("square " + square));
        }
        return "" + (char) ('a' + square % 8) + (char) ('1' + square / 8);
    }

    /** The 8×8 square named by two characters such as {@code f5} or {@code F5}. */
    public static int square(String name) {
        String s = name.trim().toLowerCase(Locale.ROOT);
        if (s.length() != 2 || s.charAt(0) < 'a' || s.charAt(0) > 'h' || s.charAt(1) < '1' || s.charAt(1) > '8') {
            throw Faults.of(ErrorCode.BAD_NOTATION, "'" + Faults.quote(name) + "' is not a square a1…h8");
        }
        return (s.charAt(1) - '1') * 8 + (s.charAt(0) - 'a');
    }

    /** The bitboard with only the named square set. */
    public static long bit(String name) {
        return 1L << square(name);
    }

    /**
     * The squares of a transcript: pairs such as {@code f5d6c3}, case-insensitive; spaces, commas
     * and dashes between moves are allowed.
     */
    public static int[] parseLine(String transcript) {
        if (transcript == null) {
            throw Faults.of(ErrorCode.BAD_NOTATION, "no transcript");
        }
        String s = transcript.replaceAll("[\\s,\\-]", "");
        if (s.length() % 2 != 0) {
            throw Faults.of(ErrorCode.BAD_NOTATION,
                    "'" + Faults.quote(transcript) + "' is not a transcript of moves such as f5d6c3");
        }
        int[] out = new int[s.length() / 2];
        for (int i = 0; i < out.length; i++) {
            String m = s.substring(2 * i, 2 * i + 2);
            try {
                out[i] = square(m);
            } catch (ThorDbException e) {
                throw Faults.of(ErrorCode.BAD_NOTATION,
                        "'" + Faults.quote(transcript) + "': move " + (i + 1) + " '" + Faults.quote(m)
                                + "' is not a square a1…h8");
            }
        }
        return out;
    }

    /** The token a pass has in {@link #parseMoves(String)}'s answer. */
    public static final int PASS = -1;

    /**
     * The moves of a line as thordb writes and players type them: squares such as {@code f5d6c3}
     * or {@code F5 d6, c3}, and passes written {@code pass}, {@code pa} or {@code @@} (as the text and
     * PGN exports write them), each a {@link #PASS} in the answer.
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_NOTATION} naming the first word that is neither
     */
    public static int[] parseMoves(String line) {
        if (line == null) {
            throw Faults.of(ErrorCode.BAD_NOTATION, "no line of moves");
        }
        List<Integer> out = new ArrayList<>();
        String s = line.toLowerCase(Locale.ROOT);
        int i = 0;
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c) || c == ',' || c == '-' || c == '.') {
                i++;
            } else if (s.startsWith("pass", i)) {
                out.add(PASS);
                i += 4;
            } else if (s.startsWith("pa", i) || s.startsWith("@@", i)) {
                out.add(PASS);
                i += 2;
            } else if (c >= 'a' && c <= 'h' && i + 1 < n && s.charAt(i + 1) >= '1' && s.charAt(i + 1) <= '8') {
                out.add((s.charAt(i + 1) - '1') * 8 + (c - 'a'));
                i += 2;
            } else {
                int end = i;
                while (end < n && !Character.isWhitespace(s.charAt(end)) && end - i < 12) {
                    end++;
                }
                throw Faults.of(ErrorCode.BAD_NOTATION, "'" + Faults.quote(line) + "': move "
                        + (out.size() + 1) + " '" + Faults.quote(line.substring(i, end))
                        + "' is not a square a1…h8 nor a pass");
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The transcript of a list of 8×8 squares, lowercase, no separators. */
    public static String line(int[] squares) {
        StringBuilder sb = new StringBuilder(squares.length * 2);
        for (int sq : squares) {
            sb.append(name(sq));
        }
        return sb.toString();
    }

    /**
     * The transcript of a WTHOR move list: {@code f5d6…} on 8×8, names separated by spaces on
     * 10×10 ({@code g6 f4 …}); it stops at the first square that is −1 (a byte that names none).
     */
    public static String transcript(int[] squares, int side) {
        StringBuilder sb = new StringBuilder(squares.length * 3);
        for (int s : squares) {
            if (s < 0) {
                break;
            }
            if (side == 10) {
                sb.append(sb.length() > 0 ? " " : "").append(name10(s));
            } else {
                sb.append(name(s));
            }
        }
        return sb.toString();
    }

    /** The first moves of a 10×10 game: e4, d5, g6, f7. */
    public static final Set<Integer> FIRST_MOVES_10 = Set.of(34, 43, 56, 65);

    /**
     * A 10×10 line: squares {@code a1} … {@code j10} in either case, with or without spaces or
     * commas ({@code g6e4j10}); squares numbered row × 10 + column from 0.
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_NOTATION} naming the first word that is no square
     */
    public static int[] parseLine10(String line) {
        List<Integer> out = new ArrayList<>();
        String s = line.toLowerCase(Locale.ROOT);
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c) || c == ',') {
                i++;
                continue;
            }
            int row = -1;
            int len = 0;
            if (c >= 'a' && c <= 'j' && i + 1 < s.length()) {
                if (s.startsWith("10", i + 1)) {
                    row = 9;
                    len = 3;
                } else if (s.charAt(i + 1) >= '1' && s.charAt(i + 1) <= '9') {
                    row = s.charAt(i + 1) - '1';
                    len = 2;
                }
            }
            if (row < 0) {
                throw Faults.of(ErrorCode.BAD_NOTATION, "'" + Faults.quote(line) + "': move "
                        + (out.size() + 1) + " is not a square a1…j10");
            }
            out.add(row * 10 + (c - 'a'));
            i += len;
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Whether a text is a 10×10 line: squares a1…j10 whose first is a 10×10 first move (e4, d5, g6, f7). */
    public static boolean isLine10(String text) {
        try {
            int[] sq = parseLine10(text);
            return sq.length > 0 && FIRST_MOVES_10.contains(sq[0]);
        } catch (ThorDbException e) {
            return false;
        }
    }

    /** The name of a 10×10 square (index row × 10 + col, from 0), {@code a1} … {@code j10}. */
    public static String name10(int square) {
        if (square < 0 || square > 99) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, String.valueOf("square " + square));
        }
        return "" + (char) ('a' + square % 10) + (square / 10 + 1);
    }
}
