package org.thordb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.sample.SampleBase;
import org.thordb.wthor.WthorReader;

/** {@code thordb solitaires} through the command line: the file, its summary line, the refusals. */
class SolitairesCommandsTest {
    @TempDir
    Path dir;

    @Test
    void solitairesAreWrittenAndSaid() throws Exception {
        Path files = dir.resolve("files");
        SampleBase.write(files, "CLUB", 2001, 1, 400, 8L);
        String store = dir.resolve("db").toString();
        assertEquals(0, CommandsTest.run("import", "--no-progress", "--db", store, files.toString()).status());
        Path out = dir.resolve("pzz");
        CommandsTest.Run r = CommandsTest.run("solitaires", "--db", store, "--empties", "6", "--limit", "3", "--out",
                out.toString());
        assertEquals(0, r.status(), r.err());
        Path file = out.resolve("SOLITAIRES 06.PZZ");
        assertTrue(r.out().startsWith("3 solitaires of 6 empties from "), r.out());
        assertTrue(r.out().contains("written to " + file), r.out());
        try (WthorReader w = WthorReader.open(file)) {
            assertEquals(3, w.header().n1());
            assertEquals(6, w.header().n2());
        }
        CommandsTest.Run again = CommandsTest.run("solitaires", "--db", store, "--empties", "6", "--out", out.toString());
        assertEquals(2, again.status(), "an existing file needs --force");
        assertTrue(again.err().contains("exists; --force replaces it"), again.err());
        assertEquals(2, CommandsTest.run("solitaires", "--db", store, "--empties", "61", "--out", out.toString()).status());
        assertTrue(Files.exists(file));
    }
}
