package org.thordb.cli;

import org.thordb.engine.Engine;
import org.thordb.engine.MatchedGames;
import org.thordb.engine.StoredGame;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.sample.SampleBase;
import org.thordb.testing.SharedData;

/**
 * A store whose {@code CURRENT} file is lost is a damaged store, never "no store": no command
 * writes into it (RocksDB would make a new store there and delete the old one's table files), and
 * {@code verify --db --repair} gets every game back, with and without the write-ahead log.
 */
@org.thordb.testing.FullTier
class DamagedStoreCommandsTest {
    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0}, write-ahead log kept: {1}")
    @CsvSource({"sample, true", "sample, false", "ffo, true", "ffo, false"})
    void aStoreWithoutCurrentIsRefusedUntouchedAndRecoveredWhole(String source, boolean keepLog) throws IOException {
        List<String> files = new ArrayList<>();
        if (source.equals("ffo")) {
            Path wthor = SharedData.dir("wthor");
            for (String n : new String[] {"WTH_1990.wtb", "WTH_2005.wtb", "WTH_2015.wtb", "WTHOR.JOU", "WTHOR.TRN"}) {
                files.add(wthor.resolve(n).toString());
            }
        } else {
            Path f = tmp.resolve("files");
            SampleBase.write(f, "CLUB", 2001, 3, 700, 7L);
            files.add(f.toString());
        }
        Path db = tmp.resolve("db");
        List<String> importArgs = new ArrayList<>(List.of("import", "--db", db.toString(), "--no-progress"));
        importArgs.addAll(files);
        CommandsTest.Run first = CommandsTest.run(importArgs.toArray(String[]::new));
        assertEquals(0, first.status(), first.err());
        List<String> before = everyGame(db);
        assertTrue(before.size() > 1000, "games imported: " + before.size());

        Files.delete(db.resolve("CURRENT"));
        if (!keepLog) {
            try (Stream<Path> s = Files.list(db)) {
                for (Path p : s.filter(p -> p.getFileName().toString().endsWith(".log")).toList()) {
                    Files.delete(p);
                }
            }
        }
        Map<String, Long> damaged = listing(db);

        // the advice "no store here; create one with import" once led here: the import is refused
        CommandsTest.Run again = CommandsTest.run(importArgs.toArray(String[]::new));
        assertEquals(2, again.status(), again.out() + again.err());
        assertTrue(again.err().contains("a damaged store: its CURRENT file is missing"), again.err());
        assertTrue(again.err().contains("'thordb verify --db " + db + " --repair' recovers it"), again.err());
        assertEquals(1, again.err().strip().lines().count(), "one line: " + again.err());
        assertEquals(damaged, listing(db), "the refused import changed nothing");

        for (String cmd : new String[] {"count", "info", "players"}) {
            CommandsTest.Run r = cmd.equals("count") ? CommandsTest.run(cmd, "--db", db.toString(), "year >= 0")
                    : CommandsTest.run(cmd, "--db", db.toString());
            assertEquals(2, r.status(), cmd + ": " + r.out() + r.err());
            assertTrue(r.err().contains("a damaged store"), cmd + ": " + r.err());
            assertFalse(r.err().contains("no store here"), cmd + ": " + r.err());
        }
        ThorDbException e = assertThrows(ThorDbException.class, () -> Engine.open(db));
        assertEquals(ErrorCode.CORRUPT, e.code(), e.getMessage());
        assertThrows(ThorDbException.class, () -> Engine.openReadOnly(db));
        assertEquals(damaged, listing(db), "opening changed nothing");

        CommandsTest.Run check = CommandsTest.run("verify", "--db", db.toString());
        assertEquals(1, check.status(), check.out() + check.err());
        assertTrue(check.out().contains("NOT SOUND: a damaged store") && check.out().contains("--repair recovers it"),
                check.out());
        assertEquals(damaged, listing(db), "verify without --repair changed nothing");

        CommandsTest.Run repair = CommandsTest.run("verify", "--db", db.toString(), "--repair");
        assertEquals(0, repair.status(), repair.out() + repair.err());
        assertTrue(repair.out().contains("recovered: CURRENT pointed at MANIFEST-"), repair.out());
        assertEquals(before, everyGame(db), "every game is back, byte for byte in every field");

        CommandsTest.Run count = CommandsTest.run("count", "--db", db.toString(), "year >= 0");
        assertEquals(0, count.status(), count.err());
        assertEquals(String.valueOf(before.size()), count.out().strip());
    }

    @ParameterizedTest(name = "CURRENT holding {0}")
    @CsvSource({"'', empty", "'MANIFEST-999999\n', gone", "'garbage', garbage"})
    void aCurrentFileThatNamesNoManifestIsDamageToo(String content, String label) throws IOException {
        Path f = tmp.resolve("files");
        SampleBase.write(f, "CLUB", 2001, 1, 300, 8L);
        Path db = tmp.resolve("db");
        assertEquals(0, CommandsTest.run("import", "--db", db.toString(), "--no-progress", f.toString()).status());
        List<String> before = everyGame(db);
        Files.writeString(db.resolve("CURRENT"), content.replace("\\n", "\n"));
        CommandsTest.Run r = CommandsTest.run("count", "--db", db.toString(), "year >= 0");
        assertEquals(2, r.status(), label + ": " + r.err());
        assertTrue(r.err().contains("a damaged store: its CURRENT file"), r.err());
        CommandsTest.Run repair = CommandsTest.run("verify", "--db", db.toString(), "--repair");
        assertEquals(0, repair.status(), repair.out() + repair.err());
        assertEquals(before, everyGame(db));
        assertTrue(Files.exists(db.resolve("CURRENT.damaged")), "the damaged CURRENT is kept beside");
    }

    /** Every game's every field, in id order, read through the library. */
    private static List<String> everyGame(Path db) {
        List<String> out = new ArrayList<>();
        try (Engine d = Engine.openReadOnly(db); MatchedGames r = d.query("")) {
            for (StoredGame g : r) {
                out.add(g.toString());
            }
        }
        return out;
    }

    private static Map<String, Long> listing(Path dir) throws IOException {
        Map<String, Long> m = new TreeMap<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.toList()) {
                m.put(p.getFileName().toString(), Files.size(p));
            }
        }
        return m;
    }
}
