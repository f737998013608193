package org.thordb.testing;

import java.nio.file.Path;
import java.util.List;
import org.thordb.engine.Engine;
import org.thordb.ingest.Importer;
import org.thordb.sample.SampleBase;

/**
 * A store of four generated bases of one file each, of {@code step}, 2×, 3× and 4× {@code step}
 * games: a test that samples files tells which by the games counted.
 *
 * <p>Usage: {@code Path db = UnevenStore.make(tmp, 60, 11L);}
 */
public final class UnevenStore {
    private UnevenStore() {
    }

    /** Writes the bases under {@code tmp/files}, imports them into {@code tmp/db} and returns that folder. */
    public static Path make(Path tmp, int step, long seed) {
        Path files = tmp.resolve("files");
        for (int i = 0; i < 4; i++) {
            SampleBase.write(files.resolve("b" + i), "B" + i, 2001 + i, 1, step * (i + 1), seed + i);
        }
        Path db = tmp.resolve("db");
        try (Engine e = Engine.open(db)) {
            e.importFiles(List.of(files), Importer.Options.defaults(), m -> { });
        }
        return db;
    }
}
