package org.thordb.web;

import static org.thordb.web.WebServer.*;

import io.javalin.Javalin;
import io.javalin.http.Context;
import java.util.concurrent.Callable;
import org.thordb.JsonAnswers.ExploreSettings;
import org.thordb.ThorDb;
import org.thordb.Query;
import org.thordb.web.WebServer.Cost;
import org.thordb.web.WebServer.JsonText;
import org.thordb.web.WebServer.Refused;

/**
 * The explorer's route: {@code /api/explore}, the store's one exploration ({@link
 * org.thordb.JsonAnswers#explore}).
 *
 * <p>Usage: {@code new ExplorerRoutes(server, db).register(app);} (by {@link WebServer})
 */
final class ExplorerRoutes {
    private final WebServer server;
    private final ThorDb db;

    ExplorerRoutes(WebServer server, ThorDb db) {
        this.server = server;
        this.db = db;
    }

    private void answer(Context ctx, Cost cost, Callable<?> task) {
        server.answer(ctx, cost, task);
    }

    /** Adds the routes to the server's Javalin. */
    void register(Javalin app) {
        app.get("/api/explore", ctx -> {
            String moves = param(ctx, "moves", "");
            if (moves.length() > MAX_MOVES_TEXT) {
                throw new Refused(400, "moves: at most " + MAX_MOVES_TEXT + " characters");
            }
            int solve = number(ctx, "solve", SOLVE_EMPTIES, 0, MAX_SOLVE_EMPTIES);
            boolean estimate = !"false".equals(param(ctx, "estimate", "true"));
            Query q = filter(ctx);
            String board = param(ctx, "board", "");
            if (board.length() > 80) {
                throw new Refused(400, "board: 64 squares and the side to move, not " + board.length() + " characters");
            }
            // the explorer's one answer, as every surface gets it (estimate=false leaves the estimates out)
            ExploreSettings settings = ExploreSettings.DEFAULT.exactUpTo(solve).withEstimates(estimate);
            // a solve or an estimate not kept yet is a fraction of a second of work or more: heavy
            // (a board or moves that make no position fail here, before any work is admitted)
            boolean cheap = db.json().exploresAtOnce(board, moves, settings);
            answer(ctx, !cheap || costOf(q) == Cost.HEAVY ? Cost.HEAVY : Cost.CHEAP,
                    () -> new JsonText(db.json().explore(q, board, moves, settings)));
        });
    }
}
