package org.thordb.query.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.thordb.query.ast.Expr;
import org.thordb.query.ast.Predicate;
import org.thordb.query.ast.QueryField;
import org.thordb.query.parse.QueryParser;

/**
 * Predicates are data and the compile step runs them: every kind of predicate the language has
 * compiles, to a runner of its own that keeps the predicate, and no predicate record holds or
 * takes anything of the indexes.
 */
class PredicateCompilerTest {
    /** One query of each field (its help's example), and the kinds no example shows. */
    private static List<String> queries() {
        List<String> out = new ArrayList<>();
        for (QueryField f : QueryField.values()) {
            out.add(f.example());
        }
        out.add("theoretical > score");
        out.add("position = g6");
        out.add("board = 10");
        out.add("corners(black) >= 1 then corners(white) >= 1 within 4 moves");
        out.add("year = 1990");
        return out;
    }

    @Test
    void everyKindOfPredicateCompilesToARunnerThatKeepsIt() {
        Set<Class<?>> seen = new HashSet<>();
        for (String q : queries()) {
            for (Predicate p : leaves(QueryParser.parse(q))) {
                CompiledPredicate c = PredicateCompiler.compile(p);
                assertSame(p, c.source(), q);
                seen.add(p.getClass());
                // a condition on the board is checked by replay; every other kind is an index lookup of its own
                assertEquals(p instanceof org.thordb.query.ast.BoardCondition, c instanceof BoardCheck, q);
            }
        }
        assertEquals(leafKinds(), seen, "a query of each kind of predicate");
    }

    @Test
    void predicateRecordsAreDataWithoutIndexesOrBitmaps() {
        for (Class<?> k : leafKinds()) {
            for (RecordComponent rc : k.getRecordComponents()) {
                assertFalse(runtime(rc.getType()), k.getSimpleName() + "." + rc.getName() + " is " + rc.getType());
            }
            for (Method m : k.getMethods()) {
                assertFalse(runtime(m.getReturnType()), k.getSimpleName() + "." + m.getName() + " returns " + m.getReturnType());
                for (Class<?> t : m.getParameterTypes()) {
                    assertFalse(runtime(t), k.getSimpleName() + "." + m.getName() + " takes " + t);
                }
            }
        }
    }

    @Test
    void onlyTheNumbersThatPickFilesAndTheColumnsSayWhatTheyAre() {
        assertTrue(PredicateCompiler.compile(leaves(QueryParser.parse("year = 1990")).get(0)).picksFiles());
        assertTrue(PredicateCompiler.compile(leaves(QueryParser.parse("base = \"X\"")).get(0)).picksFiles());
        assertFalse(PredicateCompiler.compile(leaves(QueryParser.parse("score > 32")).get(0)).picksFiles());
        CompiledPredicate year = PredicateCompiler.compile(leaves(QueryParser.parse("year = 1990")).get(0));
        assertTrue(year instanceof ColumnarPredicate c && !c.columnar(), "a year is the catalog's, not a column's");
        CompiledPredicate score = PredicateCompiler.compile(leaves(QueryParser.parse("score > 32")).get(0));
        assertTrue(score instanceof ColumnarPredicate c && c.columnar());
    }

    /** Whether a type is something a query runs on rather than what it asks. */
    private static boolean runtime(Class<?> t) {
        String n = t.getName();
        return n.startsWith("org.roaringbitmap.") || n.equals("org.thordb.index.IndexReader")
                || n.equals("org.thordb.index.GameColumns") || n.equals("org.thordb.store.Catalog")
                || n.startsWith("org.thordb.query.plan.");
    }

    /** Every record that is a kind of predicate (the sealed type's leaves). */
    private static Set<Class<?>> leafKinds() {
        Set<Class<?>> out = new HashSet<>();
        Deque<Class<?>> todo = new ArrayDeque<>(List.of(Predicate.class));
        while (!todo.isEmpty()) {
            Class<?> k = todo.pop();
            if (k.isRecord()) {
                out.add(k);
            } else {
                todo.addAll(List.of(k.getPermittedSubclasses()));
            }
        }
        return out;
    }

    private static List<Predicate> leaves(Expr e) {
        List<Predicate> out = new ArrayList<>();
        if (e instanceof Expr.And a) {
            out.addAll(leaves(a.left()));
            out.addAll(leaves(a.right()));
        } else if (e instanceof Expr.Or o) {
            out.addAll(leaves(o.left()));
            out.addAll(leaves(o.right()));
        } else if (e instanceof Expr.Not n) {
            out.addAll(leaves(n.inner()));
        } else {
            out.add((Predicate) e);
        }
        return out;
    }
}
