package org.thordb.query.ast;

import org.thordb.fault.Faults;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.thordb.error.ThorDbException;
import org.thordb.index.GameName;
import org.thordb.index.GameNumber;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.othello.Replay;
import org.thordb.error.ErrorCode;
import org.thordb.othello.Board10;
import org.thordb.othello.OpeningNames;
import org.thordb.store.Identities;

/**
 * The fields of the query language, one constant each: its word, what it means, an example, and
 * how a comparison on it becomes a {@link Predicate}. The parser, the REPL's completion and its
 * help all read this table, so a new field is one constant here (and a record in
 * {@link Predicate}, with its class in the compile step, when it needs a new kind of lookup).
 *
 * <p>Usage: {@code Predicate p = QueryField.of("year").compare("=", QueryField.Value.number("1990"));}
 */
public enum QueryField {
    PLAYER("player", "either player's name, = whole (any case) or ~ part", "player = \"Tastet Marc\""),
    BLACK("black", "Black's name", "black ~ \"tastet\""),
    WHITE("white", "White's name", "white = \"Shaman David\""),
    TOURNAMENT("tournament", "the tournament's name", "tournament ~ \"paris\""),
    BASE("base", "the base the game was imported into", "base = \"WTHOR\""),
    YEAR("year", "the year of the game's file", "year in 1990..1999"),
    SCORE("score", "Black's discs at the end, as stored (empties to the winner)", "score > 32"),
    THEORETICAL("theoretical", "Black's discs after perfect play from the file's depth, where known (a comparison"
            + " holds for known scores only; theoretical = known, or unknown, picks them)", "theoretical > score"),
    MOVES("moves", "the number of moves played", "moves < 60"),
    RESULT("result", "who won by the stored score: black, white or draw", "result = draw"),
    COUNTRY("country", "a player's country in the registry (IOC code); country(black) or country(white) for one colour", "country = JPN"),
    BORN("born", "a player's birth year in the registry; born(black) or born(white) for one colour", "born < 1980"),
    DUPLICATE("duplicate", "true for a game whose whole move list (up to symmetry) an earlier game has: base imported first, then year, then record", "duplicate = true"),
    COPIES("copies", "once (the default): a game imported again from another base (the same moves up to symmetry,"
            + " players and year) counts once, as its base with the most of them; all: every copy counts",
            "player = \"Hobo Roel\" and copies = all"),
    DAMAGED("damaged", "true for a game kept with an illegal move, bad move bytes or an unknown name number", "damaged = true"),
    OPENING("opening", "the first moves, under the 4 symmetries of the start", "opening = f5d6c3"),
    POSITION("position", "a position reached, in any orientation and move order (moves or a 64-square board)",
            "position = f5d6c3d3c4f4f6f3e6e7"),
    ID("id", "the game's id in the store (as jsonl output shows it)", "id = 136728"),
    RECORD("record", "the game's record number in its file, from 0", "record < 10"),
    PATTERN("pattern", "the board matches 64 squares of X O - ? (? any), in any of the 8 orientations",
            "pattern = \"???????X" + "?".repeat(56) + "\" at move 20"),
    BOARD("board", "the board matches 64 squares of X O - ? exactly as written (one orientation); board = 8 or 10: the board size",
            "board = \"X???????" + "?".repeat(56) + " O\" before move 30"),
    DISCS("discs", "discs(black) or discs(white): the discs on the board", "discs(black) at move 40 > 45"),
    CORNERS("corners", "corners(black) or corners(white): corners held (under every symmetry alike)",
            "corners(black) before move 20 >= 1"),
    EMPTIES("empties", "the empty squares on the board", "empties at end > 0"),
    MOBILITY("mobility", "mobility(black) or mobility(white): the moves the side could play on the board, whoever is to move",
            "mobility(white) at move 30 <= 2"),
    FRONTIER("frontier", "frontier(black) or frontier(white): the side's discs next to an empty square (8 neighbours)",
            "frontier(black) at move 20 < 5"),
    SQUARE("square", "square a1 = black, white or empty (as written, one orientation)", "square a1 = white at move 20");

    private final String word;
    private final String help;
    private final String example;

    QueryField(String word, String help, String example) {
        this.word = word;
        this.help = help;
        this.example = example;
    }

    /** The field as written in a query. */
    public String word() {
        return word;
    }

    /** What the field means, in a few words. */
    public String help() {
        return help;
    }

    /** A query using the field. */
    public String example() {
        return example;
    }

    /** What a value is, as written: a quoted string, a whole number, or a bare word (moves, outcomes, fields). */
    public enum ValueKind { STRING, NUMBER, WORD }

    /**
     * A value as written, with where it stands (line and column from 1) for error messages.
     *
     * @param kind what it is
     * @param text its text (a string without its quotes, escapes undone)
     * @param line its line
     * @param column its column
     */
    public record Value(ValueKind kind, String text, int line, int column) {
    }

    /** A value that is not right for its field: the parser adds the line, column and caret. */
    public static final class Invalid extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient Value at;

        Invalid(Value at, String message) {
            super(message, null, false, false);
            this.at = at;
        }

        /** The value the message is about (null: the field itself). */
        public Value at() {
            return at;
        }
    }

    /** The field with this word (any case), or null. */
    public static QueryField of(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        for (QueryField f : values()) {
            if (f.word.equals(w)) {
                return f;
            }
        }
        return null;
    }

    /** Every field's word, in table order. */
    public static List<String> words() {
        List<String> out = new ArrayList<>();
        for (QueryField f : values()) {
            out.add(f.word);
        }
        return out;
    }

    /** The field whose word is nearest to a misspelt one (at most 2 edits away), or null. */
    public static QueryField nearest(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        QueryField best = null;
        int bestDistance = 3;
        for (QueryField f : values()) {
            int d = distance(w, f.word);
            if (d < bestDistance) {
                best = f;
                bestDistance = d;
            }
        }
        return best;
    }

    /** A text as the query language writes a string: quoted, its quotes and backslashes escaped. */
    public static String literal(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /**
     * A query's games (blank: every game) that a player played with a colour ({@code black},
     * {@code white}, or {@code both}/null for either): {@code (WHERE) and black = "NAME"}.
     */
    public static String playersGames(String where, String player, String colour) {
        String field = colour == null || colour.isBlank() || colour.equalsIgnoreCase("both") ? "player"
                : colour.strip().toLowerCase(Locale.ROOT);
        String mine = field + " = " + literal(player.strip());
        return where == null || where.isBlank() ? mine : "(" + where + ") and " + mine;
    }

    /** {@link #distance}, for the REPL's did-you-mean on its commands. */
    public static int editDistance(String a, String b) {
        return distance(a, b);
    }

    /** The Damerau–Levenshtein (optimal string alignment) distance: yaer is one edit from year. */
    static int distance(String a, String b) {
        return Identities.distance(a, b, Integer.MAX_VALUE - 1);
    }

    /** The number this field compares (its word's {@link GameNumber}), or null. */
    private GameNumber numField() {
        return GameNumber.of(word);
    }

    /** The name this field matches (its word's {@link GameName}), or null. */
    private GameName nameField() {
        return GameName.of(word);
    }

    /** The words of the numeric fields, for messages. */
    private static String numericWords() {
        List<String> out = new ArrayList<>();
        for (QueryField f : values()) {
            if (f.numField() != null) {
                out.add(f.word);
            }
        }
        return String.join(", ", out);
    }

    /** Whether the field is compared with {@code < <= > >=} and {@code in}. */
    public boolean numeric() {
        return numField() != null;
    }

    /** Whether the field is about the board at some moves: it takes {@code at move N} and the like. */
    public boolean onTheBoard() {
        return this == PATTERN || this == BOARD || counts() || this == SQUARE;
    }

    /** Whether the field counts something on the board ({@code discs(black) at move 40 > 45}). */
    private boolean counts() {
        return this == DISCS || this == CORNERS || this == EMPTIES || this == MOBILITY || this == FRONTIER;
    }

    /** The operators the field takes, as written. */
    public String operators() {
        if (counts()) {
            return "= != < <= > >=";
        }
        if (this == SQUARE) {
            return "= or !=";
        }
        if (numeric()) {
            return "= != < <= > >= or in";
        }
        return nameField() != null ? "= or ~" : "=";
    }

    /**
     * The predicate {@code field op value}.
     *
     * @param op the operator as written: {@code = != < <= > >= ~}
     * @param value the value
     * @throws Invalid when the operator or the value does not suit the field
     */
    public Predicate compare(String op, Value value) {
        return compare(null, op, value, null);
    }

    /**
     * The predicate {@code field[(argument)] [window] op value [window]}: the argument and the window
     * are for the board's fields ({@code discs(black) at move 40 > 45}, {@code square a1 = white},
     * {@code pattern = "…" from move 20 to move 30}); null when not written.
     *
     * @throws Invalid when the argument, the window, the operator or the value does not suit the field
     */
    public Predicate compare(Value argument, String op, Value value, BoardCondition.Window window) {
        if (this == COUNTRY || this == BORN) {
            return registry(argument, op, value, window);
        }
        if (onTheBoard()) {
            return board(argument, op, value, window == null ? BoardCondition.Window.ANY : window);
        }
        if (argument != null) {
            throw new Invalid(argument, word + " takes no argument; " + argumentFields());
        }
        if (window != null) {
            throw new Invalid(null, "'" + window.text() + "' is for the board's fields (pattern, board, discs, corners,"
                    + " empties, square); " + word + " holds for the whole game");
        }
        GameName name = nameField();
        GameNumber num = numField();
        if (name != null) {
            if (!op.equals("=") && !op.equals("~")) {
                throw new Invalid(null, word + " takes = (the whole name) or ~ (part of it), not " + op);
            }
            if (value.kind() != ValueKind.STRING) {
                throw new Invalid(value, "names are quoted: " + word + " " + op + " \"" + value.text() + "\"");
            }
            return new Predicate.NameMatch(name, op.equals("~"), value.text());
        }
        if (num != null) {
            if (op.equals("~")) {
                throw new Invalid(null, "~ (contains) is for names; " + word + " takes = != < <= > >= or in");
            }
            Predicate.Op o = op(op);
            switch (value.kind()) {
                case NUMBER -> {
                    return new Predicate.NumCompare(num, o, number(value));
                }
                case WORD -> {
                    String w = value.text().toLowerCase(Locale.ROOT);
                    if (this == THEORETICAL && (w.equals("known") || w.equals("unknown"))) {
                        if (o != Predicate.Op.EQ && o != Predicate.Op.NE) {
                            throw new Invalid(null, "theoretical = known (or unknown) takes = or !=, not " + op);
                        }
                        return new Predicate.FlagMatch(Predicate.Flag.THEORETICAL_KNOWN, w.equals("known") == (o == Predicate.Op.EQ));
                    }
                    QueryField other = of(value.text());
                    if (other != null && other.numeric()) {
                        return new Predicate.FieldCompare(num, o, other.numField());
                    }
                    throw new Invalid(value, word + " is compared with a number or a numeric field (" + numericWords()
                            + "), and '" + Faults.quote(value.text()) + "' is neither");
                }
                default -> throw new Invalid(value, word + " takes a number, unquoted: " + word + " " + op + " "
                        + value.text());
            }
        }
        if (!op.equals("=")) {
            throw new Invalid(null, word + " takes only =, not " + op);
        }
        return switch (this) {
            case BASE -> {
                if (value.kind() != ValueKind.STRING) {
                    throw new Invalid(value, "base names are quoted: base = \"" + value.text() + "\"");
                }
                yield new Predicate.BaseMatch(value.text());
            }
            case COPIES -> {
                String w = value.text().toLowerCase(Locale.ROOT);
                if (value.kind() != ValueKind.WORD || !(w.equals("all") || w.equals("once"))) {
                    throw new Invalid(value, "copies is all (every copy counts) or once (the default), not " + shown(value));
                }
                yield new Predicate.FlagMatch(Predicate.Flag.EVERY_COPY, w.equals("all"));
            }
            case DUPLICATE, DAMAGED -> {
                String w = value.text().toLowerCase(Locale.ROOT);
                if (value.kind() != ValueKind.WORD || !(w.equals("true") || w.equals("false"))) {
                    throw new Invalid(value, word + " is true or false, not " + shown(value));
                }
                yield new Predicate.FlagMatch(this == DUPLICATE ? Predicate.Flag.DUPLICATE : Predicate.Flag.DAMAGED,
                        w.equals("true"));
            }
            case RESULT -> {
                String w = value.text().toLowerCase(Locale.ROOT);
                if (value.kind() == ValueKind.NUMBER || !(w.equals("black") || w.equals("white") || w.equals("draw"))) {
                    throw new Invalid(value, "result is black, white or draw (the winner by the stored score), not "
                            + shown(value));
                }
                yield new Predicate.ResultMatch(Predicate.Outcome.valueOf(w.toUpperCase(Locale.ROOT)));
            }
            case OPENING -> {
                if (value.kind() == ValueKind.WORD && Notation.isLine10(value.text())) {
                    yield new Predicate.OpeningMatch(Notation.parseLine10(value.text()), value.text().toLowerCase(Locale.ROOT), 10);
                }
                int[] named = named(value);
                if (named != null) {
                    yield new Predicate.OpeningMatch(named, nameText(value));
                }
                int[] line = line(value, "opening takes moves such as f5d6c3, unquoted, or an opening's name such as tiger");
                yield new Predicate.OpeningMatch(line, value.text().toLowerCase(Locale.ROOT));
            }
            case POSITION -> {
                if (value.kind() == ValueKind.STRING) {
                    try {
                        yield new Predicate.PositionMatch(Position.parseBoard(value.text()), value.text());
                    } catch (ThorDbException e) {
                        throw new Invalid(value, e.getMessage());
                    }
                }
                if (value.kind() == ValueKind.WORD && Notation.isLine10(value.text())) {
                    yield position10(value);
                }
                int[] named = named(value);
                if (named != null) {
                    yield new Predicate.PositionMatch(Replay.replay(named, null).finalPosition(), nameText(value));
                }
                int[] line = line(value, "position takes moves such as f5d6c3, or a quoted board of 64 squares"
                        + " and the side to move");
                yield new Predicate.PositionMatch(Replay.replay(line, null).finalPosition(),
                        value.text().toLowerCase(Locale.ROOT));
            }
            default -> throw Faults.of(ErrorCode.QUERY, String.valueOf(word)); // names and numbers are handled above
        };
    }

    /** A 10×10 line as a position: every move checked on the 10×10 board. */
    private static Predicate position10(Value value) {
        int[] line = Notation.parseLine10(value.text());
        Board10 b = Board10.start();
        for (int i = 0; i < line.length; i++) {
            String why = b.playMove(line[i]);
            if (why != null) {
                throw new Invalid(value, "the 10×10 line " + value.text() + " is not legal: move " + (i + 1) + " "
                        + Notation.name10(line[i]) + ": " + why);
            }
        }
        return new Predicate.Position10Match(b.bits(), b.sideToMove(), value.text().toLowerCase(Locale.ROOT));
    }

    private static String argumentFields() {
        return "discs(black), corners(white), country(black), born(white) and square a1 take one";
    }

    /** {@code country = JPN}, {@code born(black) < 1980}: the player registry's fields. */
    private Predicate registry(Value argument, String op, Value value, BoardCondition.Window window) {
        if (window != null) {
            throw new Invalid(null, "'" + window.text() + "' is for the board's fields; " + word + " holds for the whole game");
        }
        String colour = null;
        if (argument != null) {
            colour = argument.text().toLowerCase(Locale.ROOT);
            if (!colour.equals("black") && !colour.equals("white")) {
                throw new Invalid(argument, word + " takes black or white: " + word + "(black), or no argument for either player");
            }
        }
        if (this == COUNTRY) {
            if (!op.equals("=") && !op.equals("!=")) {
                throw new Invalid(null, "country takes = or !=, not " + op);
            }
            if (value.kind() == ValueKind.NUMBER || !value.text().matches("[A-Za-z][A-Za-z0-9]{2}")) {
                throw new Invalid(value, "country is a 3-letter IOC code such as JPN, not " + shown(value));
            }
            return new Predicate.RegistryMatch(colour, value.text().toUpperCase(Locale.ROOT), op(op), 0);
        }
        if (op.equals("~")) {
            throw new Invalid(null, "~ (contains) is for names; born takes = != < <= > >=");
        }
        if (value.kind() != ValueKind.NUMBER) {
            throw new Invalid(value, "born takes a year, unquoted: born < 1980");
        }
        return new Predicate.RegistryMatch(colour, null, op(op), number(value));
    }

    /** A board condition: its argument, operator and value checked. */
    private Predicate board(Value argument, String op, Value value, BoardCondition.Window window) {
        switch (this) {
            case PATTERN, BOARD -> {
                if (this == BOARD && value.kind() == ValueKind.NUMBER) {
                    if (argument != null || window != BoardCondition.Window.ANY || !op.equals("=")
                            || !(value.text().equals("8") || value.text().equals("10"))) {
                        throw new Invalid(value, "board = 8 or board = 10 picks a board size; board = \"<64 squares>\""
                                + " a board");
                    }
                    return new Predicate.BoardSize(Integer.parseInt(value.text()));
                }
                if (argument != null) {
                    throw new Invalid(argument, word + " takes no argument: " + word + " = \"<64 squares> [X|O]\"");
                }
                if (!op.equals("=")) {
                    throw new Invalid(null, word + " takes only =, not " + op);
                }
                if (value.kind() != ValueKind.STRING) {
                    throw new Invalid(value, word + " takes a quoted string of 64 squares a1…h8 (X O - ?), then"
                            + " optionally the side to move: " + example);
                }
                try {
                    return BoardCondition.PatternMatch.of(value.text(), this == PATTERN, window);
                } catch (ThorDbException e) {
                    throw new Invalid(value, e.getMessage());
                }
            }
            case DISCS, CORNERS, EMPTIES, MOBILITY, FRONTIER -> {
                BoardCondition.Counted counted;
                String a = argument == null ? null : argument.text().toLowerCase(Locale.ROOT);
                if (this == EMPTIES) {
                    if (argument != null) {
                        throw new Invalid(argument, "empties takes no argument: " + example);
                    }
                    counted = BoardCondition.Counted.EMPTIES;
                } else if ("black".equals(a) || "white".equals(a)) {
                    boolean black = a.equals("black");
                    counted = switch (this) {
                        case DISCS -> black ? BoardCondition.Counted.BLACK_DISCS : BoardCondition.Counted.WHITE_DISCS;
                        case CORNERS -> black ? BoardCondition.Counted.BLACK_CORNERS : BoardCondition.Counted.WHITE_CORNERS;
                        case MOBILITY -> black ? BoardCondition.Counted.BLACK_MOBILITY : BoardCondition.Counted.WHITE_MOBILITY;
                        default -> black ? BoardCondition.Counted.BLACK_FRONTIER : BoardCondition.Counted.WHITE_FRONTIER;
                    };
                } else {
                    throw new Invalid(argument, word + " counts one colour: " + word + "(black) or " + word + "(white)");
                }
                if (op.equals("~")) {
                    throw new Invalid(null, "~ (contains) is for names; " + word + " takes " + operators());
                }
                return new BoardCondition.Count(counted, op(op), number(value), window);
            }
            case SQUARE -> {
                if (argument == null || !argument.text().toLowerCase(Locale.ROOT).matches("[a-h][1-8]")) {
                    throw new Invalid(argument, "square names one square a1…h8: square a1 = white");
                }
                if (!op.equals("=") && !op.equals("!=")) {
                    throw new Invalid(null, "square takes = or !=, not " + op);
                }
                int content = switch (value.text().toLowerCase(Locale.ROOT)) {
                    case "black" -> 0;
                    case "white" -> 1;
                    case "empty" -> 2;
                    default -> throw new Invalid(value, "a square is black, white or empty, not " + shown(value));
                };
                if (value.kind() != ValueKind.WORD) {
                    throw new Invalid(value, "a square is black, white or empty, unquoted");
                }
                return new BoardCondition.SquareIs(Notation.square(argument.text()), content, op.equals("="), window);
            }
            default -> throw Faults.of(ErrorCode.QUERY, String.valueOf(word));
        }
    }

    /**
     * A window of moves for the board's fields, checked: moves 0 to 60, and a range that is not empty.
     *
     * @param kind {@code at}, {@code before}, {@code from} or {@code end}
     */
    public static BoardCondition.Window window(String kind, int n, int m, Value at) {
        if (!kind.equals("end") && (n < 0 || n > 60 || m < 0 || m > 60)) {
            throw new Invalid(at, "moves are numbered 0 (the start) to 60");
        }
        return switch (kind) {
            case "at" -> BoardCondition.Window.at(n);
            case "before" -> {
                if (n < 1) {
                    throw new Invalid(at, "before move 0 is no move at all; the start is at move 0");
                }
                yield BoardCondition.Window.before(n);
            }
            case "from" -> {
                if (m < n) {
                    throw new Invalid(at, "from move " + n + " to move " + m + " is empty: its end is before its start");
                }
                yield BoardCondition.Window.between(n, m);
            }
            case "end" -> BoardCondition.Window.atEnd();
            default -> throw Faults.of(ErrorCode.QUERY, String.valueOf(kind));
        };
    }

    /**
     * The predicate {@code field in low..high}.
     *
     * @throws Invalid when the field is not numeric or the range is empty
     */
    public Predicate range(Value low, Value high) {
        GameNumber num = numField();
        if (num == null) {
            throw new Invalid(null, "'in' is for numeric fields (" + numericWords() + "); " + word + " takes "
                    + operators());
        }
        int lo = number(low);
        int hi = number(high);
        if (lo > hi) {
            throw new Invalid(low, "the range " + lo + ".." + hi + " is empty: its low end is above its high end");
        }
        return new Predicate.NumRange(num, lo, hi);
    }

    private static String shown(Value v) {
        return v.kind() == ValueKind.STRING ? "\"" + Faults.quote(v.text()) + "\"" : "'" + Faults.quote(v.text()) + "'";
    }

    private static Predicate.Op op(String op) {
        return switch (op) {
            case "=" -> Predicate.Op.EQ;
            case "!=" -> Predicate.Op.NE;
            case "<" -> Predicate.Op.LT;
            case "<=" -> Predicate.Op.LE;
            case ">" -> Predicate.Op.GT;
            case ">=" -> Predicate.Op.GE;
            default -> throw Faults.of(ErrorCode.QUERY, String.valueOf(op));
        };
    }

    private static int number(Value v) {
        if (v.kind() != ValueKind.NUMBER) {
            throw new Invalid(v, "a number was expected, not " + shown(v));
        }
        try {
            return Integer.parseInt(v.text());
        } catch (NumberFormatException e) {
            throw new Invalid(v, "the number " + Faults.quote(v.text()) + " is too large");
        }
    }

    /**
     * The line of an opening's name ({@code tiger}, {@code "Rose-v-Toth"}; see
     * {@link OpeningNames}), null when the value is a line of moves or a board;
     * a word that is neither a line nor a known name is an error that lists the names near it.
     */
    private static int[] named(Value v) {
        String t = v.text();
        if (v.kind() == ValueKind.NUMBER || t.toLowerCase(Locale.ROOT).matches("([a-h][1-8])+")
                || (v.kind() == ValueKind.STRING && t.strip().length() >= 64)) {
            return null;
        }
        OpeningNames names = OpeningNames.standard();
        int[] line = names.line(t);
        if (line == null && (v.kind() == ValueKind.STRING || t.matches("[A-Za-z][A-Za-z\\-_]*"))) {
            List<String> near = names.near(t);
            throw new Invalid(v, "no opening is named " + shown(v) + (near.isEmpty()
                    ? " (the names: thordb openings, or a names file in $" + OpeningNames.ENV + ")"
                    : "; did you mean " + String.join(", ", near) + "?"));
        }
        return line;
    }

    private static String nameText(Value v) {
        String name = OpeningNames.standard().canonicalName(v.text());
        return name.matches("[A-Za-z][A-Za-z0-9_]*") ? name.toLowerCase(Locale.ROOT) : "\"" + name + "\"";
    }

    /**
     * A line of moves, legal from the start; a {@code pass} where a side has no move is taken (as the
     * exports and {@code explore --moves} write lines) and checked, then left out: a game's record
     * has no passes.
     */
    private int[] line(Value v, String expected) {
        String t = v.text().toLowerCase(Locale.ROOT);
        if (v.kind() != ValueKind.WORD || !t.matches("([a-h][1-8]|pass)+")) {
            throw new Invalid(v, expected + ", not " + shown(v));
        }
        if (t.contains("pass")) {
            try {
                Position.afterLine(t); // each pass where the side to move has none
            } catch (ThorDbException e) {
                throw new Invalid(v, "the " + (this == OPENING ? "opening " : "line ") + t + " is not legal: " + e.getMessage());
            }
            t = t.replace("pass", "");
        }
        int[] line = Notation.parseLine(t);
        Replay.Result r = Replay.replay(line, null);
        if (!r.ok()) {
            throw new Invalid(v, "the " + (this == OPENING ? "opening " : "line ") + t + " is not legal: " + r.error());
        }
        return line;
    }
}
