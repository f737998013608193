package org.thordb.web;

import static org.thordb.web.WebServer.*;

import io.javalin.Javalin;
import io.javalin.http.Context;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.thordb.ThorDb;
import org.thordb.Query;
import org.thordb.web.WebServer.Cost;
import org.thordb.web.WebServer.Download;
import org.thordb.web.WebServer.JsonText;
import org.thordb.web.WebServer.NotFound;
import org.thordb.web.WebServer.Refused;

/**
 * The routes of a query's games: {@code /api/count}, {@code /api/stats}, {@code /api/explain},
 * {@code /api/games} and one game, {@code /api/bases}, {@code /api/export}.
 *
 * <p>Usage: {@code new GameRoutes(server, db).register(app);} (by {@link WebServer})
 */
final class GameRoutes {
    private final WebServer server;
    private final ThorDb db;

    GameRoutes(WebServer server, ThorDb db) {
        this.server = server;
        this.db = db;
    }

    private void answer(Context ctx, Cost cost, Callable<?> task) {
        server.answer(ctx, cost, task);
    }

    /** Adds the routes to the server's Javalin. */
    void register(Javalin app) {
        app.get("/api/count", ctx -> {
            Query q = filter(ctx);
            answer(ctx, costOf(q), () -> new JsonText(db.json().count(q)));
        });
        app.get("/api/stats", ctx -> {
            String by = param(ctx, "by", "year");
            Query q = filter(ctx);
            String sort = param(ctx, "sort", "");
            String as = param(ctx, "as", "");
            String colour = param(ctx, "colour", "");
            int limit = number(ctx, "limit", 100, 1, MAX_STATS_ROWS);
            answer(ctx, Cost.HEAVY, () -> new JsonText(db.json().stats(by, q, as, colour, sort, limit)));
        });
        app.get("/api/explain", ctx -> {
            String q = param(ctx, "q", "");
            // planning reads estimates only: no replay, no grouping
            answer(ctx, Cost.CHEAP, () -> new JsonText(db.json().explain(q)));
        });
        app.get("/api/games", ctx -> {
            Query q = filter(ctx);
            int offset = number(ctx, "offset", 0, 0, Integer.MAX_VALUE);
            int limit = number(ctx, "limit", 50, 0, MAX_LIMIT);
            String sort = param(ctx, "sort", "");
            boolean byId = sort.isBlank() || sort.replace(" ", "").matches("(?i)[+-]?id");
            int after = number(ctx, "after", -1, -1, Integer.MAX_VALUE);
            answer(ctx, byId ? costOf(q) : Cost.HEAVY, () -> new JsonText(db.json().games(q, sort, offset, after, limit)));
        });
        app.get("/api/games/{base}/{year}/{record}", ctx -> {
            String base = ctx.pathParam("base");
            int year = pathNumber(ctx, "year");
            int record = pathNumber(ctx, "record");
            answer(ctx, Cost.CHEAP, () -> new JsonText(db.json().game(base, year, record)
                    .orElseThrow(() -> new NotFound("no game " + base + " " + year + " " + record))));
        });
        app.get("/api/bases", ctx -> answer(ctx, Cost.CHEAP, () -> new JsonText(db.json().bases())));
        app.get("/api/export", ctx -> {
            Query q = filter(ctx);
            String format = param(ctx, "format", "pgn").strip().toLowerCase(Locale.ROOT);
            if (!format.equals("pgn") && !format.equals("wthor")) {
                throw new Refused(400, "format: pgn or wthor, not " + quote(format));
            }
            answer(ctx, Cost.HEAVY, () -> download(q, format));
        });
    }

    /** The zip entry of a WTHOR download that holds the export's notes, a line each, when it has some. */
    static final String NOTES = "NOTES.txt";

    /** The most games a download holds: the FFO base is 117,435. */
    static final long MAX_DOWNLOAD = 250_000;

    /** A query's games as one PGN file, or as WTHOR files (a year each, and the names) in a zip. */
    private Download download(Query q, String format) throws IOException {
        long n = db.count(q);
        if (n > MAX_DOWNLOAD) {
            throw new Refused(400, n + " games: a download holds " + MAX_DOWNLOAD
                    + " at most (thordb export writes any number)");
        }
        if (format.equals("pgn")) {
            StringWriter text = new StringWriter();
            try (PrintWriter w = new PrintWriter(text)) {
                db.json().pgn(q, w); // PGN loses nothing: no notes
            }
            return new Download("thordb.pgn", "application/x-chess-pgn; charset=utf-8",
                    text.toString().getBytes(StandardCharsets.UTF_8));
        }
        Path dir = Files.createTempDirectory("thordb-download");
        try {
            List<String> notes = db.json().wthor(q, dir);
            ByteArrayOutputStream zip = new ByteArrayOutputStream();
            try (ZipOutputStream z = new ZipOutputStream(zip);
                 Stream<Path> files = Files.list(dir)) {
                for (Path f : files.sorted().toList()) {
                    z.putNextEntry(new ZipEntry(f.getFileName().toString()));
                    z.write(Files.readAllBytes(f));
                    z.closeEntry();
                }
                if (!notes.isEmpty()) {
                    // what thordb export says of a lossy WTHOR file (names shortened, scores unknown),
                    // beside the files it speaks of
                    z.putNextEntry(new ZipEntry(NOTES));
                    z.write((String.join("\n", notes) + "\n").getBytes(StandardCharsets.UTF_8));
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
