package org.thordb.query.parse;

import org.thordb.fault.Faults;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.misc.IntervalSet;
import org.antlr.v4.runtime.misc.ParseCancellationException;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.query.ast.Expr;
import org.thordb.query.ast.QueryField;
import org.thordb.query.ast.BoardCondition;

/**
 * Parses a query into its typed tree. The ANTLR grammar is {@code grammar/ThorQuery.g4}; the
 * console listeners are removed, the parser stops at the first error, and that error is thrown as
 * one {@link ThorDbException} ({@link ErrorCode#QUERY}) in plain words — what was expected, what
 * was found — with line and column, and the query with a caret under the spot as its detail.
 * Fields are words that {@link QueryField} resolves, so a misspelt field is named as such. Queries
 * are bounded in length and nesting.
 *
 * <p>Usage: {@code Expr e = QueryParser.parse("player = \"Tastet Marc\" and opening = f5d6");}
 */
public final class QueryParser {
    private QueryParser() {
    }

    /** The longest query accepted, in characters. */
    public static final int MAX_LENGTH = 4096;
    /** The deepest nesting accepted (parentheses and {@code not}). */
    public static final int MAX_DEPTH = 64;

    /** Parses a query; a blank one is an error. */
    public static Expr parse(String query) {
        return parse(query, false);
    }

    /** Parses a query, or gives null when it is blank (spaces and comments only): one lexing either way. */
    public static Expr parseOrBlank(String query) {
        return parse(query, true);
    }

    private static Expr parse(String query, boolean blankAllowed) {
        if (query == null) {
            throw Faults.of(ErrorCode.QUERY, "no query");
        }
        if (query.length() > MAX_LENGTH) {
            throw Faults.of(ErrorCode.QUERY, "the query is " + query.length()
                    + " characters long; at most " + MAX_LENGTH + " are accepted");
        }
        ThorQueryLexer lexer = new ThorQueryLexer(CharStreams.fromString(query));
        lexer.removeErrorListeners();
        CommonTokenStream tokens = new CommonTokenStream(lexer);
        tokens.fill();
        List<Token> all = tokens.getTokens();
        if (all.size() == 1) {
            if (blankAllowed) {
                return null;
            }
            throw error(query, 1, 1, "the query is empty; write a condition such as year = 1990 ("
                    + "fields: " + String.join(", ", QueryField.words()) + ")");
        }
        checkCharacters(all, query);
        checkDepth(all, query);
        checkUnquotedNames(all, query);
        ThorQueryParser parser = new ThorQueryParser(tokens);
        parser.removeErrorListeners();
        parser.setErrorHandler(new BailErrorStrategy());
        ThorQueryParser.QueryContext tree;
        try {
            tree = parser.query();
        } catch (ParseCancellationException e) {
            if (e.getCause() instanceof RecognitionException re) {
                throw syntax(query, all, re.getOffendingToken(), re.getExpectedTokens());
            }
            throw error(query, 1, 1, "cannot parse the query");
        }
        try {
            return new AstBuilder().visit(tree.expr());
        } catch (Positioned p) {
            throw error(query, p.line, p.column, p.getMessage());
        }
    }

    private static void checkCharacters(List<Token> tokens, String query) {
        for (Token t : tokens) {
            if (t.getType() != ThorQueryLexer.ERROR_CHAR) {
                continue;
            }
            String c = t.getText();
            String why = switch (c) {
                case "\"" -> "this quote is never closed: a name is written \"Tastet Marc\", on one line";
                case "'" -> "names are quoted with double quotes: \"" + singleQuoted(query, t.getStartIndex()) + "\"";
                case "!" -> "'!' goes with '=': != means not equal; for 'not', write not";
                case "&" -> "write and, not &";
                case "|" -> "write or, not |";
                case "." -> "unexpected '.': numbers are whole, and a range is written low..high (year in 1990..1999)";
                default -> "unexpected character '" + Faults.quote(c) + "'";
            };
            throw error(query, t.getLine(), t.getCharPositionInLine() + 1, why);
        }
    }

    /** The text between a single quote and the next one (or the end of the line). */
    private static String singleQuoted(String query, int at) {
        int end = query.indexOf('\'', at + 1);
        int eol = query.indexOf('\n', at + 1);
        if (end < 0 || eol >= 0 && eol < end) {
            end = eol < 0 ? query.length() : eol;
        }
        return Faults.quote(query.substring(at + 1, end));
    }

    private static void checkDepth(List<Token> tokens, String query) {
        int depth = 0;
        int nots = 0;
        for (Token t : tokens) {
            switch (t.getType()) {
                case ThorQueryLexer.LPAREN -> depth++;
                case ThorQueryLexer.RPAREN -> depth--;
                case ThorQueryLexer.NOT -> nots++;
                default -> nots = 0;
            }
            if (depth + nots > MAX_DEPTH) {
                throw error(query, t.getLine(), t.getCharPositionInLine() + 1,
                        "the query nests deeper than " + MAX_DEPTH + " levels");
            }
        }
    }

    /** {@code player = Tastet Marc}: the commonest slip, named before the grammar trips on Marc. */
    private static void checkUnquotedNames(List<Token> tokens, String query) {
        for (int i = 0; i + 2 < tokens.size(); i++) {
            Token f = tokens.get(i);
            Token op = tokens.get(i + 1);
            QueryField field = f.getType() == ThorQueryLexer.WORD ? QueryField.of(f.getText()) : null;
            if (field == null || !(field.operators().equals("= or ~") || field == QueryField.BASE)
                    || !(op.getType() == ThorQueryLexer.EQ || op.getType() == ThorQueryLexer.TILDE)) {
                continue;
            }
            List<String> words = new ArrayList<>();
            int j = i + 2;
            while (j < tokens.size() && (tokens.get(j).getType() == ThorQueryLexer.WORD
                    || tokens.get(j).getType() == ThorQueryLexer.INT)) {
                words.add(tokens.get(j++).getText());
            }
            if (!words.isEmpty()) {
                Token v = tokens.get(i + 2);
                throw error(query, v.getLine(), v.getCharPositionInLine() + 1, "names are quoted: "
                        + f.getText().toLowerCase(Locale.ROOT) + " " + op.getText() + " \""
                        + Faults.quote(String.join(" ", words)) + "\"");
            }
        }
    }

    /** A syntax error in plain words: what was expected at the spot, and what stands there. */
    private static ThorDbException syntax(String query, List<Token> tokens, Token found, IntervalSet expected) {
        Token previous = found.getTokenIndex() > 0 ? tokens.get(found.getTokenIndex() - 1) : null;
        String foundText = found.getType() == Token.EOF ? "the end of the query"
                : "'" + Faults.quote(found.getText()) + "'";
        String want;
        Token before = previous == null || previous.getTokenIndex() == 0 ? null : tokens.get(previous.getTokenIndex() - 1);
        boolean afterField = previous != null && previous.getType() == ThorQueryLexer.WORD && (before == null
                || before.getType() == ThorQueryLexer.AND || before.getType() == ThorQueryLexer.OR
                || before.getType() == ThorQueryLexer.NOT || before.getType() == ThorQueryLexer.LPAREN);
        if (found.getType() == ThorQueryLexer.EQ && previous != null && previous.getType() == ThorQueryLexer.EQ) {
            return error(query, found.getLine(), found.getCharPositionInLine() + 1, "equal is one =, not ==");
        }
        // => and =< written for >= and <=: one token each, the other way round
        if (previous != null && previous.getType() == ThorQueryLexer.EQ && found.getType() != Token.EOF
                && (found.getText().startsWith(">")
                || found.getText().startsWith("<")) && previous.getStopIndex() + 1 == found.getStartIndex()) {
            String meant = found.getText().charAt(0) + "=";
            return error(query, previous.getLine(), previous.getCharPositionInLine() + 1, "'=" + found.getText().charAt(0)
                    + "' is not an operator: did you mean " + meant + "?");
        }
        if (afterField) {
            QueryField field = QueryField.of(previous.getText());
            String w = Faults.quote(previous.getText());
            if (field != null) {
                want = "an operator after " + field.word() + " (" + field.operators() + ")";
            } else {
                QueryField near = QueryField.nearest(previous.getText());
                return error(query, previous.getLine(), previous.getCharPositionInLine() + 1, "unknown field '" + w + "'"
                        + (near != null ? " (did you mean " + near.word() + "?)"
                        : "; the fields are " + String.join(", ", QueryField.words())));
            }
        } else if (previous != null && previous.getType() == ThorQueryLexer.AT) {
            want = "'move N' or 'end' (at move 20, at end)";
        } else if (previous != null && (previous.getType() == ThorQueryLexer.BEFORE
                || previous.getType() == ThorQueryLexer.FROM || previous.getType() == ThorQueryLexer.TO)) {
            want = "'move N'";
        } else if (previous != null && previous.getType() == ThorQueryLexer.RPAREN && previous.getTokenIndex() >= 3
                && tokens.get(previous.getTokenIndex() - 2).getType() == ThorQueryLexer.LPAREN
                && tokens.get(previous.getTokenIndex() - 3).getType() == ThorQueryLexer.WORD
                && QueryField.of(tokens.get(previous.getTokenIndex() - 3).getText()) != null) {
            want = "an operator (= != < <= > >=) or the moves (at move N, before move N, from move N to move M, at end)";
        } else if (isMoves(previous) && isMoves(found)) {
            return error(query, found.getLine(), found.getCharPositionInLine() + 1, "moves are written together, without"
                    + " spaces: " + previous.getText() + found.getText());
        } else {
            want = describe(expected, previous);
        }
        return error(query, found.getLine(), found.getCharPositionInLine() + 1, "expected " + want + ", found " + foundText);
    }

    private static boolean isMoves(Token t) {
        return t != null && t.getType() == ThorQueryLexer.WORD && t.getText().toLowerCase(Locale.ROOT).matches("([a-h][1-8])+");
    }

    /** The expected tokens in words, the way a person would list them. */
    private static String describe(IntervalSet expected, Token previous) {
        List<String> parts = new ArrayList<>();
        boolean value = expected.contains(ThorQueryLexer.STRING) || expected.contains(ThorQueryLexer.INT)
                && expected.contains(ThorQueryLexer.WORD);
        if (value) {
            String after = previous == null ? "" : " after " + Faults.quote(previous.getText());
            parts.add("a value" + after + " (a \"quoted name\", a number, or moves such as f5d6)");
        } else if (expected.contains(ThorQueryLexer.WORD)) {
            parts.add("a condition such as year = 1990 (fields: " + String.join(", ", QueryField.words()) + ")");
        }
        if (!value && expected.contains(ThorQueryLexer.INT)) {
            parts.add(previous != null && previous.getType() == ThorQueryLexer.MOVE ? "a move number" : "a number");
        }
        if (expected.contains(ThorQueryLexer.MOVE) && expected.contains(ThorQueryLexer.END)) {
            parts.add("'move N' or 'end' (at move 20, at end)");
        } else if (expected.contains(ThorQueryLexer.MOVE)) {
            parts.add("'move N'");
        } else if (expected.contains(ThorQueryLexer.TO)) {
            parts.add("'to move N' (from move 20 to move 30)");
        }

        if (expected.contains(ThorQueryLexer.DOTDOT)) {
            parts.add("'..' (a range is low..high)");
        }
        if (expected.contains(ThorQueryLexer.NOT) && !expected.contains(ThorQueryLexer.WORD)) {
            parts.add("not");
        }
        if (expected.contains(ThorQueryLexer.LPAREN) && !expected.contains(ThorQueryLexer.WORD)) {
            parts.add("'('");
        }
        // after a whole condition, and/or may always come, though the parser asks only for what closes
        boolean closes = expected.contains(Token.EOF) || expected.contains(ThorQueryLexer.RPAREN);
        if (expected.contains(ThorQueryLexer.AND) || closes) {
            parts.add("and");
        }
        if (expected.contains(ThorQueryLexer.OR) || closes) {
            parts.add("or");
        }
        if (expected.contains(ThorQueryLexer.RPAREN)) {
            parts.add("')'");
        }
        if (expected.contains(Token.EOF)) {
            parts.add("the end of the query");
        }
        if (parts.isEmpty()) {
            return "something else";
        }
        if (parts.size() == 1) {
            return parts.get(0);
        }
        return String.join(", ", parts.subList(0, parts.size() - 1)) + " or " + parts.get(parts.size() - 1);
    }

    /** An error at a line and column, with the query line and a caret as its detail. */
    static ThorDbException error(String query, int line, int column, String message) {
        String[] lines = query.split("\r?\n", -1);
        String text = line >= 1 && line <= lines.length ? lines[line - 1] : "";
        String caret = " ".repeat(Math.max(0, column - 1)) + "^";
        return Faults.query("query error at line " + line + ", column " + column + ": " + message,
                "  " + text + "\n  " + caret, line, column, offending(text, column - 1));
    }

    /**
     * The text at a spot of a query's line: a quoted name whole, else the word or the run of signs
     * there (up to 40 characters); empty at the end of the line.
     */
    static String offending(String line, int at) {
        if (at < 0 || at >= line.length()) {
            return "";
        }
        int end = at + 1;
        char c = line.charAt(at);
        if (c == '"') {
            int close = line.indexOf('"', at + 1);
            end = close < 0 ? line.length() : close + 1;
        } else if (Character.isLetterOrDigit(c) || c == '_') {
            while (end < line.length() && (Character.isLetterOrDigit(line.charAt(end)) || line.charAt(end) == '_'
                    || line.charAt(end) == '.')) {
                end++;
            }
        } else if (!Character.isWhitespace(c) && "()".indexOf(c) < 0) {
            while (end < line.length() && "=<>!~&|".indexOf(line.charAt(end)) >= 0) {
                end++;
            }
        }
        return line.substring(at, Math.min(end, at + 40));
    }

    /** A message and where it belongs, thrown inside the tree builder. */
    private static final class Positioned extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final int line;
        private final int column;

        Positioned(int line, int column, String message) {
            super(message, null, false, false);
            this.line = line;
            this.column = column;
        }
    }

    /** Builds the typed tree from the parse tree; each predicate is made by its field. */
    private static final class AstBuilder extends ThorQueryBaseVisitor<Expr> {
        @Override
        public Expr visitNotExpr(ThorQueryParser.NotExprContext c) {
            return new Expr.Not(visit(c.expr()));
        }

        @Override
        public Expr visitAndExpr(ThorQueryParser.AndExprContext c) {
            return new Expr.And(visit(c.expr(0)), visit(c.expr(1)));
        }

        @Override
        public Expr visitOrExpr(ThorQueryParser.OrExprContext c) {
            return new Expr.Or(visit(c.expr(0)), visit(c.expr(1)));
        }

        @Override
        public Expr visitParenExpr(ThorQueryParser.ParenExprContext c) {
            return visit(c.expr());
        }

        @Override
        public Expr visitPredicateExpr(ThorQueryParser.PredicateExprContext c) {
            Expr first = visit(c.predicate());
            if (c.step().isEmpty()) {
                return first;
            }
            List<BoardCondition> steps = new ArrayList<>();
            List<Integer> within = new ArrayList<>();
            steps.add(onTheBoard(first, c.predicate().getStart()));
            for (ThorQueryParser.StepContext s : c.step()) {
                steps.add(onTheBoard(visit(s.predicate()), s.predicate().getStart()));
                if (s.n == null) {
                    within.add(BoardCondition.Sequence.ANY_LATER);
                    continue;
                }
                String unit = s.unit.getText().toLowerCase(Locale.ROOT);
                if (!unit.equals("moves") && !unit.equals("move")) {
                    throw new Positioned(s.unit.getLine(), s.unit.getCharPositionInLine() + 1,
                            "within N moves: the gap is counted in moves, not '" + Faults.quote(s.unit.getText()) + "'");
                }
                int n = number(s.n);
                if (n < 1 || n > 60) {
                    throw new Positioned(s.n.getLine(), s.n.getCharPositionInLine() + 1,
                            "within 1 to 60 moves, not " + Faults.quote(s.n.getText()));
                }
                within.add(n);
            }
            return new BoardCondition.Sequence(steps, within);
        }

        /** A step of a sequence: a condition on the board, or an error at its start. */
        private static BoardCondition onTheBoard(Expr e, Token at) {
            if (e instanceof BoardCondition b && !(b instanceof BoardCondition.Sequence)) {
                return b;
            }
            throw new Positioned(at.getLine(), at.getCharPositionInLine() + 1, "'then' joins conditions on the board"
                    + " (pattern, board, discs, corners, empties, mobility, frontier, square), one after the other;"
                    + " for the game's other fields, use and");
        }

        @Override
        public Expr visitRangePredicate(ThorQueryParser.RangePredicateContext c) {
            QueryField f = field(c.field);
            try {
                return f.range(value(c.low), value(c.high));
            } catch (QueryField.Invalid e) {
                throw at(e, c.field);
            }
        }

        @Override
        public Expr visitComparePredicate(ThorQueryParser.ComparePredicateContext c) {
            QueryField f = field(c.field);
            Token v = c.value().getStart();
            if (c.pre != null && c.post != null) {
                Token t = c.post.getStart();
                throw new Positioned(t.getLine(), t.getCharPositionInLine() + 1,
                        "say the moves once, before the operator or after the value");
            }
            ThorQueryParser.WhenContext w = c.pre != null ? c.pre : c.post;
            try {
                QueryField.Value argument = c.argument() == null ? null : value(c.argument().arg);
                return f.compare(argument, c.op.getText(), value(v), w == null ? null : window(w));
            } catch (QueryField.Invalid e) {
                throw at(e, c.op);
            }
        }

        private static BoardCondition.Window window(ThorQueryParser.WhenContext w) {
            if (w instanceof ThorQueryParser.AtMoveContext a) {
                return QueryField.window("at", number(a.n), number(a.n), value(a.n));
            }
            if (w instanceof ThorQueryParser.BeforeMoveContext b) {
                return QueryField.window("before", number(b.n), number(b.n), value(b.n));
            }
            if (w instanceof ThorQueryParser.FromMoveContext f) {
                return QueryField.window("from", number(f.n), number(f.m), value(f.m));
            }
            return QueryField.window("end", 0, 0, null);
        }

        private static int number(Token t) {
            try {
                return Integer.parseInt(t.getText());
            } catch (NumberFormatException e) {
                return Integer.MAX_VALUE; // refused as out of range
            }
        }

        private static QueryField field(Token t) {
            QueryField f = QueryField.of(t.getText());
            if (f != null) {
                return f;
            }
            QueryField near = QueryField.nearest(t.getText());
            String w = Faults.quote(t.getText());
            throw new Positioned(t.getLine(), t.getCharPositionInLine() + 1, "unknown field '" + w + "'"
                    + (near != null ? " (did you mean " + near.word() + "?)"
                    : "; the fields are " + String.join(", ", QueryField.words())));
        }

        private static QueryField.Value value(Token t) {
            String s = t.getText();
            return switch (t.getType()) {
                case ThorQueryLexer.STRING -> new QueryField.Value(QueryField.ValueKind.STRING,
                        s.substring(1, s.length() - 1).replace("\\\"", "\"").replace("\\\\", "\\"),
                        t.getLine(), t.getCharPositionInLine() + 1);
                case ThorQueryLexer.INT -> new QueryField.Value(QueryField.ValueKind.NUMBER, s, t.getLine(),
                        t.getCharPositionInLine() + 1);
                default -> new QueryField.Value(QueryField.ValueKind.WORD, s, t.getLine(), t.getCharPositionInLine() + 1);
            };
        }

        /** The error at its value, or at the operator when it is about the field and operator. */
        private static Positioned at(QueryField.Invalid e, Token fallback) {
            return e.at() != null ? new Positioned(e.at().line(), e.at().column(), e.getMessage())
                    : new Positioned(fallback.getLine(), fallback.getCharPositionInLine() + 1, e.getMessage());
        }
    }
}
