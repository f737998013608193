package org.thordb.text;

import static org.thordb.text.SourceReader.*;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.thordb.error.ThorDbException;
import org.thordb.othello.Notation;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.HashMap;


/**
 * thordb's JSON lines and CSV, one game a line (docs/data.md): the names, the year, the score,
 * the theoretical score and depth when known, and the moves with their passes ({@code line}).
 * What a game of the store is called ({@code base}, {@code record}, {@code id}) is the file's
 * to keep, byte for byte; the game is stored as the next record of its year.
 */
final class SchemaParser implements SourceParser {
    private final Path file;

    /** This file's bad input, in one line. */
    private ThorDbException broken(String where, String why) {
        return SourceParser.broken(file, where, why);
    }

    private final ByteLines lines;
    private final SourceFormat format;
    private final ObjectMapper json = new ObjectMapper();
    private List<String> header;

    SchemaParser(Path file, InputStream in, SourceFormat format) {
        this.file = file;
        this.lines = new ByteLines(in, file.toString());
        this.format = format;
    }

    @Override
    public SourceGame next() throws IOException {
        for (ByteLines.Line l; (l = lines.next()) != null; ) {
            String t = l.text().strip();
            if (t.isEmpty()) {
                continue;
            }
            Map<String, String> f = new HashMap<>();
            if (format == SourceFormat.GAME_JSONL) {
                JsonNode n;
                try {
                    n = json.readTree(t);
                } catch (JacksonException e) {
                    throw broken("line " + l.number(), "not a JSON object: " + e.getOriginalMessage());
                }
                if (n == null || !n.isObject()) {
                    throw broken("line " + l.number(), "not a JSON object");
                }
                n.fields().forEachRemaining(e -> f.put(e.getKey(), e.getValue().isNull() ? null : e.getValue().asText()));
            } else {
                List<String> cells;
                try (CSVParser p = CSVParser.parse(t, CSVFormat.DEFAULT)) {
                    List<CSVRecord> rs = p.getRecords();
                    if (rs.size() != 1) {
                        throw broken("line " + l.number(), "not one CSV record");
                    }
                    cells = rs.get(0).toList();
                } catch (UncheckedIOException | IllegalStateException e) {
                    throw broken("line " + l.number(), "not a CSV record");
                }
                if (header == null) {
                    header = cells;
                    if (!header.contains("moves")) {
                        throw broken("line " + l.number(), "the header has no moves column");
                    }
                    continue;
                }
                if (cells.size() != header.size()) {
                    throw broken("line " + l.number(), "a record of " + cells.size() + " columns where the header has "
                            + header.size());
                }
                for (int i = 0; i < cells.size(); i++) {
                    f.put(header.get(i), cells.get(i).isEmpty() ? null : cells.get(i));
                }
            }
            return game(l, f);
        }
        return null;
    }

    private SourceGame game(ByteLines.Line l, Map<String, String> f) {
        String line = f.get("line") != null ? f.get("line") : f.get("moves");
        int side = "10".equals(f.get("board_size")) || line != null && line.matches("(?s).*([ij]\\d|10).*") ? 10 : 8;
        String problem = null;
        int[] moves = new int[0];
        try {
            moves = line == null ? new int[0] : side == 10 ? Notation.parseLine10(line) : Notation.parseMoves(line);
        } catch (ThorDbException e) {
            problem = e.getMessage();
        }
        SourceResult result = SourceResult.NONE;
        String score = f.get("score");
        if (score != null && score.matches("\\d{1,3}") && Integer.parseInt(score) <= side * side) {
            int b = Integer.parseInt(score);
            result = SourceResult.discs(b + "-" + (side * side - b), b, side * side - b);
        } else if (f.get("result") != null) {
            String r = f.get("result");
            result = switch (r) {
                case "black" -> SourceResult.winner(r, 'B');
                case "white" -> SourceResult.winner(r, 'W');
                case "draw" -> SourceResult.winner(r, 'D');
                default -> SourceResult.NONE;
            };
        }
        String year = f.get("year");
        return new SourceGame(l.number(), l.offset(), l.raw(), SourceGame.tag(f, "black"), SourceGame.tag(f, "white"),
                SourceGame.tag(f, "tournament"), year, moves, null, result, problem, side,
                discsTag(f.get("theoretical")), depthTag(f.get("theoretical_depth")));
    }
}
