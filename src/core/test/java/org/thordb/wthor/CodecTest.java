package org.thordb.wthor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.othello.Board10;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.othello.Side;
import org.thordb.othello.WthorReplay;

/** Every codec on fixtures the test builds: round trips and each validation error. */
@org.junit.jupiter.api.extension.ExtendWith(org.thordb.testing.Seeded.class)
class CodecTest {
    @TempDir
    Path tmp;

    private static final LocalDate DAY = LocalDate.of(2024, 3, 9);

    /** A random legal 8×8 game, as squares. */
    static int[] randomGame(Random rnd) {
        Position p = Position.start();
        List<Integer> moves = new ArrayList<>();
        while (!p.isFinal()) {
            long m = p.legalMoves();
            int k = rnd.nextInt(Long.bitCount(m));
            for (int i = 0; i < k; i++) {
                m &= m - 1;
            }
            int sq = Long.numberOfTrailingZeros(m);
            moves.add(sq);
            p = p.play(sq);
        }
        return moves.stream().mapToInt(Integer::intValue).toArray();
    }

    private Path writeGames(String name, WthorHeader h, List<WthorGame> games) {
        Path f = tmp.resolve(name);
        try (WthorWriter w = WthorWriter.create(f, WthorKind.of(f), h)) {
            games.forEach(w::write);
        }
        return f;
    }

    private Path bytes(String name, byte[] b) throws IOException {
        return Files.write(tmp.resolve(name), b);
    }

    @Test
    void headerFieldsRoundTrip() {
        WthorHeader h = new WthorHeader(20, 24, 12, 31, 123456789L, 65535, 2024, 8, 0, 0, 7);
        assertEquals(h, WthorHeader.decode(h.encode()));
        assertEquals(LocalDate.of(2024, 12, 31), h.creationDate());
        assertEquals(22, h.effectiveDepth(), "0 means 22 after 2001");
        assertEquals(0, new WthorHeader(19, 99, 1, 1, 0, 0, 1999, 8, 0, 0, 0).effectiveDepth());
        assertEquals(24, new WthorHeader(20, 24, 1, 1, 0, 0, 2024, 8, 0, 24, 0).effectiveDepth());
        assertNull(new WthorHeader(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0).creationDate());
        assertEquals(10, new WthorHeader(20, 24, 1, 1, 0, 0, 2024, 10, 0, 0, 0).boardSide());
        assertEquals(8, new WthorHeader(20, 24, 1, 1, 0, 0, 2024, 0, 0, 0, 0).boardSide());
    }

    @Test
    void moveBytesAreColPlusTenRow() {
        assertEquals(11, WthorSquares.toByte(Notation.square("a1"), 8));
        assertEquals(18, WthorSquares.toByte(Notation.square("h1"), 8));
        assertEquals(81, WthorSquares.toByte(Notation.square("a8"), 8));
        assertEquals(88, WthorSquares.toByte(Notation.square("h8"), 8));
        assertEquals(Notation.F5, WthorSquares.toSquare(56, 8));
        assertEquals(13, WthorSquares.toByte(0, 10), "a1 on 10×10");
        assertEquals(22, WthorSquares.toByte(9, 10), "j1");
        assertEquals(121, WthorSquares.toByte(90, 10), "a10");
        assertEquals(130, WthorSquares.toByte(99, 10), "j10");
        for (int b : new int[] {0, 9, 10, 19, 20, 89, 90, 255}) {
            assertEquals(-1, WthorSquares.toSquare(b, 8), "byte " + b);
        }
    }

    @Test
    void gameFilesRoundTripAndReplay(Random rnd) throws IOException {
        List<WthorGame> games = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            int[] g = randomGame(rnd);
            Position end = org.thordb.othello.Replay.replay(g, null).finalPosition();
            games.add(WthorGame.of(i, 2 * i, 2 * i + 1, end.wthorScore(), 40, g, 8));
        }
        Path f = writeGames("WTH_2024.wtb", WthorHeader.forGames(DAY, 50, 2024, 8, 22), games);
        assertEquals(16 + 50 * 68, Files.size(f));
        List<WthorGame> back = new ArrayList<>();
        try (WthorReader r = WthorReader.open(f)) {
            assertEquals(50, r.header().n1());
            r.games().forEach(back::add);
        }
        assertEquals(games, back);
        for (WthorGame g : back) {
            WthorReplay.Outcome o = WthorReplay.replay(g, null);
            assertTrue(o.sound());
            assertTrue(o.finished());
            assertFalse(o.scoreDiffers());
        }
        Path again = tmp.resolve("copy").resolve("WTH_2024.wtb");
        Files.createDirectories(again.getParent());
        assertArrayEquals(Files.readAllBytes(f), Files.readAllBytes(RoundTripTest.rewrite(f, again.getParent())));
    }

    /** A random legal 10×10 game, with its square list, by trying every square each ply. */
    static int[] randomGame10(Random rnd) {
        List<Integer> played = new ArrayList<>();
        while (true) {
            int[] sofar = played.stream().mapToInt(Integer::intValue).toArray();
            List<Integer> legal = new ArrayList<>();
            for (int sq = 0; sq < 100; sq++) {
                int[] next = java.util.Arrays.copyOf(sofar, sofar.length + 1);
                next[sofar.length] = sq;
                if (Board10.replay(next, next.length).error() == null) {
                    legal.add(sq);
                }
            }
            if (legal.isEmpty() || played.size() >= 96) {
                return sofar;
            }
            played.add(legal.get(rnd.nextInt(legal.size())));
        }
    }

    @Test
    void tenByTenGamesRoundTripAndReplay(Random rnd) throws IOException {
        assertEquals(List.of(34, 43, 56, 65), Board10.start().legalMoves(1), "Black opens e4, d5, g6 or f7");
        assertEquals("g6", org.thordb.othello.Notation.name10(56));
        List<WthorGame> games = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            int[] g = randomGame10(rnd);
            Board10.Result r = Board10.replay(g, g.length);
            assertNull(r.error());
            games.add(WthorGame.of(1, 2, 3, r.wthorScore(), 0, g, 10));
        }
        Path f = writeGames("WTH_2024.wtd", WthorHeader.forGames(DAY, 3, 2024, 10, 0), games);
        assertEquals(16 + 3 * 104, Files.size(f));
        try (WthorReader r = WthorReader.open(f)) {
            List<WthorGame> back = new ArrayList<>();
            r.games().forEach(back::add);
            assertEquals(games, back);
            for (WthorGame g : back) {
                assertEquals(10, g.side());
                WthorReplay.Outcome o = WthorReplay.replay(g, null);
                assertNull(o.problem());
                assertFalse(o.scoreDiffers());
            }
        }
        // the first move of every 10×10 game in this codec is one of the four legal first moves
        assertTrue(List.of(34, 43, 56, 65).contains(games.get(0).squares()[0]));
    }

    @Test
    void solitaireFilesRoundTrip(Random rnd) throws IOException {
        Position p = Position.start();
        int[] g = randomGame(rnd);
        for (int i = 0; i < 40; i++) {
            p = p.play(g[i]);
        }
        int empties = 64 - p.discs();
        WthorSolitaire s = WthorSolitaire.of(1999, 12, 345, 678, p.black(), p.white(),
                p.toMove() == Side.WHITE ? 2 : 1, -6, WthorSquares.toByte(g[40], 8), 30, WthorSquares.toByte(g[24], 8));
        assertNull(s.damage());
        assertEquals(p.black(), s.blackDiscs());
        assertEquals(p.white(), s.whiteDiscs());
        assertEquals(-6, s.solutionScore());
        WthorHeader h = new WthorHeader(20, 24, 3, 9, 2, empties, 0, 8, 1, 0, 0);
        Path f = tmp.resolve("SOLITAIRES " + empties + ".pzz");
        try (WthorWriter w = WthorWriter.create(f, WthorKind.SOLITAIRES, h)) {
            w.write(s);
            w.write(s);
        }
        assertEquals(16 + 512 + 2 * 36, Files.size(f));
        try (WthorReader r = WthorReader.open(f)) {
            List<WthorSolitaire> back = new ArrayList<>();
            r.solitaires().forEach(back::add);
            assertEquals(List.of(s, s), back);
            Path copy = Files.createDirectories(tmp.resolve("copy"));
            assertArrayEquals(Files.readAllBytes(f), Files.readAllBytes(RoundTripTest.rewrite(f, copy)));
        }
        // the packing: a1 is the two high bits of byte 0 (d4 white = 10 at byte 6, bits 1..0 of ...)
        byte[] raw = WthorSolitaire.of(0, 0, 0, 0, Notation.bit("a1"), Notation.bit("h8"), 1, 0, 11, 0, 0).bytes();
        assertEquals((byte) 0xC0, raw[12], "a1 black = 11 in the high bits of the first byte");
        assertEquals((byte) 0x02, raw[27], "h8 white = 10 in the low bits of the last byte");
    }

    @Test
    void namesRoundTripInIso88591() {
        NameList n = NameList.of(WthorKind.TOURNAMENTS, DAY, List.of("Préqualif de Paris", "A".repeat(40)));
        Path f = tmp.resolve("X.TRN");
        n.write(f);
        NameList back = NameList.read(f);
        assertEquals("Préqualif de Paris", back.name(0));
        assertEquals("A".repeat(25), back.name(1), "cut to 25 characters");
        assertEquals(2, back.header().n2());
        assertTrue(back.warnings().isEmpty());
    }

    // ---- validation errors: each one names the file and the byte offset ----

    private static ThorDbException refused(Path f) {
        ThorDbException e = assertThrows(ThorDbException.class, () -> {
            try (WthorReader r = WthorReader.open(f)) {
                r.nextRecord();
            }
        });
        assertEquals(ErrorCode.BAD_FILE, e.code());
        assertTrue(e.getMessage().startsWith(f.toString() + ": "), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        return e;
    }

    private byte[] validGameFile(int n) {
        Random rnd = new Random(9);
        List<WthorGame> games = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            games.add(WthorGame.of(0, 0, 0, 32, 32, randomGame(rnd), 8));
        }
        try {
            return Files.readAllBytes(writeGames("base.wtb", WthorHeader.forGames(DAY, n, 2024, 8, 22), games));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void shorterThanAHeader() throws IOException {
        assertTrue(refused(bytes("WTH_1.wtb", new byte[5])).getMessage()
                .endsWith("the file is 5 bytes, shorter than the 16-byte WTHOR header (byte offset 5)"));
        assertTrue(refused(bytes("WTH_0.wtb", new byte[0])).getMessage().contains("(byte offset 0)"));
    }

    @Test
    void truncatedFile() throws IOException {
        byte[] b = validGameFile(3);
        byte[] cut = java.util.Arrays.copyOf(b, b.length - 10);
        assertTrue(refused(bytes("WTH_2.wtb", cut)).getMessage()
                .endsWith("the file ends in a partial record: 58 bytes after 2 whole 68-byte records (byte offset 152)"));
    }

    @Test
    void wrongN1() throws IOException {
        byte[] b = validGameFile(3);
        b[4] = 4;
        assertTrue(refused(bytes("WTH_3.wtb", b)).getMessage()
                .endsWith("header N1 is 4 but the file holds 3 games (byte offset 4)"));
    }

    @Test
    void badBoardSize() throws IOException {
        byte[] b = validGameFile(1);
        b[12] = 9;
        assertTrue(refused(bytes("WTH_4.wtb", b)).getMessage().contains("board size byte P1 is 9"));
        b[12] = 10;
        assertTrue(refused(bytes("WTH_5.wtb", b)).getMessage().contains("P1 is 10 (10×10) in a .wtb file; 10×10 games go in .wtd files (byte offset 12)"));
    }

    @Test
    void aWtdOfferedAsAWtb() throws IOException {
        WthorGame g = WthorGame.of(0, 0, 0, 50, 50, new int[] {56}, 10);
        Path wtd = writeGames("WTH_2024.wtd", WthorHeader.forGames(DAY, 2, 2024, 10, 0), List.of(g, g));
        byte[] b = Files.readAllBytes(wtd);
        // 2 × 104 = 208 bytes = 3 × 68 + 4: not whole records, but the header says why first
        assertTrue(refused(bytes("WTH_6.wtb", b)).getMessage().contains("board size byte P1 is 10 (10×10) in a .wtb file"));
        WthorGame g17 = WthorGame.of(0, 0, 0, 50, 50, new int[] {56}, 10);
        List<WthorGame> g17s = java.util.Collections.nCopies(17, g17); // 17 × 104 = 26 × 68
        byte[] b17 = Files.readAllBytes(writeGames("WTH_2025.wtd", WthorHeader.forGames(DAY, 17, 2024, 10, 0), g17s));
        String m = refused(bytes("WTH_7.wtb", b17)).getMessage();
        assertTrue(m.contains("board size byte P1 is 10 (10×10) in a .wtb file; 10×10 games go in .wtd files"
                + " (byte offset 12)"), m);
        b17[12] = 0; // the same bytes with an 8×8 header: now the count is what is wrong
        m = refused(bytes("WTH_8.wtb", b17)).getMessage();
        assertTrue(m.contains("header N1 is 17 but the file holds 26 games (byte offset 4)"), m);
    }

    @Test
    void randomBytesUnderWthorNames(Random rnd) throws IOException {
        int refusedCount = 0;
        for (String name : new String[] {"WTH_8.wtb", "WTH_8.wtd", "X.JOU", "X.TRN", "X.pzz"}) {
            for (int i = 0; i < 20; i++) {
                byte[] b = new byte[16 + rnd.nextInt(2000)];
                rnd.nextBytes(b);
                Path f = bytes(name, b);
                refused(f);
                refusedCount++;
            }
        }
        assertEquals(100, refusedCount);
    }

    @Test
    void namesFileChecks() throws IOException {
        NameList n = NameList.of(WthorKind.PLAYERS, DAY, List.of("A", "B", "C"));
        Path good = tmp.resolve("good.JOU");
        n.write(good);
        byte[] b = Files.readAllBytes(good);
        b[8] = 4; // N2 off by one: say so and go on
        NameList off = NameList.read(bytes("off.JOU", b));
        assertEquals(3, off.size());
        assertEquals(1, off.warnings().size());
        assertTrue(off.warnings().get(0).contains("header N2 is 4 but the file holds 3 names; reading 3 (byte offset 8)"));
        b[8] = 9; // off by more: refused
        assertTrue(refused(bytes("far.JOU", b)).getMessage().contains("header N2 is 9 but the file holds 3 names"));
        b[8] = 3;
        b[4] = 1; // N1 set in a names file
        assertTrue(refused(bytes("n1.JOU", b)).getMessage().contains("header N1 is 1 where names files have 0"));
        // a tournaments file offered as players: 10 × 26 = 13 × 20
        NameList trn = NameList.of(WthorKind.TOURNAMENTS, DAY, java.util.Collections.nCopies(10, "T"));
        Path t = tmp.resolve("t.TRN");
        trn.write(t);
        Path asJou = bytes("t.JOU", Files.readAllBytes(t));
        assertTrue(refused(asJou).getMessage().contains("this is a .trn file, not a .jou"));
    }

    @Test
    void solitaireChecks() throws IOException {
        WthorHeader h = new WthorHeader(20, 24, 3, 9, 1, 20, 0, 8, 1, 0, 0);
        Path f = tmp.resolve("S.pzz");
        WthorSolitaire s = WthorSolitaire.of(0, 0, 0, 0, Notation.bit("a1"), Notation.bit("h8"), 1, 0, 11, 0, 0);
        try (WthorWriter w = WthorWriter.create(f, WthorKind.SOLITAIRES, h)) {
            w.write(s);
        }
        byte[] b = Files.readAllBytes(f);
        assertEquals(1, b[16 + 4 * 19], "N1 at entry N2 (20th entry)");
        b[16 + 4 * 5] = 1;
        String msg = refused(bytes("bad.pzz", b)).getMessage();
        assertTrue(msg.contains("presence table entry 6 is 1 but the header says 1 solitaires of 20 empties"), msg);
        assertTrue(msg.endsWith("(byte offset 36)"), msg);
        b[16 + 4 * 5] = 0;
        b[13] = 0;
        assertTrue(refused(bytes("p2.pzz", b)).getMessage().contains("solitaire files have 1 (byte offset 13)"));
        byte[] r = s.bytes();
        r[28] = 20;
        assertEquals("the position has 62 empty squares but the record says 20 (record byte 28)",
                new WthorSolitaire(r).damage());
    }

    @Test
    void damagedMoveBytesAreNamedWithTheirOffset() {
        WthorGame ok = WthorGame.of(0, 0, 0, 33, 33, new int[] {Notation.F5, Notation.square("d6")}, 8);
        assertNull(ok.damage());
        byte[] b = ok.bytes();
        b[9] = 99;
        assertEquals("move 2: byte 99 is not a square (record byte 9)", new WthorGame(b, 8).damage());
        b = ok.bytes();
        b[20] = 44;
        assertEquals("byte 44 after the end of the move list (record byte 20)", new WthorGame(b, 8).damage());
        b = ok.bytes();
        b[9] = 56; // f5 again: occupied
        WthorReplay.Outcome o = WthorReplay.replay(new WthorGame(b, 8), null);
        assertEquals("move 2 f5: the square is occupied", o.problem());
        assertEquals(1, o.movesPlayed());
    }

    @Test
    void unknownFileNamesAreRefused() {
        ThorDbException e = assertThrows(ThorDbException.class, () -> WthorReader.open(tmp.resolve("x.txt")));
        assertTrue(e.getMessage().contains("not a WTHOR file name"));
        ThorDbException missing = assertThrows(ThorDbException.class, () -> WthorReader.open(tmp.resolve("none.wtb")));
        assertEquals(ErrorCode.IO, missing.code());
        assertTrue(missing.getMessage().endsWith("none.wtb: no such file"));
    }
}
