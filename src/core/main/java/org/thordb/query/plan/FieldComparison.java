package org.thordb.query.plan;

import org.roaringbitmap.RoaringBitmap;
import org.thordb.index.GameColumns;
import org.thordb.index.GameNumber;
import org.thordb.index.IndexReader;
import org.thordb.query.ast.Predicate;
import org.thordb.query.ast.Predicate.Op;
import org.thordb.store.Catalog;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntPredicate;
import java.util.function.IntUnaryOperator;

/**
 * Two numbers of the same game compared ({@code theoretical > score}) compiled: both fields'
 * postings read once, grouped by value, or their columns compared game by game.
 *
 * <p>Usage: {@code RoaringBitmap b = new FieldComparison(new Predicate.FieldCompare(GameNumber.THEORETICAL, Op.GT, GameNumber.SCORE)).lookup(reader);}
 */
record FieldComparison(Predicate.FieldCompare source) implements ColumnarPredicate {
    @Override
    public GameTest test(Catalog c, GameColumns g) {
        GameNumber left = source.left();
        GameNumber right = source.right();
        Op op = source.op();
        boolean theoretical = left.mayBeUnknown() || right.mayBeUnknown();
        if (left.stored() && right.stored()) { // two columns of the games: one loop
            ColumnsCompare both = new ColumnsCompare(left.column(g), op, right.column(g), theoretical ? g : null);
            return f -> both;
        }
        IntPredicate cmp = compare(op, id -> left.value(g, id), id -> right.value(g, id));
        // an unknown theoretical score compares with nothing
        IntPredicate t = theoretical ? id -> g.theoreticalKnown(id) && cmp.test(id) : cmp;
        return f -> t;
    }

    private static IntPredicate compare(Op op, IntUnaryOperator a,
                                                           IntUnaryOperator b) {
        return switch (op) { // one lambda an operator: no switch a game
            case EQ -> id -> a.applyAsInt(id) == b.applyAsInt(id);
            case NE -> id -> a.applyAsInt(id) != b.applyAsInt(id);
            case LT -> id -> a.applyAsInt(id) < b.applyAsInt(id);
            case LE -> id -> a.applyAsInt(id) <= b.applyAsInt(id);
            case GT -> id -> a.applyAsInt(id) > b.applyAsInt(id);
            case GE -> id -> a.applyAsInt(id) >= b.applyAsInt(id);
        };
    }

    @Override
    public long entries(IndexReader r) {
        int segments = r.segmentCount(f -> true);
        return (source.left().fromCatalog() ? 0 : 65L * segments) + (source.right().fromCatalog() ? 0 : 65L * segments);
    }

    @Override
    public long idsRead(IndexReader r) {
        return 4 * r.catalog().games(); // both fields' games read, then united value by value
    }

    @Override
    public RoaringBitmap lookup(IndexReader r) {
        RoaringBitmap out = fieldCompare(r);
        return NumberLookup.knownOnly(source.left(), NumberLookup.knownOnly(source.right(), out, r), r);
    }

    @Override
    public String access(Catalog c) {
        return source.left().word() + " and " + source.right().word() + " postings, value by value";
    }

    /**
     * {@code a op b}: for each value v of a, its games that have b (op swapped) v. Both fields are
     * read once, grouped by value; the unions of b's values below and above v are cumulative.
     */
    private RoaringBitmap fieldCompare(IndexReader r) {
        TreeMap<Integer, RoaringBitmap> left = source.left().valuesOf(r);
        TreeMap<Integer, RoaringBitmap> right = source.right().valuesOf(r);
        int n = right.size();
        int[] values = new int[n];
        RoaringBitmap[] upTo = new RoaringBitmap[n]; // games with b <= values[i]
        RoaringBitmap[] from = new RoaringBitmap[n]; // games with b >= values[i]
        int i = 0;
        RoaringBitmap acc = new RoaringBitmap();
        for (Map.Entry<Integer, RoaringBitmap> e : right.entrySet()) {
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
        for (Map.Entry<Integer, RoaringBitmap> e : left.entrySet()) {
            int v = e.getKey();
            int at = Arrays.binarySearch(values, v);
            int below = at >= 0 ? at - 1 : -at - 2; // last index with value < v
            int above = at >= 0 ? at + 1 : -at - 1; // first index with value > v
            RoaringBitmap eq = at >= 0 ? right.get(v) : new RoaringBitmap();
            RoaringBitmap b = switch (source.op()) { // a op b, with a = v
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

    /**
     * Two byte columns compared game by game ({@code theoretical > score}); with {@code known} set,
     * a game whose theoretical score is unknown compares with nothing.
     */
    record ColumnsCompare(byte[] left, Op op, byte[] right, GameColumns known) implements RangeTest {
        /** The outcomes of {@code Integer.signum(left - right) + 1} that hold: bit 0 less, 1 equal, 2 greater. */
        private int outcomes() {
            return switch (op) {
                case EQ -> 0b010;
                case NE -> 0b101;
                case LT -> 0b001;
                case LE -> 0b011;
                case GT -> 0b100;
                case GE -> 0b110;
            };
        }

        @Override
        public boolean test(int id) {
            return (known == null || known.theoreticalKnown(id))
                    && (outcomes() >>> (Integer.signum((left[id] & 0xff) - (right[id] & 0xff)) + 1) & 1) != 0;
        }

        @Override
        public void mark(int from, int to, long[] words) {
            int holds = outcomes();
            byte[] a = left;
            byte[] b = right;
            for (int id = from; id < to; id++) {
                if ((holds >>> (Integer.signum((a[id] & 0xff) - (b[id] & 0xff)) + 1) & 1) != 0) {
                    words[id >>> 6] |= 1L << id;
                }
            }
            if (known != null) { // then the unknown ones cleared, a word at a time
                known.keepKnown(from, to, words);
            }
        }
    }
}
