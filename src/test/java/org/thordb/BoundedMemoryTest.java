package org.thordb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.ingest.Importer;
import org.thordb.testing.SharedData;

/**
 * Results stream: a JVM with a heap far smaller than the games it is asked for lists every game of
 * the FFO base and exports it, and each file comes out whole.
 */
class BoundedMemoryTest {
    @TempDir
    Path tmp;

    private int run(Path lib, Path out, String... args) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new java.util.ArrayList<>(List.of(java, "-Xmx24m", "-cp", System.getProperty("java.class.path"),
                "org.thordb.cli.Main"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT)
                .redirectOutput(out.toFile());
        pb.environment().put("ROCKSDB_SHAREDLIB_DIR", lib.toString());
        Process p = pb.start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        return p.exitValue();
    }

    @Test
    void everyGameOfTheBaseThroughA24MegabyteHeap() throws Exception {
        Path base = SharedData.dir("wthor");
        Path db = tmp.resolve("db");
        try (ThorDb t = ThorDb.open(db)) {
            t.importFiles(List.of(base), Importer.Options.defaults(), m -> { });
        }
        Path lib = Files.createDirectories(tmp.resolve("native"));
        Path jsonl = tmp.resolve("all.jsonl");
        assertEquals(0, run(lib, jsonl, "query", "--db", db.toString(), "--format", "jsonl", "year >= 1900"));
        try (var lines = Files.lines(jsonl, StandardCharsets.UTF_8)) {
            assertEquals(117_435, lines.count());
        }
        Path out = tmp.resolve("export");
        assertEquals(0, run(lib, tmp.resolve("export.txt"), "export", "--db", db.toString(), "--out", out.toString(),
                "year >= 1900"));
        for (Path f : SharedData.files("wthor", ".wtb")) {
            assertEquals(Files.size(f), Files.size(out.resolve(f.getFileName().toString())), f.toString());
        }
    }
}
