package org.thordb;

import org.thordb.engine.Engine;
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
@org.thordb.testing.FullTier
class BoundedMemoryTest {
    @TempDir
    Path tmp;

    private int run(Path lib, Path out, String... args) throws Exception {
        return run("-Xmx24m", lib, out, args);
    }

    private int run(String heap, Path lib, Path out, String... args) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new java.util.ArrayList<>(List.of(java, heap, "-cp", System.getProperty("java.class.path"),
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
        try (Engine t = Engine.open(db)) {
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

    /**
     * {@code verify --db} holds one file's entries at a time, not the store's: 160,000 generated
     * games in 80 files (over a million postings entries, which kept in maps took several hundred
     * megabytes) are checked in a 48 MB heap, and a damaged entry is still found and named.
     */
    @Test
    void verifyChecksAStoreMuchLargerThanItsHeap() throws Exception {
        Path files = tmp.resolve("files");
        org.thordb.sample.SampleBase.write(files, "MANY", 1900, 80, 2_000, 7L);
        Path db = tmp.resolve("many");
        try (Engine t = Engine.open(db)) {
            t.importFiles(List.of(files), Importer.Options.defaults(), m -> { });
        }
        Path lib = Files.createDirectories(tmp.resolve("native"));
        Path report = tmp.resolve("verify.txt");
        assertEquals(0, run("-Xmx48m", lib, report, "verify", "--db", db.toString()));
        String said = Files.readString(report);
        assertTrue(said.contains("160000 games"), said);
        // a postings entry of one file changed: still found, and named, within the same heap
        try (org.thordb.store.Store s = org.thordb.store.RocksStore.open(db)) {
            byte[][] first = new byte[1][];
            try (org.thordb.store.Store.View v = s.view()) {
                v.scan(org.thordb.store.Store.Space.TERMS, new byte[] {(byte) org.thordb.index.Field.RESULT.code()},
                        null, (k, val) -> {
                            first[0] = k;
                            return false;
                        });
            }
            try (org.thordb.store.Store.Batch b = s.batch()) {
                b.put(org.thordb.store.Store.Space.TERMS, first[0], org.thordb.index.Postings.encode(new int[] {1}, 1));
                b.commit();
            }
        }
        assertEquals(1, run("-Xmx48m", lib, report, "verify", "--db", db.toString()));
        said = Files.readString(report);
        assertTrue(said.contains("terms: an entry differs for MANY_"), said);
    }
}
