package org.thordb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.sample.SampleBase;
import org.thordb.testing.PlainScan;

/**
 * {@code thordb dump} through the library's front: every game of a file, its names from the names
 * file beside it (checked against the files read on their own), and a name holding an escape
 * character shown as {@code ?} in the table, kept (escaped) in the JSON lines.
 */
class DumpCommandTest {
    @TempDir
    Path tmp;

    @Test
    void everyGameIsDumpedWithItsNamesAndAnEscapeIsNeverRun() throws Exception {
        Path files = tmp.resolve("files");
        SampleBase.write(files, "CLUB", 2001, 1, 25, 3L);
        Path jou = files.resolve("CLUB.JOU");
        byte[] names = Files.readAllBytes(jou);
        names[16] = 0x1b; // the first player's name begins with ESC
        Files.write(jou, names);
        List<PlainScan.Game> games = new PlainScan(files).games();
        Path wtb = files.resolve("CLUB_2001.wtb");

        CommandsTest.Run json = CommandsTest.run("dump", "--format", "jsonl", wtb.toString());
        assertEquals(0, json.status(), json.err());
        List<String> lines = json.out().lines().toList();
        assertEquals(games.size() + 1, lines.size(), "the header, then a line a game");
        ObjectMapper m = new ObjectMapper();
        assertEquals(games.size(), m.readTree(lines.get(0)).get("records").asInt());
        boolean escaped = false;
        for (int i = 0; i < games.size(); i++) {
            JsonNode g = m.readTree(lines.get(i + 1));
            assertEquals(games.get(i).black(), g.get("black").asText(), "game " + i);
            assertEquals(games.get(i).white(), g.get("white").asText(), "game " + i);
            assertEquals(games.get(i).game().blackScore(), g.get("score").asInt(), "game " + i);
            escaped |= g.get("black").asText().startsWith("\u001b") || g.get("white").asText().startsWith("\u001b");
        }
        assertTrue(escaped, "the JSON keeps the name as the file spells it (escaped)");
        assertFalse(json.out().contains("\u001b"), "JSON escapes the control character");

        CommandsTest.Run table = CommandsTest.run("dump", wtb.toString());
        assertEquals(0, table.status(), table.err());
        assertFalse(table.out().contains("\u001b"), "the table never prints the escape");
        assertEquals(games.size() + 2, table.out().lines().count(), "the file's line, the header, a line a game");
        String hostile = games.stream().flatMap(g -> java.util.stream.Stream.of(g.black(), g.white()))
                .filter(n -> n.startsWith("\u001b")).findFirst().orElseThrow();
        String shown = "?" + hostile.substring(1);
        assertTrue(table.out().contains(shown.length() > 19 ? shown.substring(0, 18) : shown), "shown as " + shown + ":\n" + table.out());

        CommandsTest.Run missing = CommandsTest.run("dump", tmp.resolve("none.wtb").toString(), wtb.toString());
        assertEquals(1, missing.status(), "a file that cannot be read: status 1, the others dumped");
        assertTrue(missing.err().startsWith("thordb: "), missing.err());
        assertEquals(games.size() + 2, missing.out().lines().count());
    }
}
