package org.thordb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.othello.Notation;
import org.thordb.testing.SharedData;
import org.thordb.wthor.NameList;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorHeader;
import org.thordb.wthor.WthorKind;
import org.thordb.wthor.WthorWriter;

@org.thordb.testing.FullTier
class CommandsTest {
    @TempDir
    Path tmp;

    /** What a run of the command line printed, and its status. */
    record Run(int status, String out, String err) {
        List<String> lines() {
            return out.lines().toList();
        }
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.run(new PrintWriter(out), new PrintWriter(err), args);
        return new Run(status, out.toString(), err.toString());
    }

    private Path smallBase() {
        List<WthorGame> games = List.of(
                WthorGame.of(0, 0, 1, 36, 36, Notation.parseLine("f5d6c3d3c4f4f6f3e6e7"), 8),
                WthorGame.of(0, 1, 0, 33, 33, new int[] {Notation.F5, Notation.square("f5")}, 8)); // f5 twice: illegal
        Path f = tmp.resolve("WTH_2020.wtb");
        try (WthorWriter w = WthorWriter.create(f, WthorKind.GAMES_8,
                WthorHeader.forGames(LocalDate.of(2021, 1, 2), games.size(), 2020, 8, 22))) {
            games.forEach(w::write);
        }
        NameList.of(WthorKind.PLAYERS, LocalDate.of(2021, 1, 2), List.of("Alpha Ann", "Beta Bob\u001b[31m"))
                .write(tmp.resolve("WTHOR.JOU"));
        NameList.of(WthorKind.TOURNAMENTS, LocalDate.of(2021, 1, 2), List.of("Open de Test"))
                .write(tmp.resolve("WTHOR.TRN"));
        return f;
    }

    @Test
    void versionIsPrinted() {
        Run r = run("--version");
        assertEquals(0, r.status());
        assertTrue(r.out().startsWith("thordb "), r.out());
        assertFalse(r.out().contains("unknown"), r.out());
    }

    @Test
    void verifyReportsIllegalGamesWithTheirRecordNumberAndFails() {
        Path f = smallBase();
        Run r = run("verify", f.toString());
        assertEquals(1, r.status(), r.out());
        assertTrue(r.lines().contains(f + ": record 1: move 2 f5: the square is occupied"), r.out());
        String summary = r.lines().get(r.lines().size() - 1);
        assertTrue(summary.startsWith("NOT SOUND: 1 files (0 refused), 2 games, 1 illegal or damaged"), summary);
    }

    @Test
    void verifyRefusesABrokenFileInOneLineAndFails() throws Exception {
        Path f = tmp.resolve("WTH_1999.wtb");
        Files.write(f, new byte[16 + 68 + 5]);
        Run r = run("verify", f.toString());
        assertEquals(1, r.status());
        assertTrue(r.out().contains(f + ": the file ends in a partial record: 5 bytes after 1 whole 68-byte records"
                + " (byte offset 84)"), r.out());
    }

    @Test
    void dumpShowsNamesAndNeutralisesControlCharacters() {
        Path f = smallBase();
        Run r = run("dump", f.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("Open de Test"), r.out());
        assertTrue(r.out().contains("Alpha Ann"), r.out());
        assertTrue(r.out().contains("Beta Bob?[31m"), r.out());
        assertFalse(r.out().contains("\u001b"), "no escape character reaches the terminal");
        assertTrue(r.out().contains("f5d6c3d3c4f4f6f3e6e7"), r.out());
    }

    @Test
    void dumpJsonLinesHaveEveryField() throws Exception {
        Path f = smallBase();
        Run r = run("dump", "--format", "jsonl", f.toString());
        assertEquals(0, r.status(), r.err());
        ObjectMapper m = new ObjectMapper();
        List<JsonNode> rows = new ArrayList<>();
        for (String line : r.lines()) {
            rows.add(m.readTree(line));
        }
        assertEquals(3, rows.size());
        assertEquals("header", rows.get(0).get("type").asText());
        assertEquals(2020, rows.get(0).get("header").get("gameYear").asInt());
        assertEquals(22, rows.get(0).get("header").get("depth").asInt());
        JsonNode g = rows.get(1);
        assertEquals("Alpha Ann", g.get("black").asText());
        assertEquals("Open de Test", g.get("tournament").asText());
        assertEquals(36, g.get("score").asInt());
        assertEquals("black", g.get("result").asText());
        assertEquals("f5d6c3d3c4f4f6f3e6e7", g.get("moves").asText());
        assertEquals("f5d6c3d3c4f4f6f3e6e7", g.get("line").asText());
        assertEquals("BWBWBWBWBW", g.get("sides").asText());
        assertEquals(10, g.get("move_count").asInt());
        assertTrue(g.get("id").isNull(), "a dumped game is in no store");
        // the export of the same game writes the same schema: every key of one is a key of the other
        Path db = tmp.resolve("dump-db");
        assertEquals(0, run("import", "--no-progress", "--db", db.toString(), f.getParent().toString()).status());
        Run q = run("query", "--db", db.toString(), "--format", "jsonl", "--limit", "1", "");
        JsonNode e = m.readTree(q.lines().get(0));
        java.util.Set<String> dumped = new java.util.TreeSet<>();
        g.fieldNames().forEachRemaining(dumped::add);
        dumped.removeAll(java.util.Set.of("type", "file"));
        java.util.Set<String> exported = new java.util.TreeSet<>();
        e.fieldNames().forEachRemaining(exported::add);
        assertEquals(exported, dumped);
        for (String k : List.of("base", "year", "record", "black", "white", "tournament", "score", "result", "moves", "line", "sides", "move_count",
                "theoretical", "theoretical_depth", "black_number")) {
            assertEquals(e.get(k), g.get(k), k);
        }
    }

    @Test
    void errorsAreOneLineWithoutStackTraceUnlessDebug() {
        Run r = run("dump", tmp.resolve("missing.wtb").toString());
        assertEquals(1, r.status());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains("missing.wtb: no such file"), r.err());
        assertFalse(r.err().contains("\tat "), r.err());
    }

    @Test
    void debugAddsTheStackTrace() {
        Path none = tmp.resolve("no-store");
        Run plain = run("count", "--db", none.toString(), "year > 0");
        assertEquals(2, plain.status());
        assertEquals(List.of("thordb: " + none + ": no store here; create one with 'thordb import --db " + none
                + " FILES…'"), plain.err().lines().toList());
        Run debug = run("--debug", "count", "--db", none.toString(), "year > 0");
        assertEquals(2, debug.status());
        assertTrue(debug.err().contains("\tat org.thordb.cli.Stores.front"), debug.err());
        Run after = run("count", "--debug", "--db", none.toString(), "year > 0");
        assertTrue(after.err().contains("\tat org.thordb.cli.Stores.front"), after.err());
    }

    @Test
    void verifyOfTheRealBaseIsSound() {
        List<Path> files = new ArrayList<>(SharedData.files("wthor", ".wtb"));
        files.addAll(SharedData.files("wthor", ".jou", ".trn"));
        String[] args = new String[files.size() + 1];
        args[0] = "verify";
        for (int i = 0; i < files.size(); i++) {
            args[i + 1] = files.get(i).toString();
        }
        Run r = run(args);
        String summary = r.lines().get(r.lines().size() - 1);
        assertEquals(0, r.status(), summary);
        assertTrue(summary.startsWith("sound: 41 files (0 refused), 117435 games, 0 illegal or damaged, 0 stored scores"
                + " differ from the replay in finished games, 413 unfinished games (382 with another stored score)"),
                summary);
    }
}
