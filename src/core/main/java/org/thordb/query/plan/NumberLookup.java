package org.thordb.query.plan;

import org.thordb.fault.Faults;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.index.GameColumns;
import org.thordb.index.GameNumber;
import org.thordb.index.IndexReader;
import org.thordb.query.ast.Predicate;
import org.thordb.store.Catalog;
import org.thordb.store.SolitaireRow;
import java.util.function.IntPredicate;
import org.thordb.index.TheoreticalKnown;

/**
 * A number of a game against numbers ({@code score > 40}, {@code year in 1990..1999}) compiled:
 * the field's postings of the values that hold (years and ids from the catalog, picking whole
 * files), or its byte column against a table of the values that hold.
 *
 * <p>Usage: {@code RoaringBitmap b = new NumberLookup(new Predicate.NumRange(GameNumber.SCORE, 40, 64)).lookup(reader);}
 */
record NumberLookup(Predicate.Numeric source) implements ColumnarPredicate {
    private GameNumber field() {
        return source.field();
    }

    @Override
    public boolean columnar() {
        return field().stored();
    }

    @Override
    public GameTest test(Catalog c, GameColumns g) {
        long[] b = source.bounds();
        long low = b[0];
        long high = b[1];
        boolean not = b[2] != 0;
        // a column's values are 0..255: the test is a table of which hold
        boolean[] holds = new boolean[256];
        for (int v = 0; v < 256; v++) {
            holds[v] = (v >= low && v < high) != not;
        }
        byte[] column = field().column(g);
        IntPredicate t = field().mayBeUnknown()
                ? id -> holds[column[id] & 0xff] && g.theoreticalKnown(id) // unknown is no value
                : id -> holds[column[id] & 0xff];
        return f -> t;
    }

    @Override
    public long entries(IndexReader r) {
        if (field().fromCatalog()) {
            return 0;
        }
        long[] b = source.bounds();
        long values = Math.max(0, Math.min(b[1], 65) - Math.max(b[0], 0)); // scores and move counts are 0..64
        if (b[2] != 0) {
            values = 65 - values; // read as a range, then taken from every game: count what a complement reads
        }
        return values * r.segmentCount(f -> true);
    }

    @Override
    public RoaringBitmap lookup(IndexReader r) {
        long[] b = source.bounds();
        RoaringBitmap in = field().range(b[0], b[1], r);
        return knownOnly(field(), b[2] != 0 ? RoaringBitmap.andNot(r.all(), in) : in, r);
    }

    @Override
    public String access(Catalog c) {
        return field().access();
    }

    @Override
    public boolean picksFiles() {
        return field().picksFiles();
    }

    @Override
    public java.util.function.Predicate<SolitaireRow> solitaireTest(Catalog c) {
        GameNumber f = field();
        if (!f.ofSolitaires()) {
            throw Faults.of(ErrorCode.QUERY, f.word() + " is not a field"
                    + " of solitaires; they have year, record and score (their game's real score)");
        }
        long[] b = source.bounds();
        boolean not = b[2] != 0;
        return s -> {
            long v = f.value(s);
            return (v >= b[0] && v < b[1]) != not;
        };
    }

    /** A theoretical comparison holds for known scores only: an unknown one is no value, not 0. */
    static RoaringBitmap knownOnly(GameNumber field, RoaringBitmap games, IndexReader r) {
        if (!field.mayBeUnknown()) {
            return games;
        }
        return RoaringBitmap.and(games, TheoreticalKnown.of(r).bitmap());
    }
}
