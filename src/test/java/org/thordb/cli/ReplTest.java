package org.thordb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jline.terminal.Attributes;
import org.jline.terminal.Terminal;
import org.jline.terminal.impl.DumbTerminal;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.thordb.ThorDb;
import org.thordb.ingest.Importer;
import org.thordb.testing.SharedData;

/** The REPL driven through a JLine terminal on streams, as a person would type at it. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReplTest {
    private Path dir;

    @BeforeAll
    void store() throws Exception {
        dir = Files.createTempDirectory("thordb-repl");
        Path wthor = SharedData.dir("wthor");
        try (ThorDb db = ThorDb.open(dir.resolve("db"))) {
            db.importFiles(List.of(wthor.resolve("WTHOR.JOU"), wthor.resolve("WTHOR.TRN"), wthor.resolve("WTH_2014.wtb"),
                    wthor.resolve("WTH_2015.wtb")), Importer.Options.defaults(), m -> { });
        }
    }

    private String type(String input, Path history) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ThorDb db = ThorDb.openReadOnly(dir.resolve("db"));
             Terminal t = new DumbTerminal("test", "ansi", new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)),
                     out, StandardCharsets.UTF_8)) {
            // as a real terminal: Ctrl-C interrupts, Ctrl-D ends input
            Attributes a = t.getAttributes();
            a.setLocalFlag(Attributes.LocalFlag.ISIG, true);
            a.setControlChar(Attributes.ControlChar.VINTR, 3);
            a.setControlChar(Attributes.ControlChar.VEOF, 4);
            t.setAttributes(a);
            new Repl(db, t, history).run();
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void queriesPagesErrorsAndCommands() throws Exception {
        Path history = dir.resolve("history");
        String screen = type(String.join("\n",
                "year = 2015",
                ":more",
                "year = ",
                "player = \"Tastet Marc\"",
                ":count year >= 2014",
                ":explain",
                ":board f5d6c3",
                ":export " + dir.resolve("repl-export") + " csv year = 2014 and player = \"Tastet Marc\"",
                ":frobnicate",
                ":quit",
                "year = 2014"), history);
        assertTrue(screen.contains("1926 games ("), screen);
        assertTrue(screen.contains("… 1916 more (:more)"), screen);
        assertTrue(screen.contains("… 1906 more (:more)"), screen);
        assertTrue(screen.contains("error: query error at line 1, column 7"), screen);
        assertTrue(screen.contains("  year =\n        ^") || screen.contains("  year = \n        ^"), screen);
        assertTrue(screen.contains("3743\n"), screen);
        assertTrue(screen.contains("player = \"Tastet Marc\": black and white postings of 1 name"), screen);
        assertTrue(screen.contains("3 . . X * . * . ."), screen);
        assertTrue(screen.contains("O (White) to move, X 5 O 2"), screen);
        assertTrue(screen.contains("error: unknown command :frobnicate"), screen);
        assertFalse(screen.contains("1817 games"), "nothing is answered after :quit");
        List<String> saved = Files.readAllLines(history);
        assertTrue(saved.stream().anyMatch(l -> l.endsWith("player = \"Tastet Marc\"")), saved.toString());
        assertTrue(screen.contains("exported: 1 files into " + dir.resolve("repl-export")), screen);
        List<String> csv = Files.readAllLines(dir.resolve("repl-export").resolve("games.csv"));
        assertEquals(1 + 88, csv.size(), "a header and Tastet Marc's 88 games of 2014");
        // the history is there for the next session: up twice recalls :frobnicate (then :quit)
        String next = type("\u001b[A\u001b[A\n\u0004", history);
        assertTrue(next.contains("error: unknown command :frobnicate"), next);
    }

    @Test
    void ctrlCDropsTheLineAndCtrlDLeaves() throws Exception {
        String screen = type("year = 20\u0003year = 2014\n\u0004year = 2015\n", null);
        assertTrue(screen.contains("1817 games ("), screen);
        assertFalse(screen.contains("1926 games"), "Ctrl-D left before the last line: " + screen);
        assertFalse(screen.contains("query error"), "the dropped line was not run: " + screen);
    }

    @Test
    void theExplorerPlaysAndTakesBack() throws Exception {
        String screen = type(String.join("\n", ":explore f5d6", ":play c3", ":play a1", ":back", ":filter year = 2015",
                ":explore", ":filter", ":quit") + "\n", null);
        List<String> blocks = List.of(screen.split("games reach this position"));
        assertEquals(4, blocks.size() - 1, screen); // explore, play c3, back, explore under the filter
        assertTrue(screen.contains("error: a1 is not legal here: the move flips no disc"), screen);
        // after f5d6c3 White's moves are ranked on the board: the most played, d3, is 1
        assertTrue(screen.contains("3 . . X 1 . "), screen);
        assertTrue(screen.contains("reach this position and match year = 2015"), screen);
        try (ThorDb db = ThorDb.openReadOnly(dir.resolve("db"))) {
            long f5d6 = db.count("position = f5d6");
            long f5d6c3 = db.count("position = f5d6c3");
            assertTrue(screen.contains(f5d6 + " games reach this position\n"), screen);
            assertTrue(screen.contains(f5d6c3 + " games reach this position\n"), screen);
            assertTrue(screen.contains(db.count("position = f5d6 and year = 2015") + " games reach this position and match"));
        }
    }

    @Test
    void namesAreCompletedFromTheStore() throws Exception {
        try (ThorDb db = ThorDb.openReadOnly(dir.resolve("db"))) {
            Repl.QueryCompleter c = new Repl.QueryCompleter(db.catalog());
            List<org.jline.reader.Candidate> got = new java.util.ArrayList<>();
            org.jline.reader.impl.DefaultParser p = new org.jline.reader.impl.DefaultParser();
            p.setEscapeChars(new char[0]);
            String line = "player = \"Tastet M";
            c.complete(null, p.parse(line, line.length(), org.jline.reader.Parser.ParseContext.COMPLETE), got);
            assertTrue(got.stream().anyMatch(x -> x.value().equals("Tastet Marc")), "inside a quote: bare names");
            String bare = "theo";
            got.clear();
            c.complete(null, p.parse(bare, bare.length(), org.jline.reader.Parser.ParseContext.COMPLETE), got);
            assertTrue(got.stream().anyMatch(x -> x.value().equals("theoretical")));
            assertTrue(got.stream().anyMatch(x -> x.value().equals("\"Tastet Marc\"")), "outside a quote: quoted names");
            assertEquals(1, got.stream().filter(x -> x.value().equals(":explain")).count());
        }
    }
}
