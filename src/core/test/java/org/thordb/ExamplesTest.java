package org.thordb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.query.parse.QueryParser;
import org.thordb.testing.PlainScan;
import org.thordb.testing.SharedData;

/** The examples of {@code examples/} compile, run and say what they should. */
class ExamplesTest {
    @TempDir
    Path tmp;

    @Test
    void everySampleQueryParses() throws Exception {
        List<String> lines = Files.readAllLines(Path.of("examples/queries.thq"));
        int queries = 0;
        for (String line : lines) {
            String q = line.replaceFirst("--.*", "").strip();
            if (!q.isEmpty()) {
                QueryParser.parse(line);
                queries++;
            }
        }
        assertTrue(queries >= 10, queries + " queries");
    }

    @Test
    void theSampleBaseExampleWritesAReadableBase() throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        Path classes = Files.createDirectories(tmp.resolve("classes"));
        assertEquals(0, javac.run(null, null, null, "-d", classes.toString(), "-cp", System.getProperty("java.class.path"),
                "examples/MakeSampleBase.java"));
        Path out = tmp.resolve("sample");
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
            loader.loadClass("MakeSampleBase").getMethod("main", String[].class)
                    .invoke(null, (Object) new String[] {out.toString(), "CLUB", "1990", "2", "25", "3"});
        }
        try (org.thordb.wthor.WthorReader r = org.thordb.wthor.WthorReader.open(out.resolve("CLUB_1991.wtb"))) {
            assertEquals(25, r.recordCount());
            for (org.thordb.wthor.WthorGame g : r.games()) {
                assertTrue(org.thordb.othello.WthorReplay.replay(g, null).sound());
            }
        }
        assertTrue(Files.exists(out.resolve("CLUB.JOU")) && Files.exists(out.resolve("CLUB.TRN")));
    }

    @Test
    void theEmbeddingExampleCompilesAndRuns() throws Exception {
        Path wthor = SharedData.dir("wthor");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        Path classes = Files.createDirectories(tmp.resolve("classes"));
        int status = javac.run(null, null, null, "-d", classes.toString(), "-cp", System.getProperty("java.class.path"),
                "examples/EmbedThorDb.java");
        assertEquals(0, status, "javac examples/EmbedThorDb.java");
        PrintStream out = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, getClass().getClassLoader())) {
            System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
            loader.loadClass("EmbedThorDb").getMethod("main", String[].class)
                    .invoke(null, (Object) new String[] {tmp.resolve("store").toString(), wthor.toString()});
        } finally {
            System.setOut(out);
        }
        String printed = buf.toString(StandardCharsets.UTF_8);
        assertTrue(printed.contains("(117435 games: 117435 new, 0 replaced"), printed);
        PlainScan scan = new PlainScan(wthor);
        long reaching = scan.count(g -> {
            var target = org.thordb.othello.Replay.replay(org.thordb.othello.Notation.parseLine("f5d6c3d3c4f4f6f3e6e7"), null)
                    .finalPosition().canonical();
            return g.canonicalPositions().contains(target);
        });
        assertTrue(printed.contains("games reaching f5d6c3d3c4f4f6f3e6e7: " + reaching), printed + " want " + reaching);
    }
}
