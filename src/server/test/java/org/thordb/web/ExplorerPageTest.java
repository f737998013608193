package org.thordb.web;

import org.thordb.usecase.Explore;
import org.thordb.usecase.Games;
import org.thordb.usecase.Stats;
import org.thordb.engine.Engine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.condition.EnabledIf;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.thordb.explore.Exploration;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.testing.SharedData;
import org.thordb.testing.TestBase;

/**
 * The explorer page in a real browser: Debian's headless Chromium driven by Selenium. Skipped, and
 * said so, where chromium and chromium-driver are not installed ({@code .ci/run} installs them).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@org.thordb.testing.FullTier
class ExplorerPageTest {
    private WebDriver browser;

    @BeforeAll
    void browser() {
        browser = HeadlessChromium.start(1200, 900);
    }

    @AfterAll
    void quit() {
        if (browser != null) {
            browser.quit();
        }
    }

    /**
     * A wait that tries again when the page redrew a table while a condition read it (a row found,
     * then replaced by the next answer before its cells were read), as it does when answers come fast.
     */
    private WebDriverWait waiting() {
        WebDriverWait w = new WebDriverWait(browser, Duration.ofSeconds(15));
        w.ignoring(org.openqa.selenium.StaleElementReferenceException.class);
        return w;
    }

    /** The next-move table as the page shows it: move and games, in order. */
    private List<String> table() {
        List<String> out = new ArrayList<>();
        for (WebElement tr : browser.findElements(By.cssSelector("#moves-table tbody tr:not(.unplayed)"))) {
            out.add(tr.getAttribute("data-move") + " " + tr.findElement(By.cssSelector("td.games")).getText());
        }
        return out;
    }

    private static List<String> expected(Engine db, String line, String filter) {
        Exploration e = Explore.exploration(db, Position.afterLine(line), filter);
        List<String> out = new ArrayList<>();
        for (Exploration.Row r : e.rows()) {
            out.add(Notation.name(r.move()) + " " + r.games());
        }
        return out;
    }

    private void waitForTable(List<String> want) {
        waiting().until(d -> table().equals(want));
    }

    private void waitForPly(int ply) {
        waiting().until(d -> String.valueOf(ply).equals(d.findElement(By.id("status")).getAttribute("data-ply")));
    }

    private void click(String square, int plyAfter) {
        browser.findElement(By.id("sq-" + square)).click();
        waitForPly(plyAfter);
    }

    private void screenshot(Path to) throws Exception {
        Files.createDirectories(to.getParent());
        Files.write(to, ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
    }

    @Test
    void playFilterOpenAGameAndStepThroughIt() throws Exception {
        TestBase base = TestBase.sample();
        Engine db = base.db();
        try (WebServer s = WebServer.start(TestBase.frontOf(db), "127.0.0.1", 0, 10_000)) {
            browser.manage().window().setSize(new Dimension(1200, 900));
            browser.get("http://127.0.0.1:" + s.port() + "/");
            waitForTable(expected(db, "", ""));
            // at the start, f5 (the four first moves are one) has its estimate, marked as one
            waiting().until(d -> {
                List<WebElement> cells = d.findElements(By.cssSelector("#moves-table tbody tr[data-move='f5'] td.estimate"));
                return !cells.isEmpty() && cells.get(0).getText().matches("~[+-]?\\d+")
                        && cells.get(0).getAttribute("title").contains("not exact");
            });
            // the result bars are drawn under the Content-Security-Policy (widths set through the style object)
            String width = browser.findElement(By.cssSelector("#moves-table tbody tr:not(.unplayed) .bar .b")).getAttribute("style");
            assertTrue(width.matches("width: \\d+(\\.\\d+)?%;"), "a bar's width under the policy: " + width);
            click("f5", 1);
            click("d6", 2);
            click("c3", 3);
            waitForTable(expected(db, "f5d6c3", ""));
            assertTrue(browser.getCurrentUrl().contains("moves=f5d6c3"), browser.getCurrentUrl());
            // an illegal square does nothing
            click("a1", 3);
            // a filter with an error: the parser's message and caret under the box
            WebElement filter = browser.findElement(By.id("filter"));
            filter.sendKeys("year =" + Keys.ENTER);
            waiting().until(d -> d.findElement(By.id("filter-error")).isDisplayed());
            String error = browser.findElement(By.id("filter-error")).getText();
            assertTrue(error.startsWith("query error at line 1, column 7: expected a value"), error);
            assertTrue(error.contains("year =\n        ^") || error.contains("year =\n^"), error);
            filter.clear();
            filter.sendKeys("year >= 2000" + Keys.ENTER);
            waitForTable(expected(db, "f5d6c3", "year >= 2000"));
            assertFalse(browser.findElement(By.id("filter-error")).isDisplayed());
            assertTrue(browser.getCurrentUrl().contains("q=year"), browser.getCurrentUrl());
            // the games that reach the position, most recent first; open one and step through it
            waiting().until(d -> !d.findElements(By.cssSelector("#games-table tbody tr")).isEmpty());
            WebElement first = browser.findElement(By.cssSelector("#games-table tbody tr"));
            String key = first.getAttribute("data-game");
            first.click();
            waiting().until(d -> d.findElement(By.id("game-bar")).isDisplayed());
            assertEquals("3", browser.findElement(By.id("slider")).getAttribute("value"), "the game opens where it joined the line");
            browser.findElement(By.tagName("body")).sendKeys(Keys.ARROW_RIGHT);
            waitForPly(4);
            browser.findElement(By.tagName("body")).sendKeys(Keys.ARROW_RIGHT);
            waitForPly(5);
            assertEquals("5", browser.findElement(By.id("slider")).getAttribute("value"));
            assertTrue(browser.getCurrentUrl().contains("game=" + key.replace("/", "%2F")), browser.getCurrentUrl());
            String[] k = key.split("/");
            String moves = Games.game(db, k[0], Integer.parseInt(k[1]), Integer.parseInt(k[2])).orElseThrow().moves();
            waitForTable(expected(db, moves.substring(0, 10), "year >= 2000"));
            // the back button goes back a move; a link opens the same view
            browser.navigate().back();
            waitForPly(4);
            String link = browser.getCurrentUrl();
            browser.get("about:blank");
            browser.get(link);
            waitForPly(4);
            waiting().until(d -> d.findElement(By.id("game-bar")).isDisplayed());
            waitForTable(expected(db, moves.substring(0, 8), "year >= 2000"));
            // the statistics of the games that reach the position, grouped as chosen
            new org.openqa.selenium.support.ui.Select(browser.findElement(By.id("stats-by"))).selectByValue("result");
            String statsQuery = "position = " + moves.substring(0, 8) + " and (year >= 2000\n)";
            List<String> wantStats = new ArrayList<>();
            Stats.groups(db, "result", statsQuery).forEach(r -> wantStats.add(r.group() + " " + r.games()));
            waiting().until(d -> {
                List<String> got = new ArrayList<>();
                for (WebElement tr : d.findElements(By.cssSelector("#stats-table tbody tr"))) {
                    got.add(tr.getAttribute("data-group") + " " + tr.findElements(By.tagName("td")).get(1).getText());
                }
                return got.equals(wantStats);
            });
            // hovering a move shows it on the board; flipping turns the board
            WebElement row = browser.findElement(By.cssSelector("#moves-table tbody tr"));
            new org.openqa.selenium.interactions.Actions(browser).moveToElement(row).perform();
            waiting().until(d -> !d.findElements(By.id("hint")).isEmpty());
            screenshot(Path.of("target/screenshots/explorer-sample.png"));
            // at a laptop's 1200 px every column of the next moves, the first game's too, is in sight
            Number cut = (Number) ((JavascriptExecutor) browser).executeScript(
                    "var t = document.getElementById('moves-table'); return t.getBoundingClientRect().right"
                            + " - t.parentElement.getBoundingClientRect().right;");
            assertTrue(cut.intValue() <= 1, "the next moves run " + cut + " px past their side at 1200 px");
            // a phone's width: nothing wider than the screen but the tables' own scrolling
            browser.manage().window().setSize(new Dimension(390, 844));
            Number overflow = (Number) ((JavascriptExecutor) browser).executeScript(
                    "return document.documentElement.scrollWidth - window.innerWidth;");
            assertTrue(overflow.intValue() <= 1, "the page is " + overflow + " px wider than a phone");
            screenshot(Path.of("target/screenshots/explorer-phone.png"));
        }
    }

    /**
     * At 14 empties the page lists every legal move no game played, with its exact score (the
     * perfect one among them); the player box turns the statistics to a player's side and keeps
     * the explorer to the player's colour; the view's games download as PGN and import back.
     */
    @Test
    void unplayedPerfectMovesThePlayerBoxAndADownloadThatImportsBack(@org.junit.jupiter.api.io.TempDir Path tmp)
            throws Exception {
        TestBase base = TestBase.sample();
        Engine db = base.db();
        // a position at 14 empties whose perfect move no game played
        String line = null;
        java.util.Map<Integer, Integer> scores = null;
        for (org.thordb.engine.StoredGame g : Games.of(db, Games.select(db, "moves = 60"))) {
            String l = g.moves().substring(0, 2 * 46);
            Position p = Position.afterLine(l);
            java.util.Map<Integer, Integer> sc = org.thordb.explore.Explorer.perfect(p, 14, 10_000);
            Exploration e = Explore.exploration(db, p, "");
            int best = sc.values().stream().max(Integer::compare).orElseThrow();
            boolean playedBest = e.rows().stream().anyMatch(r -> sc.get(r.move()) == best);
            if (!playedBest) {
                line = l;
                scores = sc;
                break;
            }
        }
        assertTrue(line != null, "a game whose move at 14 empties was not perfect");
        Position p = Position.afterLine(line);
        java.util.Set<Position> played = new java.util.HashSet<>();
        Explore.exploration(db, p, "").rows().forEach(r -> played.add(p.play(r.move()).canonical()));
        java.util.Map<String, String> wantUnplayed = new java.util.TreeMap<>();
        for (java.util.Map.Entry<Integer, Integer> e : scores.entrySet()) {
            if (played.add(p.play(e.getKey()).canonical())) {
                wantUnplayed.put(Notation.name(e.getKey()), (e.getValue() > 0 ? "+" : "") + e.getValue());
            }
        }
        try (WebServer s = WebServer.start(TestBase.frontOf(db), "127.0.0.1", 0, 10_000)) {
            browser.manage().window().setSize(new Dimension(1200, 900));
            browser.get("http://127.0.0.1:" + s.port() + "/?moves=" + line);
            waiting().until(d -> {
                java.util.Map<String, String> got = new java.util.TreeMap<>();
                for (WebElement tr : d.findElements(By.cssSelector("#moves-table tbody tr.unplayed"))) {
                    got.put(tr.getAttribute("data-unplayed"), tr.findElement(By.cssSelector("td.exact")).getText());
                }
                return got.equals(wantUnplayed);
            });
            screenshot(Path.of("target/screenshots/explorer-unplayed.png"));

            // the player box: a player's games as Black, the statistics from the player's side
            String player = Stats.groups(db, "player", "").get(0).group();
            browser.get("http://127.0.0.1:" + s.port() + "/");
            waitForTable(expected(db, "", ""));
            WebElement as = browser.findElement(By.id("as-player"));
            as.sendKeys(player);
            new org.openqa.selenium.support.ui.Select(browser.findElement(By.id("as-colour"))).selectByValue("black");
            waiting().until(d -> d.getCurrentUrl().contains("colour=black") && d.getCurrentUrl().contains("as="));
            String black = "black = \"" + player + "\"";
            waitForTable(expected(db, "", black));
            assertEquals(player + " %", browser.findElement(By.id("player-head")).getText());
            List<String> wantStats = new ArrayList<>();
            Stats.groups(db, "year", black, player, "black").forEach(r -> wantStats.add(r.group() + " " + r.games() + " " + r.wins()));
            waiting().until(d -> {
                List<String> got = new ArrayList<>();
                for (WebElement tr : d.findElements(By.cssSelector("#stats-table tbody tr"))) {
                    List<WebElement> td = tr.findElements(By.tagName("td"));
                    got.add(tr.getAttribute("data-group") + " " + td.get(1).getText() + " " + td.get(2).getText());
                }
                return got.equals(wantStats);
            });
            assertTrue(browser.findElement(By.id("stats-side")).getText().contains("from " + player + "'s side"));
            screenshot(Path.of("target/screenshots/explorer-player.png"));
            // the player's column too is in sight, at the window's width
            Number cut = (Number) ((JavascriptExecutor) browser).executeScript(
                    "var t = document.getElementById('moves-table'); return t.getBoundingClientRect().right"
                            + " - t.parentElement.getBoundingClientRect().right;");
            assertTrue(cut.intValue() <= 1, "with a player's column the next moves run " + cut + " px past their side");
            // the colour switch: as White
            new org.openqa.selenium.support.ui.Select(browser.findElement(By.id("as-colour"))).selectByValue("white");
            waitForTable(expected(db, "", "white = \"" + player + "\""));

            // the view's games as PGN, from the page's own link, import back to the same games
            String href = browser.findElement(By.id("download-pgn")).getAttribute("href");
            java.net.http.HttpResponse<byte[]> r = java.net.http.HttpClient.newHttpClient().send(
                    java.net.http.HttpRequest.newBuilder(java.net.URI.create(href)).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(200, r.statusCode());
            assertTrue(r.headers().firstValue("content-disposition").orElse("").contains("thordb.pgn"));
            Path pgn = Files.write(tmp.resolve("view.pgn"), r.body());
            try (Engine back = Engine.open(tmp.resolve("back"))) {
                back.importFiles(List.of(pgn), org.thordb.ingest.Importer.Options.defaults(), m -> { });
                assertEquals(Games.count(db, "white = \"" + player + "\""), Games.count(back, ""));
                assertEquals(Games.count(back, ""), Games.count(back, "white = \"" + player + "\""));
            }
            String zip = browser.findElement(By.id("download-wthor")).getAttribute("href");
            java.net.http.HttpResponse<byte[]> z = java.net.http.HttpClient.newHttpClient().send(
                    java.net.http.HttpRequest.newBuilder(java.net.URI.create(zip)).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(200, z.statusCode());
            assertEquals("PK", new String(z.body(), 0, 2, java.nio.charset.StandardCharsets.US_ASCII));
            // the board editor: the start position, f5 set to Black and e5 from White to Black, White to move
            browser.get("http://127.0.0.1:" + s.port() + "/");
            waitForTable(expected(db, "", ""));
            browser.findElement(By.id("edit")).click();
            waiting().until(d -> d.findElement(By.id("editor")).isDisplayed());
            browser.findElement(By.id("sq-f5")).click();
            browser.findElement(By.id("sq-e5")).click();
            browser.findElement(By.id("sq-e5")).click();
            new org.openqa.selenium.support.ui.Select(browser.findElement(By.id("edit-side"))).selectByValue("O");
            browser.findElement(By.id("edit-done")).click();
            waitForTable(expected(db, "f5", ""));
            assertTrue(browser.getCurrentUrl().contains("board="), browser.getCurrentUrl());
            click("d6", 1); // and play on from the set-up position
            waitForTable(expected(db, "f5d6", ""));
            long reach = Games.count(db, "position = f5d6");
            waiting().until(d -> d.findElement(By.id("games-range")).getText().endsWith("of " + reach + ")")
                    || d.findElement(By.id("games-range")).getText().equals("(" + reach + " game)"));
            screenshot(Path.of("target/screenshots/explorer-editor.png"));
        }
    }

    static boolean hasWthor() {
        return SharedData.hasWthor();
    }

    /** The README's screenshot, taken on the FFO base. */
    @Test
    @EnabledIf("hasWthor")
    void aScreenshotOnTheFfoBase() throws Exception {
        Engine db = TestBase.real().db();
        try (WebServer s = WebServer.start(TestBase.frontOf(db), "127.0.0.1", 0, 10_000)) {
            browser.manage().window().setSize(new Dimension(1280, 900));
            browser.get("http://127.0.0.1:" + s.port() + "/?moves=f5d6c3d3c4&q=" + java.net.URLEncoder.encode("year >= 2000",
                    java.nio.charset.StandardCharsets.UTF_8));
            waitForTable(expected(db, "f5d6c3d3c4", "year >= 2000"));
            waiting().until(d -> !d.findElements(By.cssSelector("#games-table tbody tr")).isEmpty());
            assertEquals("Opening: Tiger", browser.findElement(By.id("opening")).getText());
            screenshot(Path.of("target/screenshots/explorer-ffo.png"));
        }
    }
}
