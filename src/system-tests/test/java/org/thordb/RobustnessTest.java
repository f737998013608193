package org.thordb;

import org.thordb.usecase.Games;
import org.thordb.engine.Engine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.index.Postings;
import org.thordb.ingest.ImportReport;
import org.thordb.ingest.Importer;
import org.thordb.ingest.StoreVerifier;
import org.thordb.sample.SampleBase;
import org.thordb.store.Keys;
import org.thordb.store.RocksStore;
import org.thordb.store.Store;
import org.thordb.wthor.NameList;
import org.thordb.wthor.WthorKind;

/** Bad files, a damaged store, a store in use, and names that try to talk to the terminal. */
class RobustnessTest {
    @TempDir
    Path tmp;

    private final List<String> lines = new ArrayList<>();

    private ImportReport importInto(Engine db, Path... p) {
        lines.clear();
        return db.importFiles(List.of(p), Importer.Options.defaults(), lines::add);
    }

    @Test
    void badFilesAreRefusedWholeWithTheirOffsetAndChangeNothing() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("bad"));
        Path good = dir.resolve("good");
        SampleBase.write(good, "WTH", 2001, 1, 20, 1L);
        byte[] wtb = Files.readAllBytes(good.resolve("WTH_2001.wtb"));
        Path empty = Files.write(dir.resolve("WTH_1990.wtb"), new byte[0]);
        byte[] noise = new byte[16 + 68 * 3];
        new Random(1).nextBytes(noise);
        Path random = Files.write(dir.resolve("WTH_1991.wtb"), noise);
        // a 10×10 file (104-byte records, P1 = 10) offered under an 8×8 name
        byte[] tenByTen = new byte[16 + 104 * 2];
        System.arraycopy(wtb, 0, tenByTen, 0, 16);
        tenByTen[4] = 2;
        tenByTen[5] = 0;
        tenByTen[6] = 0;
        tenByTen[7] = 0;
        tenByTen[12] = 10;
        Path wtd = Files.write(dir.resolve("WTH_1992.wtb"), tenByTen);
        Path truncated = Files.write(dir.resolve("WTH_1993.wtb"), java.util.Arrays.copyOf(wtb, wtb.length - 1));
        Path other = Files.createDirectories(tmp.resolve("other"));
        NameList.of(WthorKind.TOURNAMENTS, LocalDate.of(2020, 1, 1), java.util.Collections.nCopies(10, "T"))
                .write(other.resolve("t.TRN"));
        Path trnAsJou = Files.write(dir.resolve("WTH.JOU"), Files.readAllBytes(other.resolve("t.TRN")));
        try (Engine db = Engine.open(tmp.resolve("db"))) {
            ImportReport r = importInto(db, empty, random, wtd, truncated, trnAsJou);
            assertEquals(5, r.refused(), lines.toString());
            assertEquals(0, db.catalog().games());
            assertTrue(db.catalog().bases().isEmpty() || db.catalog().namesFiles().isEmpty(), lines.toString());
            String all = String.join("\n", lines);
            assertTrue(all.contains(empty.toAbsolutePath() + ": the file is 0 bytes, shorter than the 16-byte WTHOR header"
                    + " (byte offset 0)"), all);
            assertTrue(all.contains(random.toAbsolutePath() + ": "), all);
            assertTrue(all.contains(wtd.toAbsolutePath() + ": board size byte P1 is 10 (10×10) in a .wtb file;"
                    + " 10×10 games go in .wtd files (byte offset 12)"), all);
            assertTrue(all.contains(truncated.toAbsolutePath() + ": the file ends in a partial record"), all);
            assertTrue(all.contains("this is a .trn file, not a .jou (byte offset 8)"), all);
            for (String l : lines) {
                assertFalse(l.contains("\n"), "one line each: " + l);
                assertTrue(l.contains("(byte offset ") || l.contains("names file found"), l);
            }
            assertEquals(0, db.verify(false, m -> { }).problems());
        }
    }

    @Test
    void verifyFindsDamageInTheIndexesAndRepairsItFromTheRecords() throws Exception {
        Path base = tmp.resolve("base");
        SampleBase.write(base, "SAMPLE", 2001, 3, 300, 4L);
        Path dbDir = tmp.resolve("db");
        long draws;
        long opening;
        long blackWins;
        try (Engine db = Engine.open(dbDir)) {
            importInto(db, base);
            draws = Games.count(db, "result = draw");
            blackWins = Games.count(db, "result = black");
            opening = Games.count(db, "opening = f5d6");
            assertEquals(0, db.verify(false, lines::add).problems(), lines.toString());
        }
        try (Store s = RocksStore.open(dbDir); Store.Batch b = s.batch()) {
            List<byte[]> positions = new ArrayList<>();
            List<byte[]> terms = new ArrayList<>();
            List<byte[]> blocks = new ArrayList<>();
            try (Store.View v = s.view()) {
                v.scan(Store.Space.POSITIONS, new byte[0], null, (k, val) -> positions.add(k) && positions.size() < 3);
                v.scanPrefix(Store.Space.TERMS, new byte[] {5}, (k, val) -> terms.add(k) && terms.size() < 2); // result
                v.scan(Store.Space.FINGERPRINTS, new byte[0], null, (k, val) -> blocks.add(k) && blocks.size() < 1);
            }
            b.delete(Store.Space.POSITIONS, positions.get(0));
            b.put(Store.Space.TERMS, terms.get(0), Postings.encode(new int[] {1, 2, 3}, 3));
            b.delete(Store.Space.FINGERPRINTS, blocks.get(0));
            byte[] orphan = terms.get(1).clone();
            Keys.putU32(orphan, orphan.length - 4, 999);
            b.put(Store.Space.TERMS, orphan, Postings.encode(new int[] {7}, 1));
            b.commit();
        }
        try (Engine db = Engine.open(dbDir)) {
            // the damaged postings of Black's wins (first segment: now games 1, 2, 3) are what a read sees
            long damaged = Games.count(db, "result = black");
            assertTrue(damaged != blackWins, damaged + " Black wins before the repair");
            lines.clear();
            StoreVerifier.Report r = db.verify(false, lines::add);
            assertEquals(4, r.problems(), lines.toString());
            String all = String.join("\n", lines);
            assertTrue(all.contains("positions: an entry is missing"), all);
            assertTrue(all.contains("terms: an entry differs"), all);
            assertTrue(all.contains("fingerprints: an entry is missing"), all);
            assertTrue(all.contains("terms: an entry of segment 999, which no file holds"), all);
            lines.clear();
            StoreVerifier.Report fixed = db.verify(true, lines::add);
            assertEquals(4, fixed.repaired(), lines.toString());
            // the first read after the repairs: on a new view, not on the one the read above left
            assertEquals(blackWins, Games.count(db, "result = black"));
            assertEquals(0, db.verify(false, m -> { }).problems());
            assertEquals(draws, Games.count(db, "result = draw"));
            assertEquals(opening, Games.count(db, "opening = f5d6"));
        }
        // the command line says so too
        org.thordb.cli.CommandsTestAccess.Run cli = org.thordb.cli.CommandsTestAccess.run("verify", "--db", dbDir.toString());
        assertEquals(0, cli.status(), cli.out());
        assertTrue(cli.out().startsWith("sound: 900 games"), cli.out());
        // no locators are written (a game's id is its file's first id plus its record number); those
        // an older thordb wrote are read by nothing, and optimize deletes them
        try (Store s = RocksStore.open(dbDir); Store.Batch b = s.batch()) {
            List<byte[]> locators = new ArrayList<>();
            try (Store.View v = s.view()) {
                v.scan(Store.Space.GAME_KEYS, new byte[0], null, (k, val) -> locators.add(k));
            }
            assertEquals(List.of(), locators);
            b.put(Store.Space.GAME_KEYS, org.thordb.store.GameRow.locator(0, 8, 2001, 1), Keys.u32(7));
            b.commit();
        }
        try (Engine db = Engine.open(dbDir)) {
            assertEquals(0, db.verify(false, m -> { }).problems());
            int baseId = db.read(r -> r.catalog().base("SAMPLE").id());
            org.thordb.store.GameRow second = db.read(r -> r.game(r.gameId(baseId, 8, 2001, 1)));
            assertEquals(1, second.record());
            assertEquals(2001, second.year());
            assertEquals(-1, (int) db.read(r -> r.gameId(baseId, 8, 2001, 300)), "past the file's last record");
            assertEquals(-1, (int) db.read(r -> r.gameId(baseId, 8, 1990, 0)), "no such file");
            db.optimize(false, m -> { });
        }
        try (Store s = RocksStore.open(dbDir); Store.View v = s.view()) {
            boolean[] any = {false};
            v.scan(Store.Space.GAME_KEYS, new byte[0], null, (k, val) -> !(any[0] = true));
            assertEquals(false, any[0], "optimize deleted the old locator");
        }
    }

    @Test
    void aStoreInUseGivesAClearMessageAndReadsStillWork() throws Exception {
        Path base = tmp.resolve("base");
        SampleBase.write(base, "SAMPLE", 2001, 1, 50, 4L);
        Path dbDir = tmp.resolve("db");
        try (Engine db = Engine.open(dbDir)) {
            importInto(db, base);
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Path lib = Files.createDirectories(tmp.resolve("native"));
            ProcessBuilder writer = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                    "org.thordb.cli.Main", "import", "--no-progress", "--db", dbDir.toString(), base.toString());
            writer.environment().put("ROCKSDB_SHAREDLIB_DIR", lib.toString());
            Process p = writer.redirectErrorStream(true).start();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS));
            String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(2, p.exitValue(), said);
            assertEquals("thordb: " + dbDir + ": the store is in use by another process (open it read-only, or wait for"
                    + " that process to finish)", said.strip());
            ProcessBuilder reader = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                    "org.thordb.cli.Main", "count", "--db", dbDir.toString(), "year = 2001");
            reader.environment().put("ROCKSDB_SHAREDLIB_DIR", lib.toString());
            Process q = reader.redirectErrorStream(true).start();
            assertTrue(q.waitFor(60, TimeUnit.SECONDS));
            assertEquals("50", new String(q.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip());
        }
    }

    @Test
    void namesAreShownAsTextNeverInterpreted() throws Exception {
        Path base = tmp.resolve("base");
        SampleBase.write(base, "SAMPLE", 2001, 1, 10, 4L);
        List<String> players = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            players.add("Evil\u001b]0;pwned\u0007\u001b[2J" + i);
        }
        NameList.of(WthorKind.PLAYERS, LocalDate.of(2030, 1, 1), players).write(base.resolve("SAMPLE.JOU"));
        Path dbDir = tmp.resolve("db");
        try (Engine db = Engine.open(dbDir)) {
            importInto(db, base);
        }
        org.thordb.cli.CommandsTestAccess.Run table = org.thordb.cli.CommandsTestAccess.run("query", "--db",
                dbDir.toString(), "--limit", "3", "year = 2001");
        assertEquals(0, table.status(), table.err());
        assertFalse(table.out().contains("\u001b") || table.out().contains("\u0007"), table.out());
        assertTrue(table.out().contains("Evil?]0;pwned??[2J"), table.out());
        org.thordb.cli.CommandsTestAccess.Run json = org.thordb.cli.CommandsTestAccess.run("query", "--db",
                dbDir.toString(), "--format", "jsonl", "--limit", "1", "year = 2001");
        assertFalse(json.out().contains("\u001b"), "JSON escapes control characters");
        assertTrue(json.out().contains("\\u001B") || json.out().contains("\\u001b"), json.out());
    }
}
