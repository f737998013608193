package org.thordb.cli;

import org.thordb.fault.Faults;
import org.thordb.engine.StoredGame;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
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
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "unknown format '" + format + "': table, csv or jsonl");
        }
    }

    /** A writer for {@code table}, {@code csv} or {@code jsonl}; the table and CSV write their header now. */
    static Writer writer(String format, PrintWriter out) {
        return switch (format) {
            case "table" -> table(out);
            case "csv" -> csv(out);
            case "jsonl" -> g -> out.println(json(g));
            default -> throw Faults.of(ErrorCode.BAD_ARGUMENT, "unknown format '" + format
                    + "': table, csv or jsonl");
        };
    }

    /** The JSON object of a game. */
    static ObjectNode json(StoredGame g) {
        return Json.node(g);
    }

    static Writer table(PrintWriter out) {
        out.printf("%-10s %4s %6s  %-19s %-19s %-25s %5s %4s  %s%n", "base", "year", "record", "black", "white",
                "tournament", "score", "theo", "moves");
        return g -> out.printf("%-10s %4d %6d  %-19s %-19s %-25s %5d %4s  %s%s%n", SafeText.fit(g.base(), 10), g.year(),
                g.record(), SafeText.fit(g.black(), 19), SafeText.fit(g.white(), 19), SafeText.fit(g.tournament(), 25), g.score(),
                g.theoreticalKnown() ? String.valueOf(g.theoretical()) : "-", g.moves(), g.damage() == null ? "" : "  [damaged]");
    }

    /** The table with a row number first, counting from {@code first} (the REPL's {@code :game N} takes it). */
    static Writer numberedTable(PrintWriter out, int first) {
        if (first == 1) {
            out.printf("%4s ", "#");
        } else {
            out.print("     ");
        }
        Writer w = table(out);
        int[] n = {first};
        return g -> {
            out.printf("%4d ", n[0]++);
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
