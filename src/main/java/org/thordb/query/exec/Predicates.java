package org.thordb.query.exec;

import org.roaringbitmap.RoaringBitmap;
import org.thordb.index.Field;
import org.thordb.index.IndexReader;
import org.thordb.index.Terms;
import org.thordb.query.ast.Expr;
import org.thordb.index.Postings;
import org.thordb.store.Catalog;
import org.thordb.store.NameIndex;

/**
 * The index lookup of each kind of predicate: the games it holds for, as a bitmap.
 *
 * <p>Usage: {@code RoaringBitmap games = Predicates.lookup(new Expr.ResultMatch(Expr.Outcome.DRAW), reader);}
 */
public final class Predicates {
    private Predicates() {
    }

    /** The games a predicate (not {@code and}, {@code or}, {@code not}) holds for. */
    public static RoaringBitmap lookup(Expr e, IndexReader r) {
        if (e instanceof Expr.NameMatch m) {
            return names(m, r);
        } else if (e instanceof Expr.BaseMatch b) {
            return base(b, r);
        } else if (e instanceof Expr.NumCompare c) {
            return compare(c.field(), c.op(), c.value(), r);
        } else if (e instanceof Expr.NumRange g) {
            return range(g.field(), g.low(), (long) g.high() + 1, r);
        } else if (e instanceof Expr.FieldCompare f) {
            return fieldCompare(f, r);
        } else if (e instanceof Expr.ResultMatch m) {
            return r.term(Field.RESULT, Terms.small(m.outcome().ordinal()));
        } else if (e instanceof Expr.OpeningMatch o) {
            return r.opening(o.line());
        } else if (e instanceof Expr.PositionMatch p) {
            return r.position(p.position());
        }
        throw new IllegalArgumentException("not a predicate: " + e);
    }

    private static RoaringBitmap names(Expr.NameMatch m, IndexReader r) {
        Postings.Union out = new Postings.Union();
        for (Catalog.Base b : r.catalog().bases()) {
            boolean tournament = m.field() == Expr.NameField.TOURNAMENT;
            NameIndex names = tournament ? b.tournamentIndex() : b.playerIndex();
            for (int number : names.matching(m.text(), m.substring())) {
                byte[] term = Terms.name(b.id(), number);
                switch (m.field()) {
                    case PLAYER -> {
                        r.addTerm(Field.BLACK, term, out);
                        r.addTerm(Field.WHITE, term, out);
                    }
                    case BLACK -> r.addTerm(Field.BLACK, term, out);
                    case WHITE -> r.addTerm(Field.WHITE, term, out);
                    case TOURNAMENT -> r.addTerm(Field.TOURNAMENT, term, out);
                    default -> throw new AssertionError(m.field());
                }
            }
        }
        return out.result();
    }

    private static RoaringBitmap base(Expr.BaseMatch b, IndexReader r) {
        Catalog.Base base = r.catalog().base(b.name());
        return base == null ? new RoaringBitmap() : r.segments(f -> f.base() == base.id());
    }

    private static Field field(Expr.NumField f) {
        return switch (f) {
            case YEAR -> Field.YEAR;
            case SCORE -> Field.SCORE;
            case THEORETICAL -> Field.THEORETICAL;
            case MOVES -> Field.MOVES;
        };
    }

    /** The games whose field lies in [low, high), as longs so that ends past the field's range are fine. */
    static RoaringBitmap range(Expr.NumField f, long low, long high, IndexReader r) {
        long min = f == Expr.NumField.YEAR ? Integer.MIN_VALUE : 0;
        long max = f == Expr.NumField.YEAR ? (long) Integer.MAX_VALUE + 1 : 256;
        low = Math.max(low, min);
        high = Math.min(high, max);
        if (low >= high) {
            return new RoaringBitmap();
        }
        if (f == Expr.NumField.YEAR) { // every game of a file has its year: ranges of ids, no postings
            long from = low;
            long to = high;
            return r.segments(s -> s.year() >= from && s.year() < to);
        }
        byte[] from = low == min ? null : term(f, (int) low);
        byte[] to = high == max ? null : term(f, (int) high);
        return r.termRange(field(f), from, to);
    }

    private static byte[] term(Expr.NumField f, int v) {
        return f == Expr.NumField.YEAR ? Terms.year(v) : Terms.small(v);
    }

    static RoaringBitmap compare(Expr.NumField f, Expr.Op op, long v, IndexReader r) {
        return switch (op) {
            case EQ -> range(f, v, v + 1, r);
            case NE -> RoaringBitmap.andNot(r.all(), range(f, v, v + 1, r));
            case LT -> range(f, Long.MIN_VALUE, v, r);
            case LE -> range(f, Long.MIN_VALUE, v + 1, r);
            case GT -> range(f, v + 1, Long.MAX_VALUE, r);
            case GE -> range(f, v, Long.MAX_VALUE, r);
        };
    }

    /**
     * {@code a op b}: for each value v of a, its games that have b (op swapped) v. Both fields are
     * read once, grouped by value; the unions of b's values below and above v are cumulative.
     */
    private static RoaringBitmap fieldCompare(Expr.FieldCompare c, IndexReader r) {
        java.util.TreeMap<Integer, RoaringBitmap> left = r.valuesOf(field(c.left()));
        java.util.TreeMap<Integer, RoaringBitmap> right = r.valuesOf(field(c.right()));
        int n = right.size();
        int[] values = new int[n];
        RoaringBitmap[] upTo = new RoaringBitmap[n]; // games with b <= values[i]
        RoaringBitmap[] from = new RoaringBitmap[n]; // games with b >= values[i]
        int i = 0;
        RoaringBitmap acc = new RoaringBitmap();
        for (java.util.Map.Entry<Integer, RoaringBitmap> e : right.entrySet()) {
            values[i] = e.getKey();
            acc = RoaringBitmap.or(acc, e.getValue());
            upTo[i++] = acc;
        }
        acc = new RoaringBitmap();
        for (int j = n - 1; j >= 0; j--) {
            acc = RoaringBitmap.or(acc, right.get(values[j]));
            from[j] = acc;
        }
        RoaringBitmap all = r.all();
        RoaringBitmap out = new RoaringBitmap();
        for (java.util.Map.Entry<Integer, RoaringBitmap> e : left.entrySet()) {
            int v = e.getKey();
            int at = java.util.Arrays.binarySearch(values, v);
            int below = at >= 0 ? at - 1 : -at - 2; // last index with value < v
            int above = at >= 0 ? at + 1 : -at - 1; // first index with value > v
            RoaringBitmap eq = at >= 0 ? right.get(v) : new RoaringBitmap();
            RoaringBitmap b = switch (c.op()) { // a op b, with a = v
                case EQ -> eq;
                case NE -> RoaringBitmap.andNot(all, eq);
                case LT -> above < n ? from[above] : new RoaringBitmap();
                case LE -> at >= 0 ? from[at] : above < n ? from[above] : new RoaringBitmap();
                case GT -> below >= 0 ? upTo[below] : new RoaringBitmap();
                case GE -> at >= 0 ? upTo[at] : below >= 0 ? upTo[below] : new RoaringBitmap();
            };
            out.or(RoaringBitmap.and(e.getValue(), b));
        }
        return out;
    }
}
