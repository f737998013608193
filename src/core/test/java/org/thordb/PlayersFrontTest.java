package org.thordb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.sample.SampleBase;
import org.thordb.testing.PlainScan;

/**
 * What the command line's {@code players} asks of the library's front: the players listed with
 * their games (counted against the files read on their own), two names said to be one player and
 * taken back, the aliases, and a registry imported.
 */
class PlayersFrontTest {
    @TempDir
    Path tmp;

    @Test
    void playersAreCountedJoinedTakenBackAndRegistered() throws Exception {
        Path files = tmp.resolve("files");
        SampleBase.write(files, "CLUB", 2001, 2, 40, 13L);
        Map<String, Integer> games = new HashMap<>();
        for (PlainScan.Game g : new PlainScan(files).games()) {
            games.merge(g.black(), 1, Integer::sum);
            if (!g.white().equals(g.black())) {
                games.merge(g.white(), 1, Integer::sum);
            }
        }
        try (ThorDb db = ThorDb.open(tmp.resolve("db"))) {
            assertTrue(db.importFiles(List.of(files)).clean());
            ObjectMapper m = new ObjectMapper();
            JsonAnswers.Document d = db.json().playersDocument(Query.ALL, "games", 0, 0, "jsonl");
            List<JsonNode> rows = new ArrayList<>();
            for (String l : d.text().lines().toList()) {
                rows.add(m.readTree(l));
            }
            assertEquals(games.size(), rows.size());
            for (JsonNode r : rows) {
                assertEquals((int) games.get(r.get("player").asText()), r.get("games").asInt(), r.toString());
            }
            assertTrue(rows.get(0).get("games").asInt() >= rows.get(rows.size() - 1).get("games").asInt(), "most games first");

            String a = rows.get(0).get("player").asText();
            String b = rows.get(1).get("player").asText();
            long both = db.count(Query.parse("player = \"" + a + "\" or player = \"" + b + "\""));
            assertFalse(db.samePlayer(a, b));
            db.sayPlayers(a, b, true);
            assertTrue(db.samePlayer(a, b));
            assertEquals(both, db.count("player = \"" + b + "\""), "either name finds every game of the one player");
            assertTrue(db.aliases().stream().anyMatch(x -> x.rule().equals("user")), db.aliases().toString());
            assertTrue(db.json().aliasesCsv().startsWith("name,alias,base,rule,years"), db.json().aliasesCsv());
            assertEquals(rows.size() - 1, db.json().playersDocument(Query.ALL, "games", 0, 0, "jsonl").text().lines().count());
            assertTrue(db.unsayPlayers(a, b));
            assertFalse(db.unsayPlayers(a, b), "nothing said any more");
            assertFalse(db.samePlayer(a, b));

            Path csv = Files.writeString(tmp.resolve("players.csv"), "name,aliases,country,born\n" + a + ",,FRA,1962\nNobody Here,,JPN,\n");
            List<String> said = new ArrayList<>();
            RegistryImported r = db.importPlayers(csv, "CLUB", said::add);
            assertEquals(1, r.players());
            assertEquals(1, r.leftOut());
            assertTrue(said.stream().anyMatch(l -> l.contains("line 3: left out") && l.contains("Nobody Here")), said.toString());
            JsonNode first = m.readTree(db.json().playersDocument(Query.parse("player = \"" + a + "\""), "games", 0, 1, "jsonl")
                    .text().lines().findFirst().orElseThrow());
            assertEquals("FRA", first.get("country").asText());

            assertEquals(ErrorCode.BAD_ARGUMENT, assertThrows(ThorDbException.class,
                    () -> db.json().playersDocument(Query.ALL, "elo", 0, 0, "table")).code());
            assertEquals(ErrorCode.BAD_ARGUMENT, assertThrows(ThorDbException.class,
                    () -> db.json().playersDocument(Query.ALL, "games", 2001, 0, "table")).code());
        }
    }
}
