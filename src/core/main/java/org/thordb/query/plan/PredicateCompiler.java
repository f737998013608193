package org.thordb.query.plan;

import java.util.function.Function;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.index.Field;
import org.thordb.index.IndexReader;
import org.thordb.index.Postings;
import org.thordb.index.Terms;
import org.thordb.othello.Position;
import org.thordb.othello.Side;
import org.thordb.query.ast.BoardCondition;
import org.thordb.query.ast.Predicate;
import org.thordb.store.Catalog;
import org.thordb.store.SolitaireRow;
import org.thordb.wthor.WthorSolitaire;

/**
 * The compile step of a query's predicates: each predicate (data, {@link Predicate}) becomes what
 * runs it ({@link CompiledPredicate}): its index lookup, its size from the postings' headers, its
 * test on the per-game columns ({@link ColumnarPredicate}), the words of {@code explain}, its test
 * of a solitaire. The planner and the solitaire filter both compile through here; a new kind of
 * predicate is a new method of {@link Predicate.Visitor}, which this class must then write.
 *
 * <p>Usage: {@code RoaringBitmap draws = PredicateCompiler.compile(QueryParser.parse("result = draw")).lookup(reader);}
 */
public final class PredicateCompiler {
    private PredicateCompiler() {
    }

    private static final Predicate.Visitor<CompiledPredicate> COMPILER = new Predicate.Visitor<>() {
        @Override
        public CompiledPredicate name(Predicate.NameMatch p) {
            return new NameLookup(p);
        }

        @Override
        public CompiledPredicate base(Predicate.BaseMatch p) {
            return new FileLookup.Base(p);
        }

        @Override
        public CompiledPredicate number(Predicate.Numeric p) {
            return new NumberLookup(p);
        }

        @Override
        public CompiledPredicate fieldCompare(Predicate.FieldCompare p) {
            return new FieldComparison(p);
        }

        @Override
        public CompiledPredicate result(Predicate.ResultMatch p) {
            return new ResultLookup(p);
        }

        @Override
        public CompiledPredicate registry(Predicate.RegistryMatch p) {
            return new RegistryLookup(p);
        }

        @Override
        public CompiledPredicate opening(Predicate.OpeningMatch p) {
            return new OpeningLookup(p);
        }

        @Override
        public CompiledPredicate position(Predicate.PositionMatch p) {
            return new PositionLookup(p);
        }

        @Override
        public CompiledPredicate flag(Predicate.FlagMatch p) {
            return new FlagLookup(p);
        }

        @Override
        public CompiledPredicate boardSize(Predicate.BoardSize p) {
            return new FileLookup.Size(p);
        }

        @Override
        public CompiledPredicate position10(Predicate.Position10Match p) {
            return new PositionLookup.Ten(p);
        }

        @Override
        public CompiledPredicate board(BoardCondition p) {
            return new BoardCheck(p);
        }
    };

    /** What runs a predicate. */
    public static CompiledPredicate compile(Predicate p) {
        return p.accept(COMPILER);
    }

    /** What runs a condition on the board. */
    public static BoardCheck compile(BoardCondition c) {
        return new BoardCheck(c);
    }

    /** A solitaire's position with its side to move as stored. */
    public static Position solitairePosition(SolitaireRow s) {
        WthorSolitaire w = s.solitaire();
        return new Position(w.blackDiscs(), w.whiteDiscs(), w.toMove() == 1 ? Side.BLACK : Side.WHITE);
    }

    /**
     * The live games of the postings of each name number {@code numbers} gives for a base, in each
     * of {@code fields} (Black, White, tournament): a name or registry condition's lookup.
     */
    static RoaringBitmap nameGames(IndexReader r, Function<Catalog.Base, int[]> numbers, Field... fields) {
        Postings.Union out = r.union();
        for (Catalog.Base b : r.catalog().bases()) {
            for (int number : numbers.apply(b)) {
                byte[] term = Terms.name(b.id(), number);
                for (Field f : fields) {
                    r.addTerm(f, term, out);
                }
            }
        }
        return r.live(out.result());
    }

    /**
     * For each base id, a flag for each name number that holds (null for a base where none does):
     * a game's test is then a table lookup. Name numbers are u16.
     */
    static boolean[][] hits(Catalog c, Function<Catalog.Base, int[]> numbers) {
        int max = 0;
        for (Catalog.Base b : c.bases()) {
            max = Math.max(max, b.id());
        }
        boolean[][] hit = new boolean[max + 1][];
        for (Catalog.Base b : c.bases()) {
            int[] set = numbers.apply(b);
            if (set.length > 0) {
                boolean[] h = new boolean[1 << 16];
                for (int n : set) {
                    h[n] = true;
                }
                hit[b.id()] = h;
            }
        }
        return hit;
    }
}
