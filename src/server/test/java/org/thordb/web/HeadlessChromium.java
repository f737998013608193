package org.thordb.web;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's headless Chromium driven by Selenium, for the page's tests; a test is skipped, and says
 * so, where chromium and chromium-driver are not installed ({@code .ci/run} installs them).
 *
 * <p>Usage: {@code WebDriver browser = HeadlessChromium.start(1280, 1000);}
 */
final class HeadlessChromium {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path DRIVER = Path.of("/usr/bin/chromedriver");

    private HeadlessChromium() {
    }

    /** A browser with a window of this size; the caller quits it. */
    static WebDriver start(int width, int height) {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(DRIVER),
                "chromium and chromium-driver are not installed: the browser tests are skipped"
                        + " (apt-get install chromium chromium-driver)");
        ChromeOptions o = new ChromeOptions();
        o.setBinary(CHROMIUM.toFile());
        o.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=" + width + "," + height);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile()).build();
        return new ChromeDriver(service, o);
    }
}
