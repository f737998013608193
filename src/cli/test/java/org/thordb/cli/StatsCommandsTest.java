package org.thordb.cli;

import org.thordb.usecase.Stats;
import org.thordb.engine.Engine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.thordb.sample.SampleBase;
import org.thordb.stats.GroupStats;

/** thordb stats and the REPL's :stats, on a generated base; the figures themselves are checked in BoardAndStatsContract. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StatsCommandsTest {
    private Path db;
    private List<GroupStats> years;
    private String player;

    @BeforeAll
    void store() throws Exception {
        Path dir = Files.createTempDirectory("thordb-stats");
        SampleBase.write(dir.resolve("files"), "CLUB", 2010, 3, 300, 12L);
        db = dir.resolve("db");
        assertEquals(0, CommandsTest.run("import", "--no-progress", "--db", db.toString(), dir.resolve("files").toString())
                .status());
        try (Engine d = Engine.openReadOnly(db)) {
            years = Stats.groups(d, "year", "");
            player = Stats.groups(d, "player", "").get(0).group();
        }
    }

    @Test
    void everyFormatSaysTheSameFigures() throws Exception {
        CommandsTest.Run table = CommandsTest.run("stats", "--db", db.toString(), "--by", "year");
        assertEquals(0, table.status(), table.err());
        assertTrue(table.out().startsWith("games by year of every game, from Black's side\n"), table.out());
        assertTrue(table.out().contains("3 groups"), table.out());
        CommandsTest.Run jsonl = CommandsTest.run("stats", "--db", db.toString(), "--by", "year", "--format", "jsonl");
        List<String> lines = jsonl.out().lines().toList();
        assertEquals(3, lines.size());
        JsonNode first = new ObjectMapper().readTree(lines.get(0));
        assertEquals(List.of("group", "games", "wins", "draws", "losses", "score_pct", "avg_diff", "avg_theoretical",
                "theoretical_games", "first_year", "last_year"), iterate(first));
        assertEquals(years.get(0).theoreticalGames(), first.get("theoretical_games").asLong());
        assertEquals("2010", first.get("group").asText());
        assertEquals(years.get(0).games(), first.get("games").asLong());
        assertEquals(years.get(0).wins(), first.get("wins").asLong());
        CommandsTest.Run csv = CommandsTest.run("stats", "--db", db.toString(), "--by", "year", "--format", "csv");
        assertEquals("group,games,wins,draws,losses,score_pct,avg_diff,avg_theoretical,theoretical_games,first_year,last_year",
                csv.out().lines().findFirst().orElseThrow());
        assertEquals(4, csv.out().lines().count());
        CommandsTest.Run json = CommandsTest.run("stats", "--db", db.toString(), "--by", "opponent", "--where",
                "player = \"" + player + "\"", "--format", "json", "--sort", "score", "--limit", "3");
        JsonNode a = new ObjectMapper().readTree(json.out());
        assertTrue(a.isArray() && a.size() == 3, json.out());
        assertTrue(a.get(0).get("score_pct").asDouble() >= a.get(1).get("score_pct").asDouble());
    }

    private static List<String> iterate(JsonNode n) {
        List<String> out = new java.util.ArrayList<>();
        n.fieldNames().forEachRemaining(out::add);
        return out;
    }

    @Test
    void mistakesAreOneLineEach() {
        CommandsTest.Run by = CommandsTest.run("stats", "--db", db.toString(), "--by", "colour");
        assertEquals(2, by.status());
        assertTrue(by.err().startsWith("thordb: unknown grouping 'colour': player, black, white, opponent"), by.err());
        CommandsTest.Run opp = CommandsTest.run("stats", "--db", db.toString(), "--by", "opponent");
        assertEquals(2, opp.status());
        assertTrue(opp.err().contains("name the player in --where"), opp.err());
        CommandsTest.Run sort = CommandsTest.run("stats", "--db", db.toString(), "--by", "year", "--sort", "age");
        assertTrue(sort.err().contains("unknown sort key 'age'"), sort.err());
        assertTrue(sort.out().isEmpty());
        CommandsTest.Run depth = CommandsTest.run("stats", "--db", db.toString(), "--by", "opening0");
        assertTrue(depth.err().contains("openings are grouped by 1 to 20 moves"), depth.err());
    }
}
