package org.thordb.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.thordb.Game;
import org.thordb.error.ErrorCode;

/**
 * Games as rows: a terminal table, CSV (Commons CSV), or JSON lines, from the library's
 * {@link Game}: the CSV and JSON in the one game schema ({@link Game#csvCells()}, {@link Game#json()}),
 * the table with base, year, record, black, white, tournament, score, theoretical, moves.
 *
 * <p>Usage: {@code GameRows.Writer w = GameRows.writer("csv", out); games.forEach(w::row); w.end();}
 */
final class GameRows {
    private GameRows() {
    }

    /** Writes games one at a time in one format. */
    interface Writer {
        /** One game. */
        void row(Game g);

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

    /** The JSON object of a game, one line. */
    static String json(Game g) {
        return g.json();
    }

    static Writer table(PrintWriter out) {
        Table t = new Table(out);
        return g -> t.row(Row.of(g));
    }

    /** What the table shows of a game. */
    record Row(String base, int year, int record, String black, String white, String tournament, int score,
               String theoretical, String moves, boolean damaged) {
        static Row of(Game g) {
            return new Row(g.base(), g.year(), g.record(), g.black(), g.white(), g.tournament(), g.blackDiscs(),
                    g.theoreticalDiscs().isPresent() ? String.valueOf(g.theoreticalDiscs().getAsInt()) : "-", g.moves(),
                    g.damaged());
        }
    }

    /** The terminal table: its header when made, then a line a row. */
    static final class Table {
        private final PrintWriter out;

        Table(PrintWriter out) {
            this.out = out;
            out.print(left("base", 10) + " " + right("year", 4) + " " + right("record", 6) + "  " + left("black", 19) + " "
                    + left("white", 19) + " " + left("tournament", 25) + " " + right("score", 5) + " " + right("theo", 4)
                    + "  moves" + System.lineSeparator());
        }

        void row(Row g) {
            out.print(left(SafeText.fit(g.base(), 10), 10) + " " + right(String.valueOf(g.year()), 4) + " "
                    + right(String.valueOf(g.record()), 6) + "  " + left(SafeText.fit(g.black(), 19), 19) + " "
                    + left(SafeText.fit(g.white(), 19), 19) + " " + left(SafeText.fit(g.tournament(), 25), 25) + " "
                    + right(String.valueOf(g.score()), 5) + " " + right(g.theoretical(), 4)
                    + "  " + g.moves() + (g.damaged() ? "  [damaged]" : "") + System.lineSeparator());
        }
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
    static java.util.function.Consumer<Row> numberedTable(PrintWriter out, int first) {
        out.print(first == 1 ? right("#", 4) + " " : "     ");
        Table t = new Table(out);
        int[] n = {first};
        return g -> {
            out.print(right(String.valueOf(n[0]++), 4) + " ");
            t.row(g);
        };
    }

    static Writer csv(PrintWriter out) {
        try {
            CSVPrinter p = new CSVPrinter(out, CSVFormat.DEFAULT.builder()
                    .setHeader(Game.csvHeader().toArray(String[]::new)).get());
            return new Writer() {
                @Override
                public void row(Game g) {
                    try {
                        p.printRecord(g.csvCells());
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }

                @Override
                public void end() {
                    try {
                        p.flush(); // the stream underneath stays open: its owner closes it
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
