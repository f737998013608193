package org.thordb.query.plan;

import org.roaringbitmap.RoaringBitmap;
import org.thordb.index.IndexReader;
import org.thordb.query.ast.Predicate;
import org.thordb.store.Catalog;
import org.thordb.store.SolitaireRow;

/**
 * The predicates that pick whole files, compiled: their games are id ranges from the catalog, and
 * the other parts of a conjunction then read only those files' entries.
 *
 * <p>Usage: {@code RoaringBitmap tens = new FileLookup.Size(new Predicate.BoardSize(10)).lookup(reader);}
 */
final class FileLookup {
    private FileLookup() {
    }

    /** {@code base = "…"}. */
    record Base(Predicate.BaseMatch source) implements CompiledPredicate {
        @Override
        public RoaringBitmap lookup(IndexReader r) {
            Catalog.Base base = r.catalog().base(source.name());
            return base == null ? new RoaringBitmap() : r.segments(f -> f.base() == base.id());
        }

        @Override
        public String access(Catalog c) {
            return "the base's files, id ranges from the catalog";
        }

        @Override
        public boolean picksFiles() {
            return true;
        }

        @Override
        public java.util.function.Predicate<SolitaireRow> solitaireTest(Catalog c) {
            return s -> {
                Catalog.Base b = c.base(source.name());
                return b != null && b.id() == s.base();
            };
        }
    }

    /** {@code board = 8} or {@code board = 10}. */
    record Size(Predicate.BoardSize source) implements CompiledPredicate {
        @Override
        public RoaringBitmap lookup(IndexReader r) {
            return r.segments(f -> f.side() == source.side());
        }

        @Override
        public String access(Catalog c) {
            return "the " + source.side() + "×" + source.side() + " files, id ranges from the catalog";
        }

        @Override
        public boolean picksFiles() {
            return true;
        }
    }
}
