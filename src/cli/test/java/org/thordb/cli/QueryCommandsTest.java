package org.thordb.cli;

import org.thordb.usecase.Games;
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

/** query, count, explain, export and demo from the command line, on a generated base. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class QueryCommandsTest {
    private Path dir;
    private Path db;

    @BeforeAll
    void base() throws Exception {
        dir = Files.createTempDirectory("thordb-cli");
        Path sample = dir.resolve("sample");
        SampleBase.write(sample, "SAMPLE", 2000, 3, 400, 11L);
        db = dir.resolve("db");
        CommandsTest.Run r = CommandsTest.run("import", "--no-progress", "--db", db.toString(), sample.toString());
        assertEquals(0, r.status(), r.err());
    }

    @Test
    void countPrintsTheNumberAloneOnItsLastLine() {
        CommandsTest.Run r = CommandsTest.run("count", "--db", db.toString(), "year", "=", "2001");
        assertEquals(0, r.status());
        assertEquals("400", r.lines().get(r.lines().size() - 1));
    }

    @Test
    void queryFormatsLimitAndSort() throws Exception {
        CommandsTest.Run r = CommandsTest.run("query", "--db", db.toString(), "--format", "jsonl", "--limit", "5",
                "--sort", "-score,year", "year >= 2000");
        assertEquals(0, r.status(), r.err());
        List<String> lines = r.lines();
        assertEquals(5, lines.size());
        int previous = Integer.MAX_VALUE;
        for (String l : lines) {
            JsonNode n = new ObjectMapper().readTree(l);
            for (String field : List.of("base", "year", "record", "black", "white", "tournament", "score", "theoretical",
                    "moves")) {
                assertTrue(n.has(field), field + " in " + l);
            }
            assertTrue(n.get("score").asInt() <= previous);
            previous = n.get("score").asInt();
        }
        // the order against every game of the query sorted here: score down, then year, then Black's
        // name (any case), then id
        CommandsTest.Run all = CommandsTest.run("query", "--db", db.toString(), "--format", "jsonl", "year >= 2000");
        List<JsonNode> games = new java.util.ArrayList<>();
        for (String l : all.lines()) {
            games.add(new ObjectMapper().readTree(l));
        }
        games.sort(java.util.Comparator.<JsonNode>comparingInt(n -> -n.get("score").asInt())
                .thenComparingInt(n -> n.get("year").asInt())
                .thenComparing(n -> n.get("black").asText().toLowerCase(java.util.Locale.ROOT))
                .thenComparingInt(n -> n.get("id").asInt()));
        CommandsTest.Run sorted = CommandsTest.run("query", "--db", db.toString(), "--format", "jsonl", "--limit", "40",
                "--sort", "-score,year,black", "year >= 2000");
        assertEquals(0, sorted.status(), sorted.err());
        List<Integer> want = games.stream().limit(40).map(n -> n.get("id").asInt()).toList();
        List<Integer> got = new java.util.ArrayList<>();
        for (String l : sorted.lines()) {
            got.add(new ObjectMapper().readTree(l).get("id").asInt());
        }
        assertEquals(want, got);
        CommandsTest.Run every = CommandsTest.run("query", "--db", db.toString(), "--format", "jsonl", "--sort", "-score,year,black",
                "year >= 2000");
        assertEquals(games.size(), every.lines().size(), "without a limit, every game, in order");
        assertEquals(games.get(games.size() - 1).get("id").asInt(),
                new ObjectMapper().readTree(every.lines().get(every.lines().size() - 1)).get("id").asInt());
        CommandsTest.Run csv = CommandsTest.run("query", "--db", db.toString(), "--format", "csv", "result = draw");
        assertTrue(csv.lines().get(0).startsWith("base,year,record,black,white,tournament,score,theoretical,theoretical_depth,moves"));
        CommandsTest.Run count = CommandsTest.run("count", "--db", db.toString(), "result = draw");
        assertEquals(Long.parseLong(count.lines().get(0)) + 1, csv.lines().size());
        CommandsTest.Run table = CommandsTest.run("query", "--db", db.toString(), "--limit", "3", "year = 2002");
        assertTrue(table.lines().get(table.lines().size() - 1).equals("400 games, 3 shown"), table.out());
        CommandsTest.Run bad = CommandsTest.run("query", "--db", db.toString(), "year = ");
        assertEquals(2, bad.status());
        assertTrue(bad.err().startsWith("thordb: query error at line 1, column 8"), bad.err());
    }

    @Test
    void batchAnswersOneLineAQueryFromOneOpenStore() throws Exception {
        Path batch = dir.resolve("batch.thq");
        Files.writeString(batch, "year = 2000\n-- a comment\n\nresult = draw\nyear = \nopening = f5d6\n");
        CommandsTest.Run r = CommandsTest.run("query", "--db", db.toString(), "--batch", batch.toString());
        assertEquals(1, r.status(), "one query had an error");
        List<String> lines = r.lines();
        assertEquals(4, lines.size(), r.out());
        assertEquals("400", lines.get(0));
        assertEquals(CommandsTest.run("count", "--db", db.toString(), "result = draw").lines().get(0), lines.get(1));
        assertTrue(lines.get(2).startsWith("error: query error at line 1, column 7"), lines.get(2));
        assertEquals(CommandsTest.run("count", "--db", db.toString(), "opening = f5d6").lines().get(0), lines.get(3));
        CommandsTest.Run j = CommandsTest.run("query", "--db", db.toString(), "--batch", batch.toString(), "--format",
                "jsonl", "--limit", "2");
        List<String> jl = j.lines();
        JsonNode first = new ObjectMapper().readTree(jl.get(0));
        assertEquals("year = 2000", first.get("query").asText());
        assertEquals(400, first.get("count").asInt());
        assertEquals(2000, new ObjectMapper().readTree(jl.get(1)).get("year").asInt());
        assertTrue(jl.stream().anyMatch(l -> l.contains("\"error\"")));
    }

    @Test
    void aBatchOfPositionsIsAnsweredInItsOrderAsTheBitmapsCountThem() throws Exception {
        // counts are answered on every core and without building bitmaps: the order and the
        // numbers must still be those of one query after another through the bitmaps
        java.util.Random rnd = new java.util.Random(3);
        List<int[]> games = new java.util.ArrayList<>();
        try (org.thordb.wthor.WthorReader r = org.thordb.wthor.WthorReader.open(dir.resolve("sample/SAMPLE_2001.wtb"))) {
            r.games().forEach(g -> games.add(g.squares()));
        }
        List<String> queries = new java.util.ArrayList<>();
        for (int i = 0; i < 300; i++) {
            int[] g = games.get(rnd.nextInt(games.size()));
            queries.add("position = " + org.thordb.othello.Notation.line(java.util.Arrays.copyOf(g, 1 + rnd.nextInt(g.length))));
        }
        Path batch = dir.resolve("positions.thq");
        Files.write(batch, queries);
        CommandsTest.Run r = CommandsTest.run("query", "--db", db.toString(), "--batch", batch.toString());
        assertEquals(0, r.status(), r.err());
        List<String> lines = r.lines();
        assertEquals(300, lines.size());
        try (org.thordb.engine.Engine t = org.thordb.engine.Engine.openReadOnly(db)) {
            for (int i = 0; i < 300; i++) {
                assertEquals(Long.toString(Games.select(t, queries.get(i)).getLongCardinality()), lines.get(i), queries.get(i));
                assertTrue(Long.parseLong(lines.get(i)) >= 1, "the game it was taken from reaches it: " + queries.get(i));
            }
        }
    }

    @Test
    void exportWritesTheFormatsAskedFor() throws Exception {
        Path out = dir.resolve("export");
        CommandsTest.Run r = CommandsTest.run("export", "--db", db.toString(), "--out", out.toString(), "year", "=", "2001");
        assertEquals(0, r.status(), r.err());
        assertTrue(Files.exists(out.resolve("SAMPLE_2001.wtb")));
        assertTrue(Files.exists(out.resolve("SAMPLE.JOU")));
        CommandsTest.Run again = CommandsTest.run("export", "--db", db.toString(), "--out", out.toString(), "year = 2001");
        assertEquals(2, again.status());
        assertTrue(again.err().contains("exists; --force replaces it"), again.err());
        CommandsTest.Run bad = CommandsTest.run("export", "--db", db.toString(), "--out", out.toString(), "--format", "xml");
        assertTrue(bad.err().contains("unknown format 'xml'"), bad.err());
    }

    @Test
    void exploreShowsTheNextMovesAsATableOrJson() throws Exception {
        CommandsTest.Run t = CommandsTest.run("explore", "--db", db.toString(), "--moves", "f5");
        assertEquals(0, t.status(), t.err());
        assertTrue(t.out().contains("games reach this position"), t.out());
        CommandsTest.Run j = CommandsTest.run("explore", "--db", db.toString(), "--board",
                "---------------------------OX------XO--------------------------- X", "--where", "year = 2001",
                "--format", "json");
        JsonNode n = new ObjectMapper().readTree(j.out());
        assertEquals(400, n.get("total").asInt());
        long sum = n.get("endsHere").get("games").asLong();
        for (JsonNode m : n.get("moves")) {
            sum += m.get("games").asLong();
        }
        assertEquals(400, sum);
        assertEquals("f5", n.get("moves").get(0).get("move").asText(), "the four first moves are one, shown as f5");
        CommandsTest.Run both = CommandsTest.run("explore", "--db", db.toString(), "--moves", "f5", "--board", "x");
        assertEquals(2, both.status());
        CommandsTest.Run illegal = CommandsTest.run("explore", "--db", db.toString(), "--moves", "f5f5");
        assertTrue(illegal.err().contains("the line f5f5 is not legal"), illegal.err());
    }

    @Test
    void exploreTakesTheLineAsPlainWordsAndShowsItsLegend() {
        CommandsTest.Run byOption = CommandsTest.run("explore", "--db", db.toString(), "--moves", "f5d6c3");
        CommandsTest.Run plain = CommandsTest.run("explore", "--db", db.toString(), "f5d6c3");
        CommandsTest.Run spaced = CommandsTest.run("explore", "--db", db.toString(), "f5", "d6", "c3");
        assertEquals(0, plain.status(), plain.err());
        assertEquals(byOption.out(), plain.out());
        assertEquals(byOption.out(), spaced.out());
        assertTrue(plain.out().contains("1-9 the moves played, most played first (a move the board's symmetry turns"
                + " into one shares its mark); + played, ranked 10th or lower; * legal, played in none of these games"),
                plain.out());
        CommandsTest.Run start = CommandsTest.run("explore", "--db", db.toString());
        assertTrue(start.out().contains("1200 games reach this position"), start.out());
        // at the start d3, c4 and e6 are f5 turned: marked as f5 is, not as legal and never played
        assertTrue(start.out().contains("3 . . . 1 . . . .\n4 . . 1 O X . . .\n5 . . . X O 1 . .\n6 . . . . 1 . . ."),
                start.out());
        CommandsTest.Run twice = CommandsTest.run("explore", "--db", db.toString(), "--moves", "f5", "d6");
        assertEquals(2, twice.status());
        assertTrue(twice.err().contains("give the position once"), twice.err());
    }

    @Test
    void theExplorerSolvesPositionsOfFewEmptiesAndNamesThePerfectMoves() throws Exception {
        CommandsTest.Run one = CommandsTest.run("query", "--db", db.toString(), "--format", "jsonl", "--limit", "1",
                "moves = 60 and year = 2000");
        String moves = new ObjectMapper().readTree(one.lines().get(0)).get("moves").asText();
        String line = moves.substring(0, 2 * 44); // 16 empties
        org.thordb.othello.Position p = org.thordb.othello.Position.afterLine(line);
        org.thordb.solve.Solver.Result want = new org.thordb.solve.Solver(org.thordb.solve.Solver.Options.defaults()).solve(p, true);
        CommandsTest.Run t = CommandsTest.run("explore", "--db", db.toString(), line);
        assertEquals(0, t.status(), t.err());
        // every legal move has its row with its exact value, the unplayed ones too
        assertTrue(t.out().contains(" value"), t.out());
        for (java.util.Map.Entry<Integer, Integer> m : want.moveScores().entrySet()) {
            String name = org.thordb.othello.Notation.name(m.getKey());
            String v = m.getValue() > 0 ? "+" + m.getValue() : "" + m.getValue();
            assertTrue(t.out().lines().anyMatch(l -> l.matches("\\s*\\d*\\s+" + name + "\\s.*\\s" + java.util.regex.Pattern.quote(v)
                    + "(\\s.*)?")), name + " " + v + " in " + t.out());
        }
        StringBuilder perfect = new StringBuilder("perfect play: ");
        int n = 0;
        for (java.util.Map.Entry<Integer, Integer> m : want.moveScores().entrySet()) {
            if (m.getValue() == want.score()) {
                perfect.append(n++ == 0 ? "" : ", also ").append(org.thordb.othello.Notation.name(m.getKey())).append(' ')
                        .append(want.score() > 0 ? "+" + want.score() : "" + want.score());
                break;
            }
        }
        assertTrue(t.out().contains(perfect), perfect + " in " + t.out());
        JsonNode j = new ObjectMapper().readTree(CommandsTest.run("explore", "--db", db.toString(), "--format", "json", line).out());
        assertEquals(want.score(), j.get("perfectScore").asInt());
        for (JsonNode m : j.get("moves")) {
            assertEquals((int) want.moveScores().get(org.thordb.othello.Notation.square(m.get("move").asText())),
                    m.get("perfect").asInt(), m.toString());
        }
        CommandsTest.Run off = CommandsTest.run("explore", "--db", db.toString(), "--solve", "0", line);
        assertTrue(!off.out().contains("perfect play"), off.out());
        CommandsTest.Run early = CommandsTest.run("explore", "--db", db.toString(), moves.substring(0, 2 * 20));
        assertTrue(!early.out().contains("perfect play"), "40 empties: no solve by default");
    }

    @Test
    void idAndRecordAreFieldsAndFindTheGameJsonlShows() throws Exception {
        CommandsTest.Run one = CommandsTest.run("query", "--db", db.toString(), "--format", "jsonl", "--limit", "1",
                "--sort", "-id", "year = 2001");
        JsonNode g = new ObjectMapper().readTree(one.lines().get(0));
        CommandsTest.Run byId = CommandsTest.run("query", "--db", db.toString(), "--format", "jsonl", "id = " + g.get("id").asInt());
        assertEquals(0, byId.status(), byId.err());
        assertEquals(1, byId.lines().size());
        assertEquals(one.lines().get(0), byId.lines().get(0));
        CommandsTest.Run byRecord = CommandsTest.run("count", "--db", db.toString(),
                "year = 2001 and record = " + g.get("record").asInt());
        assertEquals("1", byRecord.lines().get(byRecord.lines().size() - 1));
        CommandsTest.Run firstTen = CommandsTest.run("count", "--db", db.toString(), "record < 10");
        assertEquals("30", firstTen.lines().get(firstTen.lines().size() - 1), "ten records of each of 3 files");
    }

    /**
     * A players file holds 19 characters a name (20-byte records with a terminator) and a
     * tournaments file 25: names of that length, as "Bernard-Guelle Thie" of the FFO's file, are
     * whole in the table, never cut by it.
     */
    @Test
    void theTableShowsTheWholeStoredNames() throws Exception {
        Path base = dir.resolve("long-names");
        SampleBase.write(base, "LONG", 2001, 1, 20, 3L);
        List<String> players = new java.util.ArrayList<>();
        for (int i = 0; i < 8; i++) {
            players.add("Bernard-Guelle Thi" + i); // 19 characters
        }
        List<String> tournaments = List.of("Championnat d'Europe 2001", "Championnat d'Europe 2002"); // 25
        java.time.LocalDate later = java.time.LocalDate.of(2030, 1, 1);
        org.thordb.wthor.NameList.of(org.thordb.wthor.WthorKind.PLAYERS, later, players).write(base.resolve("LONG.JOU"));
        org.thordb.wthor.NameList.of(org.thordb.wthor.WthorKind.TOURNAMENTS, later, tournaments).write(base.resolve("LONG.TRN"));
        Path store = dir.resolve("long-db");
        assertEquals(0, CommandsTest.run("import", "--no-progress", "--db", store.toString(), base.toString()).status());
        CommandsTest.Run t = CommandsTest.run("query", "--db", store.toString(), "--limit", "20", "year = 2001");
        assertEquals(0, t.status(), t.err());
        assertTrue(t.out().contains("Bernard-Guelle Thi0") || t.out().contains("Bernard-Guelle Thi1"), t.out());
        assertTrue(t.out().contains("Championnat d'Europe 2001") || t.out().contains("Championnat d'Europe 2002"), t.out());
        for (String line : t.lines().subList(1, 21)) {
            String name = players.stream().filter(line::contains).findFirst().orElseThrow(() -> new AssertionError(line));
            assertTrue(line.indexOf(name) > 0, line);
        }
    }

    @Test
    void explainDrawsThePlan() {
        CommandsTest.Run r = CommandsTest.run("explain", "--db", db.toString(), "result = draw or year = 2000");
        assertTrue(r.out().startsWith("or: at most"), r.out());
        assertTrue(r.out().contains("result = draw: result postings"), r.out());
    }

    @Test
    void demoGeneratesImportsAndRunsTheSampleQueries() throws Exception {
        Path sample = dir.resolve("demo-sample");
        Path store = dir.resolve("demo-store");
        CommandsTest.Run r = CommandsTest.run("demo", "--db", store.toString(), "--sample", sample.toString(),
                "--queries", "examples/sample-queries.thq");
        assertEquals(0, r.status(), r.err());
        assertTrue(Files.exists(sample.resolve("SAMPLE_2009.wtb")));
        assertTrue(r.out().contains("(20000 games: 20000 new, 0 replaced"), r.out());
        assertTrue(r.out().contains("the demo's own store " + store), r.out());
        assertTrue(r.out().contains("   20000 ") && r.out().contains("year >= 1900"), r.out());
        assertTrue(!r.out().contains(" error "), r.out());
    }
}
