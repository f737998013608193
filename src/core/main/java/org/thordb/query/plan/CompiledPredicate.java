package org.thordb.query.plan;

import org.thordb.fault.Faults;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.index.IndexReader;
import org.thordb.query.ast.Predicate;
import org.thordb.store.Catalog;
import org.thordb.store.SolitaireRow;

/**
 * A predicate of a query made ready to run ({@link PredicateCompiler#compile}): how the indexes
 * answer it, what that reads (for {@code explain}), what its postings' headers say of its size,
 * and how a solitaire is tested. The predicate itself ({@link #source}) is data: what is asked,
 * and how it is written.
 *
 * <p>Usage: {@code RoaringBitmap draws = PredicateCompiler.compile(new Predicate.ResultMatch(Predicate.Outcome.DRAW)).lookup(reader);}
 */
public interface CompiledPredicate {

    /** The predicate compiled. */
    Predicate source();

    /** The games this predicate holds for, from the indexes of a reader. */
    RoaringBitmap lookup(IndexReader r);

    /** What the indexes read to answer it, in words. */
    String access(Catalog c);

    /**
     * How many games a lookup gives at most, told by its postings' headers without decoding them
     * (a short list's count, a Roaring bitmap's container counts), or −1 when that costs as much
     * as the lookup: a conjunction then reads the parts that say, smallest first, each through
     * the games the parts before it leave.
     */
    default long indexEstimate(IndexReader r) {
        return -1;
    }

    /**
     * Whether it holds for whole files (a base, a year): the other parts of a conjunction then
     * need read only those files' entries.
     */
    default boolean picksFiles() {
        return false;
    }

    /**
     * The test of a solitaire (a position of a game, with the game's names, year, record and real
     * score), with names resolved once for the catalog: a query over solitaires asks each of its
     * predicates for this ({@code SolitaireFilter}).
     *
     * @throws ThorDbException {@link ErrorCode#QUERY} for a question solitaires cannot answer
     */
    default java.util.function.Predicate<SolitaireRow> solitaireTest(Catalog c) {
        throw Faults.of(ErrorCode.QUERY, "'" + source().text() + "' is not a"
                + " question about solitaires; they have year, record, score, player, black, white, tournament, base,"
                + " country, born, damaged, position and the board's fields (empties, pattern, board, discs, corners, square)");
    }
}
