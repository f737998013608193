package org.thordb;

import org.thordb.usecase.Games;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.engine.Engine;
import org.thordb.index.GameColumns;
import org.thordb.ingest.Importer;
import org.thordb.sample.SampleBase;
import org.thordb.store.FileRow;
import org.thordb.store.RocksStore;
import org.thordb.store.Store;
import org.thordb.testing.PlainScan;
import org.thordb.testing.TestBase;
import org.thordb.wthor.WthorGame;

/**
 * The per-game query columns are kept in the store with each game file (written by the import in
 * the batch of its records) and read from there by a new process: each compared, game by game,
 * with the files read by the codecs; a file without its entry is read from its records, which a
 * fill's change leaves so, and {@code optimize} writes it again; {@code verify} finds an entry that
 * differs from its records, and {@code --repair} writes it again.
 */
@org.thordb.testing.FullTier
class StoredColumnsTest {
    @TempDir
    Path tmp;

    /**
     * Every game's columns as the files say them: player and tournament numbers, scores, moves, and
     * what it has from its file (year, record number, board side; its base as its row says).
     */
    static void columnsAreTheFiles(Engine db, PlainScan scan) {
        Map<Long, PlainScan.Game> byKey = new HashMap<>();
        for (PlainScan.Game g : scan.games()) {
            byKey.put((long) g.year() << 20 | g.record(), g);
        }
        assertEquals(scan.games().size(), byKey.size(), "one game a year and record");
        List<String> wrong = new ArrayList<>();
        long[] n = {0};
        db.read(r -> {
            GameColumns c = GameColumns.of(r);
            r.scanGames(row -> {
                PlainScan.Game p = byKey.get((long) row.year() << 20 | row.record());
                WthorGame w = p.game();
                int id = row.id();
                int result = w.blackScore() > 32 ? 0 : w.blackScore() < 32 ? 1 : 2;
                if (c.black(id) != w.black() || c.white(id) != w.white() || c.tournament(id) != w.tournament()
                        || c.score(id) != w.blackScore() || c.theoretical(id) != w.theoreticalScore()
                        || c.moves(id) != w.moveCount() || c.result(id) != result
                        || c.year(id) != p.year() || c.record(id) != p.record() || c.side(id) != 8 || c.base(id) != row.base()
                        || c.file(id).year() != p.year()) {
                    wrong.add(row.year() + " #" + row.record());
                }
                n[0]++;
                return true;
            });
            return null;
        });
        assertEquals(scan.games().size(), n[0]);
        assertTrue(wrong.isEmpty(), wrong.size() + " games' columns differ from the files, the first " + wrong.subList(0,
                Math.min(5, wrong.size())));
    }

    @Test
    void theSampleBasesColumnsAreItsFiles() {
        TestBase b = TestBase.sample();
        columnsAreTheFiles(b.db(), b.scan());
    }

    /** The same after {@code optimize} merged the sample's segments: the files' rows keep their games' ids. */
    @Test
    void theMergedSampleBasesColumnsAreItsFiles() {
        TestBase b = TestBase.merged();
        columnsAreTheFiles(b.db(), b.scan());
    }

    @Test
    @org.junit.jupiter.api.condition.EnabledIf(value = "org.thordb.testing.SharedData#hasWthor",
            disabledReason = "../shared/data/wthor not found: the FFO base is not there")
    void theFfoBasesColumnsAreItsFiles() {
        TestBase b = TestBase.real();
        columnsAreTheFiles(b.db(), b.scan());
    }

    private static List<FileRow> files(Path db) {
        try (Engine e = Engine.openReadOnly(db)) {
            return e.catalog().gameFiles();
        }
    }

    private static byte[] entry(Path db, FileRow f) {
        try (Store s = RocksStore.openReadOnly(db); Store.View v = s.view()) {
            return v.get(Store.Space.COLUMNS, GameColumns.key(f.firstId()));
        }
    }

    private static void put(Path db, FileRow f, byte[] entry) {
        try (Store s = RocksStore.open(db); Store.Batch b = s.batch()) {
            if (entry == null) {
                b.delete(Store.Space.COLUMNS, GameColumns.key(f.firstId()));
            } else {
                b.put(Store.Space.COLUMNS, GameColumns.key(f.firstId()), entry);
            }
            b.commit();
        }
    }

    @Test
    void eachFileKeepsItsColumnsAndANewProcessReadsThem() {
        Path files = tmp.resolve("files");
        SampleBase.write(files, "CLUB", 2001, 4, 300, 7L);
        Path db = tmp.resolve("db");
        try (Engine e = Engine.open(db)) {
            e.importFiles(List.of(files), Importer.Options.defaults(), m -> { });
        }
        PlainScan scan = new PlainScan(files);
        List<FileRow> rows = files(db);
        assertEquals(4, rows.size());
        for (FileRow f : rows) {
            byte[] e = entry(db, f);
            assertNotNull(e, f.name() + " has its columns");
            assertEquals(5 + 10 * f.games(), e.length, "10 bytes a game and a head of 5");
        }
        try (Engine e = Engine.openReadOnly(db)) {
            columnsAreTheFiles(e, scan);
        }

        // what a new process reads is the entry, not the records: one changed (Black's and White's
        // numbers of the first game swapped: the columns Black and White, u16 each, after Tournament)
        // is what the columns say, and verify finds it
        FileRow first = rows.get(0);
        byte[] good = entry(db, first);
        byte[] changed = good.clone();
        int n = first.games();
        for (int i = 0; i < 2; i++) {
            byte t = changed[5 + 2 * n + i];
            changed[5 + 2 * n + i] = changed[5 + 4 * n + i];
            changed[5 + 4 * n + i] = t;
        }
        put(db, first, changed);
        WthorGame g0 = scan.games().stream().filter(g -> g.year() == first.year() && g.record() == 0).findFirst()
                .orElseThrow().game();
        try (Engine e = Engine.openReadOnly(db)) {
            assertEquals(g0.white(), (int) e.read(r -> GameColumns.of(r).black(first.firstId())));
        }
        List<String> lines = new ArrayList<>();
        try (Engine e = Engine.open(db)) {
            assertEquals(1, e.verify(false, lines::add).problems(), String.join("\n", lines));
            assertTrue(lines.stream().anyMatch(l -> l.startsWith("columns: the stored columns of " + first.name())), lines.toString());
            lines.clear();
            e.verify(true, lines::add);
            assertEquals(0, e.verify(false, lines::add).problems(), String.join("\n", lines));
        }
        assertArrayEquals(good, entry(db, first), "repaired from the records");

        // a file without its entry (a store written before them) is read from its records; optimize writes it
        put(db, first, null);
        try (Engine e = Engine.openReadOnly(db)) {
            columnsAreTheFiles(e, scan);
        }
        try (Engine e = Engine.open(db)) {
            e.optimize(false, m -> { });
        }
        assertArrayEquals(good, entry(db, first), "written again by optimize");
    }

    @Test
    void aFillLeavesTheFileToItsRecordsUntilOptimizeWritesItsColumnsAgain() throws Exception {
        Path files = tmp.resolve("files");
        List<Path> written = SampleBase.write(files, "CLUB", 2001, 2, 40, 11L);
        // one year whose scores say nothing: depth 0, every theoretical byte 0
        Path year = written.stream().filter(p -> p.toString().endsWith("2001.wtb")).findFirst().orElseThrow();
        List<WthorGame> games = new ArrayList<>();
        org.thordb.wthor.WthorHeader h;
        try (org.thordb.wthor.WthorReader r = org.thordb.wthor.WthorReader.open(year)) {
            h = r.header();
            r.games().forEach(games::add);
        }
        java.nio.file.Files.delete(year);
        try (org.thordb.wthor.WthorWriter w = org.thordb.wthor.WthorWriter.create(year, org.thordb.wthor.WthorKind.GAMES_8,
                org.thordb.wthor.WthorHeader.forGames(h.creationDate(), h.n1(), 2001, 8, 0))) {
            games.forEach(g -> w.write(g.withTheoreticalScore(0)));
        }
        Path db = tmp.resolve("db");
        try (Engine e = Engine.open(db)) {
            e.importFiles(List.of(files), Importer.Options.defaults(), m -> { });
        }
        long full = games.stream().filter(g -> g.moveCount() == 60).count();
        assertTrue(full > 30, full + " games to fill");
        FileRow unknown = files(db).stream().filter(f -> f.year() == 2001).findFirst().orElseThrow();
        assertNotNull(entry(db, unknown));
        try (Engine e = Engine.open(db)) {
            // the games played to the end (one in fifty stops early, and its last position would be solved whole)
            assertEquals(full, e.fillTheoretical(org.thordb.query.Filter.parse("year = 2001 and moves = 60"), 12, 2,
                    new org.thordb.ingest.TheoreticalWriter.Listener() { }).filled());
        }
        assertNull(entry(db, unknown), "the fill changed the file's theoretical scores: its entry is gone");
        try (Engine e = Engine.openReadOnly(db)) {
            // the columns hold the filled scores, read from the records, as the games' rows say them
            List<String> wrong = new ArrayList<>();
            e.read(r -> {
                GameColumns c = GameColumns.of(r);
                r.scanGames(row -> {
                    if (c.theoretical(row.id()) != (row.raw()[7] & 0xff)) {
                        wrong.add(row.year() + " #" + row.record());
                    }
                    return true;
                });
                return null;
            });
            assertTrue(wrong.isEmpty(), wrong.toString());
            assertEquals(full, Games.count(e, "year = 2001 and theoretical = known"));
        }
        try (Engine e = Engine.open(db)) {
            e.optimize(false, m -> { });
            assertEquals(0, e.verify(false, l -> { }).problems());
        }
        assertNotNull(entry(db, unknown), "optimize wrote the file's columns again");
    }

    @Test
    void theFfoBaseColumnsAreItsFiles() {
        TestBase real = TestBase.real();
        columnsAreTheFiles(real.db(), real.scan());
    }
}
