package org.thordb.cli;

import org.thordb.usecase.Games;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.engine.Engine;
import org.thordb.sample.SampleBase;

/**
 * What a player met on the command line: a new store made by a typo in {@code --db} is said, with
 * where it is; {@code --out hobo.pgn} writes that file (and it imports back); {@code info} says
 * which names line is players and which tournaments; {@code => } gets a did-you-mean.
 */
class CommandLineFixesTest {
    @TempDir
    Path tmp;

    @Test
    void aNewStoreIsSaidAnExportFileIsAFileAndInfoNamesItsNamesFiles() throws Exception {
        Path files = tmp.resolve("files");
        SampleBase.write(files, "CLUB", 2001, 2, 40, 3L);
        Path db = tmp.resolve("nested/typo-db");
        CommandsTest.Run imp = CommandsTest.run("import", "--no-progress", "--db", db.toString(), files.toString());
        assertEquals(0, imp.status(), imp.err());
        assertTrue(imp.err().contains("note: made a new store in " + db.toAbsolutePath().normalize()
                + ", with its missing parent folders"), imp.err());
        CommandsTest.Run again = CommandsTest.run("import", "--no-progress", "--db", db.toString(), files.toString());
        assertTrue(!again.err().contains("made a new store"), "an existing store is not new: " + again.err());

        Path pgn = tmp.resolve("out/club.pgn");
        CommandsTest.Run ex = CommandsTest.run("export", "--db", db.toString(), "--out", pgn.toString(), "year = 2001");
        assertEquals(0, ex.status(), ex.err());
        assertTrue(Files.isRegularFile(pgn), "a file, not a folder: " + ex.out());
        assertTrue(ex.out().contains("exported 40 games to " + pgn), ex.out());
        CommandsTest.Run exists = CommandsTest.run("export", "--db", db.toString(), "--out", pgn.toString());
        assertTrue(exists.status() != 0 && exists.err().contains("exists; --force replaces it"), "an existing file needs --force: "
                + exists.err());
        assertEquals(0, CommandsTest.run("export", "--db", db.toString(), "--out", pgn.toString(), "--force").status());
        try (Engine back = Engine.open(tmp.resolve("back"))) {
            back.importFiles(java.util.List.of(pgn), org.thordb.ingest.Importer.Options.defaults(), m -> { });
            assertEquals(80, Games.count(back, ""));
        }
        Path csv = tmp.resolve("club.csv");
        assertEquals(0, CommandsTest.run("export", "--db", db.toString(), "--out", csv.toString()).status());
        assertTrue(Files.readString(csv).startsWith("id,") || Files.readString(csv).contains(",moves"), "CSV from the name");

        Path text = tmp.resolve("pgn-db");
        CommandsTest.run("import", "--no-progress", "--db", text.toString(), pgn.toString());
        CommandsTest.Run info = CommandsTest.run("info", "--db", text.toString());
        assertTrue(info.out().matches("(?s).*club\\.pgn +\\d+ players, made.*club\\.pgn +\\d+ tournaments, made.*"), info.out());

        CommandsTest.Run r = CommandsTest.run("count", "--db", db.toString(), "year => 2020");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("'=>' is not an operator: did you mean >=?"), r.err());
    }
}
