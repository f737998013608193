package org.thordb.cli;

import org.thordb.usecase.Games;
import org.thordb.engine.Engine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.thordb.sample.SampleBase;
import org.thordb.testing.PlainScan;

/** The command line as a new user meets it: export counts and streams, import outcomes, remove, names. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EverydayCommandsTest {
    private Path dir;
    private Path db;
    private PlainScan scan;

    @BeforeAll
    void store() throws Exception {
        dir = Files.createTempDirectory("thordb-everyday");
        Path files = dir.resolve("files");
        SampleBase.write(files, "CLUB", 2013, 2, 400, 31L);
        scan = new PlainScan(files);
        db = dir.resolve("db");
        CommandsTest.Run r = CommandsTest.run("import", "--no-progress", "--db", db.toString(), files.toString());
        assertEquals(0, r.status(), r.err());
    }

    @Test
    void exportCountsGamesAndFilesTakesALimitAndWritesToStandardOutput() throws Exception {
        long y2014 = scan.count(g -> g.year() == 2014);
        Path csv = dir.resolve("csv");
        CommandsTest.Run r = CommandsTest.run("export", "--db", db.toString(), "--out", csv.toString(), "--format", "csv",
                "year = 2014");
        assertEquals(0, r.status(), r.err());
        assertEquals("exported " + y2014 + " games into 1 file in " + csv, r.out().strip());
        Path wthor = dir.resolve("wthor");
        r = CommandsTest.run("export", "--db", db.toString(), "--out", wthor.toString(), "year >= 2013");
        assertEquals("exported 800 games into 4 files in " + wthor, r.out().strip(), "two years and the names files");
        Path limited = dir.resolve("limited");
        r = CommandsTest.run("export", "--db", db.toString(), "--out", limited.toString(), "--format", "csv", "--limit", "7");
        assertEquals("exported 7 games into 1 file in " + limited, r.out().strip());
        assertEquals(8, Files.readAllLines(limited.resolve("games.csv")).size(), "a header and 7 games");
        // --out -: the same lines as the query's, on standard output, and nothing else there
        CommandsTest.Run out = CommandsTest.run("export", "--db", db.toString(), "--out", "-", "--format", "jsonl",
                "--limit", "3", "year = 2014");
        CommandsTest.Run query = CommandsTest.run("query", "--db", db.toString(), "--format", "jsonl", "--limit", "3",
                "year = 2014");
        assertEquals(0, out.status(), out.err());
        assertEquals(query.out(), out.out());
        assertEquals(3, out.out().lines().count());
        assertTrue(out.err().contains("exported 3 games to standard output"), out.err());
        CommandsTest.Run text = CommandsTest.run("export", "--db", db.toString(), "--out", "-", "--format", "text",
                "--limit", "2");
        assertEquals(2, org.thordb.text.TextGameRecords.parseAll(text.out()).size());
        CommandsTest.Run w = CommandsTest.run("export", "--db", db.toString(), "--out", "-", "year = 2014");
        assertEquals(2, w.status());
        assertTrue(w.err().contains("--out - writes one-file formats"), w.err());
        assertTrue(w.out().isEmpty());
        CommandsTest.Run neg = CommandsTest.run("export", "--db", db.toString(), "--out", dir.resolve("neg").toString(),
                "--limit", "-1");
        assertEquals(2, neg.status());
        assertEquals(1, neg.err().lines().count(), neg.err());
        assertTrue(neg.err().contains("--limit takes 0 (every game) or more, not -1"), neg.err());
        CommandsTest.Run solve = CommandsTest.run("explore", "--db", db.toString(), "--solve", "-1");
        assertEquals(2, solve.status());
        assertEquals("thordb: --solve takes 0 (never) to 30 empties, not -1", solve.err().strip());
        Path never = dir.resolve("never");
        CommandsTest.Run bad = CommandsTest.run("export", "--db", db.toString(), "--out", never.toString(), "year =");
        assertEquals(2, bad.status());
        assertFalse(Files.exists(never), "a failed export leaves no empty folder");
    }

    @Test
    void importSaysWhatBecameOfEachFileAndOlderNamesBesideAGameFileAreNoFailure() throws Exception {
        Path newer = dir.resolve("newer");
        Path older = dir.resolve("older");
        SampleBase.write(newer, "OPEN", 2005, 1, 50, 3L); // names dated 2006
        SampleBase.write(older, "OPEN", 2001, 1, 50, 4L); // names dated 2002
        Path store = dir.resolve("import-db");
        CommandsTest.Run r = CommandsTest.run("import", "--no-progress", "--db", store.toString(), newer.toString());
        assertEquals(0, r.status(), r.err());
        r = CommandsTest.run("import", "--no-progress", "--db", store.toString(), older.resolve("OPEN_2001.wtb").toString());
        assertEquals(0, r.status(), "older names beside the game file are kept back, not a failure: " + r.err());
        assertTrue(r.out().startsWith("3 files looked at: 1 imported (50 games: 50 new, 0 replaced; 0 names files), 0 unchanged,"
                + " 2 older names files kept back, 0 refused"), r.out());
        assertTrue(r.err().contains("OPEN.JOU: kept back: names of 2002-01-15 are older than the stored ones of 2006-01-15"),
                r.err());
        r = CommandsTest.run("import", "--no-progress", "--db", store.toString(), newer.toString());
        assertEquals(0, r.status(), "unchanged files are no failure");
        assertTrue(r.out().startsWith("3 files looked at: 0 imported (0 games: 0 new, 0 replaced; 0 names files), 3 unchanged,"
                + " 0 refused"), r.out());
        r = CommandsTest.run("import", "--no-progress", "--db", store.toString(), older.resolve("OPEN.JOU").toString());
        assertEquals(1, r.status(), "an older names file asked for by name is refused");
        assertTrue(r.out().contains("1 refused"), r.out());
    }

    @Test
    void optimizeMergesOnceAndSaysSoTheSecondTime() throws Exception {
        Path store = dir.resolve("optimize-db");
        assertEquals(0, CommandsTest.run("import", "--no-progress", "--db", store.toString(),
                dir.resolve("files").toString()).status());
        String before = CommandsTest.run("count", "--db", store.toString(), "player ~ \"a\" and result = white").out();
        CommandsTest.Run r = CommandsTest.run("optimize", "--db", store.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("merged 2 files (800 games): "), r.out());
        assertTrue(r.out().contains(" 0 ids of removed games dropped"), r.out());
        assertEquals(before, CommandsTest.run("count", "--db", store.toString(), "player ~ \"a\" and result = white").out());
        assertTrue(CommandsTest.run("explain", "--db", store.toString(), "position = f5d6c3").status() == 0);
        r = CommandsTest.run("optimize", "--db", store.toString());
        assertEquals("already merged: 2 files, 800 games", r.out().strip());
        r = CommandsTest.run("info", "--db", store.toString());
        assertTrue(r.out().contains("\nmerged: 2 files in one merge group, 20"), r.out());
        r = CommandsTest.run("verify", "--db", store.toString());
        assertEquals(0, r.status(), r.out() + r.err());
    }

    @Test
    void removeDeletesABaseAndSaysWhatTheVerificationFound() throws Exception {
        Path store = dir.resolve("remove-db");
        Path other = dir.resolve("other");
        SampleBase.write(other, "OPEN", 2010, 1, 60, 5L);
        assertEquals(0, CommandsTest.run("import", "--no-progress", "--db", store.toString(), other.toString(),
                dir.resolve("files").toString()).status());
        CommandsTest.Run r = CommandsTest.run("remove", "--db", store.toString(), "--base", "OPEN");
        assertEquals(0, r.status(), r.err());
        assertEquals("removed base OPEN: 60 games, 3 files; the store verified after: 800 games,", r.out().substring(0,
                r.out().indexOf(" games,", r.out().indexOf("verified")) + 7));
        assertTrue(r.out().strip().endsWith(" 0 problems"), r.out());
        assertEquals("800", CommandsTest.run("count", "--db", store.toString(), "").out().strip());
        CommandsTest.Run again = CommandsTest.run("remove", "--db", store.toString(), "--base", "OPEN");
        assertEquals(2, again.status());
        assertEquals("thordb: the store holds no base 'OPEN'; its bases: CLUB", again.err().strip());
    }

    @Test
    void namesAndOpeningsAreFoundAsPlayersWriteThem() throws Exception {
        String player = scan.games().get(0).black();
        String[] w = player.split(" ");
        CommandsTest.Run r = CommandsTest.run("count", "--db", db.toString(), "player = \"" + w[1] + " " + w[0] + "\"");
        assertEquals(0, r.status());
        assertEquals("0", r.out().strip());
        assertTrue(r.err().contains("note: no player is named \"" + w[1] + " " + w[0] + "\"; did you mean \"" + player + "\""),
                r.err());
        CommandsTest.Run openings = CommandsTest.run("openings");
        assertTrue(openings.out().contains("f5d6c3d3c4               Tiger"), openings.out());
        CommandsTest.Run tiger = CommandsTest.run("count", "--db", db.toString(), "opening = tiger");
        assertEquals(CommandsTest.run("count", "--db", db.toString(), "opening = f5d6c3d3c4").out(), tiger.out());
        CommandsTest.Run explore = CommandsTest.run("explore", "--db", db.toString(), "f5d6c3d3");
        assertTrue(explore.out().lines().anyMatch(l -> l.matches("\\s+\\d+\\s+c4\\s.*Tiger.*")), explore.out());
        CommandsTest.Run atTiger = CommandsTest.run("explore", "--db", db.toString(), "--format", "json", "f5d6c3d3c4");
        assertTrue(atTiger.out().contains("\"opening\":\"Tiger\""), atTiger.out());
    }

    @Test
    void theDemoHasAStoreOfItsOwn() throws Exception {
        Path home = dir.resolve("home");
        Files.createDirectories(home.resolve("examples"));
        Files.copy(Path.of("examples/sample-queries.thq"), home.resolve("examples/sample-queries.thq"));
        SampleBase.write(home.resolve("examples/sample-base"), "SAMPLE", 2000, 10, 30, 42L);
        // a child JVM with THORDB_HOME set, as tools/thordb runs it
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "org.thordb.cli.Main", "demo");
        pb.environment().put("THORDB_HOME", home.toString());
        pb.environment().remove("THORDB_DB");
        pb.redirectErrorStream(true);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), out);
        assertTrue(Files.isDirectory(home.resolve("demo-store")), out);
        assertFalse(Files.exists(home.resolve("store")), "the demo never touches store/");
        assertTrue(out.contains("the demo's own store " + home.resolve("demo-store")), out);
        try (Engine d = Engine.openReadOnly(home.resolve("demo-store"))) {
            assertEquals(300, Games.count(d, ""));
        }
        assertTrue(List.of(Files.readString(Path.of(".gitignore")).split("\n")).contains("/demo-store/"));
    }
}
