package org.thordb.cli;

/**
 * Makes text from files safe to print on a terminal: control characters (escape sequences among
 * them) become {@code ?}, so a name is shown, never interpreted.
 *
 * <p>Usage: {@code out.println(SafeText.of(playerName));}
 */
public final class SafeText {
    private SafeText() {
    }

    /** The text with every control character replaced by {@code ?}. */
    public static String of(String s) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isISOControl(c)) {
                if (sb == null) {
                    sb = new StringBuilder(s);
                }
                sb.setCharAt(i, '?');
            }
        }
        return sb == null ? s : sb.toString();
    }

    /**
     * {@link #of} cut to a table column's width, its end shown as "…", so that a long name (a
     * text source's tournament, say) does not push the columns after it out of line.
     */
    public static String fit(String s, int width) {
        String safe = of(s);
        if (safe == null || safe.codePointCount(0, safe.length()) <= width) {
            return safe;
        }
        return safe.substring(0, safe.offsetByCodePoints(0, width - 1)) + "…";
    }

    /** {@code out} through a {@link Writer}: what is printed on it is shown safe, straight through (no buffer of its own). */
    static java.io.PrintWriter printer(java.io.PrintWriter out) {
        return new java.io.PrintWriter(new Writer(out));
    }

    /** A text of several lines (a table the library wrote) printed safe for a terminal, its lines kept. */
    static void print(String text, java.io.PrintWriter out) {
        printer(out).print(text);
    }

    /**
     * A writer that shows text safe for a terminal as it passes: every control character but those
     * of the line separator becomes {@code ?} (a table streamed from the library, names in it).
     */
    static final class Writer extends java.io.FilterWriter {
        Writer(java.io.Writer out) {
            super(out);
        }

        @Override
        public void write(int c) throws java.io.IOException {
            super.write(shown((char) c));
        }

        @Override
        public void write(char[] buf, int off, int len) throws java.io.IOException {
            char[] safe = new char[len];
            for (int i = 0; i < len; i++) {
                char c = buf[off + i];
                safe[i] = shown(c);
            }
            super.write(safe, 0, len);
        }

        /** The character as it is shown: a control character becomes ?, but a line ends as the system's lines end. */
        private static char shown(char c) {
            return Character.isISOControl(c) && c != '\n' && !(c == '\r' && System.lineSeparator().indexOf('\r') >= 0) ? '?' : c;
        }

        @Override
        public void write(String str, int off, int len) throws java.io.IOException {
            write(str.toCharArray(), off, len);
        }
    }
}
