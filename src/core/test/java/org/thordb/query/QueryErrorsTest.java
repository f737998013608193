package org.thordb.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.query.ast.QueryField;
import org.thordb.query.parse.QueryParser;

/**
 * Wrong queries a newcomer writes, each with the message it must get: in plain words, at the right
 * line and column, with what to write instead where that can be told. No ANTLR wording may reach
 * the user.
 */
class QueryErrorsTest {

    private static final String FIELDS = String.join(", ", QueryField.words());

    static Stream<Arguments> wrongQueries() {
        return Stream.of(
                // query, column, message after "query error at line 1, column N: "
                Arguments.of("player = Tastet", 10, "names are quoted: player = \"Tastet\""),
                Arguments.of("player = Tastet Marc", 10, "names are quoted: player = \"Tastet Marc\""),
                Arguments.of("black ~ tast", 9, "names are quoted: black ~ \"tast\""),
                Arguments.of("base = WTHOR", 8, "names are quoted: base = \"WTHOR\""),
                Arguments.of("player = 'Tastet'", 10, "names are quoted with double quotes: \"Tastet\""),
                Arguments.of("player = \"Tastet", 10, "this quote is never closed: a name is written \"Tastet Marc\", on one line"),
                Arguments.of("yaer = 1990", 1, "unknown field 'yaer' (did you mean year?)"),
                Arguments.of("year = 1990 and plyer = \"x\"", 17, "unknown field 'plyer' (did you mean player?)"),
                Arguments.of("plyer \"Tastet\"", 1, "unknown field 'plyer' (did you mean player?)"),
                Arguments.of("colour = black", 1, "unknown field 'colour'; the fields are " + FIELDS),
                Arguments.of("year = ", 8, "expected a value after = (a \"quoted name\", a number, or moves such as f5d6),"
                        + " found the end of the query"),
                Arguments.of("year 1990", 6, "expected an operator after year (= != < <= > >= or in), found '1990'"),
                Arguments.of("player \"Tastet Marc\"", 8, "expected an operator after player (= or ~), found '\"Tastet Marc\"'"),
                Arguments.of("year == 1990", 7, "equal is one =, not =="),
                Arguments.of("year = 1990 and", 16, "expected a condition such as year = 1990 (fields: " + FIELDS
                        + "), found the end of the query"),
                Arguments.of("and year = 1990", 1, "expected a condition such as year = 1990 (fields: " + FIELDS
                        + "), found 'and'"),
                Arguments.of("year = 1990 year = 1991", 13, "expected and, or or the end of the query, found 'year'"),
                Arguments.of("(year = 1990", 13, "expected and, or or ')', found the end of the query"),
                Arguments.of("year = 1990)", 12, "expected and, or or the end of the query, found ')'"),
                Arguments.of("year > \"1990\"", 8, "year takes a number, unquoted: year > 1990"),
                Arguments.of("player < \"Tastet\"", 8, "player takes = (the whole name) or ~ (part of it), not <"),
                Arguments.of("year ~ 1990", 6, "~ (contains) is for names; year takes = != < <= > >= or in"),
                Arguments.of("result = blue", 10, "result is black, white or draw (the winner by the stored score), not 'blue'"),
                Arguments.of("opening = \"f5d6\"", 11, "opening takes moves such as f5d6c3, unquoted, or an opening's name such as tiger, not \"f5d6\""),
                Arguments.of("opening = f5f5", 11, "the opening f5f5 is not legal: move 2 f5: the square is occupied"),
                Arguments.of("opening = f5 d6", 14, "moves are written together, without spaces: f5d6"),
                Arguments.of("position = \"XO-\"", 12, "a board string has 64 squares then the side to move; got 3 characters"),
                Arguments.of("year in 1990", 13, "expected '..' (a range is low..high), found the end of the query"),
                Arguments.of("year in 2000..1990", 9, "the range 2000..1990 is empty: its low end is above its high end"),
                Arguments.of("player in 1..2", 1, "'in' is for numeric fields (year, score, theoretical, moves, id, record);"
                        + " player takes = or ~"),
                Arguments.of("year = 1990 & score > 32", 13, "write and, not &"),
                Arguments.of("year = 1990 | score > 32", 13, "write or, not |"),
                Arguments.of("year = 1990.5", 12, "unexpected '.': numbers are whole, and a range is written low..high"
                        + " (year in 1990..1999)"),
                Arguments.of("year = 99999999999", 8, "the number 99999999999 is too large"),
                Arguments.of("theoretical > scroe", 15, "theoretical is compared with a number or a numeric field (year, score,"
                        + " theoretical, moves, id, record), and 'scroe' is neither"),
                Arguments.of("year = 1990 $", 13, "unexpected character '$'"),
                // the board's fields
                Arguments.of("pattern = \"XO\"", 11, "a pattern is 64 squares a1…h8 of X, O, - and ?, then optionally"
                        + " the side to move; got 2 characters"),
                Arguments.of("pattern = \"" + "Z".repeat(64) + "\"", 11, "pattern: character 1 'Z' is not X, O, - or ?"),
                Arguments.of("pattern = \"" + "?".repeat(64) + " Q\"", 11, "pattern: after the 64 squares comes the side"
                        + " to move, X or O, or nothing; not 'Q'"),
                Arguments.of("pattern ~ \"" + "?".repeat(64) + "\"", 9, "pattern takes only =, not ~"),
                Arguments.of("discs(green) > 3", 7, "discs counts one colour: discs(black) or discs(white)"),
                Arguments.of("discs > 3", 7, "discs counts one colour: discs(black) or discs(white)"),
                Arguments.of("empties(black) > 3", 9, "empties takes no argument: empties at end > 0"),
                Arguments.of("square z9 = white", 8, "square names one square a1…h8: square a1 = white"),
                Arguments.of("square a1 = blue", 13, "a square is black, white or empty, not 'blue'"),
                Arguments.of("square a1 > white", 11, "square takes = or !=, not >"),
                Arguments.of("year at move 3 = 1990", 16, "'at move 3' is for the board's fields (pattern, board, discs,"
                        + " corners, empties, square); year holds for the whole game"),
                Arguments.of("year(black) = 1990", 6, "year takes no argument; discs(black), corners(white),"
                        + " country(black), born(white) and square a1 take one"),
                Arguments.of("country = Japan", 11, "country is a 3-letter IOC code such as JPN, not 'Japan'"),
                Arguments.of("born(red) < 1980", 6, "born takes black or white: born(black), or no argument for either player"),
                Arguments.of("born < \"1980\"", 8, "born takes a year, unquoted: born < 1980"),
                Arguments.of("duplicate = yes", 13, "duplicate is true or false, not 'yes'"),
                Arguments.of("discs(black) at move 70 > 3", 22, "moves are numbered 0 (the start) to 60"),
                Arguments.of("discs(black) from move 30 to move 20 > 3", 35, "from move 30 to move 20 is empty: its end is"
                        + " before its start"),
                Arguments.of("empties before move 0 > 3", 21, "before move 0 is no move at all; the start is at move 0"),
                Arguments.of("empties at end > 0 at move 3", 20, "say the moves once, before the operator or after the value"),
                Arguments.of("empties at > 0", 12, "expected 'move N' or 'end' (at move 20, at end), found '>'"),
                Arguments.of("empties at move > 0", 17, "expected a move number, found '>'"),
                Arguments.of("empties from move 3 > 0", 21, "expected 'to move N' (from move 20 to move 30), found '>'"),
                Arguments.of("discs(black) 3", 14, "expected an operator (= != < <= > >=) or the moves (at move N, before move"
                        + " N, from move N to move M, at end), found '3'"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("wrongQueries")
    void eachWrongQueryGetsItsMessage(String query, int column, String message) {
        ThorDbException e = assertThrows(ThorDbException.class, () -> QueryParser.parse(query));
        assertEquals(ErrorCode.QUERY, e.code());
        assertEquals("query error at line 1, column " + column + ": " + message, e.getMessage());
        // the caret stands under the column
        String[] detail = e.detail().split("\n");
        assertEquals("  " + query, detail[0]);
        assertEquals(column + 1, detail[1].indexOf('^'), e.detail());
        for (String antlr : new String[] {"viable", "mismatched", "extraneous", "missing", "<EOF>", "token recognition", "{"}) {
            assertFalse(e.getMessage().contains(antlr), e.getMessage());
        }
    }

    @Test
    void anErrorOnALaterLineNamesThatLine() {
        ThorDbException e = assertThrows(ThorDbException.class, () -> QueryParser.parse("year = 1990\nand player = Tastet"));
        assertEquals("query error at line 2, column 14: names are quoted: player = \"Tastet\"", e.getMessage());
        assertEquals("  and player = Tastet\n               ^", e.detail());
    }

    @Test
    void blankQueriesAreTold() {
        assertTrue(QueryParser.parseOrBlank("  -- nothing but a comment\n") == null);
        assertFalse(QueryParser.parseOrBlank("year = 1990") == null);
        ThorDbException e = assertThrows(ThorDbException.class, () -> QueryParser.parse("-- only a comment"));
        assertTrue(e.getMessage().contains("the query is empty"), e.getMessage());
    }

    @Test
    void everyFieldOfTheTableParsesItsOwnExample() {
        for (QueryField f : QueryField.values()) {
            assertTrue(QueryParser.parse(f.example()).text().contains(f.word()), f.example());
        }
    }
}
