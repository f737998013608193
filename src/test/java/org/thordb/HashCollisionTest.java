package org.thordb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.index.PositionHash;
import org.thordb.ingest.Importer;
import org.thordb.othello.Position;
import org.thordb.sample.SampleBase;
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
        try (ThorDb collide = ThorDb.open(tmp.resolve("db"), constant)) {
            collide.importFiles(List.of(files), Importer.Options.defaults(), m -> { });
            Random rnd = new Random(3);
            List<PlainScan.Game> games = scan.games();
            for (int i = 0; i < 80; i++) {
                PlainScan.Game g = games.get(rnd.nextInt(games.size()));
                List<Position> ps = g.canonicalPositions();
                Position c = ps.get(rnd.nextInt(ps.size()));
                Set<Long> want = new HashSet<>();
                for (PlainScan.Game h : games) {
                    if (h.canonicalPositions().contains(c)) {
                        want.add((long) h.year() * 100_000 + h.record());
                    }
                }
                Set<Long> got = new HashSet<>();
                for (Game x : collide.games(collide.position(c))) {
                    got.add((long) x.year() * 100_000 + x.record());
                }
                assertEquals(want, got, c.toBoardString());
                assertEquals(want.size(), collide.count("position = \"" + c.toBoardString() + "\""));
            }
        }
    }
}
