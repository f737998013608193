package org.thordb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.thordb.testing.TestBase;

/** The query language on the FFO base of {@code ../shared/data/wthor} (skipped when it is missing). */
@org.junit.jupiter.api.condition.EnabledIf(value = "org.thordb.testing.SharedData#hasWthor",
        disabledReason = "../shared/data/wthor not found: the FFO base is not there")
class QueryLanguageRealTest extends QueryLanguageContract {
    @Override
    TestBase base() {
        return TestBase.real();
    }

    @Test
    void theFiguresOfTheReadmeHold() {
        String plan = db.explain("player = \"Tastet Marc\" and opening = f5d6 and not year < 1990");
        assertTrue(plan.contains("player = \"Tastet Marc\": black and white postings of 1 name -> 3255 games"), plan);
        assertTrue(plan.contains("opening = f5d6: opening postings of 2 moves -> 76653 games"), plan);
        assertTrue(plan.contains("year < 1990: the years' files, id ranges from the catalog -> 9029 games"), plan);
        assertEquals(117_435, db.count("year >= 1900"));
    }
}
