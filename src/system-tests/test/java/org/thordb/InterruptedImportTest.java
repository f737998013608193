package org.thordb;

import org.thordb.usecase.Games;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.engine.Engine;

/**
 * An import stopped by Ctrl-C (SIGINT sent to a child JVM) says how many files landed whole and how
 * to finish; the next import finishes it.
 */
class InterruptedImportTest {
    @TempDir
    Path tmp;

    @Test
    void anInterruptedImportSaysWhatLandedAndTheNextFinishesIt() throws Exception {
        // a job started in the background (nohup, `cmd &` in a script) ignores SIGINT, and so does
        // every process it starts: there, Ctrl-C cannot reach the child and is not tested
        org.junit.jupiter.api.Assumptions.assumeFalse(sigintIgnored(),
                "skipped: SIGINT is ignored in this process (a background job), as it would be in the import's");
        Path base = tmp.resolve("files");
        org.thordb.sample.SampleBase.write(base, "CLUB", 1977, 30, 1500, 8L);
        Path db = tmp.resolve("db");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-Xmx1g", "-cp", System.getProperty("java.class.path"),
                "org.thordb.cli.Main", "import", "--no-progress", "--verbose", "--db", db.toString(), base.toString())
                .redirectErrorStream(true);
        Path lib = tmp.resolve("native");
        lib.toFile().mkdirs();
        pb.environment().put("ROCKSDB_SHAREDLIB_DIR", lib.toString());
        Process p = pb.start();
        BufferedReader said = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        StringBuilder all = new StringBuilder();
        for (String line; (line = said.readLine()) != null; ) {
            all.append(line).append('\n');
            if (line.contains(": committed ")) {
                break;
            }
        }
        // SIGINT, as Ctrl-C sends it (Process.destroy would close the pipes this test reads)
        assertEquals(0, new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor());
        for (String line; (line = said.readLine()) != null; ) {
            all.append(line).append('\n');
        }
        p.waitFor();
        String out = all.toString();
        assertTrue(out.matches("(?s).*stopped: \\d+ files \\([\\d,]+ games\\) were written whole before the interrupt.*"
                + "run the same import again to finish.*"), out);
        try (Engine e = Engine.open(db)) {
            assertTrue(e.catalog().gameFiles().size() < 30, "stopped before the end");
            e.importFiles(List.of(base), org.thordb.ingest.Importer.Options.defaults(), m -> { });
            assertEquals(30 * 1500, Games.count(e, "copies = all"));
            assertEquals(0, e.verify(false, m -> { }).problems());
        }
    }

    /** Whether this process ignores SIGINT (bit 2 of SigIgn in /proc/self/status); false where that is unknown. */
    private static boolean sigintIgnored() {
        try {
            for (String l : java.nio.file.Files.readAllLines(Path.of("/proc/self/status"))) {
                if (l.startsWith("SigIgn:")) {
                    return (Long.parseUnsignedLong(l.substring(7).strip(), 16) & 2L) != 0;
                }
            }
        } catch (java.io.IOException | RuntimeException e) {
            return false;
        }
        return false;
    }
}
