package org.thordb;

import org.thordb.usecase.Explore;
import org.thordb.usecase.Games;
import org.thordb.engine.Engine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.ingest.ImportReport;
import org.thordb.ingest.Importer;
import org.thordb.store.FileRow;
import org.thordb.testing.SharedData;
import org.thordb.wthor.WthorReader;

/**
 * A child JVM imports the FFO base and is killed (SIGKILL) at random moments; after each kill the
 * store opens, every file it holds is complete and indexed, and a last import finishes the job with
 * every game exactly once.
 */
@org.junit.jupiter.api.extension.ExtendWith(org.thordb.testing.Seeded.class)
@org.thordb.testing.FullTier
class KillDuringImportTest {
    @TempDir
    Path tmp;

    private Process startImport(Path db, Path base) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = List.of(java, "-Xmx1g", "-cp", System.getProperty("java.class.path"),
                "org.thordb.cli.Main", "import", "--no-progress", "--verbose", "--db", db.toString(), base.toString());
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        // a killed JVM leaves RocksJava's unpacked native library behind: keep it in the test's folder
        Path lib = tmp.resolve("native");
        lib.toFile().mkdirs();
        pb.environment().put("ROCKSDB_SHAREDLIB_DIR", lib.toString());
        return pb.start();
    }

    @Test
    void killedImportsOfTheSampleBaseLeaveWholeFiles(Random rnd) throws Exception {
        Path base = tmp.resolve("files");
        org.thordb.sample.SampleBase.write(base, "CLUB", 1977, 39, 1500, 22L);
        killedImportsLeaveWholeFilesAndFinishOnTheNextImport(base, "Kamira Tolu", rnd);
    }

    @Test
    void killedImportsOfTheFfoBaseLeaveWholeFiles(Random rnd) throws Exception {
        killedImportsLeaveWholeFilesAndFinishOnTheNextImport(SharedData.dir("wthor"), "Tastet Marc", rnd);
    }

    private static List<Path> gameFiles(Path base) throws java.io.IOException {
        try (java.util.stream.Stream<Path> s = java.nio.file.Files.list(base)) {
            return s.filter(p -> p.toString().endsWith(".wtb")).sorted().toList();
        }
    }

    private void killedImportsLeaveWholeFilesAndFinishOnTheNextImport(Path base, String player, Random rnd) throws Exception {
        Path db = tmp.resolve("db");
        long allGames = 0;
        for (Path f : gameFiles(base)) {
            try (WthorReader wr = WthorReader.open(f)) {
                allGames += wr.header().n1();
            }
        }
        int kills = 0;
        List<Integer> filesSeen = new ArrayList<>();
        int files = gameFiles(base).size();
        int rounds = 10;
        for (int round = 0; round < rounds; round++) {
            Process p = startImport(db, base);
            // killed after its n-th commit of this round, and then a random few milliseconds on, so
            // that kills land between files and inside them whatever the machine's speed
            int want = 1 + rnd.nextInt(3);
            int committed = 0;
            java.io.BufferedReader said = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(),
                    java.nio.charset.StandardCharsets.UTF_8));
            for (String line; committed < want && (line = said.readLine()) != null; ) {
                committed += line.contains(": committed ") ? 1 : 0;
            }
            assertEquals(want, committed, "the child commits files until it is killed");
            Thread.sleep(rnd.nextInt(40));
            p.destroyForcibly(); // SIGKILL
            p.waitFor();
            kills++;
            try (Engine t = Engine.open(db)) {
                filesSeen.add(t.catalog().gameFiles().size());
                // every kind of query answers, and agrees with the files the store holds
                long total = t.catalog().games();
                assertEquals(total, Games.count(t, "year >= 1900"));
                assertEquals(total, Games.reaching(t, org.thordb.othello.Position.start()).getLongCardinality());
                assertEquals(Games.count(t, "opening = f5d6") + Games.count(t, "opening = f5f6") + Games.count(t, "opening = f5f4"), total);
                long[] plain = new long[1]; // the same question answered from the records, game by game
                Games.forEach(t, g -> {
                    plain[0] += g.black().equals(player) || g.white().equals(player)
                            || g.theoretical() > g.score() ? 1 : 0;
                    return true;
                });
                assertEquals(plain[0], Games.count(t, "player = \"" + player + "\" or theoretical > score"));
                assertEquals(total, Explore.exploration(t, org.thordb.othello.Position.start(), "").total());
                List<String> problems = new ArrayList<>();
                t.verify(false, 4, round, problems::add);
                assertTrue(problems.isEmpty(), "verify after kill " + kills + ": " + problems);
                for (FileRow f : t.catalog().gameFiles()) {
                    assertEquals(f.games(), Games.count(t, "year = " + f.year()), "year " + f.year() + " after kill " + kills);
                    assertEquals((Integer) f.games(), t.read(r -> {
                        int n = 0;
                        for (int i = 0; i < f.games(); i++) {
                            n += r.game(f.firstId() + i) != null ? 1 : 0;
                        }
                        return n;
                    }));
                }
            }
        }
        assertEquals(rounds, kills);
        assertTrue(filesSeen.get(rounds - 1) < files, "the rounds end before the last file: " + filesSeen);
        for (int i = 1; i < rounds; i++) {
            assertTrue(filesSeen.get(i) > filesSeen.get(i - 1), "each round commits more files: " + filesSeen);
        }
        System.out.println("kill test: files in the store after each round: " + filesSeen);
        try (Engine t = Engine.open(db)) {
            ImportReport r = t.importFiles(List.of(base), Importer.Options.defaults(), m -> { });
            assertEquals(0, r.refused());
            assertEquals(allGames, Games.count(t, "year >= 1900"));
            assertEquals(files, t.catalog().gameFiles().size());
            for (Path f : gameFiles(base)) {
                try (WthorReader wr = WthorReader.open(f)) {
                    assertEquals(wr.header().n1(), Games.count(t, "year = " + wr.header().gameYear()));
                }
            }
            assertEquals(allGames, Games.reaching(t, org.thordb.othello.Position.start()).getCardinality());
            List<String> problems = new ArrayList<>();
            assertEquals(0, t.verify(false, problems::add).problems(), problems.toString());
        }
    }
}
