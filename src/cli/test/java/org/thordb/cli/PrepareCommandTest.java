package org.thordb.cli;

import org.thordb.usecase.Games;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.testing.TestBase;

/**
 * {@code thordb prepare} in its three formats, on the library's front: the Markdown's title, the
 * HTML page with the years drawn in it, the JSON's opponent and colour, each as the player's games
 * say (the most frequent player of the sample, by a count of the query language), and a refused
 * colour and format.
 */
class PrepareCommandTest {
    @TempDir
    Path tmp;

    @Test
    void thePreparationIsWrittenInEachFormat() throws Exception {
        TestBase base = TestBase.sample();
        String store = base.db().path().toString();
        String player = base.player();
        assertTrue(Games.count(base.db(), "player = \"" + player + "\" and black = \"" + player + "\"") > 0, player);

        CommandsTest.Run md = CommandsTest.run("prepare", "--db", store, "--against", player, "--as", "white",
                "--min-games", "1", "--plies", "4", "--valued", "0");
        assertEquals(0, md.status(), md.err());
        assertTrue(md.out().startsWith("# Preparation against " + player + " (you play white)"), md.out());

        Path page = tmp.resolve("prep.html");
        CommandsTest.Run html = CommandsTest.run("prepare", "--db", store, "--against", player, "--as", "white",
                "--min-games", "1", "--plies", "4", "--valued", "0", "--format", "html", "--out", page.toString());
        assertEquals(0, html.status(), html.err());
        String text = Files.readString(page);
        assertTrue(text.contains("<html") && text.contains("<svg"), "one page, the years drawn in it");

        CommandsTest.Run json = CommandsTest.run("prepare", "--db", store, "--against", player, "--as", "black",
                "--min-games", "1", "--plies", "4", "--valued", "0", "--format", "json");
        assertEquals(0, json.status(), json.err());
        JsonNode o = new ObjectMapper().readTree(json.out());
        assertEquals(player, o.get("opponent").asText(), json.out());
        assertEquals("black", o.get("colour").asText(), json.out());

        CommandsTest.Run colour = CommandsTest.run("prepare", "--db", store, "--against", player, "--as", "red");
        assertEquals(2, colour.status());
        assertTrue(colour.err().contains("--as is black or white, not 'red'"), colour.err());
        CommandsTest.Run plies = CommandsTest.run("prepare", "--db", store, "--against", player, "--as", "black",
                "--plies", "99");
        assertEquals(2, plies.status());
        assertTrue(plies.err().contains("1 to 30 moves deep"), plies.err());
    }
}
