package org.thordb.text;

import org.thordb.fault.Faults;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.othello.Side;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The text game record format: two lines,
 * <pre>
 * MOVES: f5 d6 c3 … pass …
 * RESULT: BLACK | WHITE | DRAW | IN_PROGRESS
 * </pre>
 * optionally after header lines of the same shape ({@code BLACK:}, {@code WHITE:},
 * {@code TOURNAMENT:}, {@code YEAR:}, {@code SCORE: 33-31}, {@code THEORETICAL:}, {@code BASE:},
 * {@code RECORD:}). A file may hold several records one after another, each ending with its
 * {@code RESULT:} line ({@link #parseAll(String)}).
 * Load, save, validate (the first error, with move number, token and reason) and replay, strict
 * (the first bad move is an error) or lenient (bad moves are passed over). Passes may be written as
 * {@code pass} or left out, as WTHOR does; a {@code pass} when a move is legal is an error.
 *
 * <p>Usage:
 * <pre>{@code
 * TextGameRecord r = TextGameRecords.load(Path.of("game.txt"));
 * TextGameRecords.validate(r).ifPresent(e -> System.err.println(e));
 * Position end = TextGameRecords.replay(r, true);
 * }</pre>
 */
public final class TextGameRecords {
    private TextGameRecords() {
    }

    /**
     * The first problem of a record.
     *
     * @param moveNumber the move's number from 1, or 0 for the result line
     * @param token the token at fault
     * @param reason what is wrong
     */
    public record ValidationError(int moveNumber, String token, String reason) {
        @Override
        public String toString() {
            return moveNumber > 0 ? "move " + moveNumber + " '" + token + "': " + reason : token + ": " + reason;
        }
    }

    /** Reads a record from a file; a missing or unknown line is an error naming the file and line. */
    public static TextGameRecord load(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw Faults.io(file, e);
        }
        try {
            return parse(text);
        } catch (ThorDbException e) {
            throw Faults.of(e.code(), file + ": " + e.getMessage());
        }
    }

    /** Reads a record from its text. */
    public static TextGameRecord parse(String text) {
        if (text == null) {
            throw Faults.of(ErrorCode.BAD_NOTATION, "no text");
        }
        List<String> moves = null;
        GameResult result = null;
        Map<String, String> tags = new LinkedHashMap<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty()) {
                continue;
            }
            int colon = line.indexOf(':');
            String key = colon < 0 ? line : line.substring(0, colon).strip().toUpperCase(Locale.ROOT);
            String value = colon < 0 ? "" : line.substring(colon + 1).strip();
            switch (key) {
                case "MOVES" -> {
                    if (moves != null) {
                        throw notation(i, "a second MOVES: line");
                    }
                    moves = new ArrayList<>();
                    for (String t : value.split("\\s+")) {
                        if (!t.isEmpty()) {
                            moves.add(t.toLowerCase(Locale.ROOT));
                        }
                    }
                }
                case "RESULT" -> {
                    if (result != null) {
                        throw notation(i, "a second RESULT: line");
                    }
                    try {
                        result = GameResult.valueOf(value.toUpperCase(Locale.ROOT));
                    } catch (IllegalArgumentException e) {
                        throw notation(i, "RESULT '" + Faults.quote(value)
                                + "' is not BLACK, WHITE, DRAW or IN_PROGRESS");
                    }
                }
                default -> {
                    if (colon < 0 || !TAGS.contains(key) || moves != null) {
                        throw notation(i, "unknown line '" + abbreviate(line)
                                + "'; a record has a MOVES: line and a RESULT: line, after header lines "
                                + String.join(", ", TAGS));
                    }
                    if (tags.put(key, value) != null) {
                        throw notation(i, "a second " + key + ": line");
                    }
                }
            }
        }
        if (moves == null) {
            throw Faults.of(ErrorCode.BAD_NOTATION, "the MOVES: line is missing");
        }
        if (result == null) {
            throw Faults.of(ErrorCode.BAD_NOTATION, "the RESULT: line is missing");
        }
        return new TextGameRecord(moves, result, tags);
    }

    /** The header lines a record may have before its moves, in the order thordb writes them. */
    public static final List<String> TAGS = List.of("BASE", "YEAR", "RECORD", "BLACK", "WHITE", "TOURNAMENT",
            "SCORE", "THEORETICAL", "THEORETICAL_DEPTH");

    /**
     * Reads every record of a text that holds several, each ending with its {@code RESULT:} line
     * (as thordb's text export writes them); an error names the record's first line.
     */
    public static List<TextGameRecord> parseAll(String text) {
        List<TextGameRecord> out = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        StringBuilder record = new StringBuilder();
        int first = -1;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty() && record.length() == 0) {
                continue;
            }
            if (first < 0) {
                first = i;
            }
            record.append(lines[i]).append('\n');
            if (line.toUpperCase(Locale.ROOT).startsWith("RESULT")) {
                out.add(parseRecordAt(record.toString(), first));
                record.setLength(0);
                first = -1;
            }
        }
        if (record.toString().strip().length() > 0) {
            out.add(parseRecordAt(record.toString(), first)); // names what the last record lacks
        }
        return out;
    }

    private static TextGameRecord parseRecordAt(String text, int firstLine) {
        try {
            return parse(text);
        } catch (ThorDbException e) {
            throw Faults.of(e.code(), "the record from line " + (firstLine + 1) + ": " + e.getMessage());
        }
    }

    private static ThorDbException notation(int lineIndex, String reason) {
        return Faults.of(ErrorCode.BAD_NOTATION, "line " + (lineIndex + 1) + ": " + reason);
    }

    private static String abbreviate(String s) {
        return Faults.quote(s.length() > 40 ? s.substring(0, 40) + "…" : s);
    }

    /** The text of a record. */
    public static String format(TextGameRecord r) {
        StringBuilder sb = new StringBuilder();
        r.tags().forEach((k, v) -> sb.append(k).append(": ").append(v.replace('\n', ' ').replace('\r', ' ')).append('\n'));
        return sb.append("MOVES: ").append(String.join(" ", r.moves())).append("\nRESULT: ").append(r.result())
                .append('\n').toString();
    }

    /** Writes a record to a file. */
    public static void save(TextGameRecord r, Path file) {
        try {
            Files.writeString(file, format(r), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw Faults.io(file, e);
        }
    }

    /** A record of a game given as squares (WTHOR style, no passes), with {@code pass} written where one happens. */
    public static TextGameRecord fromSquares(int[] squares, GameResult result) {
        List<String> tokens = new ArrayList<>();
        Position p = Position.start();
        Side expected = Side.BLACK;
        for (int sq : squares) {
            if (p.toMove() != expected && p.toMove() != Side.NONE) {
                tokens.add("pass");
            }
            tokens.add(Notation.name(sq));
            expected = p.toMove().opponent();
            p = p.play(sq);
        }
        return new TextGameRecord(tokens, result);
    }

    /** The first problem of a record, or empty when every move is legal and the result fits a finished game. */
    public static Optional<ValidationError> validate(TextGameRecord r) {
        Walk w = walk(r, true);
        return Optional.ofNullable(w.error);
    }

    /**
     * Replays a record and returns the final position.
     *
     * @param strict true: the first bad move is an error ({@link ErrorCode#ILLEGAL_MOVE}); false: bad
     *     moves and passes that are not due are passed over
     */
    public static Position replay(TextGameRecord r, boolean strict) {
        Walk w = walk(r, strict);
        if (strict && w.error != null && w.error.moveNumber() > 0) {
            throw Faults.of(ErrorCode.ILLEGAL_MOVE, w.error.toString());
        }
        return w.position;
    }

    private record Walk(Position position, ValidationError error) {
    }

    private static Walk walk(TextGameRecord r, boolean stopAtError) {
        Position p = Position.start();
        Side expected = Side.BLACK; // who moves if nobody passes
        ValidationError first = null;
        List<String> moves = r.moves();
        for (int i = 0; i < moves.size(); i++) {
            String t = moves.get(i);
            String why;
            if (t.equals("pass")) {
                if (p.isFinal()) {
                    why = "the game is over";
                } else if (p.toMove() == expected) {
                    why = "a pass while a move is legal";
                } else {
                    expected = p.toMove();
                    continue;
                }
            } else {
                int sq;
                try {
                    sq = Notation.square(t);
                } catch (ThorDbException e) {
                    sq = -1;
                }
                if (sq < 0) {
                    why = "not a square a1…h8 nor 'pass'";
                } else {
                    why = p.whyIllegal(sq);
                    if (why == null) {
                        expected = p.toMove().opponent();
                        p = p.play(sq);
                        continue;
                    }
                }
            }
            if (first == null) {
                first = new ValidationError(i + 1, t, why);
            }
            if (stopAtError) {
                return new Walk(p, first);
            }
        }
        if (first == null && p.isFinal() && r.result() != GameResult.IN_PROGRESS) {
            GameResult actual = GameResult.fromWthorScore(p.wthorScore());
            if (actual != r.result()) {
                first = new ValidationError(0, "RESULT: " + r.result(), "the final position is "
                        + (actual == GameResult.DRAW ? "a draw" : "a " + actual.name().charAt(0)
                        + actual.name().substring(1).toLowerCase(Locale.ROOT) + " win")
                        + " (" + p.blackDiscs() + "-" + p.whiteDiscs() + ")");
            }
        }
        if (first == null && p.isFinal() && r.result() == GameResult.IN_PROGRESS) {
            first = new ValidationError(0, "RESULT: IN_PROGRESS", "the game is over");
        }
        return new Walk(p, first);
    }
}
