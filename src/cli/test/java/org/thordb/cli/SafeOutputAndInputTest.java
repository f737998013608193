package org.thordb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.store.Store;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorReader;

/**
 * What thordb writes is safe to open, and what it reads is what the file says: CSV cells that a
 * spreadsheet would run as formulas are written as text; exported files get the user's usual
 * permissions and never land inside a store; an export that fails leaves nothing, and a query over
 * a damaged record writes every other game; a WTHOR export never makes up a theoretical score;
 * a text file with a byte-order mark, a NUL byte, bytes that are not UTF-8, or moves after the
 * result is read whole or refused with its line and byte offset.
 */
@org.thordb.testing.FullTier
class SafeOutputAndInputTest {
    @TempDir
    Path tmp;

    private static final String HOSTILE = "[Event \"+cmd|' /C calc'!A0\"]\n[Date \"2020\"]\n[Black \"=HYPERLINK(\\\"http://x\\\",\\\"y\\\")\"]\n"
            + "[White \"@SUM(1+1)\"]\n[Result \"33-31\"]\n\n1. F5 D6 2. C3 D3 3. C4 F4 4. F6 F3 5. E6 E7 33-31\n\n"
            + "[Event \"Open\"]\n[Date \"2020\"]\n[Black \"-Minus Mallory\"]\n[White \"Plain Pat\"]\n[Result \"40-24\"]\n\n"
            + "1. F5 F6 2. E6 F4 40-24\n\n";

    private Path hostileStore() throws IOException {
        Path pgn = tmp.resolve("hostile.pgn");
        Files.writeString(pgn, HOSTILE, StandardCharsets.UTF_8);
        Path db = tmp.resolve("db");
        CommandsTest.Run r = CommandsTest.run("import", "--no-progress", "--db", db.toString(), pgn.toString());
        assertEquals(0, r.status(), r.out() + r.err());
        return db;
    }

    private static List<CSVRecord> csv(String text) throws IOException {
        try (CSVParser p = CSVParser.parse(new StringReader(text), CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get())) {
            return p.getRecords();
        }
    }

    @Test
    void csvCellsThatWouldRunAsFormulasAreWrittenAsText() throws IOException {
        Path db = hostileStore();
        Path out = tmp.resolve("games.csv");
        CommandsTest.Run e = CommandsTest.run("export", "--db", db.toString(), "--out", out.toString());
        assertEquals(0, e.status(), e.out() + e.err());
        for (String text : List.of(Files.readString(out), CommandsTest.run("query", "--db", db.toString(), "--format", "csv",
                "copies = all").out())) {
            List<CSVRecord> rows = csv(text);
            assertEquals(2, rows.size(), text);
            assertEquals("'=HYPERLINK(\"http://x\",\"y\")", rows.get(0).get("black"), text);
            assertEquals("'@SUM(1+1)", rows.get(0).get("white"), text);
            assertEquals("'+cmd|' /C calc'!A0", rows.get(0).get("tournament"), text);
            assertEquals("'-Minus Mallory", rows.get(1).get("black"), text);
            assertEquals("Plain Pat", rows.get(1).get("white"), "a plain name is left alone");
            assertEquals("33", rows.get(0).get("score"), "numbers stay numbers");
        }
        CommandsTest.Run stats = CommandsTest.run("stats", "--db", db.toString(), "--by", "player", "--format", "csv");
        assertEquals(0, stats.status(), stats.err());
        List<String> groups = new ArrayList<>();
        for (CSVRecord r : csv(stats.out())) {
            groups.add(r.get("group"));
        }
        assertTrue(groups.contains("'@SUM(1+1)") && groups.contains("'-Minus Mallory") && groups.contains("Plain Pat"), groups.toString());
        for (String g : groups) {
            assertFalse("=+-@".indexOf(g.charAt(0)) >= 0, "no cell starts a formula: " + g);
        }
    }

    @Test
    void exportsGetTheUsualPermissionsAndNeverGoIntoAStore() throws IOException {
        Path db = hostileStore();
        Path probe = Files.createFile(tmp.resolve("probe")); // what any new file of this user gets
        Set<PosixFilePermission> usual = Files.getPosixFilePermissions(probe);
        Path one = tmp.resolve("one.pgn");
        assertEquals(0, CommandsTest.run("export", "--db", db.toString(), "--out", one.toString()).status());
        assertEquals(usual, Files.getPosixFilePermissions(one), "a one-file export follows the umask");
        Path folder = tmp.resolve("wthor");
        CommandsTest.Run w = CommandsTest.run("export", "--db", db.toString(), "--out", folder.toString(),
                "--unknown-theoretical", "zero");
        assertEquals(0, w.status(), w.out() + w.err());
        try (Stream<Path> s = Files.list(folder)) {
            for (Path p : s.toList()) {
                assertEquals(usual, Files.getPosixFilePermissions(p), p.toString());
                assertFalse(p.getFileName().toString().startsWith("."), "no hidden leftover: " + p);
            }
        }
        for (Path inside : List.of(db, db.resolve("sub"), db.resolve("x.pgn"))) {
            CommandsTest.Run r = CommandsTest.run("export", "--db", db.toString(), "--out", inside.toString());
            assertEquals(2, r.status(), r.out() + r.err());
            assertTrue(r.err().contains("is inside the store folder"), r.err());
        }
        assertFalse(Files.exists(db.resolve("sub")) || Files.exists(db.resolve("x.pgn")));
    }

    /** A store of generated games whose largest table of records has 64 bytes flipped a third of the way in. */
    private Path damagedStore() throws IOException {
        Path files = tmp.resolve("files");
        org.thordb.sample.SampleBase.write(files, "CLUB", 2001, 3, 1500, 31L);
        Path db = tmp.resolve("damaged");
        assertEquals(0, CommandsTest.run("import", "--db", db.toString(), "--no-progress", files.toString()).status());
        DamagedFamilyRepairTest.flip(db, Store.Space.GAMES);
        return db;
    }

    @Test
    void aDamagedRecordLeavesNoHalfExportAndAQueryWritesEveryOtherGame() throws IOException {
        Path db = damagedStore();
        Path out = tmp.resolve("out");
        Files.createDirectories(out);
        Files.writeString(out.resolve("CLUB_2001.wtb"), "not mine"); // an existing file of the user's
        CommandsTest.Run w = CommandsTest.run("export", "--db", db.toString(), "--out", out.toString(), "--force");
        assertEquals(2, w.status(), w.out() + w.err());
        try (Stream<Path> s = Files.list(out)) {
            assertEquals(List.of(out.resolve("CLUB_2001.wtb")), s.toList(), "all or nothing: no year written, no temporary file");
        }
        assertEquals("not mine", Files.readString(out.resolve("CLUB_2001.wtb")), "the file it would have replaced is intact");
        Path one = tmp.resolve("all.jsonl");
        CommandsTest.Run j = CommandsTest.run("export", "--db", db.toString(), "--out", one.toString());
        assertEquals(2, j.status());
        try (Stream<Path> s = Files.list(tmp)) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().startsWith(".all.jsonl")), "no temporary file left");
        }
        assertFalse(Files.exists(one));

        CommandsTest.Run q = CommandsTest.run("query", "--db", db.toString(), "--format", "jsonl", "");
        assertEquals(2, q.status(), q.err());
        long rows = q.out().lines().count();
        assertTrue(rows > 0 && rows < 4500, "the readable games, not the damaged ones: " + rows + "; " + q.err());
        assertTrue(q.err().matches("(?s).*of the query's games could not be read and were left out, [0-9,]+ were written.*"), q.err());
        long unread = Long.parseLong(q.err().replaceAll("(?s).*thordb: ([0-9,]+) of the query's.*", "$1").replace(",", ""));
        assertEquals(4500, rows + unread, "every game is written or counted as unreadable");
    }

    /** A text base of {@code n} whole random games (a PGN, as a third party writes it) with no theoretical score; {@code shortOnes} of them stop after ten moves. */
    private Path unknownScores(int n, int shortOnes) throws IOException {
        StringBuilder pgn = new StringBuilder();
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(n);
        for (int i = 0; i < n; i++) {
            WthorGame g = org.thordb.sample.SampleBase.randomGame(rnd, 10, 2);
            int[] sq = g.squares();
            org.thordb.othello.Position at22 = org.thordb.solve.TheoreticalScore.positionAt(sq, 22);
            if (64 - at22.discs() > 22 && !at22.isFinal()) {
                i--; // a random game that stops early: only the short ones asked for stop early
                continue;
            }
            int moves = i < shortOnes ? 10 : sq.length;
            pgn.append("[Event \"Club\"]\n[Date \"2020\"]\n[Black \"B").append(i).append("\"]\n[White \"W").append(i)
                    .append("\"]\n[Result \"").append(g.blackScore()).append('-').append(64 - g.blackScore()).append("\"]\n\n");
            for (int k = 0; k < moves && sq[k] >= 0; k++) {
                pgn.append(k % 2 == 0 ? (k / 2 + 1) + ". " : "").append(org.thordb.othello.Notation.name(sq[k]).toUpperCase()).append(' ');
            }
            pgn.append("\n\n");
        }
        Path f = tmp.resolve("club.pgn");
        Files.writeString(f, pgn);
        Path db = tmp.resolve("unknown-" + n + "-" + shortOnes);
        CommandsTest.Run r = CommandsTest.run("import", "--no-progress", "--db", db.toString(), f.toString());
        assertEquals(0, r.status(), r.err());
        return db;
    }

    @Test
    void aWthorExportSolvesFewUnknownScoresAndRefusesManyUnlessAskedForAStandIn() throws IOException {
        Path few = unknownScores(3, 0);
        Path out = tmp.resolve("few");
        CommandsTest.Run r = CommandsTest.run("export", "--db", few.toString(), "--out", out.toString());
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.err().contains("3 unknown theoretical scores solved for this export"), r.err());
        Path wtb = out.resolve("CLUB_2020.wtb");
        try (WthorReader in = WthorReader.open(wtb)) {
            assertEquals(22, in.header().effectiveDepth(), "the file's depth: P3 0 means 22 in a file of today");
            org.thordb.solve.Solver solver = new org.thordb.solve.Solver(org.thordb.solve.Solver.Options.defaults());
            for (WthorGame g : in.games()) {
                int want = org.thordb.solve.TheoreticalScore.compute(g.squares(), 22, solver).blackDiscs();
                assertEquals(want, g.theoreticalScore());
            }
        }
        Path many = unknownScores(400, 0);
        CommandsTest.Run refused = CommandsTest.run("export", "--db", many.toString(), "--out", tmp.resolve("many").toString());
        assertEquals(2, refused.status(), refused.out() + refused.err());
        assertTrue(refused.err().contains("400 games of this export have no theoretical score")
                && refused.err().contains("thordb theoretical --fill --depth 22"), refused.err());
        assertFalse(Files.exists(tmp.resolve("many")), "nothing written");
        Path unfinished = unknownScores(3, 1);
        CommandsTest.Run stops = CommandsTest.run("export", "--db", unfinished.toString(), "--out", tmp.resolve("stops").toString());
        assertEquals(2, stops.status(), stops.out() + stops.err());
        assertTrue(stops.err().contains("1 of them stop before that many empties are left"), stops.err());
        for (String how : List.of("zero", "score")) {
            Path o = tmp.resolve(how);
            CommandsTest.Run s = CommandsTest.run("export", "--db", many.toString(), "--out", o.toString(),
                    "--unknown-theoretical", how);
            assertEquals(0, s.status(), s.out() + s.err());
            assertTrue(s.err().contains("--unknown-theoretical " + how), "the summary says which: " + s.err());
            try (WthorReader in = WthorReader.open(o.resolve("CLUB_2020.wtb"))) {
                for (WthorGame g : in.games()) {
                    assertEquals(how.equals("zero") ? 0 : g.blackScore(), g.theoreticalScore());
                }
            }
        }
    }

    private CommandsTest.Run importText(String name, byte[] bytes) throws IOException {
        Path f = tmp.resolve(name);
        Files.write(f, bytes);
        return CommandsTest.run("import", "--no-progress", "--db", tmp.resolve("db-" + name).toString(), f.toString());
    }

    @Test
    void textFilesAreReadWholeOrRefusedWithTheirLineAndOffset() throws IOException {
        String game = "[Event \"Club\"]\n[Date \"2020\"]\n[Black \"Ann\"]\n[White \"Bob\"]\n[Result \"32-32\"]\n\n1. F5 D6 32-32\n\n";
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        byte[] withBom = new byte[bom.length + game.length()];
        System.arraycopy(bom, 0, withBom, 0, 3);
        System.arraycopy(game.getBytes(StandardCharsets.UTF_8), 0, withBom, 3, game.length());
        CommandsTest.Run b = importText("bom.pgn", withBom);
        assertEquals(0, b.status(), b.err());
        CommandsTest.Run q = CommandsTest.run("query", "--db", tmp.resolve("db-bom.pgn").toString(), "--format", "jsonl", "");
        assertTrue(q.out().contains("\"tournament\":\"Club\"") && q.out().contains("\"black\":\"Ann\""), "the first tag is kept: " + q.out());

        byte[] nul = game.replace("Ann", "A\0nn").getBytes(StandardCharsets.UTF_8);
        CommandsTest.Run n = importText("nul.pgn", nul);
        assertEquals(1, n.status());
        assertTrue(n.err().contains("nul.pgn: line 3: a NUL byte") && n.err().contains("byte offset " + (game.indexOf("Ann") + 1)),
                n.err());
        byte[] latin = game.replace("Ann", "Andr\u00e9").getBytes(StandardCharsets.ISO_8859_1);
        CommandsTest.Run l = importText("latin.pgn", latin);
        assertEquals(1, l.status());
        assertTrue(l.err().contains("latin.pgn: line 3: not UTF-8") && l.err().contains("byte offset " + (game.indexOf("Ann") + 4)),
                l.err());
        CommandsTest.Run after = importText("after.pgn", game.replace("1. F5 D6 32-32", "1. F5 D6 32-32 E6 F4")
                .getBytes(StandardCharsets.UTF_8));
        assertEquals(1, after.status(), after.err());
        assertTrue(after.err().contains("after.pgn: line 7: 'E6' after the game's result"), after.err());
        for (String name : List.of("nul.pgn", "latin.pgn", "after.pgn")) {
            assertFalse(Files.exists(tmp.resolve("db-" + name)), "a refused import leaves no store: " + name);
        }
    }

    @Test
    void aFullStandardOutputIsOneLineAndAFailure() throws Exception {
        Path full = Path.of("/dev/full");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(full), "skipped: no /dev/full here");
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        for (List<String> args : List.of(List.of("--help"), List.of("--version"), List.of("count", "--help"))) {
            List<String> cmd = new ArrayList<>(List.of(javaBin, "-cp", System.getProperty("java.class.path"), "org.thordb.cli.Main"));
            cmd.addAll(args);
            Process p = new ProcessBuilder(cmd).redirectOutput(full.toFile()).start();
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            assertEquals(2, p.waitFor(), args + ": " + err);
            assertEquals(1, err.lines().count(), args + ": one line: " + err);
            assertTrue(err.startsWith("thordb: standard output: the write failed"), err);
            assertFalse(err.contains("Exception"), err);
        }
    }
}
