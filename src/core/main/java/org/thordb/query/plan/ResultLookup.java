package org.thordb.query.plan;

import org.roaringbitmap.RoaringBitmap;
import org.thordb.index.Field;
import org.thordb.index.GameColumns;
import org.thordb.index.IndexReader;
import org.thordb.index.Terms;
import org.thordb.query.ast.Predicate;
import org.thordb.store.Catalog;
import java.util.function.IntPredicate;

/**
 * {@code result = black|white|draw} compiled: the result's postings, or the result column.
 *
 * <p>Usage: {@code RoaringBitmap draws = new ResultLookup(new Predicate.ResultMatch(Predicate.Outcome.DRAW)).lookup(reader);}
 */
record ResultLookup(Predicate.ResultMatch source) implements ColumnarPredicate {
    @Override
    public GameTest test(Catalog c, GameColumns g) {
        int code = source.outcome().ordinal();
        IntPredicate t = id -> g.result(id) == code;
        return f -> t;
    }

    @Override
    public long entries(IndexReader r) {
        return r.segmentCount(f -> true);
    }

    @Override
    public RoaringBitmap lookup(IndexReader r) {
        return r.term(Field.RESULT, Terms.small(source.outcome().ordinal()));
    }

    @Override
    public String access(Catalog c) {
        return "result postings";
    }
}
