package org.thordb.web;

import static org.thordb.web.WebServer.*;

import org.thordb.fault.Faults;
import org.thordb.engine.Engine;
import org.thordb.engine.StoredGame;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import java.util.concurrent.Callable;
import org.thordb.export.Json;
import org.thordb.web.WebServer.Cost;
import org.thordb.web.WebServer.Inline;
import org.thordb.web.WebServer.Refused;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import org.thordb.othello.Side;
import org.thordb.usecase.PlayerReport;
import org.thordb.usecase.Plots;
import org.thordb.usecase.Preparation;

/**
 * The routes of players: {@code /api/players/conflicts}, a player's report, the preparation
 * against a player and the drawing of a player's years.
 *
 * <p>Usage: {@code new PlayerRoutes(server, db).register(app);} (by {@link WebServer})
 */
final class PlayerRoutes {
    private final WebServer server;
    private final Engine db;

    PlayerRoutes(WebServer server, Engine db) {
        this.server = server;
        this.db = db;
    }

    private void answer(Context ctx, Cost cost, Callable<?> task) {
        server.answer(ctx, cost, task);
    }

    /** Adds the routes to the server's Javalin. */
    void register(Javalin app) {
        // where names disagree: on copies of one game in two bases, and games one base holds twice
        app.get("/api/players/conflicts", ctx -> answer(ctx, Cost.HEAVY, () -> {
            Engine.Conflicts c = db.conflicts();
            ObjectNode o = Json.object();
            ArrayNode names = o.putArray("names");
            for (Engine.NameConflict n : c.copies()) {
                ObjectNode x = names.addObject().put("name", n.nameA()).put("base", n.baseA()).put("otherName", n.nameB())
                        .put("otherBase", n.baseB()).put("games", n.games()).put("onePlayer", n.joined());
                if (n.example() != null) {
                    x.put("example", n.example().base() + "/" + n.example().year() + "/" + n.example().record());
                }
            }
            ArrayNode same = o.putArray("sameGames");
            for (List<StoredGame> p : c.sameBase()) {
                same.addObject().put("base", p.get(0).base()).put("year", p.get(0).year()).put("record", p.get(0).record())
                        .put("otherRecord", p.get(1).record()).put("black", p.get(0).black()).put("white", p.get(0).white())
                        .put("otherBlack", p.get(1).black()).put("otherWhite", p.get(1).white());
            }
            return o;
        }));
        // a player's report (any spelling the player's identity joins), as thordb report --format json gives it
        app.get("/api/players/{name}/report", ctx -> {
            String name = ctx.pathParam("name");
            answer(ctx, Cost.HEAVY, () -> PlayerReport.json(PlayerReport.of(db, name,
                    PlayerReport.Settings.DEFAULT)));
        });
        // the opponent's repertoire as a tree, for a game as black or white
        app.get("/api/players/{name}/prepare", ctx -> {
            String name = ctx.pathParam("name");
            String as = param(ctx, "as", "black").strip().toLowerCase(Locale.ROOT);
            if (!as.equals("black") && !as.equals("white")) {
                throw new Refused(400, "as: black or white, not " + Faults.quote(as));
            }
            Preparation.Settings d = Preparation.Settings.DEFAULT;
            Preparation.Settings s = new Preparation.Settings(
                    number(ctx, "min", d.minGames(), 1, 100_000), number(ctx, "plies", d.maxPlies(), 1, 30),
                    number(ctx, "valued", d.valued(), 0, 200));
            answer(ctx, Cost.HEAVY, () -> Preparation.json(Preparation.of(db, name,
                    as.equals("black") ? Side.BLACK : Side.WHITE, s)));
        });
        // a player's score and rating by year, drawn (the page shows it; the preparation's HTML file holds it)
        app.get("/api/players/{name}/plot.svg", ctx -> {
            String name = ctx.pathParam("name");
            answer(ctx, Cost.HEAVY, () -> new Inline("image/svg+xml; charset=utf-8", Plots.yearsSvg(
                    PlayerReport.of(db, name, new PlayerReport.Settings(8, 0, 0, 0)))
                    .getBytes(StandardCharsets.UTF_8)));
        });
    }
}
