package org.thordb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.engine.Engine;
import org.thordb.index.GameColumns;
import org.thordb.store.FileRow;
import org.thordb.store.RocksStore;
import org.thordb.store.Store;
import org.thordb.testing.UnevenStore;
import org.thordb.usecase.Verify;

/**
 * {@code usecase.Verify}: a sample is drawn by its seed (the same files on every run, another seed
 * other files), and a repair says what it left, on the library as on the command line.
 */
class VerifyUseCaseTest {
    @TempDir
    Path tmp;

    private Path store() {
        return UnevenStore.make(tmp, 60, 11L);
    }

    @Test
    void aSampleIsDrawnByItsSeedAndNeverByTheClock() {
        Path db = store();
        Set<Long> sampled = new TreeSet<>();
        try (Engine e = Engine.openReadOnly(db)) {
            for (long seed = 1; seed <= 8; seed++) {
                Verify.Result first = Verify.store(e, false, 1, seed, line -> { });
                Verify.Result again = Verify.store(e, false, 1, seed, line -> { });
                assertEquals(first, again, "seed " + seed);
                assertTrue(first.sound(), first.toString());
                sampled.add(first.games());
            }
            Verify.Result all = Verify.store(e, false, Verify.EVERY_FILE, Verify.SEED, line -> { });
            assertEquals(600, all.games());
            assertEquals("sound: 600 games, " + all.entries() + " index entries checked, 0 problems", all.describe(false));
        }
        // one file a time, and eight seeds drew more than one of the four
        assertTrue(sampled.size() > 1, sampled.toString());
        assertTrue(Set.of(60L, 120L, 180L, 240L).containsAll(sampled), sampled.toString());
    }

    @Test
    void aRepairSaysWhatItLeft() {
        Path db = store();
        FileRow f;
        try (Engine e = Engine.openReadOnly(db)) {
            f = e.catalog().gameFiles().get(0);
        }
        try (Store s = RocksStore.open(db); Store.Batch b = s.batch()) { // the columns of a file changed
            byte[] wrong = new byte[5 + 10 * f.games()];
            b.put(Store.Space.COLUMNS, GameColumns.key(f.firstId()), wrong);
            b.commit();
        }
        try (ThorDb db2 = ThorDb.open(db)) {
            Verification found = db2.verify(VerifyMode.CHECK);
            assertFalse(found.sound());
            assertEquals(found.problems(), found.left());
            Verification repair = db2.verify(VerifyMode.REPAIR);
            assertTrue(repair.problems() > 0, repair.toString());
            assertTrue(repair.repaired() > 0, repair.toString());
            assertEquals(0, repair.left(), repair.toString());
            assertTrue(repair.sound(), "sound after the repair: " + repair);
            assertTrue(repair.lines().stream().noneMatch(l -> l.startsWith("still: ")), repair.lines().toString());
            assertTrue(db2.verify(VerifyMode.CHECK).sound());
        }
        List<String> lines = new ArrayList<>();
        try (Engine e = Engine.openReadOnly(db)) {
            Verify.Result r = Verify.store(e, false, Verify.EVERY_FILE, Verify.SEED, lines::add);
            assertEquals(0, r.problems(), lines.toString());
        }
    }
}
