package org.thordb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.othello.Symmetry;

/** {@code thordb import} of text files, {@code thordb duplicates} and {@code duplicate = true}, through the command line. */
class TextImportCommandsTest {
    @TempDir
    Path dir;

    private static int[] game(long seed) {
        return org.thordb.testing.Games.random(seed);
    }

    @Test
    void textFilesBecomeBasesAndTheirDuplicatesAreListed() throws Exception {
        int[] a = game(1);
        int[] b = game(2);
        Symmetry s = Symmetry.startPreserving()[3];
        int[] turned = new int[b.length];
        for (int i = 0; i < b.length; i++) {
            turned[i] = s.apply(b[i]);
        }
        Path first = Files.writeString(dir.resolve("first.txt"), Notation.line(a) + "\n" + Notation.line(b) + "\n",
                StandardCharsets.UTF_8);
        Path second = Files.writeString(dir.resolve("second.gam"), logistello(turned) + ": +00 10\n",
                StandardCharsets.UTF_8);
        String store = dir.resolve("db").toString();
        CommandsTest.Run imp = CommandsTest.run("import", "--no-progress", "--db", store, "--year", "2024",
                first.toString());
        assertEquals(0, imp.status(), imp.err());
        assertTrue(imp.err().contains(first + ": imported 2 games (transcript) as base FIRST, year 2024"), imp.err());
        CommandsTest.Run skip = CommandsTest.run("import", "--no-progress", "--db", store, "--skip-duplicates",
                second.toString());
        assertEquals(1, skip.status(), "every game left out: the file is refused, and says so");
        assertTrue(skip.err().contains(second + ": refused: none of its games can be stored (0 skipped, 1 duplicates left out)"),
                skip.err());
        CommandsTest.Run keep = CommandsTest.run("import", "--no-progress", "--db", store, second.toString());
        assertEquals(0, keep.status(), keep.err());
        assertTrue(keep.out().startsWith("1 file looked at: 1 imported (1 games: 1 new"), keep.out());
        assertEquals("1", CommandsTest.run("count", "--db", store, "duplicate = true").out().strip());
        assertEquals("1", CommandsTest.run("count", "--db", store, "duplicate = true and base = \"SECOND\"").out().strip());

        CommandsTest.Run table = CommandsTest.run("duplicates", "--db", store);
        assertEquals(0, table.status(), table.err());
        List<String> lines = table.lines();
        assertEquals("group 1: 2 games, the first kept, the others duplicates", lines.get(0));
        assertTrue(lines.get(2).startsWith("FIRST      2024      1"), lines.get(2));
        assertTrue(lines.get(3).startsWith("SECOND        0      0"), lines.get(3));
        assertEquals("1 group of duplicates, 1 game with an earlier twin (duplicate = true)", lines.get(lines.size() - 1));

        CommandsTest.Run jsonl = CommandsTest.run("duplicates", "--db", store, "--format", "jsonl", "--where",
                "base = \"SECOND\"");
        JsonNode group = new ObjectMapper().readTree(jsonl.out().lines().findFirst().orElseThrow());
        assertEquals(2, group.get("games").size());
        assertEquals("FIRST", group.get("games").get(0).get("base").asText());
        assertEquals(Notation.line(b), group.get("games").get(0).get("moves").asText());

        CommandsTest.Run none = CommandsTest.run("duplicates", "--db", store, "--where", "base = \"FIRST\" and record = 0");
        assertEquals("0 groups of duplicates, 0 games with an earlier twin (duplicate = true)", none.out().strip());
        CommandsTest.Run bad = CommandsTest.run("count", "--db", store, "duplicate = yes");
        assertEquals(2, bad.status());
        assertTrue(bad.err().contains("duplicate is true or false, not 'yes'"), bad.err());
        CommandsTest.Run format = CommandsTest.run("duplicates", "--db", store, "--format", "csv");
        assertEquals(2, format.status());
    }

    private static String logistello(int[] squares) {
        StringBuilder sb = new StringBuilder();
        Position p = Position.start();
        for (int sq : squares) {
            sb.append(p.toMove() == org.thordb.othello.Side.BLACK ? '+' : '-').append(Notation.name(sq));
            p = p.play(sq);
        }
        return sb.toString();
    }
}
