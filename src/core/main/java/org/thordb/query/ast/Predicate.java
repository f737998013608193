package org.thordb.query.ast;

import java.util.Locale;
import org.thordb.index.GameName;
import org.thordb.index.GameNumber;
import org.thordb.othello.Position;
import java.util.Arrays;
import org.thordb.index.Copies;
import org.thordb.index.Duplicates;
import org.thordb.index.TheoreticalKnown;
import org.thordb.othello.Board10;
import org.thordb.query.plan.PredicateCompiler;
import org.thordb.store.PlayerRecord;

/**
 * One condition on a game, the leaf of a query: data, what is asked and how it is written
 * ({@link #text}). How the indexes answer it, what that reads, what its postings say of its size,
 * how the per-game columns and a solitaire are tested, is the compile step's
 * ({@code PredicateCompiler}), which the planner and the solitaire filter
 * both use; {@link QueryField} knows how each is parsed. A new kind is a new record here and a new
 * method of {@link Visitor}, which the compiler must then write: no kind can be missed at run
 * time. What a game's numbers and names are (their postings, columns and values) is spelt out in
 * {@link GameNumber} and {@link GameName}.
 *
 * <p>Usage: {@code Predicate draws = new Predicate.ResultMatch(Predicate.Outcome.DRAW);}
 */
public sealed interface Predicate extends Expr permits Predicate.NameMatch, Predicate.BaseMatch, Predicate.Numeric,
        Predicate.FieldCompare, Predicate.ResultMatch, Predicate.RegistryMatch, Predicate.OpeningMatch,
        Predicate.PositionMatch, Predicate.FlagMatch, Predicate.BoardSize, Predicate.Position10Match, BoardCondition {

    /** Hands this predicate to the visitor's method for its kind. */
    <R> R accept(Visitor<R> v);

    /**
     * What is done with each kind of predicate (compiling it): a new kind is a new method here,
     * which every visitor must then write.
     */
    interface Visitor<R> {
        R name(NameMatch p);

        R base(BaseMatch p);

        R number(Numeric p);

        R fieldCompare(FieldCompare p);

        R result(ResultMatch p);

        R registry(RegistryMatch p);

        R opening(OpeningMatch p);

        R position(PositionMatch p);

        R flag(FlagMatch p);

        R boardSize(BoardSize p);

        R position10(Position10Match p);

        R board(BoardCondition p);
    }

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
    record NameMatch(GameName field, boolean substring, String name) implements Predicate {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.name(this);
        }

        @Override
        public String text() {
            return field.word() + (substring ? " ~ " : " = ") + quote(name);
        }
    }

    /** The base is the one named. */
    record BaseMatch(String name) implements Predicate {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.base(this);
        }

        @Override
        public String text() {
            return "base = " + quote(name);
        }
    }

    /** A numeric field against numbers. */
    sealed interface Numeric extends Predicate permits NumCompare, NumRange {
        /** The field compared. */
        GameNumber field();

        /** The values that hold, as {@code [low, high)} (longs, so that ends past the field's are fine), and whether it is their complement. */
        long[] bounds();

        @Override
        default <R> R accept(Visitor<R> v) {
            return v.number(this);
        }
    }

    /** A numeric field compared with a number. */
    record NumCompare(GameNumber field, Op op, int value) implements Numeric {
        @Override
        public long[] bounds() {
            long v = value;
            return switch (op) {
                case EQ -> new long[] {v, v + 1, 0};
                case NE -> new long[] {v, v + 1, 1};
                case LT -> new long[] {Long.MIN_VALUE, v, 0};
                case LE -> new long[] {Long.MIN_VALUE, v + 1, 0};
                case GT -> new long[] {v + 1, Long.MAX_VALUE, 0};
                case GE -> new long[] {v, Long.MAX_VALUE, 0};
            };
        }

        @Override
        public String text() {
            return field.word() + " " + op.symbol() + " " + value;
        }
    }

    /** A numeric field within {@code low..high}, both included. */
    record NumRange(GameNumber field, int low, int high) implements Numeric {
        @Override
        public long[] bounds() {
            return new long[] {low, (long) high + 1, 0};
        }

        @Override
        public String text() {
            return field.word() + " in " + low + ".." + high;
        }
    }

    /** Two numeric fields of the same game compared: {@code theoretical > score}. */
    record FieldCompare(GameNumber left, Op op, GameNumber right) implements Predicate {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.fieldCompare(this);
        }

        @Override
        public String text() {
            return left.word() + " " + op.symbol() + " " + right.word();
        }
    }

    /** The result from the stored score. */
    record ResultMatch(Outcome outcome) implements Predicate {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.result(this);
        }

        @Override
        public String text() {
            return "result = " + outcome.name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * A player's registry record: {@code country = JPN}, {@code born < 1980}, for either player or,
     * with {@code (black)}/{@code (white)}, one colour. Players without a record (or without that
     * field) match neither {@code =} nor {@code !=}.
     *
     * @param colour "black", "white", or null for either player
     * @param country the country compared (for {@code country}), or null
     * @param op the operator
     * @param year the birth year compared (for {@code born})
     */
    record RegistryMatch(String colour, String country, Op op, int year) implements Predicate {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.registry(this);
        }

        /** Whether a record matches. */
        public boolean test(PlayerRecord r) {
            if (r == null) {
                return false;
            }
            if (country != null) {
                return r.country() != null && (op == Op.EQ) == r.country().equals(country);
            }
            return r.birthYear() != 0 && op.test(r.birthYear(), year);
        }

        /** Whether it asks about Black's record (or either player's). */
        public boolean black() {
            return colour == null || colour.equals("black");
        }

        /** Whether it asks about White's record (or either player's). */
        public boolean white() {
            return colour == null || colour.equals("white");
        }

        @Override
        public String text() {
            String f = (country != null ? "country" : "born") + (colour == null ? "" : "(" + colour + ")");
            return f + " " + op.symbol() + " " + (country != null ? country : String.valueOf(year));
        }
    }

    /** The games of one board size: {@code board = 8} or {@code board = 10}. */
    record BoardSize(int side) implements Predicate {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.boardSize(this);
        }

        @Override
        public String text() {
            return "board = " + side;
        }
    }

    /**
     * A 10×10 position reached, in any of the 8 orientations of the 10×10 board, with its side to
     * move: written as a 10×10 line ({@code g6e4…}), whose first move tells the board.
     *
     * @param bits the board ({@link Board10#bits()})
     * @param sideToMove 1 Black, 2 White, 0 nobody
     * @param written the line as written
     */
    record Position10Match(long[] bits, int sideToMove, String written) implements Predicate {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.position10(this);
        }

        @Override
        public String text() {
            return "position = " + written;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Position10Match m && Arrays.equals(m.bits, bits) && m.sideToMove == sideToMove;
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(bits) * 31 + sideToMove;
        }
    }

    /** The yes-or-no fields. */
    enum Flag {
        /** The game's whole move list, up to symmetry, is an earlier game's ({@link Duplicates}). */
        DUPLICATE,
        /** The game is damaged: an illegal move, bad move bytes, an unknown name number. */
        DAMAGED,
        /** The game's theoretical score is known ({@code theoretical = known}; see {@link TheoreticalKnown}). */
        THEORETICAL_KNOWN,
        /**
         * Not a condition but how copies count ({@code copies = all}: every copy; {@code copies =
         * once}: the default, {@link Copies}): holds for every game.
         */
        EVERY_COPY
    }

    /** A yes-or-no field equal to true or false. */
    record FlagMatch(Flag flag, boolean value) implements Predicate {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.flag(this);
        }

        @Override
        public String text() {
            if (flag == Flag.THEORETICAL_KNOWN) {
                return "theoretical = " + (value ? "known" : "unknown");
            }
            if (flag == Flag.EVERY_COPY) {
                return "copies = " + (value ? "all" : "once");
            }
            return flag.name().toLowerCase(Locale.ROOT) + " = " + value;
        }
    }

    /**
     * The game begins with these moves, under the 4 symmetries of the start position of its board:
     * an 8×8 line, or a 10×10 one (squares row × 10 + column), which only 10×10 games can begin with.
     */
    record OpeningMatch(int[] line, String moves, int side) implements Predicate {
        /** An 8×8 opening. */
        public OpeningMatch(int[] line, String moves) {
            this(line, moves, 8);
        }

        @Override
        public <R> R accept(Visitor<R> v) {
            return v.opening(this);
        }

        @Override
        public String text() {
            return "opening = " + moves;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof OpeningMatch m && m.side == side && Arrays.equals(m.line, line);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(line);
        }
    }

    /** The game reaches this position, in any orientation and move order. */
    record PositionMatch(Position position, String written) implements Predicate {
        @Override
        public <R> R accept(Visitor<R> v) {
            return v.position(this);
        }

        @Override
        public String text() {
            return "position = " + (written.length() > 60 ? quote(written) : written);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof PositionMatch m && m.position.equals(position);
        }

        @Override
        public int hashCode() {
            return position.hashCode();
        }
    }

    private static String quote(String s) {
        return QueryField.literal(s);
    }
}
