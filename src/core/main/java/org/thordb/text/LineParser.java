package org.thordb.text;

import static org.thordb.text.SourceReader.*;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.thordb.error.ThorDbException;
import org.thordb.othello.Notation;


/** Transcripts, Logistello's book and eOthello's CSV: one game a line. */
final class LineParser implements SourceParser {
    private final Path file;

    /** This file's bad input, in one line. */
    private ThorDbException broken(String where, String why) {
        return SourceParser.broken(file, where, why);
    }

    private final ByteLines lines;
    private final SourceFormat format;
    private int idColumn = 0;
    private int winnerColumn = 1;
    private int movesColumn = 2;
    private final CSVFormat csv = CSVFormat.DEFAULT.builder().setTrim(true).get();

    LineParser(Path file, InputStream in, SourceFormat format) {
        this.file = file;
        this.lines = new ByteLines(in, file.toString());
        this.format = format;
    }

    @Override
    public SourceGame next() throws IOException {
        for (ByteLines.Line l; (l = lines.next()) != null; ) {
            String t = l.text().strip();
            if (t.isEmpty() || t.startsWith("#") || t.startsWith("%") || t.startsWith("//")) {
                continue;
            }
            if (format == SourceFormat.EOTHELLO && t.toLowerCase(Locale.ROOT).startsWith("eothello_game_id")) {
                header(l);
                continue;
            }
            return switch (format) {
                case LOGISTELLO -> logistello(l, t);
                case EOTHELLO -> eothello(l, t);
                default -> transcript(l, t);
            };
        }
        return null;
    }

    private void header(ByteLines.Line l) throws IOException {
        List<String> names;
        try (CSVParser p = CSVParser.parse(l.text(), csv)) {
            names = p.getRecords().get(0).toList();
        } catch (UncheckedIOException | IllegalStateException | IOException e) {
            throw broken("line " + l.number(), "the header is not a CSV record: " + csvFault(e));
        }
        idColumn = names.indexOf("eOthello_game_id");
        winnerColumn = names.indexOf("winner");
        movesColumn = names.indexOf("game_moves");
        if (idColumn < 0 || winnerColumn < 0 || movesColumn < 0) {
            throw broken("line " + l.number(), "the header " + quoted(l.text()) + " lacks one of the columns"
                    + " eOthello_game_id, winner, game_moves");
        }
    }

    /** What Commons CSV found wrong, in words: never its class names. */
    private static String csvFault(Exception e) {
        String m = String.valueOf(e.getCause() != null ? e.getCause().getMessage() : e.getMessage());
        if (m.contains("EOF reached before encapsulated token finished")) {
            return "a quoted field is never closed";
        }
        if (m.contains("invalid char between encapsulated token and delimiter")) {
            return "a character between a closing quote and the next comma";
        }
        return "its quotes do not pair";
    }

    private SourceGame eothello(ByteLines.Line l, String t) throws IOException {
        if (t.indexOf('"') < 0) {
            // no quotes: the fields are the text between commas, as Commons CSV reads them too;
            // a parser a line costs more than the rest of the import
            String[] cols = t.split(",", -1);
            for (int i = 0; i < cols.length; i++) {
                cols[i] = cols[i].strip();
            }
            return eothello(l, List.of(cols));
        }
        CSVRecord r;
        try (CSVParser p = CSVParser.parse(t, csv)) {
            List<CSVRecord> rs = p.getRecords();
            if (rs.size() != 1) {
                throw broken("line " + l.number(), "not one CSV record");
            }
            r = rs.get(0);
        } catch (UncheckedIOException | IllegalStateException e) {
            throw broken("line " + l.number(), "not a CSV record: " + csvFault(e));
        }
        return eothello(l, r.toList());
    }

    private SourceGame eothello(ByteLines.Line l, List<String> r) {
        int need = Math.max(idColumn, Math.max(winnerColumn, movesColumn));
        if (r.size() <= need) {
            throw broken("line " + l.number(), "a record of " + r.size() + " columns where the header has "
                    + (need + 1));
        }
        String problem = null;
        SourceResult result;
        switch (r.get(winnerColumn)) {
            case "1" -> result = SourceResult.winner(r.get(winnerColumn), 'B');
            case "-1" -> result = SourceResult.winner(r.get(winnerColumn), 'W');
            case "0" -> result = SourceResult.winner(r.get(winnerColumn), 'D');
            default -> {
                result = SourceResult.NONE;
                problem = "winner " + quoted(r.get(winnerColumn)) + " is not 1 (Black), -1 (White) or 0 (a draw)";
            }
        }
        List<Integer> moves = new ArrayList<>();
        String why = squares(r.get(movesColumn), moves);
        return new SourceGame(l.number(), l.offset(), l.raw(), null, null, null, null, ints(moves), null, result,
                problem != null ? problem : why);
    }

    private SourceGame logistello(ByteLines.Line l, String t) {
        int colon = t.indexOf(':');
        String movesText = colon < 0 ? t : t.substring(0, colon);
        String after = colon < 0 ? "" : t.substring(colon + 1).strip();
        List<Integer> moves = new ArrayList<>();
        StringBuilder colours = new StringBuilder();
        String problem = null;
        int i = 0;
        String s = movesText.strip();
        while (i < s.length()) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
                continue;
            }
            if ((c == '+' || c == '-') && i + 3 <= s.length()) {
                int m = move(s, i + 1, i + 3);
                if (m != -2) {
                    moves.add(m);
                    colours.append(c == '+' ? 'B' : 'W');
                    i += 3;
                    if (m == Notation.PASS && s.startsWith("ss", i)) {
                        i += 2; // "+pass"
                    }
                    continue;
                }
            }
            problem = "move " + (moves.size() + 1) + " " + quoted(s.substring(i, Math.min(s.length(), i + 3)))
                    + " is not +square or -square";
            break;
        }
        SourceResult result = SourceResult.NONE;
        if (!after.isEmpty()) {
            String first = after.split("\\s+")[0];
            SourceResult r = first.matches("[+-]?\\d{1,2}") ? SourceResult.difference(first,
                    Integer.parseInt(first.startsWith("+") ? first.substring(1) : first)) : null;
            if (r == null) {
                if (problem == null) {
                    problem = "result " + quoted(after) + " is not Black's disc difference such as -04";
                }
            } else {
                result = r;
            }
        }
        return new SourceGame(l.number(), l.offset(), l.raw(), null, null, null, null, ints(moves),
                colours.toString().toCharArray(), result, problem);
    }

    private SourceGame transcript(ByteLines.Line l, String t) {
        List<Integer> moves = new ArrayList<>();
        int end = movePrefix(t, moves);
        String rest = t.substring(end).strip();
        SourceResult result = SourceResult.parse(rest);
        String problem = null;
        if (result == null) {
            result = SourceResult.NONE;
            problem = "after move " + moves.size() + ", " + quoted(rest) + " is neither a move nor a result"
                    + " (33-31, +2, 1-0, 0-1, 1/2-1/2)";
        }
        return new SourceGame(l.number(), l.offset(), l.raw(), null, null, null, null, ints(moves), null, result,
                problem);
    }

    /** Reads moves from the start of a line: squares and passes, separated or not; returns where they end. */
    private int movePrefix(String t, List<Integer> moves) {
        int i = 0;
        int n = t.length();
        int lastEnd = 0;
        while (i < n) {
            char c = t.charAt(i);
            if (Character.isWhitespace(c) || c == ',' || c == ';') {
                i++;
                continue;
            }
            // a move number "12." before a move
            int j = i;
            while (j < n && Character.isDigit(t.charAt(j))) {
                j++;
            }
            if (j > i && j < n && t.charAt(j) == '.') {
                while (j < n && t.charAt(j) == '.') {
                    j++;
                }
                i = j;
                continue;
            }
            String low = t.substring(i, Math.min(n, i + 4)).toLowerCase(Locale.ROOT);
            int len = low.startsWith("pass") ? 4 : 2;
            if (i + len > n) {
                break;
            }
            int m = move(t.substring(i, i + len));
            if (m == -2 || (m == Notation.PASS && len == 2 && t.substring(i, i + 2).equals("--")
                    && i + 2 < n && Character.isDigit(t.charAt(i + 2)))) {
                break;
            }
            moves.add(m);
            i += len;
            lastEnd = i;
        }
        return lastEnd;
    }

    private String squares(String text, List<Integer> moves) {
        String s = text.strip();
        for (int i = 0; i < s.length(); ) {
            if (Character.isWhitespace(s.charAt(i))) {
                i++;
                continue;
            }
            int m = i + 2 <= s.length() ? move(s, i, i + 2) : -2;
            if (m < 0) {
                return "move " + (moves.size() + 1) + " " + quoted(s.substring(i, Math.min(s.length(), i + 2)))
                        + " is not a square a1…h8";
            }
            moves.add(m);
            i += 2;
        }
        return null;
    }
}
