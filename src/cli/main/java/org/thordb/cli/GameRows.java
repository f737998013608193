package org.thordb.cli;

import org.thordb.engine.StoredGame;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.thordb.error.ErrorCode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.thordb.export.GameCsv;
import org.thordb.export.Json;

/**
 * Games as rows: a terminal table, CSV (Commons CSV), or JSON lines (Jackson), with the same
 * fields in each: base, year, record, black, white, tournament, score, theoretical, moves.
 *
 * <p>Usage: {@code GameRows.Writer w = GameRows.writer("csv", out); games.forEach(w::row); w.end();}
 */
final class GameRows {
    private GameRows() {
    }

    /** Writes games one at a time in one format. */
    interface Writer {
        /** One game. */
        void row(StoredGame g);

        /** After the last game. */
        default void end() {
        }
    }

    /** Throws BAD_ARGUMENT unless the format is {@code table}, {@code csv} or {@code jsonl}. */
    static void checkFormat(String format) {
        if (!format.equals("table") && !format.equals("csv") && !format.equals("jsonl")) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "unknown format '" + format + "': table, csv or jsonl");
        }
    }

    /** A writer for {@code table}, {@code csv} or {@code jsonl}; the table and CSV write their header now. */
    static Writer writer(String format, PrintWriter out) {
        return switch (format) {
            case "table" -> table(out);
            case "csv" -> csv(out);
            case "jsonl" -> g -> out.println(json(g));
            default -> throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "unknown format '" + format
                    + "': table, csv or jsonl");
        };
    }

    /** The JSON object of a game. */
    static ObjectNode json(StoredGame g) {
        return Json.node(g);
    }

    static Writer table(PrintWriter out) {
        out.print(left("base", 10) + " " + right("year", 4) + " " + right("record", 6) + "  " + left("black", 19) + " "
                + left("white", 19) + " " + left("tournament", 25) + " " + right("score", 5) + " " + right("theo", 4)
                + "  moves" + System.lineSeparator());
        return g -> out.print(left(SafeText.fit(g.base(), 10), 10) + " " + right(String.valueOf(g.year()), 4) + " "
                + right(String.valueOf(g.record()), 6) + "  " + left(SafeText.fit(g.black(), 19), 19) + " "
                + left(SafeText.fit(g.white(), 19), 19) + " " + left(SafeText.fit(g.tournament(), 25), 25) + " "
                + right(String.valueOf(g.score()), 5) + " " + right(g.theoreticalKnown() ? String.valueOf(g.theoretical()) : "-", 4)
                + "  " + g.moves() + (g.damage() == null ? "" : "  [damaged]") + System.lineSeparator());
    }

    // The table's columns padded by hand, as printf's %-10s and %4d pad them: printf's first
    // number loads the locale's digits and separators, 6 ms of a one-shot query; and a number is
    // always in ASCII digits here, whatever the locale.

    /** {@code s} followed by spaces up to {@code width} characters. */
    static String left(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }

    /** {@code s} after spaces up to {@code width} characters. */
    static String right(String s, int width) {
        return s.length() >= width ? s : " ".repeat(width - s.length()) + s;
    }

    /** The table with a row number first, counting from {@code first} (the REPL's {@code :game N} takes it). */
    static Writer numberedTable(PrintWriter out, int first) {
        out.print(first == 1 ? right("#", 4) + " " : "     ");
        Writer w = table(out);
        int[] n = {first};
        return g -> {
            out.print(right(String.valueOf(n[0]++), 4) + " ");
            w.row(g);
        };
    }

    static Writer csv(PrintWriter out) {
        try {
            GameCsv p = GameCsv.to(out);
            return new Writer() {
                @Override
                public void row(StoredGame g) {
                    try {
                        p.row(g);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }

                @Override
                public void end() {
                    try {
                        p.close();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
            };
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
