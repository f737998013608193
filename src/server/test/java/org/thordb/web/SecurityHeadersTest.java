package org.thordb.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.thordb.engine.Engine;
import org.thordb.testing.TestBase;

/**
 * Every answer of the server, the page's files and the API's, errors included, carries the
 * headers that keep the page from being framed, sniffed, or made to run another site's script:
 * a Content-Security-Policy without inline script or style, {@code nosniff}, frame protection and
 * {@code Referrer-Policy: no-referrer}. The page itself uses no inline script, style or handler
 * (the policy would block them: the browser test sees the page work under it).
 */
class SecurityHeadersTest {
    @Test
    void everyAnswerCarriesTheSecurityHeaders() throws Exception {
        TestBase base = TestBase.sample();
        Engine db = base.db();
        HttpClient http = HttpClient.newHttpClient();
        try (WebServer s = WebServer.start(TestBase.frontOf(db), "127.0.0.1", 0, 10_000)) {
            for (String path : List.of("/", "/app.js", "/app.css", "/api/explore", "/api/games?q=year%20%3E%3D%201900",
                    "/api/count?q=nonsense%20%3D", "/no/such/page")) {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + s.port() + path)).build(),
                        HttpResponse.BodyHandlers.ofString());
                String csp = r.headers().firstValue("Content-Security-Policy").orElse("");
                assertTrue(csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'none'")
                        && csp.contains("style-src 'self'"), path + ": " + csp);
                assertFalse(csp.contains("unsafe-inline") || csp.contains("unsafe-eval"), path + ": " + csp);
                assertEquals("nosniff", r.headers().firstValue("X-Content-Type-Options").orElse(""), path);
                assertEquals("DENY", r.headers().firstValue("X-Frame-Options").orElse(""), path);
                assertEquals("no-referrer", r.headers().firstValue("Referrer-Policy").orElse(""), path);
            }
            String page = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + s.port() + "/")).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            String js = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + s.port() + "/app.js")).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            assertFalse(page.matches("(?s).*<script(?![^>]*\\bsrc=).*"), "no inline script in the page");
            assertFalse(page.matches("(?s).*<style.*") || page.contains(" style=\"") || page.matches("(?s).*\\son[a-z]+=.*"),
                    "no inline style or handler in the page");
            assertFalse(js.contains("style=\""), "no inline style attribute made by the script");
        }
    }
}
