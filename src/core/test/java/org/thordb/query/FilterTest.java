package org.thordb.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.query.ast.Expr;
import org.thordb.query.ast.Predicate;

/** The typed filter: made from text or from code, the same; its text parses back to itself. */
class FilterTest {
    @Test
    void aBlankQueryIsEveryGameOnce() {
        assertEquals(Filter.ALL, Filter.parse(""));
        assertEquals(Filter.ALL, Filter.parse("   "));
        assertEquals(Filter.ALL, Filter.parse(null));
        assertTrue(Filter.ALL.isAll());
        assertFalse(Filter.ALL.allCopies());
        assertEquals("", Filter.ALL.text());
    }

    @Test
    void copiesAreAModeNotAGluedCondition() {
        Filter f = Filter.parse("year = 1990 and copies = all");
        assertTrue(f.allCopies());
        Filter code = Filter.parse("year = 1990").everyCopy();
        assertTrue(code.allCopies());
        assertEquals("year = 1990 and copies = all", code.text());
        assertEquals(code, Filter.parse(code.text()));
        assertEquals("copies = all", Filter.ALL.everyCopy().text());
        assertFalse(Filter.parse("copies = once").allCopies());
        // either side's mode carries over an and
        assertTrue(Filter.parse("year = 1990").and(Filter.ALL.everyCopy()).allCopies());
    }

    @Test
    void aBaseAPlayerAndAColourAreConditionsOfTheTree() {
        Filter f = Filter.parse("year >= 2000 or result = draw").inBase("WTHOR").playedBy("Tastet Marc", "white");
        Expr.And top = (Expr.And) f.where();
        assertEquals(new Predicate.NameMatch(org.thordb.index.GameName.WHITE, false, "Tastet Marc"), top.right());
        Expr.And inner = (Expr.And) top.left();
        assertEquals(new Predicate.BaseMatch("WTHOR"), inner.right());
        assertTrue(inner.left() instanceof Expr.Or);
        assertEquals("((year >= 2000 or result = draw) and base = \"WTHOR\") and white = \"Tastet Marc\"", f.text());
        assertEquals(f, Filter.parse(f.text()), "its text parses back to the same filter");
        Filter copies = Filter.parse("year = 1990").inBase("WTHOR").everyCopy();
        assertEquals("(year = 1990 and base = \"WTHOR\") and copies = all", copies.text());
        assertEquals(copies, Filter.parse(copies.text()));
        Filter notCopies = Filter.parse("not result = draw").everyCopy();
        assertEquals(notCopies, Filter.parse(notCopies.text()));
        assertEquals(Filter.parse("player = \"A\""), Filter.ALL.playedBy("A", "both"));
        assertEquals(Filter.parse("black = \"A\""), Filter.ALL.playedBy(" A ", "BLACK"));
        assertEquals(Filter.ALL, Filter.ALL.inBase(" "));
        assertNull(Filter.ALL.inBase(null).where());
    }

    @Test
    void aColourThatIsNoneOfTheThreeIsRefused() {
        ThorDbException e = assertThrows(ThorDbException.class, () -> Filter.ALL.playedBy("A", "red"));
        assertEquals(ErrorCode.BAD_ARGUMENT, e.code());
        assertTrue(e.getMessage().contains("black, white or both"), e.getMessage());
    }

    @Test
    void aBadQueryIsAQueryError() {
        ThorDbException e = assertThrows(ThorDbException.class, () -> Filter.parse("yaer = 1990"));
        assertEquals(ErrorCode.QUERY, e.code());
    }

    @Test
    void theoreticalIsAFlagOfTheTree() {
        assertEquals(Filter.parse("base = \"X\" and theoretical = known"), Filter.ALL.inBase("X").theoretical(true));
        assertEquals(Filter.parse("theoretical = unknown"), Filter.ALL.theoretical(false));
    }
}
