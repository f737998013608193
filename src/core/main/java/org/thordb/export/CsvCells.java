package org.thordb.export;

import java.util.regex.Pattern;

/**
 * Text cells of a CSV file made safe to open in a spreadsheet (OWASP's advice on CSV injection):
 * a cell that begins with {@code =}, {@code +}, {@code -}, {@code @}, a tab or a carriage return,
 * and is not a number, gets a leading {@code '}, so that a name such as
 * {@code =HYPERLINK("http://…")} from a PGN is shown as text and never run as a formula. Numbers,
 * negative ones included, are written as they are.
 *
 * <p>Usage: {@code printer.printRecord(CsvCells.text(g.black()), g.year());}
 */
public final class CsvCells {
    private CsvCells() {
    }

    /** A text cell as written: with a leading {@code '} when a spreadsheet would read it as a formula. */
    public static String text(String s) {
        if (s == null || s.isEmpty()) {
            return s;
        }
        char c = s.charAt(0);
        boolean risky = c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r';
        return risky && !NUMBER.matcher(s).matches() ? "'" + s : s;
    }

    /** A cell of any value: text made safe as {@link #text}, anything else as it is. */
    public static Object cell(Object v) {
        return v instanceof String s ? text(s) : v;
    }

    private static final Pattern NUMBER = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");
}
