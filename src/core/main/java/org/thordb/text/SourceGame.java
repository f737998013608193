package org.thordb.text;

import java.util.Map;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.thordb.othello.Notation;

/**
 * One game as a text source gives it (GGF, PGN, a transcript line, Logistello's book, eOthello's
 * CSV, thordb's {@code MOVES:}/{@code RESULT:} records): its place in the file, its bytes exactly
 * as the file holds them, what it says about players, event and date, its moves with passes
 * where the source writes them, and its result. What makes it unfit for a store is said in
 * {@link #problem()}, never thrown: a reader goes on with the next game.
 *
 * <p>Usage: {@code for (SourceGame g : reader) if (g.problem() == null) System.out.println(g.black() + " " + g.moves().length);}
 *
 * @param line the line the game starts on, from 1
 * @param offset the byte offset the game starts at
 * @param raw the game's bytes as the file holds them
 * @param black Black's name, or null
 * @param white White's name, or null
 * @param event the tournament, event or place, or null
 * @param date the date as written, or null
 * @param moves squares 0–63 (a1 = 0, row × 8 + column) and {@link Notation#PASS}
 * @param colours per move 'B' or 'W' when the source says whose it is, else 0 (null: never said)
 * @param result the result as stated
 * @param problem why the game cannot be stored as it stands (a variant, another start, a word that
 *     is no move), or null
 * @param side the board's side: 8, or 10 for a 10×10 game (squares then row × 10 + column)
 */
public record SourceGame(int line, long offset, byte[] raw, String black, String white, String event, String date,
                         int[] moves, char[] colours, SourceResult result, String problem, int side,
                         Integer theoretical, Integer theoreticalDepth) {

    /** A game whose source says no theoretical score. */
    public SourceGame(int line, long offset, byte[] raw, String black, String white, String event, String date,
                      int[] moves, char[] colours, SourceResult result, String problem, int side) {
        this(line, offset, raw, black, white, event, date, moves, colours, result, problem, side, null, null);
    }

    /** An 8×8 game. */
    public SourceGame(int line, long offset, byte[] raw, String black, String white, String event, String date,
                      int[] moves, char[] colours, SourceResult result, String problem) {
        this(line, offset, raw, black, white, event, date, moves, colours, result, problem, 8);
    }

    /** The year the date gives (its first four digits, or a Unix time's year), or null. */
    public Integer year() {
        if (date == null) {
            return null;
        }
        String d = date.strip();
        if (d.matches("\\d{9,11}")) { // GGS writes Unix seconds too
            return Instant.ofEpochSecond(Long.parseLong(d)).atZone(ZoneOffset.UTC).getYear();
        }
        Matcher m = YEAR.matcher(d);
        return m.find() ? Integer.valueOf(m.group(1)) : null;
    }

    private static final Pattern YEAR = Pattern.compile("(?<!\\d)(1[89]\\d\\d|2\\d\\d\\d)(?!\\d)");

    /** Tags of a format that are not fields of this record are in {@link #raw()}; none is lost. */
    static String tag(Map<String, String> tags, String... keys) {
        for (String k : keys) {
            String v = tags.get(k);
            if (v != null && !v.isBlank() && !v.equals("?") && !v.equals("????.??.??")) {
                return v.strip();
            }
        }
        return null;
    }
}
