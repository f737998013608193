package org.thordb.text;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A game's result as its source states it, in whatever detail the source gives: both disc counts
 * ({@code 33-31}), a disc difference for Black ({@code +2}, GGF's {@code RE[+2.000]}, Logistello's
 * {@code : +02}), or only who won ({@code 1-0}, eOthello's winner column).
 *
 * <p>Usage: {@code SourceResult r = SourceResult.parse("33-31"); // Black 33, White 31}
 *
 * @param text the result as written
 * @param blackDiscs Black's discs at the end, or null when not given
 * @param whiteDiscs White's discs at the end, or null when not given
 * @param difference Black's discs minus White's, or null when not given
 * @param winner 'B', 'W' or 'D' (a draw), or null when the source says nothing (an unfinished or unknown result)
 */
public record SourceResult(String text, Integer blackDiscs, Integer whiteDiscs, Integer difference, Character winner) {

    /** No result given. */
    public static final SourceResult NONE = new SourceResult("", null, null, null, null);

    /** Both disc counts. */
    public static SourceResult discs(String text, int black, int white) {
        return new SourceResult(text, black, white, black - white, black > white ? 'B' : black < white ? 'W' : 'D');
    }

    /** A disc difference for Black. */
    public static SourceResult difference(String text, int diff) {
        return new SourceResult(text, null, null, diff, diff > 0 ? 'B' : diff < 0 ? 'W' : 'D');
    }

    /** Only the winner: 'B', 'W' or 'D'. */
    public static SourceResult winner(String text, char winner) {
        return new SourceResult(text, null, null, null, winner);
    }

    /**
     * A result in the spellings the text formats use: {@code 33-31} (Black's discs first),
     * {@code +12}/{@code -4} (Black's difference), {@code 1-0}, {@code 0-1}, {@code 1/2-1/2},
     * {@code black}/{@code white}/{@code draw}, {@code *} or nothing (no result). Null when it is
     * none of them.
     */
    public static SourceResult parse(String text) {
        String t = text == null ? "" : text.strip();
        String l = t.toLowerCase(Locale.ROOT);
        if (l.isEmpty() || l.equals("*") || l.equals("in_progress") || l.equals("?")) {
            return new SourceResult(t, null, null, null, null);
        }
        switch (l) {
            case "1-0", "black" -> {
                return winner(t, 'B');
            }
            case "0-1", "white" -> {
                return winner(t, 'W');
            }
            case "1/2-1/2", "draw", "½-½" -> {
                return winner(t, 'D');
            }
            default -> {
            }
        }
        Matcher m = DISCS.matcher(l);
        if (m.matches()) {
            int b = Integer.parseInt(m.group(1));
            int w = Integer.parseInt(m.group(2));
            return b + w <= 64 ? discs(t, b, w) : null;
        }
        m = DIFF.matcher(l);
        if (m.matches()) {
            int d = Integer.parseInt(m.group(1));
            return Math.abs(d) <= 64 ? difference(t, d) : null;
        }
        return null;
    }

    private static final Pattern DISCS = Pattern.compile("(\\d{1,2})\\s*-\\s*(\\d{1,2})");
    private static final Pattern DIFF = Pattern.compile("([+-]\\d{1,2})(?:\\.0*)?");
}
