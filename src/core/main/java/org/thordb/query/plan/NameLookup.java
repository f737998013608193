package org.thordb.query.plan;

import org.roaringbitmap.RoaringBitmap;
import org.thordb.index.Field;
import org.thordb.index.GameColumns;
import org.thordb.index.IndexReader;
import org.thordb.index.Terms;
import org.thordb.query.ast.Predicate;
import org.thordb.store.Catalog;
import org.thordb.store.SolitaireRow;
import java.util.Map;
import java.util.function.Function;

/**
 * {@code player = "…"}, {@code black ~ "…"}, {@code tournament ~ "…"} compiled: the postings of
 * each matching name of each base, or the name columns against a table of the matching numbers.
 *
 * <p>Usage: {@code RoaringBitmap b = new NameLookup(match).lookup(reader);}
 */
record NameLookup(Predicate.NameMatch source) implements ColumnarPredicate {
    @Override
    public GameTest test(Catalog c, GameColumns g) {
        boolean[][] hit = PredicateCompiler.hits(c, matching(c));
        char[][] columns = source.field().columns(g);
        return f -> {
            boolean[] h = f.base() < hit.length ? hit[f.base()] : null;
            if (h == null) {
                return id -> false;
            }
            return new NameRangeTest(h, columns[0], columns.length > 1 ? columns[1] : null);
        };
    }

    private static final int[] NONE = new int[0];

    /** The numbers the name asks for in each base, worked out once for every base (a player's other names included). */
    private Function<Catalog.Base, int[]> matching(Catalog c) {
        Map<Integer, int[]> all = source.field().matching(c, source.name(), source.substring());
        return b -> all.getOrDefault(b.id(), NONE);
    }

    @Override
    public long entries(IndexReader r) {
        long n = 0;
        Function<Catalog.Base, int[]> numbers = matching(r.catalog());
        for (Catalog.Base b : r.catalog().bases()) {
            int matched = numbers.apply(b).length;
            if (matched > 0) {
                n += (long) matched * r.segmentCount(f -> f.base() == b.id()) * source.field().terms().length;
            }
        }
        return n;
    }

    @Override
    public long indexEstimate(IndexReader r) {
        long n = 0;
        int terms = 0;
        Function<Catalog.Base, int[]> numbers = matching(r.catalog());
        for (Catalog.Base b : r.catalog().bases()) {
            for (int number : numbers.apply(b)) {
                if (++terms > 64) {
                    return -1; // many names: reading their headers is most of a lookup
                }
                byte[] term = Terms.name(b.id(), number);
                for (Field postings : source.field().terms()) {
                    n += r.termCount(postings, term);
                }
            }
        }
        return n;
    }

    @Override
    public RoaringBitmap lookup(IndexReader r) {
        return PredicateCompiler.nameGames(r, matching(r.catalog()), source.field().terms());
    }

    @Override
    public String access(Catalog c) {
        int names = 0;
        Function<Catalog.Base, int[]> numbers = matching(c);
        for (Catalog.Base b : c.bases()) {
            names += numbers.apply(b).length;
        }
        return source.field().access() + " of " + names + (names == 1 ? " name" : " names");
    }

    @Override
    public java.util.function.Predicate<SolitaireRow> solitaireTest(Catalog c) {
        Function<Catalog.Base, int[]> numbers = matching(c);
        return s -> {
            Catalog.Base b = c.base(s.base());
            if (b == null) {
                return false;
            }
            long[] mine = source.field().numbers(s);
            for (int n : numbers.apply(b)) {
                for (long x : mine) {
                    if (x == n) {
                        return true;
                    }
                }
            }
            return false;
        };
    }

    /** Whether one name column (or either of two: a player is Black or White) holds a number that matches. */
    record NameRangeTest(boolean[] hit, char[] one, char[] other) implements RangeTest {
        @Override
        public boolean test(int id) {
            return hit[one[id]] || other != null && hit[other[id]];
        }

        @Override
        public void mark(int from, int to, long[] words) {
            boolean[] h = hit;
            char[] a = one;
            if (other == null) {
                for (int id = from; id < to; id++) {
                    if (h[a[id]]) {
                        words[id >>> 6] |= 1L << id;
                    }
                }
                return;
            }
            char[] b = other;
            for (int id = from; id < to; id++) {
                if (h[a[id]] | h[b[id]]) {
                    words[id >>> 6] |= 1L << id;
                }
            }
        }
    }
}
