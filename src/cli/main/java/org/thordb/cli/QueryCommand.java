package org.thordb.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.thordb.Game;
import org.thordb.Page;
import org.thordb.Query;
import org.thordb.QueryResult;
import org.thordb.Solitaire;
import org.thordb.Sort;
import org.thordb.ThorDb;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

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
        ThorDb.oneQuestion(batch == null); // one answer, then the process ends
        // read while the store opens on the other core: the query's words are the store's to answer, not to read
        Query filter = batch == null && !solitaires ? Query.parse(String.join(" ", query)) : null;
        List<Sort> order = sort == null ? null : Sort.parse(sort);
        try (ThorDb db = Stores.openFrontForReading(store.dir())) {
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
            if (order != null) {
                // ordered by the per-game columns, the first limit kept as the ids go by: only the
                // games shown are read (a sort of every game read took 27 s at ten million)
                Page page = db.sorted(filter, order, limit == null ? Integer.MAX_VALUE : limit);
                GameRows.Writer w = GameRows.writer(f, out);
                page.games().forEach(w::row);
                w.end();
                total = page.total();
            } else {
                try (QueryResult r = db.query(filter)) {
                    GameRows.Writer w = GameRows.writer(f, out);
                    // a game whose record is damaged is passed over, and said at the end: the games
                    // after it are no less readable, and are written
                    Iterator<Game> games = r.iterator();
                    long shown = 0;
                    long unreadable = 0;
                    String first = null;
                    while (games.hasNext() && (limit == null || shown < limit)) {
                        Game g;
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
            for (String note : db.notes(filter)) {
                spec.commandLine().getErr().println("note: " + SafeText.of(note));
            }
        } finally {
            ThorDb.oneQuestion(false);
        }
        return 0;
    }

    /** The solitaires a query over solitaires matches: a table (or JSON lines), then the count. */
    private int solitaires(ThorDb db, PrintWriter out) {
        String f = format == null ? "table" : format;
        if (!f.equals("table") && !f.equals("jsonl")) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "with --solitaires the format is table or jsonl, not " + f);
        }
        if (batch != null) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--solitaires answers one query, not --batch");
        }
        List<Solitaire> rows = db.solitaires(String.join(" ", query));
        if (f.equals("table")) {
            out.printf("%-6s %3s %6s %4s  %-19s %-19s %4s %5s %5s  %s%n", "base", "emp", "record", "year", "black", "white",
                    "move", "solve", "first", "position");
        }
        ObjectMapper json = Mapper.JSON;
        int shown = 0;
        for (Solitaire s : rows) {
            if (limit != null && shown >= limit) {
                break;
            }
            shown++;
            if (f.equals("jsonl")) {
                ObjectNode o = json.createObjectNode();
                o.put("base", s.base()).put("empties", s.empties()).put("record", s.record())
                        .put("year", s.year()).put("black", s.black()).put("white", s.white())
                        .put("toMove", s.blackToMove() ? "black" : "white").put("solution", s.solution())
                        .put("firstMove", s.firstMove()).put("realScore", s.realScore()).put("position", s.position());
                if (s.problem() != null) {
                    o.put("problem", s.problem());
                }
                out.println(o);
            } else {
                out.printf("%-6s %3d %6d %4d  %-19s %-19s %4s %+5d %5s  %s%s%n", SafeText.of(s.base()),
                        s.empties(), s.record(), s.year(), SafeText.of(s.black()), SafeText.of(s.white()),
                        s.blackToMove() ? "X" : "O", s.solution(), s.firstMove(), s.position(),
                        s.problem() == null ? "" : "  [" + SafeText.of(s.problem()) + "]");
            }
        }
        if (f.equals("table")) {
            out.println(rows.size() + " solitaires" + (shown < rows.size() ? ", " + shown + " shown" : ""));
        }
        return 0;
    }

    private int batch(ThorDb db, PrintWriter out) throws IOException {
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
            try (QueryResult r = db.query(Query.parse(q))) {
                out.println(header(q, r.count()));
                Stream<Game> games = r.stream();
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
    private static int counts(ThorDb db, List<String> lines, PrintWriter out) {
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

    /** Made when a batch first writes JSON: a mapper costs a one-shot query's table 20 ms to make. */
    private static final class Mapper {
        static final ObjectMapper JSON = new ObjectMapper();
    }

    private static String header(String q, long count) {
        return Mapper.JSON.createObjectNode().put("query", q).put("count", count).toString();
    }

    private static String errorLine(String q, String message) {
        return Mapper.JSON.createObjectNode().put("query", q).put("error", message).toString();
    }
}
