package org.thordb.web;

import org.thordb.usecase.Games;
import org.thordb.usecase.Players;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.thordb.engine.Engine;
import org.thordb.othello.Side;
import org.thordb.testing.RealStore;
import org.thordb.testing.SharedData;
import org.thordb.testing.TestBase;
import org.thordb.usecase.PlayerReport;
import org.thordb.usecase.Preparation;

/**
 * A player's report and the preparation against them on the page, in headless Chromium: the
 * report's figures are the use case's, its drawing loads, a figure opens its games in the game
 * list, the preparation's tree is drawn, axe-core finds nothing serious; and the preparation's
 * HTML file opens offline, from the disk, with its drawing. Screenshots go to
 * {@code target/screenshots/player-*.png}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@org.thordb.testing.FullTier
class PlayerPageTest {
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

    /** The FFO base when it is there, else the generated one. */
    private static Engine db() {
        if (SharedData.hasWthor()) {
            return RealStore.db();
        }
        System.out.println("PlayerPageTest: ../shared/data/wthor not found: on the generated base");
        return TestBase.sample().db();
    }

    private WebDriverWait waiting() {
        WebDriverWait w = new WebDriverWait(browser, Duration.ofSeconds(120));
        w.ignoring(org.openqa.selenium.StaleElementReferenceException.class);
        return w;
    }

    private void screenshot(String name) throws Exception {
        Path to = Path.of("target", "screenshots", name);
        Files.createDirectories(to.getParent());
        Files.write(to, ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
    }

    @Test
    void aReportAndAPreparationOnThePage() throws Exception {
        Engine db = db();
        String name = Players.of(db, "", "games").get(0).name();
        PlayerReport.Report want = PlayerReport.of(db, name, PlayerReport.Settings.DEFAULT);
        try (WebServer s = WebServer.start(TestBase.frontOf(db), "127.0.0.1", 0, 120_000)) {
            browser.manage().window().setSize(new Dimension(1280, 1000));
            browser.get("http://127.0.0.1:" + s.port() + "/");
            browser.findElement(By.id("player-name")).sendKeys(name);
            new org.openqa.selenium.support.ui.Select(browser.findElement(By.id("prepare-as"))).selectByValue("black");
            browser.findElement(By.cssSelector("#player-form button")).click();
            waiting().until(d -> !d.findElements(By.cssSelector("#prepare-tree li")).isEmpty());
            assertTrue(browser.getCurrentUrl().contains("player=") && browser.getCurrentUrl().contains("prepare=black"),
                    "the report's address: " + browser.getCurrentUrl());
            String heading = browser.findElement(By.cssSelector("#report h3")).getText();
            assertTrue(heading.startsWith(want.player()), heading);
            // the results table: the use case's figures
            List<WebElement> first = browser.findElements(By.xpath("//div[@id='report']//table[1]//tr[td[1][.='every game']]/td"));
            assertEquals(List.of(String.valueOf(want.all().games()), String.valueOf(want.all().wins()),
                    String.valueOf(want.all().draws()), String.valueOf(want.all().losses())),
                    first.subList(1, 5).stream().map(WebElement::getText).toList());
            // the drawing loaded (an image the page's policy allows)
            waiting().until(d -> (Boolean) ((JavascriptExecutor) d).executeScript(
                    "const i = document.querySelector('#report img.years-plot'); return i.complete && i.naturalWidth > 0;"));
            // a year per row, each with the rating computed here
            assertEquals(want.years().size(), browser.findElements(By.xpath("//table[caption[starts-with(., 'By year')]]//tr[td]")).size());
            // the tree: the start's games are the opponent's games as White (the user plays Black)
            Preparation.Tree tree = Preparation.of(db, name, Side.BLACK, Preparation.Settings.DEFAULT);
            String root = browser.findElement(By.cssSelector("#prepare-tree > li > a")).getText();
            assertEquals(games(tree.root().games()), root);
            assertEquals(count(tree.root()), browser.findElements(By.cssSelector("#prepare-tree li")).size(), "every node drawn");
            scrollTo("player-heading");
            screenshot("player-1280.png");
            scrollTo("prepare");
            screenshot("player-prepare-1280.png");
            // axe on the page with the report and the tree
            axe();
            // a figure opens its games: as White, in the game list with that filter
            WebElement asWhite = browser.findElement(By.xpath("//div[@id='report']//table[1]//tr[td[1][.='as White']]//td[2]/a"));
            asWhite.click();
            waiting().until(d -> d.findElement(By.id("filter")).getAttribute("value").equals(want.white().query()));
            waitForText("total", "(" + games(want.white().games()) + ")");
            assertTrue(browser.getCurrentUrl().contains("q="), browser.getCurrentUrl());
            screenshot("player-games-1280.png");
            // the base's games of a line: its expected score opens them
            browser.navigate().back();
            waiting().until(d -> !d.findElements(By.xpath("//table[caption[starts-with(., 'Most frequent lines as Black')]]//tr[td]")).isEmpty());
            PlayerReport.Line line = want.blackLines().get(0);
            browser.findElement(By.xpath("//table[caption[starts-with(., 'Most frequent lines as Black')]]//tr[td][1]/td[5]/a")).click();
            waiting().until(d -> d.findElement(By.id("filter")).getAttribute("value").equals("opening = " + line.line()));
            waitForText("total", "(" + games(Games.count(db, "opening = " + line.line())) + ")");
            browser.navigate().back();
            browser.manage().window().setSize(new Dimension(800, 1000));
            browser.findElement(By.cssSelector("#player-form button")).click();
            waiting().until(d -> !d.findElements(By.cssSelector("#report table")).isEmpty());
            scrollTo("player-heading");
            screenshot("player-800.png");
            // at 800 px no table of the report runs past the page's side
            Object past = ((JavascriptExecutor) browser).executeScript("""
                    const side = document.getElementById('explorer-side').getBoundingClientRect().right;
                    return [...document.querySelectorAll('#report table')].filter(t => t.getBoundingClientRect().right > side + 1)
                      .map(t => t.querySelector('caption').textContent);""");
            assertEquals(List.of(), past, "tables past the side at 800 px");
            // the report has an address of its own: opened from it, the page draws it and its tree
            browser.manage().window().setSize(new Dimension(1280, 1000));
            browser.get("http://127.0.0.1:" + s.port() + "/?player="
                    + java.net.URLEncoder.encode(name, StandardCharsets.UTF_8) + "&prepare=black");
            waiting().until(d -> !d.findElements(By.cssSelector("#prepare-tree li")).isEmpty());
            assertTrue(browser.findElement(By.cssSelector("#report h3")).getText().startsWith(want.player()));
            assertEquals(name, browser.findElement(By.id("player-name")).getAttribute("value"));
        }
    }

    /** A count of games as the page says it: "1 game", "2 games". */
    private static String games(long n) {
        return n + (n == 1 ? " game" : " games");
    }

    /** Waits for an element's text; on a timeout, says the text it had. */
    private void waitForText(String id, String want) {
        try {
            waiting().until(d -> d.findElement(By.id(id)).getText().equals(want));
        } catch (org.openqa.selenium.TimeoutException e) {
            assertEquals(want, browser.findElement(By.id(id)).getText(), "#" + id + " at " + browser.getCurrentUrl());
        }
    }

    private void scrollTo(String id) {
        ((JavascriptExecutor) browser).executeScript("document.getElementById(arguments[0]).scrollIntoView();", id);
    }

    private static int count(Preparation.Node n) {
        int c = 1;
        for (Preparation.Node k : n.children()) {
            c += count(k);
        }
        return c;
    }

    @SuppressWarnings("unchecked")
    private void axe() throws Exception {
        String axe;
        try (InputStream in = PlayerPageTest.class.getResourceAsStream("/axe.min.js")) {
            assertTrue(in != null, "axe.min.js on the test class path");
            axe = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        ((JavascriptExecutor) browser).executeScript(axe);
        browser.manage().timeouts().scriptTimeout(Duration.ofSeconds(90));
        Map<String, Object> result = (Map<String, Object>) ((JavascriptExecutor) browser).executeAsyncScript("""
                const done = arguments[arguments.length - 1];
                axe.run(document.getElementById('explorer-side'), { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
                  .then(r => done({ passes: r.passes.length, violations: r.violations.map(v => ({ id: v.id, impact: v.impact,
                         help: v.help, where: v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ') })) }))
                  .catch(e => done({ passes: 0, violations: [{ id: 'axe failed', impact: 'critical', help: String(e), where: '' }] }));""");
        assertTrue(((Number) result.get("passes")).intValue() >= 5, "axe checked too little: " + result);
        List<String> serious = new ArrayList<>();
        for (Map<String, Object> v : (List<Map<String, Object>>) result.get("violations")) {
            String said = v.get("impact") + " " + v.get("id") + ": " + v.get("help") + " (" + v.get("where") + ")";
            System.out.println("axe on the report: " + said);
            if ("serious".equals(v.get("impact")) || "critical".equals(v.get("impact"))) {
                serious.add(said);
            }
        }
        assertEquals(List.of(), serious);
    }

    @Test
    void thePreparationsHtmlFileOpensOfflineWithItsDrawing() throws Exception {
        Engine db = db();
        String name = Players.of(db, "", "games").get(0).name();
        Preparation.Tree tree = Preparation.of(db, name, Side.WHITE, new Preparation.Settings(5, 8, 2));
        String html = Preparation.html(tree, PlayerReport.of(db, name, new PlayerReport.Settings(8, 0, 0, 0)));
        // nothing outside the file: no script, no stylesheet or image to fetch
        assertFalse(html.matches("(?s).*(<script|<link|src=|href=|@import|url\\().*"), "a file that needs nothing else");
        Path file = Path.of("target", "screenshots", "preparation.html").toAbsolutePath();
        Files.createDirectories(file.getParent());
        Files.writeString(file, html, StandardCharsets.UTF_8);
        browser.manage().window().setSize(new Dimension(1280, 1000));
        browser.get(file.toUri().toString());
        assertEquals("Preparation against " + tree.opponent(), browser.findElement(By.tagName("h1")).getText());
        WebElement svg = browser.findElement(By.cssSelector("svg.years-plot"));
        assertTrue(svg.getSize().getWidth() > 300, "the drawing is drawn: " + svg.getSize());
        assertEquals(count(tree.root()), browser.findElements(By.xpath("(//body/ul)[last()]//li")).size());
        screenshot("preparation-html-1280.png");
    }
}
