package org.thordb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.sample.SampleBase;

/**
 * A read-only handle opened just after an import sees the import, though the writer's background
 * flush may be moving the store's log and manifest while the handle opens: an open during which
 * the folder changed may have read a manifest from before the flush and found the flushed log
 * gone, so it is made again. Without that, 58 opens in 150 saw an empty store.
 */
class ReadOnlyOpenSeesCommitsTest {
    @TempDir
    Path tmp;

    @Test
    void aReadOnlyOpenRightAfterAnImportSeesEveryGame() {
        Path base = tmp.resolve("base");
        SampleBase.write(base, "CLUB", 2001, 1, 20, 11L);
        List<String> stale = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            Path store = tmp.resolve("store-" + i);
            try (ThorDb db = ThorDb.open(store)) {
                db.importFiles(List.of(base));
                try (ThorDb ro = ThorDb.builder(store).readOnly().open()) {
                    long n = ro.count("");
                    if (n != 20) {
                        stale.add("open " + i + " saw " + n + " games");
                    }
                }
            }
        }
        assertEquals(List.of(), stale);
    }
}
