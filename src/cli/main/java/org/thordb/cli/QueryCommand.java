package org.thordb.cli;

import org.thordb.query.Filter;
import org.thordb.usecase.Games;

import org.thordb.engine.Engine;
import org.thordb.engine.MatchedGames;
import org.thordb.engine.StoredGame;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.Iterator;
import java.util.Locale;
import java.util.stream.IntStream;
import org.thordb.export.Json;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.query.exec.SolitaireFilter;
import org.thordb.query.plan.QueryPlanner;
import org.thordb.store.Catalog;
import org.thordb.store.SolitaireRow;
import org.thordb.wthor.WthorSolitaire;
import org.thordb.wthor.WthorSquares;

/**
 * {@code thordb query [--format table|csv|jsonl] [--limit N] [--sort KEYS] QUERY}: the games a
 * query matches; {@code thordb query --batch FILE [--format count|jsonl]}: one query a line from one
 * open store, one answer a line ({@code count}), or a block a query ({@code jsonl}: a line with the
 * query and its count, then its games). Blank lines and {@code --} comment lines are passed over; a
 * query with an error answers {@code error: …} and the batch goes on.
 *
 * <p>Usage: {@code thordb query --format jsonl --limit 5 --sort -year 'player = "Tastet Marc"'}
 */
@Command(name = "query",
        footerHeading = "%nExamples:%n", footer = {"  thordb query --limit 5 --sort -year 'player = \"Tastet Marc\" and opening = f5d6'", "  thordb query --format jsonl 'position = f5d6c3d3c4f4f6f3e6e7'", "  thordb query --batch examples/queries.thq"}, description = "List the games a query matches, or answer a file of queries (--batch).")
public final class QueryCommand implements Callable<Integer> {

    @Mixin
    StoreOption store;

    @Option(names = "--format", description = "table, csv or jsonl; with --batch: count or jsonl (default: table, count).")
    String format;

    @Option(names = "--limit", paramLabel = "N", description = "At most N games (a query).")
    Integer limit;

    @Option(names = "--sort", paramLabel = "KEYS", description = "year, score, theoretical, moves, black, white, tournament, record, base or id; -KEY descends; several with commas.")
    String sort;

    @Option(names = "--batch", paramLabel = "FILE", description = "Answer every query of FILE (one a line; - for standard input).")
    Path batch;

    @Option(names = "--solitaires", description = "Ask about the stored solitaires rather than games: year, empties, position, players, …")
    boolean solitaires;

    @Parameters(arity = "0..*", paramLabel = "QUERY", description = "The query (its words may be given apart).")
    List<String> query;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (solitaires && (query == null || query.isEmpty())) {
            query = List.of(""); // every solitaire
        }
        if (batch == null && (query == null || query.isEmpty())) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "a query, or --batch FILE");
        }
        if (batch != null && query != null && !query.isEmpty()) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "either a query or --batch FILE, not both");
        }
        if (limit != null && limit < 0) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--limit takes a number of games, 0 or more, not " + limit);
        }
        QueryPlanner.oneQuery(batch == null); // one answer, then the process ends
        // read while the store opens on the other core: the query's words are the store's to answer, not to read
        Filter filter = batch == null && !solitaires ? Filter.parse(String.join(" ", query)) : null;
        try (Engine db = Stores.openForReading(store.dir())) {
            if (solitaires) {
                return solitaires(db, out);
            }
            if (batch != null) {
                return batch(db, out);
            }
            // everything that can fail is asked before the first line is printed: a failed query
            // leaves standard output empty, so that a script reading it sees no half answer
            String f = format == null ? "table" : format;
            GameRows.checkFormat(f);
            long total;
            List<String> notes = null;
            if (sort != null) {
                // ordered by the per-game columns, the first limit kept as the ids go by: only the
                // games shown are read (a sort of every game read took 27 s at ten million)
                Games.Page page = Games.page(db, filter, sort, 0, -1, limit == null ? Integer.MAX_VALUE : limit);
                notes = page.notes();
                GameRows.Writer w = GameRows.writer(f, out);
                page.games().forEach(w::row);
                w.end();
                total = page.total();
            } else {
                try (MatchedGames r = db.query(filter)) {
                    GameRows.Writer w = GameRows.writer(f, out);
                    // a game whose record is damaged is passed over, and said at the end: the games
                    // after it are no less readable, and are written
                    Iterator<StoredGame> games = r.iterator();
                    long shown = 0;
                    long unreadable = 0;
                    String first = null;
                    while (games.hasNext() && (limit == null || shown < limit)) {
                        StoredGame g;
                        try {
                            g = games.next();
                        } catch (ThorDbException e) {
                            if (e.code() != ErrorCode.CORRUPT) {
                                throw e;
                            }
                            unreadable++;
                            first = first == null ? e.getMessage() : first;
                            continue;
                        }
                        w.row(g);
                        shown++;
                    }
                    w.end();
                    total = r.count();
                    if (unreadable > 0) {
                        out.flush();
                        throw CommandFailure.of(ErrorCode.CORRUPT, String.format(Locale.ROOT,
                                "%,d of the query's games could not be read and were left out, %,d were written (the"
                                        + " first: %s)", unreadable, shown, first));
                    }
                }
            }
            if (f.equals("table")) {
                out.println(total + " games" + (limit != null && total > limit ? ", " + limit + " shown" : ""));
            }
            for (String note : notes != null ? notes : db.notes(filter)) {
                spec.commandLine().getErr().println("note: " + SafeText.of(note));
            }
        } finally {
            QueryPlanner.oneQuery(false);
        }
        return 0;
    }

    /** The solitaires a query over solitaires matches: a table (or JSON lines), then the count. */
    private int solitaires(Engine db, PrintWriter out) {
        String f = format == null ? "table" : format;
        if (!f.equals("table") && !f.equals("jsonl")) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "with --solitaires the format is table or jsonl, not " + f);
        }
        if (batch != null) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--solitaires answers one query, not --batch");
        }
        List<SolitaireRow> rows = db.solitaires(String.join(" ", query));
        Catalog c = db.catalog();
        if (f.equals("table")) {
            out.printf("%-6s %3s %6s %4s  %-19s %-19s %4s %5s %5s  %s%n", "base", "emp", "record", "year", "black", "white",
                    "move", "solve", "first", "position");
        }
        int shown = 0;
        for (SolitaireRow r : rows) {
            if (limit != null && shown >= limit) {
                break;
            }
            shown++;
            WthorSolitaire s = r.solitaire();
            Catalog.Base b = c.base(r.base());
            String black = b == null || b.player((int) s.blackPlayer()) == null ? "#" + s.blackPlayer() : b.player((int) s.blackPlayer());
            String white = b == null || b.player((int) s.whitePlayer()) == null ? "#" + s.whitePlayer() : b.player((int) s.whitePlayer());
            Position p = SolitaireFilter.position(r);
            int fm = WthorSquares.toSquare(s.firstMove(), 8);
            String first = fm < 0 ? "?" : Notation.name(fm);
            if (f.equals("jsonl")) {
                ObjectNode o = Json.object();
                o.put("base", b == null ? "?" : b.name()).put("empties", r.empties()).put("record", r.record())
                        .put("year", s.year()).put("black", black).put("white", white)
                        .put("toMove", s.toMove() == 1 ? "black" : "white").put("solution", s.solutionScore())
                        .put("firstMove", first).put("realScore", s.realScore()).put("position", p.toBoardString());
                if (r.reason() != null) {
                    o.put("problem", r.reason());
                }
                out.println(o);
            } else {
                out.printf("%-6s %3d %6d %4d  %-19s %-19s %4s %+5d %5s  %s%s%n", SafeText.of(b == null ? "?" : b.name()),
                        r.empties(), r.record(), s.year(), SafeText.of(black), SafeText.of(white),
                        s.toMove() == 1 ? "X" : "O", s.solutionScore(), first, p.toBoardString(),
                        r.reason() == null ? "" : "  [" + SafeText.of(r.reason()) + "]");
            }
        }
        if (f.equals("table")) {
            out.println(rows.size() + " solitaires" + (shown < rows.size() ? ", " + shown + " shown" : ""));
        }
        return 0;
    }

    private int batch(Engine db, PrintWriter out) throws IOException {
        String f = format == null ? "count" : format;
        if (!f.equals("count") && !f.equals("jsonl")) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "with --batch the format is count or jsonl, not " + f);
        }
        List<String> lines = batch.toString().equals("-")
                ? new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).lines().toList()
                : readLines(batch);
        if (f.equals("count")) {
            return counts(db, lines, out);
        }
        int errors = 0;
        for (String line : lines) {
            String q = line.strip();
            if (q.isEmpty() || q.startsWith("--")) {
                continue;
            }
            try (MatchedGames r = db.query(q)) {
                out.println(header(q, r.count()));
                Stream<StoredGame> games = r.stream();
                if (limit != null) {
                    games = games.limit(limit);
                }
                games.forEach(g -> out.println(GameRows.json(g)));
            } catch (ThorDbException e) {
                errors++;
                out.println(errorLine(q, e.getMessage()));
            }
        }
        out.flush();
        return errors == 0 ? 0 : 1;
    }

    /**
     * One count a line, the lines answered on every core (each from its own consistent view) and
     * printed in their order; a comment or blank line answers nothing.
     */
    private static int counts(Engine db, List<String> lines, PrintWriter out) {
        String[] answers = new String[lines.size()];
        boolean[] failed = new boolean[lines.size()];
        IntStream.range(0, lines.size()).parallel().forEach(i -> {
            String q = lines.get(i).strip();
            if (q.isEmpty() || q.startsWith("--")) {
                return;
            }
            try {
                answers[i] = Long.toString(db.count(q));
            } catch (ThorDbException e) {
                failed[i] = true;
                answers[i] = "error: " + e.getMessage();
            }
        });
        int errors = 0;
        for (int i = 0; i < answers.length; i++) {
            if (answers[i] != null) {
                out.println(answers[i]);
            }
            errors += failed[i] ? 1 : 0;
        }
        out.flush();
        return errors == 0 ? 0 : 1;
    }

    private static List<String> readLines(Path p) {
        try {
            return Files.readAllLines(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw CommandFailure.io(p, e);
        }
    }

    private static String header(String q, long count) {
        return Json.object().put("query", q).put("count", count).toString();
    }

    private static String errorLine(String q, String message) {
        return Json.object().put("query", q).put("error", message).toString();
    }
}
