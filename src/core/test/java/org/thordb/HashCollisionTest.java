package org.thordb;


import org.thordb.engine.Engine;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.index.PositionHash;
import org.thordb.ingest.Importer;
import org.thordb.sample.SampleBase;
import org.thordb.testing.Collisions;
import org.thordb.testing.PlainScan;

/**
 * Every singleton position collides with every other under a constant hash: position answers must
 * still be exact (candidates are replayed). On generated games, so it runs in every clone; the FFO
 * variant is in {@link RealBaseStoreTest}.
 */
class HashCollisionTest {
    @TempDir
    Path tmp;

    @Test
    void aConstantHashFindsTheSameGamesAsAPlainReplay() {
        Path files = tmp.resolve("files");
        SampleBase.write(files, "CLUB", 1980, 2, 400, 5L);
        PlainScan scan = new PlainScan(files);
        PositionHash constant = (b, w, s) -> 0x1234_5678_9abc_def0L;
        try (Engine collide = Engine.open(tmp.resolve("db"), constant)) {
            collide.importFiles(List.of(files), Importer.Options.defaults(), m -> { });
            Collisions.check(collide, scan.games(), 3, 80);
        }
    }
}
