package org.thordb.text;

import static org.thordb.text.SourceReader.*;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.thordb.error.ThorDbException;
import org.thordb.othello.Notation;


/** thordb's text records, each ending with its {@code RESULT:} line. */
final class RecordParser implements SourceParser {
    private final Path file;

    /** This file's bad input, in one line. */
    private ThorDbException broken(String where, String why) {
        return SourceParser.broken(file, where, why);
    }

    private final ByteLines lines;

    RecordParser(Path file, InputStream in) {
        this.file = file;
        this.lines = new ByteLines(in, file.toString());
    }

    @Override
    public SourceGame next() throws IOException {
        List<byte[]> raw = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        int first = 0;
        long offset = 0;
        for (ByteLines.Line l; (l = lines.next()) != null; ) {
            if (first == 0 && l.text().isBlank()) {
                continue;
            }
            if (first == 0) {
                first = l.number();
                offset = l.offset();
            }
            raw.add(l.raw());
            text.append(l.text()).append('\n');
            if (text.length() > MAX_GAME_BYTES) {
                throw broken("byte offset " + offset + " (line " + first + ")", "the record is longer than "
                        + String.format("%,d", MAX_GAME_BYTES) + " bytes, the most a game may hold: its RESULT: line"
                        + " never comes");
            }
            if (l.text().strip().toUpperCase(Locale.ROOT).startsWith("RESULT")) {
                break;
            }
        }
        if (first == 0) {
            return null;
        }
        byte[] bytes = ByteLines.join(raw);
        TextGameRecord r;
        try {
            r = TextGameRecords.parse(text.toString());
        } catch (ThorDbException e) {
            return new SourceGame(first, offset, bytes, null, null, null, null, new int[0], null, SourceResult.NONE,
                    e.getMessage());
        }
        List<Integer> moves = new ArrayList<>();
        String problem = null;
        for (String m : r.moves()) {
            int sq = move(m);
            if (sq == -2 && problem == null) {
                problem = "move " + (moves.size() + 1) + " " + quoted(m) + " is not a square a1…h8 nor a pass";
            }
            moves.add(sq == -2 ? Notation.PASS : sq);
        }
        Map<String, String> tags = r.tags();
        SourceResult result = switch (r.result()) {
            case BLACK -> SourceResult.winner("BLACK", 'B');
            case WHITE -> SourceResult.winner("WHITE", 'W');
            case DRAW -> SourceResult.winner("DRAW", 'D');
            case IN_PROGRESS -> SourceResult.NONE;
        };
        String score = tags.get("SCORE");
        if (score != null) {
            SourceResult s = SourceResult.parse(score);
            if (s != null && s.blackDiscs() != null) {
                result = s;
            }
        }
        String year = tags.get("YEAR");
        return new SourceGame(first, offset, bytes, SourceGame.tag(tags, "BLACK"), SourceGame.tag(tags, "WHITE"),
                SourceGame.tag(tags, "TOURNAMENT"), year, ints(moves), null, result, problem, 8,
                discsTag(tags.get("THEORETICAL")), depthTag(tags.get("THEORETICAL_DEPTH")));
    }
}
