package org.thordb.web;

import static org.thordb.web.WebServer.*;

import io.javalin.Javalin;
import io.javalin.http.Context;
import java.util.Arrays;
import java.util.concurrent.Callable;
import org.thordb.JsonAnswers.ExploreSettings;
import org.thordb.ThorDb;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.query.Filter;
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
            Filter q = filter(ctx);
            String board = param(ctx, "board", "");
            Position p = board.isBlank() ? Position.afterLine(moves) : fromBoard(board, moves);
            // the explorer's one answer, as every surface gets it (estimate=false leaves the estimates out)
            ExploreSettings settings = ExploreSettings.DEFAULT.exactUpTo(solve).withEstimates(estimate);
            // a solve or an estimate not kept yet is a fraction of a second of work or more: heavy
            boolean cheap = db.json().exploresAtOnce(p, settings);
            String line = Notation.line(Arrays.stream(Notation.parseMoves(moves))
                    .filter(sq -> sq != Notation.PASS).toArray());
            answer(ctx, !cheap || costOf(q) == Cost.HEAVY ? Cost.HEAVY : Cost.CHEAP,
                    () -> new JsonText(db.json().explore(q, p, line, settings)));
        });
    }

    /**
     * A position set up on the page's board editor ({@code board}: 64 squares a1…h8 of X O -, a
     * space, the side to move), then the moves played from it.
     */
    private static Position fromBoard(String board, String moves) {
        if (board.length() > 80) {
            throw new Refused(400, "board: 64 squares and the side to move, not " + board.length() + " characters");
        }
        Position p = Position.parseBoard(board);
        for (int sq : Notation.parseMoves(moves)) {
            if (sq == Notation.PASS) {
                continue; // the side to move already says a pass
            }
            if (!p.isLegal(sq)) {
                throw new Refused(400, "moves: " + Notation.name(sq) + " is not legal on the board given");
            }
            p = p.play(sq);
        }
        return p;
    }
}
