package org.thordb.export;

import org.thordb.engine.StoredGame;
import java.io.IOException;
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
    /** The columns, in order. */
    public static final String[] HEADERS = {"base", "year", "record", "black", "white", "tournament", "score",
        "theoretical", "theoretical_depth", "moves", "result", "line", "sides", "move_count", "board_size", "id"};

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
        // an unknown theoretical score (or depth) is an empty cell, never 0
        // the same fields as the JSON lines (Json.game): one schema
        Json.Derived d = Json.derived(g.record68());
        boolean known = g.theoreticalKnown() && g.theoretical() <= g.record68().side() * g.record68().side();
        printer.printRecord(g.base(), g.year(), g.record(), g.black(), g.white(), g.tournament(), g.score(),
                known ? g.theoretical() : "", known && g.theoreticalDepth() > 0 ? g.theoreticalDepth() : "", g.moves(),
                d.result() == null ? "" : d.result(), d.line(), d.sides(), g.record68().moveCount(), g.record68().side(), g.id());
    }

    /** Flushes what was written; the stream underneath stays open (its owner closes it). */
    @Override
    public void close() throws IOException {
        printer.flush();
    }
}
