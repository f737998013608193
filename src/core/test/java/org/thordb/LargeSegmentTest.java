package org.thordb;

import org.thordb.usecase.Games;
import org.thordb.engine.Engine;
import org.thordb.engine.StoredGame;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.index.FingerprintBlock;
import org.thordb.ingest.Importer;
import org.thordb.othello.Position;
import org.thordb.othello.Replay;
import org.thordb.sample.SampleBase;
import org.thordb.store.Catalog;
import org.thordb.store.FileRow;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorReader;

/**
 * A year of 70,000 games (more partition bits, and game numbers wider than 16 bits in its
 * fingerprint blocks) beside a year of 300 (the fewest bits), in one store: every sampled position
 * answers what a replay of every game says, and {@code verify} finds the blocks it would write; then
 * the same store as schema 7 left it (17 bits of each fingerprint, not 14), upgraded; then as
 * schema 5 left it (blocks of 256 entries, one bit more), upgraded and merged.
 */
@org.junit.jupiter.api.extension.ExtendWith(org.thordb.testing.Seeded.class)
@org.thordb.testing.FullTier
class LargeSegmentTest {
    @TempDir
    Path tmp;

    @Test
    void positionsOfALargeAndASmallSegmentAnswerAsAReplayOfEveryGameSays(Random rnd) {
        List<Path> big = SampleBase.write(tmp.resolve("big"), "BIG", 2001, 1, 70_000, 11L);
        List<Path> small = SampleBase.write(tmp.resolve("small"), "SMALL", 2001, 1, 300, 12L);
        assertEquals(14, FingerprintBlock.bits(70_000));
        assertEquals(12, FingerprintBlock.bits(300));

        // the independent path: every game replayed, straight from the files
        List<String> labels = new ArrayList<>();
        List<int[]> games = new ArrayList<>();
        for (Path f : List.of(big.get(2), small.get(2))) {
            try (WthorReader r = WthorReader.open(f)) {
                int i = 0;
                for (WthorGame g : r.games()) {
                    labels.add(f.getFileName().toString().substring(0, 3) + " " + i++);
                    games.add(g.squares());
                }
            }
        }
        Set<Position> sample = new HashSet<>();
        while (sample.size() < 400) {
            int[] g = games.get(rnd.nextInt(games.size()));
            sample.add(Replay.replay(g, rnd.nextInt(g.length + 1), null).finalPosition().canonical());
        }
        Map<Position, Set<String>> want = new HashMap<>();
        for (int i = 0; i < games.size(); i++) {
            String label = labels.get(i);
            Replay.replay(games.get(i), (ply, p) -> {
                Position c = p.canonical();
                if (sample.contains(c)) {
                    want.computeIfAbsent(c, x -> new HashSet<>()).add(label);
                }
            });
        }

        Path dir = tmp.resolve("db");
        try (Engine db = Engine.open(dir)) {
            db.importFiles(List.of(tmp.resolve("big"), tmp.resolve("small")), Importer.Options.defaults(), m -> { });
            assertEquals(70_300, db.catalog().games());
            check(db, sample, want);
            for (FileRow f : db.catalog().gameFiles()) {
                assertTrue(f.games() == 70_000 || f.games() == 300, f.toString());
                assertEquals(FingerprintBlock.bits(f.games()), f.fingerprintBits(), "the row names its bits: " + f);
            }
        }
        assertTrue(OldStores.blocksOfBits(dir, 14) > 10_000);

        // the same store as schema 7 wrote it: blocks keeping 17 bits of each fingerprint, not 14;
        // opened, it is upgraded in place, the old blocks read as they are beside a new file's
        long narrow = OldStores.fingerprintBytes(dir);
        assertTrue(OldStores.beforeSchemaEight(dir) > 10_000);
        long wide = OldStores.fingerprintBytes(dir);
        // 3 bits an entry of the 3.6 million positions met by one game of a year: a tenth of the blocks
        assertTrue(wide - narrow > 3L * 3_000_000 / 8, "17-bit blocks " + wide + " bytes, 14-bit " + narrow);
        assertEquals(7, OldStores.schemaVersion(dir));
        try (Engine db = Engine.open(dir)) {
            check(db, sample, want);
        }
        assertEquals(Catalog.SCHEMA_VERSION, OldStores.schemaVersion(dir));
        assertEquals(wide, OldStores.fingerprintBytes(dir), "the upgrade rewrites no block");

        // the same store as schema 5 wrote it: rows naming no bits, the big year's blocks at 15
        // bits (blocks of 256); opened, it is upgraded in place and its blocks read where they are
        assertTrue(OldStores.beforeSchemaSix(dir, 5) > 20_000);
        assertEquals(0, OldStores.blocksOfBits(dir, 14));
        int old = OldStores.blocksOfBits(dir, 15);
        assertTrue(old > 20_000, old + " blocks of 15 bits");
        try (Engine db = Engine.open(dir)) {
            for (FileRow f : db.catalog().gameFiles()) {
                assertEquals(null, f.fingerprintBits(), f.toString());
            }
            check(db, sample, want);
        }
        assertEquals(Catalog.SCHEMA_VERSION, OldStores.schemaVersion(dir));
        assertEquals(old, OldStores.blocksOfBits(dir, 15), "the upgrade rewrites no block");
        try (Engine db = Engine.open(dir)) {
            db.optimize(false, m -> { });
            check(db, sample, want);
        }
        assertEquals(0, OldStores.blocksOfBits(dir, 15), "merged: no segment keeps blocks of its own");
    }

    /** Every sampled position answers as the replay says, counted too, and verify finds nothing wrong. */
    private static void check(Engine db, Set<Position> sample, Map<Position, Set<String>> want) {
        int singleGame = 0;
        for (Position p : sample) {
            RoaringBitmap ids = Games.reaching(db, p);
            Set<String> got = new HashSet<>();
            for (StoredGame g : Games.of(db, ids)) {
                got.add(g.base().substring(0, 3) + " " + g.record());
            }
            assertEquals(want.getOrDefault(p, Set.of()), got, p.toString());
            assertEquals(got.size(), (long) db.read(r -> r.positionCount(p)), "counted without a bitmap: " + p);
            singleGame += got.size() == 1 ? 1 : 0;
        }
        assertTrue(singleGame > 200, "most sampled positions are met by one game: " + singleGame);
        assertEquals(0, db.verify(false, m -> { }).problems());
    }
}
