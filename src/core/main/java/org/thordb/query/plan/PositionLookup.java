package org.thordb.query.plan;

import org.roaringbitmap.RoaringBitmap;
import org.thordb.index.IndexReader;
import org.thordb.othello.Position;
import org.thordb.query.ast.Predicate;
import org.thordb.store.Catalog;
import org.thordb.store.SolitaireRow;

/**
 * {@code position = …} compiled: the position's entries and fingerprint blocks, candidates
 * replayed; a solitaire's position compared up to symmetry.
 *
 * <p>Usage: {@code RoaringBitmap b = new PositionLookup(match).lookup(reader);}
 */
record PositionLookup(Predicate.PositionMatch source) implements CompiledPredicate {
    @Override
    public RoaringBitmap lookup(IndexReader r) {
        return r.position(source.position());
    }

    @Override
    public long indexEstimate(IndexReader r) {
        return r.positionEntriesCount(source.position());
    }

    @Override
    public String access(Catalog c) {
        return "position postings and fingerprint blocks (" + (source.position().discs() - 4)
                + " moves in), candidates replayed";
    }

    @Override
    public java.util.function.Predicate<SolitaireRow> solitaireTest(Catalog c) {
        Position want = source.position().canonical();
        return s -> PredicateCompiler.solitairePosition(s).canonical().equals(want);
    }

    /** A 10×10 position compiled: its entries, each game replayed to check it. */
    record Ten(Predicate.Position10Match source) implements CompiledPredicate {
        @Override
        public RoaringBitmap lookup(IndexReader r) {
            return r.position10(source.bits(), source.sideToMove());
        }

        @Override
        public String access(Catalog c) {
            return "10×10 position entries, each game replayed to check it";
        }
    }
}
