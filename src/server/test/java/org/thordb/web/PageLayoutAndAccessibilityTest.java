package org.thordb.web;

import org.thordb.usecase.Games;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.thordb.engine.Engine;
import org.thordb.engine.StoredGame;
import org.thordb.testing.SharedData;
import org.thordb.testing.TestBase;

/**
 * The page as a player sees it at a small laptop's 800 px, a laptop's 1,280 and a desktop's 1,920:
 * every column of the next moves and of the games whole (no cell clips its text, no table runs past
 * its side), the board's files and ranks labelled, the filter's example shown as a placeholder, one
 * game said as "1 game"; and an accessibility pass with Deque's axe-core run in the same browser,
 * which must find nothing serious or critical. Screenshots at each width are kept in
 * {@code target/screenshots/}. On the FFO base when {@code ../shared/data} is there (its long names
 * are the test), else on the generated sample base, and it says so.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@org.thordb.testing.FullTier
class PageLayoutAndAccessibilityTest {
    private static final int[] WIDTHS = {800, 1280, 1920};
    private WebDriver browser;

    @BeforeAll
    void browser() {
        browser = HeadlessChromium.start(1280, 1000);
    }

    @AfterAll
    void quit() {
        if (browser != null) {
            browser.quit();
        }
    }

    private static Engine db() {
        if (SharedData.hasWthor()) {
            return TestBase.real().db();
        }
        System.out.println("PageLayoutAndAccessibilityTest: ../shared/data/wthor not found: on the generated sample base");
        return TestBase.sample().db();
    }

    private WebDriverWait waiting() {
        WebDriverWait w = new WebDriverWait(browser, Duration.ofSeconds(20));
        w.ignoring(StaleElementReferenceException.class);
        return w;
    }

    private Object js(String script, Object... args) {
        return ((JavascriptExecutor) browser).executeScript(script, args);
    }

    private void screenshot(String name) throws IOException {
        Path to = Path.of("target/screenshots", name);
        Files.createDirectories(to.getParent());
        Files.write(to, ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
    }

    /** Loads the page on a line and waits for both tables and the first games' column. */
    private void load(int port, String line) {
        browser.get("http://127.0.0.1:" + port + "/?moves=" + line);
        waiting().until(d -> !d.findElements(By.cssSelector("#moves-table tbody tr td.first")).isEmpty()
                && !d.findElements(By.cssSelector("#games-table tbody tr")).isEmpty()
                && !d.findElement(By.id("total")).getText().isEmpty());
    }

    /**
     * What is cut at the window's width: each cell of the two tables whose text is wider than the
     * cell shows, each table wider than its side, and the page wider than the window.
     */
    @SuppressWarnings("unchecked")
    private List<String> cut() {
        return (List<String>) js("""
                const out = [];
                for (const id of ['moves-table', 'games-table']) {
                  const t = document.getElementById(id);
                  const side = t.parentElement.getBoundingClientRect();
                  const r = t.getBoundingClientRect();
                  if (r.right > side.right + 1) out.push(id + ' runs ' + Math.round(r.right - side.right) + ' px past its side');
                  for (const c of t.querySelectorAll('th, td')) {
                    if (c.scrollWidth > c.clientWidth + 1) out.push(id + ' cell "' + c.textContent.trim() + '" shows '
                        + c.clientWidth + ' of ' + c.scrollWidth + ' px');
                  }
                }
                const over = document.documentElement.scrollWidth - window.innerWidth;
                if (over > 1) out.push('the page is ' + over + ' px wider than the window');
                return out;""");
    }

    @Test
    void everyColumnWholeAtThreeWidthsWithLabelsPlaceholderAndOneGame() throws Exception {
        Engine db = db();
        // the Tiger on the FFO base: its first games have some of the base's longest names
        String line = Games.count(db, "position = f5d6c3d3c4") > 0 ? "f5d6c3d3c4" : "f5d6";
        // a line only one game reached: the count says "1 game"
        String lone = null;
        for (StoredGame g : Games.of(db, Games.select(db, "moves = 60"))) {
            String l = g.moves().substring(0, 2 * 24);
            if (Games.count(db, "position = " + l) == 1) {
                lone = l;
                break;
            }
        }
        assertTrue(lone != null, "a line that one game alone reached");
        try (WebServer s = WebServer.start(TestBase.frontOf(db), "127.0.0.1", 0, 10_000)) {
            for (int width : WIDTHS) {
                browser.manage().window().setSize(new Dimension(width, 1000));
                load(s.port(), line);
                List<String> cut = cut();
                screenshot("page-" + width + ".png");
                assertEquals(List.of(), cut, "cut at " + width + " px (see target/screenshots/page-" + width + ".png)");
                // the first game's names are all there, wrapped rather than cut
                for (WebElement first : browser.findElements(By.cssSelector("#moves-table tbody td.first"))) {
                    String text = first.getText();
                    assertTrue(text.isEmpty() || first.getAttribute("title").contains(text.replace("\n", " ")),
                            "the first game's cell says what its title says: " + text);
                }
            }
            // the board's files and ranks
            List<String> labels = new ArrayList<>();
            for (WebElement t : browser.findElements(By.cssSelector("#board text.coord"))) {
                labels.add(t.getText());
            }
            assertEquals(List.of("a", "1", "b", "2", "c", "3", "d", "4", "e", "5", "f", "6", "g", "7", "h", "8"), labels);
            // the filter's example is a placeholder: the box is empty, the example is grey and says it is one
            WebElement filter = browser.findElement(By.id("filter"));
            assertEquals("", filter.getAttribute("value"));
            assertTrue(filter.getAttribute("placeholder").startsWith("e.g. "), filter.getAttribute("placeholder"));
            String typed = (String) js("return getComputedStyle(arguments[0]).color;", filter);
            String example = (String) js("return getComputedStyle(arguments[0], '::placeholder').color;", filter);
            assertTrue(!typed.equals(example), "the placeholder has the typed text's colour: " + example);
            // one game, said as one
            browser.manage().window().setSize(new Dimension(1280, 1000));
            browser.get("http://127.0.0.1:" + s.port() + "/?moves=" + lone);
            waiting().until(d -> d.findElement(By.id("total")).getText().equals("(1 game)")
                    && d.findElement(By.id("games-range")).getText().equals("(1 game)"));
            assertTrue(!browser.findElement(By.tagName("body")).getText().matches("(?s).*\\b1 games\\b.*"),
                    "the page says \"1 games\"");
            screenshot("page-one-game.png");
        }
    }

    /** The next moves can be played from the keyboard alone: Tab to a move's row, Enter plays it. */
    @Test
    void aMoveIsPlayedFromTheKeyboard() {
        Engine db = db();
        try (WebServer s = WebServer.start(TestBase.frontOf(db), "127.0.0.1", 0, 10_000)) {
            browser.manage().window().setSize(new Dimension(1280, 1000));
            load(s.port(), "f5d6");
            WebElement row = browser.findElement(By.cssSelector("#moves-table tbody tr[data-move]"));
            String move = row.getAttribute("data-move");
            assertEquals("0", row.getAttribute("tabindex"), "a move's row takes the focus");
            row.sendKeys(Keys.ENTER);
            waiting().until(d -> "3".equals(d.findElement(By.id("status")).getAttribute("data-ply")));
            assertTrue(browser.getCurrentUrl().contains("moves=f5d6" + move), browser.getCurrentUrl());
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void axeFindsNothingSeriousAtThreeWidths() throws Exception {
        String axe;
        try (InputStream in = PageLayoutAndAccessibilityTest.class.getResourceAsStream("/axe.min.js")) {
            assertTrue(in != null, "axe.min.js (com.deque.html.axe-core:selenium) on the test class path");
            axe = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Engine db = db();
        try (WebServer s = WebServer.start(TestBase.frontOf(db), "127.0.0.1", 0, 10_000)) {
            for (int width : WIDTHS) {
                browser.manage().window().setSize(new Dimension(width, 1000));
                load(s.port(), "f5d6c3");
                js(axe);
                browser.manage().timeouts().scriptTimeout(Duration.ofSeconds(60));
                Map<String, Object> result = (Map<String, Object>) ((JavascriptExecutor) browser).executeAsyncScript("""
                        const done = arguments[arguments.length - 1];
                        axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } })
                          .then(r => done({ passes: r.passes.length, violations: r.violations.map(v => ({ id: v.id, impact: v.impact,
                                 help: v.help, nodes: v.nodes.length, where: v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ') })) }))
                          .catch(e => done({ passes: 0, violations: [{ id: 'axe failed', impact: 'critical', help: String(e), nodes: 0, where: '' }] }));""");
                // axe ran its rules: contrast, labels, names, landmarks… pass or fail, each is counted
                assertTrue(((Number) result.get("passes")).intValue() >= 10, "axe checked too little: " + result);
                List<Map<String, Object>> violations = (List<Map<String, Object>>) result.get("violations");
                List<String> serious = new ArrayList<>();
                for (Map<String, Object> v : violations) {
                    String said = v.get("impact") + " " + v.get("id") + ": " + v.get("help") + " (" + v.get("nodes") + " at " + v.get("where") + ")";
                    System.out.println("axe at " + width + " px: " + said);
                    if ("serious".equals(v.get("impact")) || "critical".equals(v.get("impact"))) {
                        serious.add(said);
                    }
                }
                assertEquals(List.of(), serious, "axe-core's serious and critical violations at " + width + " px");
            }
        }
    }
}
