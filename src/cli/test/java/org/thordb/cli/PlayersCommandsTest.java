package org.thordb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.sample.SampleBase;
import org.thordb.testing.PlainScan;
import org.thordb.wthor.NameList;

/** {@code thordb players import}, {@code thordb players}, {@code info --players} and the registry's fields, through the command line. */
class PlayersCommandsTest {
    @TempDir
    Path dir;

    @Test
    void aRegistryIsImportedListedAndQueried() throws Exception {
        Path files = dir.resolve("files");
        SampleBase.write(files, "CLUB", 2001, 2, 80, 3L);
        String store = dir.resolve("db").toString();
        assertEquals(0, CommandsTest.run("import", "--no-progress", "--db", store, files.toString()).status());
        String first = NameList.read(files.resolve("CLUB.JOU")).name(0);
        Path csv = Files.writeString(dir.resolve("players.csv"), "name,aliases,country,born\n" + first + ",The First,NED,1971-05-02\n"
                + "Nobody,,NED,\n", StandardCharsets.UTF_8);
        CommandsTest.Run imp = CommandsTest.run("players", "import", "--db", store, csv.toString());
        assertEquals(1, imp.status(), "a line left out: exit 1");
        assertEquals("1 players recorded in the registry of base CLUB, 1 aliases added, 1 lines left out", imp.out().strip());
        assertTrue(imp.err().contains(csv + ": line 3: left out: no player of base CLUB is named \"Nobody\""), imp.err());

        PlainScan scan = new PlainScan(files);
        long games = scan.count(g -> g.black().equals(first) || g.white().equals(first));
        assertEquals(String.valueOf(games), CommandsTest.run("count", "--db", store, "country = NED").out().strip());
        assertEquals(String.valueOf(games), CommandsTest.run("count", "--db", store, "player = \"The First\"").out().strip());
        assertEquals("0", CommandsTest.run("count", "--db", store, "born > 1971").out().strip());
        CommandsTest.Run bad = CommandsTest.run("count", "--db", store, "country(red) = NED");
        assertEquals(2, bad.status());
        assertTrue(bad.err().contains("country takes black or white"), bad.err());

        CommandsTest.Run table = CommandsTest.run("players", "--db", store, "--where", "country = NED", "--sort", "name");
        assertEquals(0, table.status(), table.err());
        String row = table.lines().stream().filter(l -> l.startsWith(first)).findFirst().orElseThrow();
        assertTrue(row.contains(" NED ") && row.contains("1971-05-02") && row.endsWith("The First"), row);
        assertTrue(row.contains(String.format("%6d", games)), row);
        CommandsTest.Run jsonl = CommandsTest.run("players", "--db", store, "--format", "jsonl", "--limit", "1");
        JsonNode top = new ObjectMapper().readTree(jsonl.out().lines().findFirst().orElseThrow());
        assertTrue(top.get("games").asLong() > 0);
        assertEquals(1, jsonl.out().lines().count());
        assertEquals(2, CommandsTest.run("players", "--db", store, "--sort", "age").status());

        CommandsTest.Run info = CommandsTest.run("info", "--db", store, "--players");
        assertTrue(info.out().contains("  0 players renamed") && info.out().contains("registry: 1 players"), info.out());
    }
}
