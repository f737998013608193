package org.thordb.query.plan;

import org.thordb.index.GameColumns;
import org.thordb.index.IndexReader;
import org.thordb.store.Catalog;
import org.thordb.store.FileRow;
import java.util.function.IntPredicate;

/**
 * A compiled predicate that the per-game columns ({@link GameColumns}) can also answer, a game at
 * a time: the planner reads it there, in one pass or on the games a conjunction's other parts
 * leave, when its postings would be many entries (a substring of thousands of names, a comparison
 * over many values, one field against another).
 *
 * <p>Usage: {@code if (PredicateCompiler.compile(p) instanceof ColumnarPredicate c && c.columnar()) { GameTest t = c.test(catalog, columns); }}
 */
public interface ColumnarPredicate extends CompiledPredicate {
    /** The test of one game, with names and registry records resolved once for the catalog. */
    GameTest test(Catalog c, GameColumns columns);

    /** How many postings entries a lookup on this reader reads, at most (a term's entry per segment). */
    long entries(IndexReader r);

    /** Whether the columns can answer it at all (a year or an id is the catalog's, not a column's). */
    default boolean columnar() {
        return true;
    }

    /**
     * How many games a lookup on this reader adds up beyond its entries, at most: a comparison of
     * two fields reads every game's postings of both.
     */
    default long idsRead(IndexReader r) {
        return 0;
    }

    /**
     * The test of the games of one file at a time: what depends on the file (its base's names, its
     * year) is looked up once, so the test of a game reads only its columns.
     */
    @FunctionalInterface
    interface GameTest {
        /** The test of the games of file {@code f}. */
        IntPredicate in(FileRow f);
    }

    /**
     * A game test that can also mark a range of games itself, in one loop over the columns: a pass
     * over ten million games then makes no call a game (in a one-shot process the JVM compiles
     * each call site once and cannot inline a test that differs query to query).
     */
    interface RangeTest extends IntPredicate {
        /** Sets the bit of each game of {@code [from, to)} that holds, in {@code words} (bit = id). */
        void mark(int from, int to, long[] words);
    }
}
