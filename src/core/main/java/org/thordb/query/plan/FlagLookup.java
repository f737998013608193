package org.thordb.query.plan;

import org.roaringbitmap.RoaringBitmap;
import org.thordb.index.Field;
import org.thordb.index.IndexReader;
import org.thordb.query.ast.Predicate;
import org.thordb.query.ast.Predicate.Flag;
import org.thordb.store.Catalog;
import org.thordb.store.SolitaireRow;
import org.thordb.index.Duplicates;
import org.thordb.index.TheoreticalKnown;

/**
 * A yes-or-no field ({@code damaged = true}, {@code duplicate = false}, {@code theoretical =
 * known}, {@code copies = all}) compiled: its postings or its set, or its complement.
 *
 * <p>Usage: {@code RoaringBitmap damaged = new FlagLookup(new Predicate.FlagMatch(Flag.DAMAGED, true)).lookup(reader);}
 */
record FlagLookup(Predicate.FlagMatch source) implements CompiledPredicate {
    @Override
    public RoaringBitmap lookup(IndexReader r) {
        Flag flag = source.flag();
        if (flag == Flag.EVERY_COPY) {
            return r.all();
        }
        RoaringBitmap yes = switch (flag) {
            case EVERY_COPY -> r.all();
            case DUPLICATE -> Duplicates.of(r).later().clone();
            case DAMAGED -> r.term(Field.DAMAGED, new byte[0]);
            case THEORETICAL_KNOWN -> TheoreticalKnown.of(r).bitmap().clone();
        };
        return source.value() ? yes : RoaringBitmap.andNot(r.all(), yes);
    }

    @Override
    public String access(Catalog c) {
        Flag flag = source.flag();
        boolean value = source.value();
        return switch (flag) {
            case DUPLICATE -> "the duplicate groups (one scan of the whole-game postings per store state, then"
                    + " the records of games sharing one)";
            case DAMAGED -> "damaged postings";
            case THEORETICAL_KNOWN -> "the files that say their theoretical scores, and the games text sources gave one";
            case EVERY_COPY -> "nothing (a setting: " + (value ? "every copy of a game counts" : "each game counts once") + ")";
        } + (value || flag == Flag.EVERY_COPY ? "" : ", taken from every game");
    }

    @Override
    public java.util.function.Predicate<SolitaireRow> solitaireTest(Catalog c) {
        if (source.flag() != Flag.DAMAGED) {
            return CompiledPredicate.super.solitaireTest(c);
        }
        boolean value = source.value();
        return s -> (s.damaged() || s.contradicted()) == value;
    }
}
