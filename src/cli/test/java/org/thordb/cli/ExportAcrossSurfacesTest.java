package org.thordb.cli;

import org.thordb.usecase.Games;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.jline.terminal.Terminal;
import org.jline.terminal.impl.DumbTerminal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.ExportFormat;
import org.thordb.ExportOptions;
import org.thordb.ThorDb;
import org.thordb.engine.Engine;
import org.thordb.engine.StoredGame;
import org.thordb.ingest.Importer;
import org.thordb.sample.SampleBase;
import org.thordb.testing.FullTier;
import org.thordb.web.WebServer;

/**
 * One export, four surfaces: {@code thordb export}, the REPL's {@code :export}, the library's
 * {@code ThorDb.export} and {@code /api/export} write the same WTHOR files and say the same notes of
 * what WTHOR could not hold (names longer than its 20 bytes, games without a theoretical score);
 * before {@code usecase.Export}, only the command line said them.
 */
@FullTier // four exports that each solve two games' endgames: 20 s
class ExportAcrossSurfacesTest {
    @TempDir
    Path tmp;

    /** A generated base and a club's PGN of two of its games under names too long for WTHOR. */
    private Path store() throws Exception {
        Path files = tmp.resolve("files");
        SampleBase.write(files, "TRAIN", 2000, 1, 50, 5L);
        Path store = tmp.resolve("store");
        try (Engine e = Engine.open(store)) {
            e.importFiles(List.of(files), Importer.Options.defaults(), m -> { });
        }
        StringBuilder pgn = new StringBuilder();
        try (Engine e = Engine.openReadOnly(store)) {
            int k = 0;
            for (StoredGame g : Games.of(e, Games.select(e, "year = 2000"))) {
                pgn.append("[Event \"Club\"]\n[Date \"2001.05.12\"]\n[Black \"Bartholomew Fitzwilliam-" + k
                        + "\"]\n[White \"Maximiliana Oppenheimer\"]\n\n");
                String moves = g.moves();
                for (int i = 0; 2 * i < moves.length(); i++) {
                    pgn.append(i % 2 == 0 ? (i / 2 + 1) + ". " : "").append(moves, 2 * i, 2 * i + 2).append(' ');
                }
                pgn.append("\n\n");
                if (++k == 2) {
                    break;
                }
            }
        }
        Files.writeString(tmp.resolve("club.pgn"), pgn.toString());
        try (Engine e = Engine.open(store)) {
            e.importFiles(List.of(tmp.resolve("club.pgn")), new Importer.Options(false, "CLUB", List.of()), m -> { });
        }
        return store;
    }

    private static Map<String, byte[]> files(Path dir) throws Exception {
        Map<String, byte[]> out = new TreeMap<>();
        try (var s = Files.list(dir)) {
            for (Path p : s.toList()) {
                out.put(p.getFileName().toString(), Files.readAllBytes(p));
            }
        }
        return out;
    }

    private static List<String> notesOf(String text) {
        List<String> out = new ArrayList<>();
        for (String line : text.lines().toList()) {
            int at = line.indexOf("note: ");
            if (at >= 0) {
                out.add(line.substring(at + "note: ".length()).strip());
            }
        }
        return out;
    }

    @Test
    void everySurfaceWritesTheSameFilesAndSaysTheSameNotes() throws Exception {
        Path store = store();
        String q = "base = \"CLUB\"";

        Path byCli = tmp.resolve("cli");
        CommandsTest.Run cli = CommandsTest.run("export", "--db", store.toString(), "--out", byCli.toString(), q);
        assertEquals(0, cli.status(), cli.err());
        List<String> cliNotes = notesOf(cli.err());

        Path byRepl = tmp.resolve("repl");
        ByteArrayOutputStream screen = new ByteArrayOutputStream();
        try (ThorDb db = ThorDb.builder(store).readOnly().open();
             Terminal t = new DumbTerminal("test", "ansi", new ByteArrayInputStream((":export " + byRepl + " wthor " + q
                     + "\n:quit\n").getBytes(StandardCharsets.UTF_8)), screen, StandardCharsets.UTF_8)) {
            new Repl(db, t, tmp.resolve("history")).run();
        }
        String replScreen = screen.toString(StandardCharsets.UTF_8);
        List<String> replNotes = notesOf(replScreen);

        Path byLibrary = tmp.resolve("library");
        List<String> libraryNotes = new ArrayList<>();
        try (ThorDb db = ThorDb.builder(store).readOnly().open()) {
            db.export(q, byLibrary, ExportFormat.WTHOR, ExportOptions.defaults().notes(libraryNotes::add));
        }

        Map<String, byte[]> byServer = new TreeMap<>();
        List<String> serverNotes = new ArrayList<>();
        try (ThorDb db = ThorDb.builder(store).readOnly().open(); WebServer s = WebServer.start(db, "127.0.0.1", 0, 10_000)) {
            HttpResponse<byte[]> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                    + s.port() + "/api/export?format=wthor&q=" + URLEncoder.encode(q, StandardCharsets.UTF_8))).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            assertEquals(200, r.statusCode());
            try (ZipInputStream z = new ZipInputStream(new ByteArrayInputStream(r.body()))) {
                for (ZipEntry e = z.getNextEntry(); e != null; e = z.getNextEntry()) {
                    byte[] b = z.readAllBytes();
                    if (e.getName().equals("NOTES.txt")) {
                        serverNotes.addAll(new String(b, StandardCharsets.UTF_8).lines().toList());
                    } else {
                        byServer.put(e.getName(), b);
                    }
                }
            }
        }

        // WTHOR holds 19 characters of a name, and a score for every game (solved here): both said
        assertTrue(cliNotes.stream().anyMatch(n -> n.contains("\"Maximiliana Oppenheimer\" written as \"Maximiliana Oppenhe\"")),
                cliNotes.toString());
        assertTrue(cliNotes.stream().anyMatch(n -> n.startsWith("2 unknown theoretical scores solved for this export")),
                cliNotes.toString());
        assertEquals(cliNotes, replNotes, replScreen);
        assertEquals(cliNotes, libraryNotes);
        assertEquals(cliNotes, serverNotes);

        Map<String, byte[]> cliFiles = files(byCli);
        assertFalse(cliFiles.isEmpty());
        for (Map<String, byte[]> other : List.of(files(byRepl), files(byLibrary), byServer)) {
            assertEquals(cliFiles.keySet(), other.keySet());
            for (String name : cliFiles.keySet()) {
                assertArrayEquals(cliFiles.get(name), other.get(name), name);
            }
        }
    }

    @Test
    void anExportOfPositionsSaysItsRows() throws Exception {
        Path store = store();
        String q = "base = \"CLUB\"";
        long moves = 0;
        try (Engine e = Engine.openReadOnly(store)) {
            for (StoredGame g : Games.of(e, Games.select(e, q))) {
                moves += g.moves().length() / 2;
            }
        }
        CommandsTest.Run toStdout = CommandsTest.run("export", "--db", store.toString(), "--out", "-", "--format", "jsonl",
                "--positions", q);
        assertEquals(0, toStdout.status(), toStdout.err());
        assertEquals(moves, toStdout.out().lines().count());
        assertTrue(toStdout.err().contains("exported 2 games (" + moves + " position rows) to standard output"), toStdout.err());
        Path file = tmp.resolve("rows.csv");
        CommandsTest.Run toFile = CommandsTest.run("export", "--db", store.toString(), "--out", file.toString(), "--positions", q);
        assertEquals(List.of("exported 2 games (" + moves + " position rows) to " + file), toFile.lines());
        CommandsTest.Run toFolder = CommandsTest.run("export", "--db", store.toString(), "--out", tmp.resolve("rows").toString(),
                "--format", "csv", "--positions", q);
        assertTrue(toFolder.out().strip().endsWith("(" + moves + " position rows)"), toFolder.out());
    }
}
