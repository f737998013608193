package org.thordb.usecase;

import java.util.Locale;

/**
 * The cells the use cases' text tables share: a name cut to its column, an average to one decimal.
 *
 * <p>Usage: {@code out.printf("%-22s %s%n", Columns.fit(name, 22), Columns.average(v));}
 */
final class Columns {
    private Columns() {
    }

    /** {@code s} cut to a column's width, its end shown as "…". */
    static String fit(String s, int width) {
        return s.codePointCount(0, s.length()) <= width ? s : s.substring(0, s.offsetByCodePoints(0, width - 1)) + "…";
    }

    /** An average to one decimal, {@code -} when there is none. */
    static String average(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.1f", v);
    }
}
