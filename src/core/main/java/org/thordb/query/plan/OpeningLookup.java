package org.thordb.query.plan;

import org.roaringbitmap.RoaringBitmap;
import org.thordb.index.IndexReader;
import org.thordb.index.Terms;
import org.thordb.query.ast.Predicate;
import org.thordb.store.Catalog;

/**
 * {@code opening = f5d6c3} compiled: the opening's postings (up to 10 moves; a longer line from
 * the 10-move postings and the position index, then the records).
 *
 * <p>Usage: {@code RoaringBitmap b = new OpeningLookup(match).lookup(reader);}
 */
record OpeningLookup(Predicate.OpeningMatch source) implements CompiledPredicate {
    @Override
    public RoaringBitmap lookup(IndexReader r) {
        return r.opening(source.line(), source.side());
    }

    @Override
    public long indexEstimate(IndexReader r) {
        return r.openingCount(source.line(), source.side());
    }

    @Override
    public String access(Catalog c) {
        int side = source.side();
        int length = source.line().length;
        int depth = side == 10 ? Terms.OPENING_DEPTH_10 : Terms.OPENING_DEPTH;
        String what = side == 10 ? "10×10 opening postings of " : "opening postings of ";
        return length <= depth ? what + length + " moves"
                : what + depth + (side == 10 ? " moves" : " moves and the position index") + ", then the records";
    }
}
