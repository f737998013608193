package org.thordb.web;

import org.thordb.query.Filter;
import org.thordb.usecase.Games;

import static org.thordb.web.WebServer.*;

import org.thordb.fault.Faults;
import org.thordb.engine.Engine;
import org.thordb.engine.StoredGame;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.io.IOException;
import java.util.concurrent.Callable;
import org.thordb.error.ErrorCode;
import org.thordb.export.Json;
import org.thordb.web.WebServer.Cost;
import org.thordb.web.WebServer.Download;
import org.thordb.web.WebServer.NotFound;
import org.thordb.web.WebServer.Refused;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.thordb.export.Exporter;
import org.thordb.usecase.Export;
import org.thordb.stats.GroupStats;
import org.thordb.stats.Grouping;
import org.thordb.stats.Statistics;
import org.thordb.store.Catalog;
import org.thordb.store.FileRow;

/**
 * The routes of a query's games: {@code /api/count}, {@code /api/stats}, {@code /api/explain},
 * {@code /api/games} and one game, {@code /api/bases}, {@code /api/export}.
 *
 * <p>Usage: {@code new GameRoutes(server, db).register(app);} (by {@link WebServer})
 */
final class GameRoutes {
    private final WebServer server;
    private final Engine db;

    GameRoutes(WebServer server, Engine db) {
        this.server = server;
        this.db = db;
    }

    private void answer(Context ctx, Cost cost, Callable<?> task) {
        server.answer(ctx, cost, task);
    }

    /** Adds the routes to the server's Javalin. */
    void register(Javalin app) {
        app.get("/api/count", ctx -> {
            Filter q = filter(ctx);
            answer(ctx, costOf(q), () -> {
                Games.Count c = Games.countWithNotes(db, q);
                ObjectNode o = Json.object();
                o.put("query", q.text()).put("count", c.count());
                ArrayNode notes = o.putArray("notes"); // names no base holds, copies counted once
                c.notes().forEach(notes::add);
                return o;
            });
        });
        app.get("/api/stats", ctx -> {
            String by = param(ctx, "by", "year");
            Filter q = filter(ctx);
            String sort = param(ctx, "sort", "");
            String as = param(ctx, "as", "");
            String colour = param(ctx, "colour", "");
            int limit = number(ctx, "limit", 100, 1, MAX_STATS_ROWS);
            answer(ctx, Cost.HEAVY, () -> org.thordb.usecase.Stats.json(org.thordb.usecase.Stats.of(db,
                    new org.thordb.usecase.Stats.Question(by, q, as, colour, sort)), limit));
        });
        app.get("/api/explain", ctx -> {
            String q = param(ctx, "q", "");
            answer(ctx, Cost.CHEAP, () -> { // planning reads estimates only: no replay, no grouping
                ObjectNode o = Json.object();
                o.put("query", q).put("plan", db.explain(q));
                return o;
            });
        });
        app.get("/api/games", ctx -> {
            Filter q = filter(ctx);
            int offset = number(ctx, "offset", 0, 0, Integer.MAX_VALUE);
            int limit = number(ctx, "limit", 50, 0, MAX_LIMIT);
            String sort = param(ctx, "sort", "");
            boolean byId = sort.isBlank() || sort.replace(" ", "").matches("(?i)[+-]?id");
            int after = number(ctx, "after", -1, -1, Integer.MAX_VALUE);
            answer(ctx, byId ? costOf(q) : Cost.HEAVY, () -> {
                Games.Page page = Games.page(db, q, sort, after >= 0 ? 0 : offset, after, limit);
                ObjectNode o = Json.object();
                o.put("query", q.text()).put("total", page.total()).put("offset", offset).put("limit", limit);
                ArrayNode games = o.putArray("games");
                page.games().forEach(g -> games.add(Json.node(g)));
                if (offset == 0 && after < 0) { // said once, with the first page: names no base holds, copies counted once
                    ArrayNode notes = o.putArray("notes");
                    page.notes().forEach(notes::add);
                }
                if (page.next() >= 0) { // the cursor of the next page
                    o.put("next", page.next());
                }
                return o;
            });
        });
        app.get("/api/games/{base}/{year}/{record}", ctx -> {
            String base = ctx.pathParam("base");
            int year = pathNumber(ctx, "year");
            int record = pathNumber(ctx, "record");
            answer(ctx, Cost.CHEAP, () -> {
                StoredGame g = db.game(base, year, record).orElseThrow(() -> new NotFound("no game " + base + " " + year + " " + record));
                ObjectNode o = Json.node(g);
                db.sourceText(g.id()).ifPresent(src -> o.putObject("source").put("file", src.file())
                        .put("format", src.format()).put("line", src.line()).put("text", src.text()));
                return o;
            });
        });
        app.get("/api/bases", ctx -> answer(ctx, Cost.CHEAP, () -> {
            ObjectNode o = Json.object();
            ArrayNode a = o.putArray("bases");
            Catalog c = db.catalog();
            for (Catalog.Base b : c.bases()) {
                long games = c.gameFiles().stream().filter(f -> f.base() == b.id()).mapToLong(FileRow::games).sum();
                a.addObject().put("name", b.name()).put("games", games);
            }
            return o;
        }));
        app.get("/api/export", ctx -> {
            Filter q = filter(ctx);
            String format = param(ctx, "format", "pgn").strip().toLowerCase(Locale.ROOT);
            if (!format.equals("pgn") && !format.equals("wthor")) {
                throw new Refused(400, "format: pgn or wthor, not " + Faults.quote(format));
            }
            answer(ctx, Cost.HEAVY, () -> download(q, format));
        });
    }

    /** The zip entry of a WTHOR download that holds the export's notes, a line each, when it has some. */
    static final String NOTES = "NOTES.txt";

    /** The most games a download holds: the FFO base is 117,435. */
    static final long MAX_DOWNLOAD = 250_000;

    /** A query's games as one PGN file, or as WTHOR files (a year each, and the names) in a zip. */
    private Download download(Filter q, String format) throws IOException {
        long n = db.count(q);
        if (n > MAX_DOWNLOAD) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, n + " games: a download holds "
                    + MAX_DOWNLOAD + " at most (thordb export writes any number)");
        }
        if (format.equals("pgn")) {
            StringWriter text = new StringWriter();
            try (PrintWriter w = new PrintWriter(text)) {
                Export.toWriter(db, q, Exporter.Format.PGN, w, e -> e); // PGN loses nothing: no notes
            }
            return new Download("thordb.pgn", "application/x-chess-pgn; charset=utf-8",
                    text.toString().getBytes(StandardCharsets.UTF_8));
        }
        Path dir = Files.createTempDirectory("thordb-download");
        try {
            Export.Result r = Export.toFolder(db, q, dir, Exporter.Format.WTHOR, false, e -> e);
            ByteArrayOutputStream zip = new ByteArrayOutputStream();
            try (ZipOutputStream z = new ZipOutputStream(zip);
                 Stream<Path> files = Files.list(dir)) {
                for (Path f : files.sorted().toList()) {
                    z.putNextEntry(new ZipEntry(f.getFileName().toString()));
                    z.write(Files.readAllBytes(f));
                    z.closeEntry();
                }
                if (!r.notes().isEmpty()) {
                    // what thordb export says of a lossy WTHOR file (names shortened, scores unknown),
                    // beside the files it speaks of
                    z.putNextEntry(new ZipEntry(NOTES));
                    z.write((String.join("\n", r.notes()) + "\n").getBytes(StandardCharsets.UTF_8));
                    z.closeEntry();
                }
            }
            return new Download("thordb-wthor.zip", "application/zip", zip.toByteArray());
        } finally {
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.toList()) {
                    Files.deleteIfExists(f);
                }
            }
            Files.deleteIfExists(dir);
        }
    }
}
