package org.thordb.query.plan;

import java.util.Locale;
import org.thordb.query.ast.Expr;

/**
 * A query tree written back as query text, fully parenthesised where it nests.
 *
 * <p>Usage: {@code String text = ExprText.of(QueryParser.parse("year>1990 and not result=draw"));}
 */
public final class ExprText {
    private ExprText() {
    }

    /** The text of an expression. */
    public static String of(Expr e) {
        if (e instanceof Expr.And a) {
            return "(" + of(a.left()) + " and " + of(a.right()) + ")";
        } else if (e instanceof Expr.Or o) {
            return "(" + of(o.left()) + " or " + of(o.right()) + ")";
        } else if (e instanceof Expr.Not n) {
            return "not " + of(n.inner());
        } else if (e instanceof Expr.NameMatch m) {
            return lower(m.field()) + (m.substring() ? " ~ " : " = ") + quote(m.text());
        } else if (e instanceof Expr.BaseMatch b) {
            return "base = " + quote(b.name());
        } else if (e instanceof Expr.NumCompare c) {
            return lower(c.field()) + " " + c.op().symbol() + " " + c.value();
        } else if (e instanceof Expr.NumRange r) {
            return lower(r.field()) + " in " + r.low() + ".." + r.high();
        } else if (e instanceof Expr.FieldCompare f) {
            return lower(f.left()) + " " + f.op().symbol() + " " + lower(f.right());
        } else if (e instanceof Expr.ResultMatch r) {
            return "result = " + lower(r.outcome());
        } else if (e instanceof Expr.OpeningMatch o) {
            return "opening = " + o.text();
        } else if (e instanceof Expr.PositionMatch p) {
            return "position = " + (p.text().length() > 60 ? quote(p.text()) : p.text());
        }
        throw new AssertionError(e);
    }

    private static String lower(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
