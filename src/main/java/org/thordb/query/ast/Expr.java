package org.thordb.query.ast;

import org.thordb.othello.Position;

/**
 * The typed tree of a query: boolean combinations of predicates on the indexed fields.
 *
 * <p>Usage: {@code Expr e = QueryParser.parse("year >= 1990 and not result = draw");}
 */
public sealed interface Expr {

    /** Both sides hold. */
    record And(Expr left, Expr right) implements Expr {
    }

    /** Either side holds. */
    record Or(Expr left, Expr right) implements Expr {
    }

    /** The inner expression does not hold. */
    record Not(Expr inner) implements Expr {
    }

    /** The fields holding a name. */
    enum NameField { PLAYER, BLACK, WHITE, TOURNAMENT }

    /** The numeric fields. */
    enum NumField { YEAR, SCORE, THEORETICAL, MOVES }

    /** Comparison operators. */
    enum Op {
        EQ("="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">=");

        private final String symbol;

        Op(String symbol) {
            this.symbol = symbol;
        }

        /** The operator as written. */
        public String symbol() {
            return symbol;
        }

        /** The operator with its sides swapped: {@code a < b} is {@code b > a}. */
        public Op swapped() {
            return switch (this) {
                case EQ, NE -> this;
                case LT -> GT;
                case LE -> GE;
                case GT -> LT;
                case GE -> LE;
            };
        }

        /** Whether {@code a op b}. */
        public boolean test(int a, int b) {
            return switch (this) {
                case EQ -> a == b;
                case NE -> a != b;
                case LT -> a < b;
                case LE -> a <= b;
                case GT -> a > b;
                case GE -> a >= b;
            };
        }
    }

    /** The outcomes of {@code result =}. */
    enum Outcome { BLACK, WHITE, DRAW }

    /** A name equal to (case-insensitive) or containing ({@code ~}) a text. */
    record NameMatch(NameField field, boolean substring, String text) implements Expr {
    }

    /** The base is the one named. */
    record BaseMatch(String name) implements Expr {
    }

    /** A numeric field compared with a number. */
    record NumCompare(NumField field, Op op, int value) implements Expr {
    }

    /** A numeric field within {@code low..high}, both included. */
    record NumRange(NumField field, int low, int high) implements Expr {
    }

    /** Two numeric fields of the same game compared: {@code theoretical > score}. */
    record FieldCompare(NumField left, Op op, NumField right) implements Expr {
    }

    /** The result from the stored score. */
    record ResultMatch(Outcome outcome) implements Expr {
    }

    /** The game begins with these moves, under the 4 symmetries of the start position. */
    record OpeningMatch(int[] line, String text) implements Expr {
        @Override
        public boolean equals(Object o) {
            return o instanceof OpeningMatch m && java.util.Arrays.equals(m.line, line);
        }

        @Override
        public int hashCode() {
            return java.util.Arrays.hashCode(line);
        }
    }

    /** The game reaches this position, in any orientation and move order. */
    record PositionMatch(Position position, String text) implements Expr {
        @Override
        public boolean equals(Object o) {
            return o instanceof PositionMatch m && m.position.equals(position);
        }

        @Override
        public int hashCode() {
            return position.hashCode();
        }
    }
}
