package org.thordb.web;

import static org.thordb.web.WebServer.*;

import io.javalin.Javalin;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;

/**
 * The page's own files: {@code /}, {@code /app.js} and {@code /app.css}, from the jar.
 *
 * <p>Usage: {@code new PageRoutes().register(app);} (by {@link WebServer})
 */
final class PageRoutes {
    /** Adds the routes to the server's Javalin. */
    void register(Javalin app) {
        app.get("/", ctx -> resource(ctx, "index.html", "text/html; charset=utf-8"));
        app.get("/app.js", ctx -> resource(ctx, "app.js", "text/javascript; charset=utf-8"));
        app.get("/app.css", ctx -> resource(ctx, "app.css", "text/css; charset=utf-8"));
    }

    static void resource(Context ctx, String name, String type) throws IOException {
        try (InputStream in = WebServer.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("the page's file " + name + " is missing from the jar");
            }
            ctx.contentType(type).header("Cache-Control", "no-cache").result(in.readAllBytes());
        }
    }
}
