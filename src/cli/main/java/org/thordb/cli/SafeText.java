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
}
