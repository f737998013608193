package org.thordb.query.parse;

import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.misc.ParseCancellationException;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.othello.Replay;
import org.thordb.query.ast.Expr;

/**
 * Parses a query into its typed tree. The ANTLR grammar is {@code grammar/ThorQuery.g4}; the
 * console listeners are removed, errors are collected, and the first is thrown as one
 * {@link ThorDbException} ({@link ErrorCode#QUERY}) with line and column, and the query with a caret
 * under the spot as its detail. Queries are bounded in length and nesting.
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

    /** A syntax error at a line and column (from 1). */
    private record SyntaxError(int line, int column, String message) {
    }

    /** Parses a query. */
    public static Expr parse(String query) {
        if (query == null) {
            throw new ThorDbException(ErrorCode.QUERY, "no query");
        }
        if (query.length() > MAX_LENGTH) {
            throw new ThorDbException(ErrorCode.QUERY, "the query is " + query.length()
                    + " characters long; at most " + MAX_LENGTH + " are accepted");
        }
        List<SyntaxError> errors = new ArrayList<>();
        BaseErrorListener collect = new BaseErrorListener() {
            @Override
            public void syntaxError(Recognizer<?, ?> r, Object symbol, int line, int col, String msg,
                                    RecognitionException e) {
                errors.add(new SyntaxError(line, col + 1, ThorDbException.quote(msg.replace("'<EOF>'", "the end of the query").replace("<EOF>", "the end of the query"))));
            }
        };
        ThorQueryLexer lexer = new ThorQueryLexer(CharStreams.fromString(query));
        lexer.removeErrorListeners();
        lexer.addErrorListener(collect);
        CommonTokenStream tokens = new CommonTokenStream(lexer);
        tokens.fill();
        checkDepth(tokens.getTokens(), query);
        for (Token t : tokens.getTokens()) {
            if (t.getType() == ThorQueryLexer.ERROR_CHAR) {
                throw error(query, t.getLine(), t.getCharPositionInLine() + 1,
                        "unexpected character '" + ThorDbException.quote(t.getText()) + "'");
            }
        }
        ThorQueryParser parser = new ThorQueryParser(tokens);
        parser.removeErrorListeners();
        parser.addErrorListener(collect);
        ThorQueryParser.QueryContext tree;
        try {
            tree = parser.query();
        } catch (ParseCancellationException e) {
            tree = null;
        }
        if (!errors.isEmpty() || tree == null) {
            SyntaxError e = errors.isEmpty() ? new SyntaxError(1, 1, "cannot parse the query") : errors.get(0);
            throw error(query, e.line(), e.column(), e.message());
        }
        return new AstBuilder(query).visit(tree.expr());
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

    /** An error at a line and column, with the query line and a caret as its detail. */
    static ThorDbException error(String query, int line, int column, String message) {
        String[] lines = query.split("\r?\n", -1);
        String text = line >= 1 && line <= lines.length ? lines[line - 1] : "";
        String caret = " ".repeat(Math.max(0, column - 1)) + "^";
        return new ThorDbException(ErrorCode.QUERY, "query error at line " + line + ", column " + column + ": "
                + message, "  " + text + "\n  " + caret);
    }

    /** Builds the typed tree from the parse tree. */
    private static final class AstBuilder extends ThorQueryBaseVisitor<Expr> {
        private final String query;

        AstBuilder(String query) {
            this.query = query;
        }

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
            return visit(c.predicate());
        }

        @Override
        public Expr visitNameMatch(ThorQueryParser.NameMatchContext c) {
            Expr.NameField f = Expr.NameField.valueOf(c.nameField().getText().toUpperCase(java.util.Locale.ROOT));
            return new Expr.NameMatch(f, c.op.getType() == ThorQueryLexer.TILDE, string(c.STRING().getSymbol()));
        }

        @Override
        public Expr visitBaseMatch(ThorQueryParser.BaseMatchContext c) {
            return new Expr.BaseMatch(string(c.STRING().getSymbol()));
        }

        @Override
        public Expr visitNumRange(ThorQueryParser.NumRangeContext c) {
            int lo = number(c.INT(0).getSymbol());
            int hi = number(c.INT(1).getSymbol());
            if (lo > hi) {
                throw at(c.INT(0).getSymbol(), "the range " + lo + ".." + hi + " is empty: its low end is above its high end");
            }
            return new Expr.NumRange(numField(c.numField()), lo, hi);
        }

        @Override
        public Expr visitNumCompare(ThorQueryParser.NumCompareContext c) {
            return new Expr.NumCompare(numField(c.numField()), op(c.comparison()), number(c.INT().getSymbol()));
        }

        @Override
        public Expr visitFieldCompare(ThorQueryParser.FieldCompareContext c) {
            return new Expr.FieldCompare(numField(c.numField(0)), op(c.comparison()), numField(c.numField(1)));
        }

        @Override
        public Expr visitResultMatch(ThorQueryParser.ResultMatchContext c) {
            return new Expr.ResultMatch(Expr.Outcome.valueOf(c.outcome.getText().toUpperCase(java.util.Locale.ROOT)));
        }

        @Override
        public Expr visitOpeningMatch(ThorQueryParser.OpeningMatchContext c) {
            Token t = c.LINE().getSymbol();
            int[] line = Notation.parseLine(t.getText());
            Replay.Result r = Replay.replay(line, null);
            if (!r.ok()) {
                throw at(t, "the opening " + t.getText().toLowerCase(java.util.Locale.ROOT) + " is not legal: " + r.error());
            }
            return new Expr.OpeningMatch(line, t.getText().toLowerCase(java.util.Locale.ROOT));
        }

        @Override
        public Expr visitPositionMatch(ThorQueryParser.PositionMatchContext c) {
            if (c.LINE() != null) {
                Token t = c.LINE().getSymbol();
                Replay.Result r = Replay.replay(Notation.parseLine(t.getText()), null);
                if (!r.ok()) {
                    throw at(t, "the line " + t.getText().toLowerCase(java.util.Locale.ROOT) + " is not legal: " + r.error());
                }
                return new Expr.PositionMatch(r.finalPosition(), t.getText().toLowerCase(java.util.Locale.ROOT));
            }
            Token t = c.STRING().getSymbol();
            String board = string(t);
            try {
                return new Expr.PositionMatch(Position.parseBoard(board), board);
            } catch (ThorDbException e) {
                throw at(t, e.getMessage());
            }
        }

        private Expr.NumField numField(ThorQueryParser.NumFieldContext c) {
            return Expr.NumField.valueOf(c.getText().toUpperCase(java.util.Locale.ROOT));
        }

        private Expr.Op op(ThorQueryParser.ComparisonContext c) {
            return switch (c.getStart().getType()) {
                case ThorQueryLexer.EQ -> Expr.Op.EQ;
                case ThorQueryLexer.NE -> Expr.Op.NE;
                case ThorQueryLexer.LT -> Expr.Op.LT;
                case ThorQueryLexer.LE -> Expr.Op.LE;
                case ThorQueryLexer.GT -> Expr.Op.GT;
                default -> Expr.Op.GE;
            };
        }

        private int number(Token t) {
            try {
                return Integer.parseInt(t.getText());
            } catch (NumberFormatException e) {
                throw at(t, "the number " + t.getText() + " is too large");
            }
        }

        private String string(Token t) {
            String s = t.getText();
            return s.substring(1, s.length() - 1).replace("\\\"", "\"").replace("\\\\", "\\");
        }

        private ThorDbException at(Token t, String message) {
            return error(query, t.getLine(), t.getCharPositionInLine() + 1, message);
        }
    }
}
