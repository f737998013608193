package org.thordb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.cli.CommandsTestAccess;
import org.thordb.cli.CommandsTestAccess.Run;
import org.thordb.othello.Notation;
import org.thordb.store.GameRow;
import org.thordb.store.RocksStore;
import org.thordb.store.Store;
import org.thordb.testing.SharedData;
import org.thordb.text.ByteLines;
import org.thordb.text.SourceReader;
import org.thordb.wthor.NameList;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorHeader;
import org.thordb.wthor.WthorKind;
import org.thordb.wthor.WthorWriter;

/**
 * Input made to hurt: text sources whose structure is broken are refused whole, naming the line
 * where the fault opened (a comment left open once swallowed the games after it); lines, games and
 * un-gzipped files have caps, refused with the file and the offset before they fill the memory;
 * only regular files are read; names files of the stored date with other bytes are refused like
 * game files; scores the board cannot hold mark their game damaged, and verify finds a store that
 * kept one as sound.
 */
@org.thordb.testing.FullTier
class HostileInputTest {
    @TempDir
    Path tmp;

    private Run importInto(String db, Path... files) {
        String[] args = new String[4 + files.length];
        args[0] = "import";
        args[1] = "--db";
        args[2] = tmp.resolve(db).toString();
        args[3] = "--no-progress";
        for (int i = 0; i < files.length; i++) {
            args[4 + i] = files[i].toString();
        }
        return CommandsTestAccess.run(args);
    }

    private long count(String db) {
        Run r = CommandsTestAccess.run("count", "--db", tmp.resolve(db).toString(), "year >= 0");
        assertEquals(0, r.status(), r.err());
        return Long.parseLong(r.out().strip());
    }

    private static String game(String event, String moves) {
        return "[Event \"" + event + "\"]\n[Date \"2020\"]\n[Black \"Alpha Ann\"]\n[White \"Beta Bob\"]\n[Result \"*\"]\n\n"
                + moves + "\n\n";
    }

    @Test
    void aPgnFileWhoseCommentOrVariationIsLeftOpenIsRefusedWholeNamingTheLine() throws IOException {
        String[][] cases = {
            // {the file, the line named, the words}
            {game("A", "1. f5 d6 2. c3 {a typo d6 3. d3 c4") + game("B", "1. f5 f6 *") + game("C", "1. f5 f4 *"),
                "line 7", "a comment '{' opened here is still open at the tag pair of line 9 ('}' missing)"},
            {game("A", "1. f5 d6 *") + game("B", "1. f5 f6 2. e6 {never closed"), "line 15",
                "a comment '{' opened here is never closed ('}' missing before the end of the file)"},
            {game("A", "1. f5 (d6 2. c3") + game("B", "1. f5 f6 *"), "line 7",
                "a variation '(' opened here is still open at the tag pair of line 9 (')' missing)"},
            {game("A", "1. f5 d6 *") + game("B", "1. f5 f6 (2. e6 f4"), "line 15",
                "a variation '(' opened here is never closed (')' missing before the end of the file)"},
            {game("A", "1. f5 d6 ) 2. c3 *"), "line 7", "')' closes no variation"},
            {"[Event \"A\n[Black \"a\"]\n\n1. f5 d6 *\n", "line 1", "not a tag pair"},
        };
        for (int i = 0; i < cases.length; i++) {
            Path f = tmp.resolve("broken-" + i + ".pgn");
            Files.writeString(f, cases[i][0]);
            Run r = importInto("db" + i, f);
            assertEquals(1, r.status(), r.out() + r.err());
            String said = r.out() + r.err();
            assertTrue(said.contains(f + ": " + cases[i][1] + ": " + cases[i][2]), "case " + i + ": " + said);
            assertTrue(said.contains("1 refused"), said);
            assertFalse(Files.exists(tmp.resolve("db" + i)), "case " + i + ": nothing of the file is stored, not even a store");
        }
        // the same games, closed as they should be, import whole: three games, not one
        Path good = tmp.resolve("good.pgn");
        Files.writeString(good, game("A", "1. f5 d6 2. c3 {a typo} d6 *") + game("B", "1. f5 f6 (2. e6) *")
                + game("C", "1. f5 f4 *"));
        assertEquals(0, importInto("good", good).status());
        assertEquals(3, count("good"));
    }

    @Test
    void aGgfValueNeverClosedIsRefusedAtItsGameNotAfterFillingTheMemory() throws IOException {
        Path f = tmp.resolve("open.ggf");
        try (OutputStream out = Files.newOutputStream(f)) {
            out.write("(;GM[Othello]PB[a]PW[b]B[f5]W[d6];)\n(;GM[Othello]PB[never closed".getBytes(StandardCharsets.US_ASCII));
            byte[] junk = new byte[1 << 16];
            java.util.Arrays.fill(junk, (byte) 'x');
            for (int i = 0; i < 40; i++) { // 2.5 MB: over the cap of one game
                out.write(junk);
            }
        }
        Run r = importInto("db", f);
        assertEquals(1, r.status(), r.err());
        assertTrue((r.out() + r.err()).contains(f + ": byte offset 36 (line 2): the game is longer than 1,048,576 bytes"), r.out());
    }

    /** A gzip stream at its fastest level: hundreds of megabytes of one byte cost a second. */
    private static OutputStream fastGzip(Path f) throws IOException {
        return new GZIPOutputStream(Files.newOutputStream(f), 1 << 16) {
            {
                def.setLevel(Deflater.BEST_SPEED);
            }
        };
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void gzipBombsAreRefusedAtTheirCapWithTheFileAndTheOffset() throws IOException {
        byte[] block = new byte[1 << 20];
        // one line of 300 MB: refused at the line cap, at once
        Path line = tmp.resolve("line.pgn.gz");
        try (OutputStream out = fastGzip(line)) {
            out.write("[Event \"x\"]\n\n1. f5 ".getBytes(StandardCharsets.US_ASCII));
            java.util.Arrays.fill(block, (byte) 'a');
            for (int i = 0; i < 300; i++) {
                out.write(block);
            }
        }
        assertTrue(Files.size(line) < 2_000_000, "a bomb: " + Files.size(line) + " bytes");
        Run r = importInto("db1", line);
        assertEquals(1, r.status(), r.err());
        assertTrue((r.out() + r.err()).contains(line + ": line 3 is longer than " + String.format("%,d", ByteLines.MAX_LINE_BYTES)
                + " bytes, the most a line may hold (byte offset 13)"), r.out());
        // short lines, over 64 MiB once un-gzipped: refused at the file cap, with the offset
        Path big = tmp.resolve("big.txt.gz");
        byte[] moves = "f5d6c3d3c4f4f6f3e6e7d7g6d8c5c6c7b5b6b7a6a5a4\n".getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i + moves.length <= block.length; i += moves.length) {
            System.arraycopy(moves, 0, block, i, moves.length);
        }
        try (OutputStream out = fastGzip(big)) {
            for (long n = 0; n <= SourceReader.MAX_TEXT_BYTES; n += block.length - block.length % moves.length) {
                out.write(block, 0, block.length - block.length % moves.length);
            }
        }
        Run b = importInto("db2", big);
        assertEquals(1, b.status(), b.out() + b.err());
        assertTrue((b.out() + b.err()).contains(big + ": more than 67,108,864 bytes of text (once un-gzipped), the most a text source"
                + " may hold (byte offset 67108864)"), b.out() + b.err());
        assertFalse((b.out() + b.err()).contains("OutOfMemoryError"));
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void onlyRegularFilesAreRead() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/mkfifo")), "skipped: no mkfifo");
        Path fifo = tmp.resolve("games.pgn");
        assertEquals(0, new ProcessBuilder("/usr/bin/mkfifo", fifo.toString()).start().waitFor());
        Run r = importInto("db", fifo); // no writer: it once waited forever
        assertEquals(2, r.status());
        assertEquals("thordb: " + fifo + ": a named pipe (FIFO): thordb reads regular files only", r.err().strip());
        Path fifoWtb = tmp.resolve("fifo.wtb");
        assertEquals(0, new ProcessBuilder("/usr/bin/mkfifo", fifoWtb.toString()).start().waitFor());
        Run v = CommandsTestAccess.run("verify", fifoWtb.toString());
        assertTrue((v.out() + v.err()).contains("a named pipe (FIFO)"), v.out() + v.err());
        Run d = CommandsTestAccess.run("import", "--db", tmp.resolve("db").toString(), "/dev/zero");
        assertEquals("thordb: /dev/zero: a character device: thordb reads regular files only", d.err().strip());

        Path a = tmp.resolve("a.wtb");
        Path b = tmp.resolve("b.wtb");
        Files.createSymbolicLink(a, b);
        Files.createSymbolicLink(b, a);
        assertEquals("thordb: " + a + ": a loop of symbolic links", importInto("db", a).err().strip());
        Path dangling = tmp.resolve("gone.wtb");
        Files.createSymbolicLink(dangling, tmp.resolve("nothing.wtb"));
        assertTrue(importInto("db", dangling).err().contains("a symbolic link to nothing"));

        Path folder = tmp.resolve("X.wtb");
        Files.createDirectory(folder);
        Run empty = importInto("db", folder);
        assertEquals(2, empty.status());
        assertEquals("thordb: " + folder + ": a folder holding no file thordb imports (it is empty); its name ends like a"
                + " WTHOR file's, but it is a folder", empty.err().strip());
    }

    private static Path gameFile(Path dir, int year, LocalDate made, List<WthorGame> games) {
        Path f = dir.resolve("WTH_" + year + ".wtb");
        try (WthorWriter w = WthorWriter.create(f, WthorKind.GAMES_8, WthorHeader.forGames(made, games.size(), year, 8, 22))) {
            games.forEach(w::write);
        }
        return f;
    }

    @Test
    void namesOfTheStoredDateWithOtherBytesAreRefusedLikeGameFiles() throws IOException {
        Path one = tmp.resolve("one");
        Files.createDirectories(one);
        LocalDate made = LocalDate.of(2021, 1, 2);
        gameFile(one, 2020, made, List.of(WthorGame.of(0, 0, 1, 36, 36, Notation.parseLine("f5d6c3d3c4f4f6f3e6e7"), 8)));
        NameList.of(WthorKind.PLAYERS, made, List.of("Alpha Ann", "Beta Bob")).write(one.resolve("WTHOR.JOU"));
        NameList.of(WthorKind.TOURNAMENTS, made, List.of("Open de Test")).write(one.resolve("WTHOR.TRN"));
        assertEquals(0, importInto("db", one).status());

        Path other = tmp.resolve("other");
        Files.createDirectories(other);
        NameList.of(WthorKind.PLAYERS, made, List.of("", "", "Gamma Gus")).write(other.resolve("WTHOR.JOU"));
        Run r = importInto("db", other.resolve("WTHOR.JOU"));
        assertEquals(1, r.status(), r.out() + r.err());
        assertTrue((r.out() + r.err()).contains("refused: the stored names of base WTHOR (WTHOR.JOU) have the same creation date,"
                + " 2021-01-02, but other bytes; a newer release has a later date"), r.out() + r.err());
        Run players = CommandsTestAccess.run("players", "--db", tmp.resolve("db").toString());
        assertTrue(players.out().contains("Alpha Ann") && players.out().contains("Beta Bob"), players.out());
        // a later date is an update, as before
        NameList.of(WthorKind.PLAYERS, made.plusDays(1), List.of("Alpha Ann", "Beta Bobby")).write(other.resolve("WTHOR.JOU"));
        Run later = importInto("db", other.resolve("WTHOR.JOU"));
        assertEquals(0, later.status(), later.out());
        assertTrue((later.out() + later.err()).contains("updated 2 players"), later.out() + later.err());
    }

    @Test
    void scoresTheBoardCannotHoldMarkTheGameDamagedAndVerifyFindsAStoreThatKeptOneAsSound() throws IOException {
        Path dir = tmp.resolve("files");
        Files.createDirectories(dir);
        LocalDate made = LocalDate.of(2021, 1, 2);
        int[] line = Notation.parseLine("f5d6c3d3c4f4f6f3e6e7");
        gameFile(dir, 2020, made, List.of(WthorGame.of(0, 0, 1, 36, 36, line, 8), WthorGame.of(0, 0, 1, 200, 36, line, 8),
                WthorGame.of(0, 0, 1, 36, 250, line, 8)));
        Run r = importInto("db", dir.resolve("WTH_2020.wtb"));
        assertEquals(0, r.status(), r.err());
        String said = r.out() + r.err();
        assertTrue(said.contains("2 damaged games kept"), said);
        assertTrue(said.contains("record 1: Black's score byte is 200, more than the 64 discs of the board (record byte 6)"),
                said);
        Run v = CommandsTestAccess.run("verify", dir.resolve("WTH_2020.wtb").toString());
        assertEquals(1, v.status());
        assertTrue(v.out().contains("record 2: the theoretical score byte is 250"), v.out());
        Run sound = CommandsTestAccess.run("verify", "--db", tmp.resolve("db").toString());
        assertEquals(0, sound.status(), sound.out() + sound.err());
        // the exports make no score of a byte the board cannot hold (once: [Score "200--136"])
        Run pgn = CommandsTestAccess.run("export", "--db", tmp.resolve("db").toString(), "--out", "-", "--format", "pgn",
                "year = 2020");
        assertFalse(pgn.out().contains("[Score \"200") || pgn.out().contains("-136")
                || pgn.out().contains("[TheoreticalScore \"250"), pgn.out());
        assertTrue(pgn.out().contains("[Damage \"Black's score byte is 200, more than the 64 discs of the board"),
                pgn.out());
        assertEquals(3, pgn.out().split("\\[Event ", -1).length - 1, "every game exported");
        Run text = CommandsTestAccess.run("export", "--db", tmp.resolve("db").toString(), "--out", "-", "--format", "text",
                "year = 2020");
        assertFalse(text.out().contains("200-") || text.out().contains("THEORETICAL: 250"), text.out());

        // a store an older thordb made kept record 1 as sound: verify --db finds it, --repair marks it
        Path db = tmp.resolve("db");
        try (Store s = RocksStore.open(db); Store.View view = s.view(); Store.Batch batch = s.batch()) {
            int[] found = {0};
            view.scan(Store.Space.GAMES, new byte[0], null, (k, val) -> {
                GameRow row = GameRow.decode(org.thordb.store.Keys.getU32(k, 0), val);
                if ((row.raw()[6] & 0xff) == 200) {
                    GameRow sound1 = new GameRow(row.id(), row.base(), row.side(), row.year(), row.record(), row.segment(),
                            row.validMoves(), row.raw(), null);
                    batch.put(Store.Space.GAMES, k, sound1.encode());
                    found[0]++;
                }
                return true;
            });
            assertEquals(1, found[0]);
            batch.commit();
        }
        Run check = CommandsTestAccess.run("verify", "--db", db.toString());
        assertEquals(1, check.status(), check.out());
        assertTrue(check.out().contains("WTH_2020.wtb: record 1: Black's score byte is 200, more than the 64 discs of the"
                + " board (record byte 6), yet the game is not marked damaged"), check.out());
        Run repair = CommandsTestAccess.run("verify", "--db", db.toString(), "--repair");
        assertEquals(0, repair.status(), repair.out());
        assertTrue(repair.out().contains("1 game marked damaged"), repair.out());
        assertEquals(0, CommandsTestAccess.run("verify", "--db", db.toString()).status());
    }

    @Test
    void anExportOntoAFileSaysTheFileIsInTheWay() throws IOException {
        Path files = tmp.resolve("files");
        org.thordb.sample.SampleBase.write(files, "CLUB", 2001, 1, 50, 4L);
        assertEquals(0, importInto("db", files).status());
        Path f1 = tmp.resolve("f1");
        Files.writeString(f1, "mine");
        Run r = CommandsTestAccess.run("export", "--db", tmp.resolve("db").toString(), "--out", f1.toString());
        assertEquals(2, r.status());
        assertEquals("thordb: " + f1 + ": a file is in the way: it exists and is not a folder", r.err().strip());
        assertEquals("mine", Files.readString(f1), "left as it was");
    }

    @Test
    void theRealPgnFileStillImportsWhole() {
        Path pgn = SharedData.dir("pgn").resolve("WTH_1990.pgn");
        Run r = importInto("db", pgn);
        assertEquals(0, r.status(), r.err());
        assertEquals(2986, count("db"));
    }
}
