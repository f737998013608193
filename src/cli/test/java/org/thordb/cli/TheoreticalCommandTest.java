package org.thordb.cli;

import org.thordb.usecase.Games;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.engine.Engine;
import org.thordb.engine.StoredGame;
import org.thordb.testing.SharedData;

/**
 * {@code thordb theoretical}: the counts base by base, and {@code --fill} on the PGN file of 1990
 * killed (SIGKILL) after its first batch, then run again: it goes on from where it stopped, and
 * ends with the scores an uninterrupted fill gives, in a store that verifies.
 */
@org.junit.jupiter.api.condition.EnabledIf(value = "org.thordb.testing.SharedData#hasWthor",
        disabledReason = "../shared/data not found: the PGN file of 1990 is not there")
@org.thordb.testing.FullTier
class TheoreticalCommandTest {
    @TempDir
    Path tmp;

    private Process startFill(Path db) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-Xmx1g", "-cp", System.getProperty("java.class.path"),
                "org.thordb.cli.Main", "theoretical", "--fill", "--depth", "14", "--no-progress", "--verbose",
                "--db", db.toString()).redirectErrorStream(true);
        Path lib = tmp.resolve("native"); // a killed JVM leaves RocksJava's unpacked library behind
        lib.toFile().mkdirs();
        pb.environment().put("ROCKSDB_SHAREDLIB_DIR", lib.toString());
        return pb.start();
    }

    @Test
    void aKilledFillGoesOnWhereItStoppedAndEndsAsAnUninterruptedOne() throws Exception {
        Path pgn = SharedData.dir("pgn").resolve("WTH_1990.pgn");
        Path db = tmp.resolve("db");
        Path whole = tmp.resolve("whole");
        for (Path d : List.of(db, whole)) {
            assertEquals(0, CommandsTest.run("import", "--no-progress", "--db", d.toString(), pgn.toString()).status());
        }
        CommandsTest.Run before = CommandsTest.run("theoretical", "--db", db.toString());
        assertEquals(0, before.status(), before.err());
        assertTrue(before.out().contains("2,986 games: 0 theoretical scores known, 2,986 unknown"), before.out());

        Process p = startFill(db);
        BufferedReader said = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String committed = null;
        for (String line; (line = said.readLine()) != null; ) {
            if (line.startsWith("committed ")) {
                committed = line;
                break;
            }
        }
        p.destroyForcibly(); // SIGKILL, right after the first batch is written
        p.waitFor();
        assertTrue(committed != null, "the child wrote a batch before its kill");
        long atKill;
        try (Engine e = Engine.open(db)) {
            atKill = Games.count(e, "theoretical = known");
            assertTrue(atKill > 0 && atKill < 2986, atKill + " known after the kill (" + committed + ")");
            assertEquals(0, e.verify(false, m -> { }).problems(), "the killed fill left a sound store");
        }
        CommandsTest.Run rest = CommandsTest.run("theoretical", "--fill", "--depth", "14", "--no-progress", "--db", db.toString());
        assertEquals(0, rest.status(), rest.err());
        assertTrue(rest.out().contains(String.format(java.util.Locale.ROOT, "filled %,d theoretical scores at depth 14",
                2986 - atKill)), rest.out());
        assertTrue(rest.out().contains(String.format(java.util.Locale.ROOT, "%,d of the 2,986 games asked for were known"
                + " already", atKill)), rest.out());
        CommandsTest.Run all = CommandsTest.run("theoretical", "--fill", "--depth", "14", "--threads", "1", "--no-progress",
                "--db", whole.toString());
        assertEquals(0, all.status(), all.err());

        Map<Integer, Integer> want = new HashMap<>();
        try (Engine e = Engine.openReadOnly(whole)) {
            for (StoredGame g : Games.of(e, Games.select(e, ""))) {
                want.put(g.record(), g.theoretical());
            }
        }
        try (Engine e = Engine.openReadOnly(db)) {
            int n = 0;
            for (StoredGame g : Games.of(e, Games.select(e, ""))) {
                assertTrue(g.theoreticalKnown() && g.theoreticalDepth() == 14, "record " + g.record());
                assertEquals(want.get(g.record()), g.theoretical(), "record " + g.record());
                n++;
            }
            assertEquals(2986, n);
        }
        CommandsTest.Run after = CommandsTest.run("theoretical", "--db", db.toString());
        assertTrue(after.out().contains("2,986 games: 2,986 theoretical scores known, 0 unknown"), after.out());
        assertTrue(after.out().matches("(?s).*WTH_1990 +2,986 +2,986 +0 +2,986.*"), after.out());
        CommandsTest.Run info = CommandsTest.run("info", "--db", db.toString());
        assertTrue(info.out().contains("filled, every game"), info.out());
        // the scores verify at their depth, and the store against its records
        CommandsTest.Run check = CommandsTest.run("verify", "--theoretical", "--depth", "14", "--no-progress",
                "--db", db.toString(), "--where", "record < 200");
        assertEquals(0, check.status(), check.out());
        assertTrue(check.out().contains("; 0 unknown"), check.out());
        assertEquals(0, CommandsTest.run("verify", "--db", db.toString()).status());
        // the options of a fill need --fill
        assertEquals(2, CommandsTest.run("theoretical", "--depth", "14", "--db", db.toString()).status());
    }
}
