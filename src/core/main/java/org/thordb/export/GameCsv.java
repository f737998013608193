package org.thordb.export;

import org.thordb.engine.StoredGame;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * Games as CSV (Commons CSV): one header line, then one row a game with its base, year, record,
 * players, tournament, scores and moves. The one CSV layout of thordb, for exports and for query
 * output alike.
 *
 * <p>Usage: {@code try (GameCsv csv = GameCsv.to(writer)) { games.forEach(csv::row); }}
 */
public final class GameCsv implements AutoCloseable {
    /** The columns, in order: those of {@link GameSchema#CSV}. */
    public static final String[] HEADERS = GameSchema.csvHeaders();

    private final CSVPrinter printer;

    private GameCsv(CSVPrinter printer) {
        this.printer = printer;
    }

    /** Writes the header line to {@code out} and returns the writer of the rows. */
    public static GameCsv to(Appendable out) throws IOException {
        return new GameCsv(new CSVPrinter(out, CSVFormat.DEFAULT.builder().setHeader(HEADERS).get()));
    }

    /** One game. */
    public void row(StoredGame g) throws IOException {
        // the same columns as the JSON lines (GameSchema): an unknown value is an empty cell, never 0
        GameSchema.Game row = GameSchema.Game.of(g);
        List<Object> cells = new ArrayList<>(GameSchema.CSV.size());
        for (GameSchema.Column c : GameSchema.CSV) {
            Object v = c.value(row);
            cells.add(v == null ? "" : CsvCells.cell(v)); // names and events as text, never as formulas
        }
        printer.printRecord(cells);
    }

    /** Flushes what was written; the stream underneath stays open (its owner closes it). */
    @Override
    public void close() throws IOException {
        printer.flush();
    }
}
