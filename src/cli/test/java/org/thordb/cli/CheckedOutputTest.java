package org.thordb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.sample.SampleBase;

/**
 * Every write to standard output is checked: a full disk ({@code /dev/full}), a closed standard
 * output and a pipe closed by its reader are errors with exit status 2 and the count of what was
 * written, never "exported N games" with exit 0. Run as whole processes, since the failure is
 * the operating system's.
 */
@org.thordb.testing.FullTier
class CheckedOutputTest {
    @TempDir
    static Path tmp;
    private static Path db;

    @BeforeAll
    static void store() {
        Path files = tmp.resolve("files");
        SampleBase.write(files, "CLUB", 2001, 2, 1500, 5L);
        db = tmp.resolve("db");
        assertEquals(0, CommandsTest.run("import", "--db", db.toString(), "--no-progress", files.toString()).status());
    }

    private static List<String> thordb(String... args) {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "org.thordb.cli.Main"));
        cmd.addAll(List.of(args));
        return cmd;
    }

    private record Ran(int status, String err) {
    }

    private static Ran run(ProcessBuilder pb) throws Exception {
        pb.environment().put("ROCKSDB_SHAREDLIB_DIR", tmp.resolve("native").toString());
        tmp.resolve("native").toFile().mkdirs();
        Path err = Files.createTempFile(tmp, "err", ".txt");
        pb.redirectError(err.toFile());
        Process p = pb.start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the command ended");
        return new Ran(p.exitValue(), Files.readString(err));
    }

    @Test
    void anExportToAFullDiskFailsWithWhatWasWritten() throws Exception {
        assumeTrue(new File("/dev/full").exists(), "skipped: no /dev/full on this system");
        for (String format : new String[] {"pgn", "jsonl", "csv", "text"}) {
            ProcessBuilder pb = new ProcessBuilder(thordb("export", "--db", db.toString(), "--out", "-", "--format", format,
                    "year >= 2001")).redirectOutput(new File("/dev/full"));
            Ran r = run(pb);
            assertEquals(2, r.status(), format + ": " + r.err());
            assertTrue(r.err().contains("standard output: the write failed: No space left on device"), r.err());
            assertTrue(r.err().contains("bytes written before it") && r.err().contains("the export stopped at game "),
                    r.err());
            assertTrue(!r.err().contains("exported "), "no claim of success: " + r.err());
        }
        for (String[] args : new String[][] {{"query", "--format", "jsonl"}, {"query", "--format", "csv"},
                {"count"}, {"stats", "--by", "year", "--where"}}) {
            List<String> a = new ArrayList<>(List.of(args));
            a.addAll(List.of("--db", db.toString(), "year >= 2001"));
            if (args[0].equals("stats")) {
                a = new ArrayList<>(List.of("stats", "--by", "year", "--db", db.toString(), "--where", "year >= 2001"));
            }
            Ran r = run(new ProcessBuilder(thordb(a.toArray(String[]::new))).redirectOutput(new File("/dev/full")));
            assertEquals(2, r.status(), a + ": " + r.err());
            assertTrue(r.err().contains("No space left on device"), a + ": " + r.err());
        }
    }

    @Test
    void aClosedStandardOutputIsAnError() throws Exception {
        List<String> cmd = thordb("export", "--db", db.toString(), "--out", "-", "--format", "pgn", "year >= 2001");
        StringBuilder line = new StringBuilder("exec");
        for (String c : cmd) {
            line.append(" '").append(c.replace("'", "'\\''")).append('\'');
        }
        line.append(" >&-");
        assumeTrue(new File("/bin/sh").exists(), "skipped: no /bin/sh");
        Ran r = run(new ProcessBuilder("/bin/sh", "-c", line.toString()));
        assertEquals(2, r.status(), r.err());
        assertTrue(r.err().contains("standard output: the write failed"), r.err());
    }

    @Test
    void aPipeClosedByItsReaderIsAnError() throws Exception {
        ProcessBuilder pb = new ProcessBuilder(thordb("export", "--db", db.toString(), "--out", "-", "--format", "jsonl",
                "year >= 2001"));
        pb.environment().put("ROCKSDB_SHAREDLIB_DIR", tmp.resolve("native").toString());
        tmp.resolve("native").toFile().mkdirs();
        Path err = tmp.resolve("pipe-err.txt");
        pb.redirectError(err.toFile());
        Process p = pb.start();
        try (InputStream in = p.getInputStream()) {
            byte[] some = in.readNBytes(1000); // the reader takes a little, then goes away, as head does
            assertEquals(1000, some.length, "what the export printed first: " + Files.readString(err));
        }
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        String e = Files.readString(err);
        assertEquals(2, p.exitValue(), e);
        assertTrue(e.contains("standard output: the write failed"), e);
    }

    @Test
    void aWriterThatFailsInsideTheProcessIsAnErrorToo() {
        OutputStream broken = new OutputStream() {
            private int n;

            @Override
            public void write(int b) throws IOException {
                if (++n > 5000) {
                    throw new IOException("No space left on device");
                }
            }
        };
        PrintWriter out = new PrintWriter(new java.io.OutputStreamWriter(new CheckedOutput(broken, "out.pgn"),
                StandardCharsets.UTF_8));
        StringWriter err = new StringWriter();
        int status = Main.run(out, new PrintWriter(err), "export", "--db", db.toString(), "--out", "-", "--format", "pgn",
                "year >= 2001");
        assertEquals(2, status, err.toString());
        assertTrue(err.toString().contains("out.pgn: the write failed: No space left on device (") && err.toString().contains("the export stopped at game"),
                err.toString());
        // a plain PrintWriter that swallows its failures is caught by its error flag
        PrintWriter swallowing = new PrintWriter(broken);
        StringWriter err2 = new StringWriter();
        int status2 = Main.run(swallowing, new PrintWriter(err2), "export", "--db", db.toString(), "--out", "-",
                "--format", "jsonl", "year >= 2001");
        assertEquals(2, status2, err2.toString());
    }
}
