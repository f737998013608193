package org.thordb.web;

import static org.thordb.web.WebServer.*;

import io.javalin.Javalin;
import io.javalin.http.Context;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.thordb.JsonAnswers.PrepareSettings;
import org.thordb.ThorDb;
import org.thordb.web.WebServer.Cost;
import org.thordb.web.WebServer.Inline;
import org.thordb.web.WebServer.JsonText;
import org.thordb.web.WebServer.Refused;

/**
 * The routes of players: {@code /api/players/conflicts}, a player's report, the preparation
 * against a player and the drawing of a player's years.
 *
 * <p>Usage: {@code new PlayerRoutes(server, db).register(app);} (by {@link WebServer})
 */
final class PlayerRoutes {
    private final WebServer server;
    private final ThorDb db;

    PlayerRoutes(WebServer server, ThorDb db) {
        this.server = server;
        this.db = db;
    }

    private void answer(Context ctx, Cost cost, Callable<?> task) {
        server.answer(ctx, cost, task);
    }

    /** Adds the routes to the server's Javalin. */
    void register(Javalin app) {
        // where names disagree: on copies of one game in two bases, and games one base holds twice
        app.get("/api/players/conflicts", ctx -> answer(ctx, Cost.HEAVY, () -> new JsonText(db.json().conflicts())));
        // a player's report (any spelling the player's identity joins), as thordb report --format json gives it
        app.get("/api/players/{name}/report", ctx -> {
            String name = ctx.pathParam("name");
            answer(ctx, Cost.HEAVY, () -> new JsonText(db.json().report(name)));
        });
        // the opponent's repertoire as a tree, for a game as black or white
        app.get("/api/players/{name}/prepare", ctx -> {
            String name = ctx.pathParam("name");
            String as = param(ctx, "as", "black").strip().toLowerCase(Locale.ROOT);
            if (!as.equals("black") && !as.equals("white")) {
                throw new Refused(400, "as: black or white, not " + quote(as));
            }
            PrepareSettings d = PrepareSettings.DEFAULT;
            PrepareSettings s = new PrepareSettings(
                    number(ctx, "min", d.minGames(), 1, 100_000), number(ctx, "plies", d.plies(), 1, 30),
                    number(ctx, "valued", d.valued(), 0, 200));
            answer(ctx, Cost.HEAVY, () -> new JsonText(db.json().prepare(name, as, s)));
        });
        // a player's score and rating by year, drawn (the page shows it; the preparation's HTML file holds it)
        app.get("/api/players/{name}/plot.svg", ctx -> {
            String name = ctx.pathParam("name");
            answer(ctx, Cost.HEAVY, () -> new Inline("image/svg+xml; charset=utf-8", db.json().yearsSvg(name)
                    .getBytes(StandardCharsets.UTF_8)));
        });
    }
}
