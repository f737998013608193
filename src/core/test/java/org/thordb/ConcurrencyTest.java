package org.thordb;

import org.thordb.usecase.Games;
import org.thordb.engine.Engine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.ingest.Importer;
import org.thordb.othello.Position;
import org.thordb.store.FileRow;
import org.thordb.testing.SharedData;

/** Many reader threads while one import runs: each reader sees every file whole or not at all. */
@org.thordb.testing.FullTier
class ConcurrencyTest {
    @TempDir
    Path tmp;

    @Test
    void readersSeeWholeFilesWhileAnImportOfTheSampleBaseRuns() throws Exception {
        Path base = tmp.resolve("files");
        org.thordb.sample.SampleBase.write(base, "CLUB", 1980, 30, 1500, 21L);
        readersSeeWholeFiles(base, 45_000);
    }

    @Test
    void readersSeeWholeFilesWhileAnImportOfTheFfoBaseRuns() throws Exception {
        readersSeeWholeFiles(SharedData.dir("wthor"), 117_435);
    }

    private void readersSeeWholeFiles(Path base, long total) throws Exception {
        try (Engine db = Engine.open(tmp.resolve("db"))) {
            AtomicBoolean done = new AtomicBoolean();
            ExecutorService pool = Executors.newFixedThreadPool(4);
            List<Future<Integer>> readers = new ArrayList<>();
            Set<Long> totalsSeen = ConcurrentHashMap.newKeySet();
            for (int t = 0; t < 4; t++) {
                readers.add(pool.submit(() -> {
                    int checks = 0;
                    while (!done.get() || checks < 5) {
                        // one consistent view: the catalog's files and the postings agree
                        String bad = db.read(r -> {
                            long sum = 0;
                            for (FileRow f : r.catalog().gameFiles()) {
                                sum += f.games();
                            }
                            long all = r.all().getLongCardinality();
                            long start = r.position(Position.start()).getLongCardinality();
                            long years = org.thordb.query.exec.QueryEngine.evaluate("year >= 1900", r).getLongCardinality();
                            totalsSeen.add(sum);
                            return sum == all && sum == start && sum == years ? null
                                    : "files " + sum + ", ids " + all + ", start position " + start + ", years " + years;
                        });
                        if (bad != null) {
                            throw new AssertionError(bad);
                        }
                        checks++;
                    }
                    return checks;
                }));
            }
            db.importFiles(List.of(base), Importer.Options.defaults(), m -> { });
            done.set(true);
            int checks = 0;
            for (Future<Integer> f : readers) {
                checks += f.get();
            }
            pool.shutdown();
            assertTrue(checks >= 20, "readers ran " + checks + " checks");
            assertTrue(totalsSeen.size() > 2, "readers saw the store grow file by file: " + totalsSeen.size() + " totals");
            assertTrue(totalsSeen.contains(total));
            int[] n = {0};
            Games.forEach(db, g -> ++n[0] > 0);
            assertEquals(total, n[0]);
        }
    }
}
