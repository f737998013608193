package org.thordb;

import org.thordb.usecase.Games;
import org.thordb.engine.Engine;
import org.thordb.engine.StoredGame;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.index.PositionHash;
import org.thordb.ingest.ImportReport;
import org.thordb.ingest.Importer;
import org.thordb.othello.Position;
import org.thordb.store.FileRow;
import org.thordb.testing.PlainScan;
import org.thordb.testing.SharedData;
import org.thordb.wthor.WthorReader;

/** The FFO base imported once, and every answer of the store checked against a plain scan of the files. */
@org.junit.jupiter.api.condition.EnabledIf(value = "org.thordb.testing.SharedData#hasWthor",
        disabledReason = "../shared/data/wthor not found: the FFO base is not there")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@org.junit.jupiter.api.extension.ExtendWith(org.thordb.testing.Seeded.class)
@org.thordb.testing.FullTier
class RealBaseStoreTest {
    private Path base;
    private Path dir;
    private Engine db;
    private ImportReport report;
    private final List<String> messages = new ArrayList<>();
    private PlainScan scan;

    @BeforeAll
    void importTheBase() throws Exception {
        base = SharedData.dir("wthor");
        dir = Files.createTempDirectory("thordb-real");
        db = Engine.open(dir);
        report = db.importFiles(List.of(base), Importer.Options.defaults(), messages::add);
        scan = new PlainScan(base);
    }

    @AfterAll
    void close() throws Exception {
        if (db != null) {
            db.close();
        }
        if (dir != null) {
            org.thordb.testing.Folders.delete(dir);
        }
    }

    @Test
    void everyFileIsImportedWithItsN1Games() {
        assertEquals(41, report.files(), messages.toString());
        assertEquals(117_435, report.games());
        assertEquals(117_435, report.newGames());
        assertEquals(0, report.refused());
        assertEquals(0, report.damaged(), messages.toString());
        assertEquals(117_435, db.catalog().games());
        for (Path f : SharedData.files("wthor", ".wtb")) {
            try (WthorReader r = WthorReader.open(f)) {
                int year = r.header().gameYear();
                assertEquals(r.header().n1(), Games.count(db, "year = " + year), f.toString());
                FileRow row = db.catalog().gameFile(db.catalog().base("WTHOR").id(), 8, year);
                assertEquals(f.getFileName().toString(), row.name());
                assertEquals(r.header().creationStamp(), row.created());
            }
        }
        assertEquals(117_435, Games.count(db, "year >= 1900"));
        assertEquals(0, Games.count(db, "year < 1977"));
    }

    @Test
    void recordsAreKeptByteForByteWithTheirNames(Random rnd) {
        for (int i = 0; i < 2000; i++) {
            PlainScan.Game want = scan.games().get(rnd.nextInt(scan.games().size()));
            StoredGame got = Games.game(db, "WTHOR", want.year(), want.record()).orElseThrow();
            assertArrayEquals(want.game().bytes(), got.record68().bytes());
            assertEquals(want.black(), got.black());
            assertEquals(want.white(), got.white());
            assertEquals(want.tournament(), got.tournament());
            assertEquals(null, got.damage());
        }
        assertEquals(3884, db.catalog().base("WTHOR").players().size());
        assertEquals(439, db.catalog().base("WTHOR").tournaments().size());
    }

    @Test
    void playerQueriesAgreeWithAPlainScan() {
        for (String name : List.of("Tastet Marc", "Tastet Remi", "Melnikov Aleksandr")) {
            long want = scan.count(g -> g.black().equals(name) || g.white().equals(name));
            assertTrue(want > 0, name);
            assertEquals(want, Games.count(db, "player = \"" + name + "\""), name);
            assertEquals(want, Games.count(db, "player = \"" + name.toUpperCase() + "\""), name);
        }
        assertEquals(0, Games.count(db, "player = \"Nobody At All\""));
    }

    /** Positions of random games at random plies, and every position of some whole games. */
    @Test
    void positionLookupsEqualAPlainReplayOfEveryGame(Random rnd) {
        Set<Position> targets = new HashSet<>();
        Map<Position, Position> original = new HashMap<>();
        for (int i = 0; i < 400; i++) {
            PlainScan.Game g = scan.games().get(rnd.nextInt(scan.games().size()));
            List<Position> ps = g.canonicalPositions();
            Position c = ps.get(rnd.nextInt(ps.size()));
            targets.add(c);
        }
        for (int i = 0; i < 5; i++) {
            targets.addAll(scan.games().get(rnd.nextInt(scan.games().size())).canonicalPositions());
        }
        // the positions are asked in another orientation than the canonical one
        org.thordb.othello.Symmetry[] all = org.thordb.othello.Symmetry.values();
        for (Position c : targets) {
            original.put(c, c.transform(all[rnd.nextInt(all.length)]));
        }
        Map<Position, Set<Long>> expected = new HashMap<>();
        for (PlainScan.Game g : scan.games()) {
            for (Position c : g.canonicalPositions()) {
                if (targets.contains(c)) {
                    expected.computeIfAbsent(c, k -> new HashSet<>()).add((long) g.year() * 100_000 + g.record());
                }
            }
        }
        for (Position c : targets) {
            RoaringBitmap got = Games.reaching(db, original.get(c));
            Set<Long> gotKeys = new HashSet<>();
            for (StoredGame g : Games.of(db, got)) {
                gotKeys.add((long) g.year() * 100_000 + g.record());
            }
            assertEquals(expected.get(c), gotKeys, c.toBoardString());
        }
        assertEquals(117_435, Games.reaching(db, Position.start()).getCardinality());
    }

    @Test
    void aConstantHashFindsTheSameGames() throws Exception {
        // every singleton position collides with every other: answers must still be exact
        Path d = Files.createTempDirectory("thordb-collide");
        PositionHash constant = (b, w, s) -> 0x1234_5678_9abc_def0L;
        try (Engine collide = Engine.open(d, constant)) {
            collide.importFiles(List.of(base.resolve("WTH_1980.wtb"), base.resolve("WTH_1981.wtb")),
                    Importer.Options.defaults(), m -> { });
            org.thordb.testing.Collisions.check(collide, scan.games().stream()
                    .filter(g -> g.year() == 1980 || g.year() == 1981).toList(), 3, 60);
        } finally {
            org.thordb.testing.Folders.delete(d);
        }
    }

    @Test
    void importingTheSameFilesAgainChangesNothingAndSaysSo() {
        long before = db.catalog().games();
        List<String> again = new ArrayList<>();
        ImportReport r = db.importFiles(List.of(base), Importer.Options.defaults(), again::add);
        assertEquals(0, r.games());
        assertEquals(41, r.skipped());
        assertEquals(before, db.catalog().games());
        assertEquals(41, again.stream().filter(m -> m.contains(": unchanged")).count(), again.toString());
        assertEquals(117_435, Games.count(db, "year >= 1900"));
    }
}
