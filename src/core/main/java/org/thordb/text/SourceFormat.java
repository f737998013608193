package org.thordb.text;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The text formats thordb imports games from, told by a file's first bytes (its content, not its
 * name): GGS's GGF, PGN, one game a line (a transcript), Logistello's book, eOthello's CSV and
 * thordb's own {@code MOVES:}/{@code RESULT:} records.
 *
 * <p>Usage: {@code SourceFormat f = SourceFormat.detect(firstBytes); // null: not a text source}
 */
public enum SourceFormat {
    /** GGS's Generic Game Format: {@code (;GM[Othello]PB[…]…B[d3//0.01]W[…];)}, one or many a file. */
    GGF("ggf"),
    /** PGN as Othello sites and tools write it: tag pairs, then movetext of squares. */
    PGN("pgn"),
    /** One game a line: {@code f5d6c3…} with or without spaces, optionally followed by a result. */
    TRANSCRIPT("transcript"),
    /** Logistello's book: {@code +d3-c3+c4…: -04 10} (+ Black, − White, then Black's disc difference). */
    LOGISTELLO("logistello"),
    /** eOthello's CSV: {@code eOthello_game_id,winner,game_moves}. */
    EOTHELLO("eothello"),
    /** thordb's text records: header lines, {@code MOVES: f5 d6 …}, {@code RESULT: BLACK}. */
    TEXT_RECORDS("moves"),
    /** thordb's JSON lines: a game an object, in the one game schema (docs/data.md). */
    GAME_JSONL("jsonl"),
    /** thordb's CSV: a header {@code base,year,record,…}, then a game a record, in the same schema. */
    GAME_CSV("csv");

    private final String code;

    SourceFormat(String code) {
        this.code = code;
    }

    /** The short name stored in a file row and shown by {@code info}. */
    public String code() {
        return code;
    }

    /** The format of a stored code, or null. */
    public static SourceFormat ofCode(String code) {
        for (SourceFormat f : values()) {
            if (f.code.equals(code)) {
                return f;
            }
        }
        return null;
    }

    /** The format the first bytes of a file (already un-gzipped) show, or null when none. */
    public static SourceFormat detect(byte[] head, int length) {
        String s = ByteLines.decode(head, 0, length);
        if (s.startsWith("\uFEFF")) {
            s = s.substring(1);
        }
        String t = s.stripLeading();
        if (t.isEmpty()) {
            return null;
        }
        if (t.matches("(?s)(\\d+\\s+)?\\(;.*")) {
            return GGF;
        }
        String first = t.lines().findFirst().orElse("").strip();
        if (first.startsWith("{") && first.contains("\"moves\"")) {
            return GAME_JSONL;
        }
        if (first.startsWith("base,year,record,")) {
            return GAME_CSV;
        }
        if (first.toLowerCase(Locale.ROOT).startsWith("eothello_game_id")
                || first.matches("\\d+\\s*,\\s*-?[01]\\s*,\\s*([a-hA-H][1-8])+\\s*")) {
            return EOTHELLO;
        }
        if (first.startsWith("[") && first.matches("\\[[A-Za-z0-9_]+\\s+\".*")) {
            return PGN;
        }
        if (first.matches("[+-][a-hA-H][1-8].*")) {
            return LOGISTELLO;
        }
        for (String l : t.lines().limit(12).toList()) {
            String u = l.strip().toUpperCase(Locale.ROOT);
            if (u.startsWith("MOVES:") || u.startsWith("RESULT:")) {
                return TEXT_RECORDS;
            }
        }
        if (first.matches("(?i)\\s*(\\d+\\.?\\s*)?([a-h][1-8]|pass|pa|--|@@)[\\sa-hA-H1-8,.]*.*")
                && first.toLowerCase(Locale.ROOT).replaceAll("[^a-h1-8]", "").length() >= 2) {
            return TRANSCRIPT;
        }
        return null;
    }

    /** {@link #detect(byte[], int)} on a string, for tests. */
    static SourceFormat detect(String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        return detect(b, b.length);
    }
}
