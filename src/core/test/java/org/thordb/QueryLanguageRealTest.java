package org.thordb;

import org.thordb.usecase.Games;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import org.junit.jupiter.api.Test;
import org.thordb.query.parse.QueryParser;
import org.thordb.query.plan.QueryPlan;
import org.thordb.query.plan.QueryPlanner;
import org.thordb.testing.TestBase;

/** The query language on the FFO base of {@code ../shared/data/wthor} (skipped when it is missing). */
@org.junit.jupiter.api.condition.EnabledIf(value = "org.thordb.testing.SharedData#hasWthor",
        disabledReason = "../shared/data/wthor not found: the FFO base is not there")
@org.thordb.testing.FullTier
class QueryLanguageRealTest extends QueryLanguageContract {
    @Override
    TestBase base() {
        return TestBase.real();
    }

    /** The plan the planner makes for a query, as a tree of parts. */
    private QueryPlan plan(String query) {
        var e = QueryParser.parse(query);
        return db.read(r -> QueryPlanner.plan(e, r).plan());
    }

    @Test
    void theFiguresOfTheReadmeHold() {
        String plan = Games.explain(db, "player = \"Tastet Marc\" and opening = f5d6 and not year < 1990");
        assertTrue(plan.contains("player = \"Tastet Marc\": black and white postings of 1 name -> 3255 games"), plan);
        // the opening's 76,653 games are not decoded: its postings are read through the player's 2,896 games since 1990
        assertTrue(plan.contains("opening = f5d6: opening postings of 2 moves, read through the 2896 games the other parts"
                + " leave (leapfrog: its postings probed for those games only, none decoded whole) -> 2435 games"), plan);
        assertEquals(76_653, Games.count(db, "opening = f5d6"));
        assertTrue(plan.contains("year < 1990: the years' files, id ranges from the catalog -> 9029 games"), plan);
        assertEquals(117_435, Games.count(db, "year >= 1900"));
    }

    /**
     * The planner's choice between postings and the per-game columns, once they are made: a
     * substring of thousands of names is one pass over the columns, one name stays with its
     * postings, and in a conjunction a comparison is tested on the games a name leaves.
     */
    @Test
    void theColumnsAnswerWhatManyPostingsWouldCost() {
        db.read(org.thordb.index.GameColumns::of);
        var many = assertInstanceOf(QueryPlan.Scan.class, plan("player ~ \"a\""));
        assertEquals(117_435, many.tested(), "one pass over every game");
        assertFalse(many.survivors());
        assertTrue(many.entries() > 117_435, many.entries() + " postings entries it would have read");
        var one = assertInstanceOf(QueryPlan.And.class, plan("player = \"Tastet Marc\" and theoretical > score"));
        assertEquals(2, one.children().size());
        var name = (QueryPlan.Lookup) one.children().stream().filter(x -> x instanceof QueryPlan.Lookup).findFirst().orElseThrow();
        assertEquals("player = \"Tastet Marc\"", name.predicate().text());
        assertEquals(3255, name.estimate());
        var test = (QueryPlan.Scan) one.children().stream().filter(x -> x instanceof QueryPlan.Scan).findFirst().orElseThrow();
        assertEquals("theoretical > score", test.predicate().text());
        assertTrue(test.survivors(), "tested on the games the name leaves");
        assertEquals(3255, test.tested());
        // explain draws the same choice
        assertTrue(Games.explain(db, "player ~ \"a\"").contains("player ~ \"a\": the per-game columns, one pass over 117435 games"));
    }
}
