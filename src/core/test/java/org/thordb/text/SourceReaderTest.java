package org.thordb.text;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.othello.Notation;

/** The text-source readers on small files written here: each format, its variants and its damage. */
class SourceReaderTest {
    @TempDir
    Path tmp;

    private static final String BO = "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]";

    private Path write(String name, String text) throws IOException {
        Path p = tmp.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    private static List<SourceGame> read(Path p) {
        List<SourceGame> out = new ArrayList<>();
        try (SourceReader r = SourceReader.open(p)) {
            r.forEach(out::add);
        }
        return out;
    }

    @Test
    void formatsAreToldByContentNotName() {
        assertEquals(SourceFormat.GGF, SourceFormat.detect("1 (;GM[Othello]PB[a];)"));
        assertEquals(SourceFormat.GGF, SourceFormat.detect("\n(;GM[Othello];)"));
        assertEquals(SourceFormat.PGN, SourceFormat.detect("[Event \"x\"]\n1. F5 D6"));
        assertEquals(SourceFormat.EOTHELLO, SourceFormat.detect("eOthello_game_id,winner,game_moves\n1,1,f5d6"));
        assertEquals(SourceFormat.EOTHELLO, SourceFormat.detect("1056798,1,f5d6c4d3"));
        assertEquals(SourceFormat.LOGISTELLO, SourceFormat.detect("+d3-c3+c4-e3: -04 10"));
        assertEquals(SourceFormat.TEXT_RECORDS, SourceFormat.detect("BLACK: a\nMOVES: f5 d6\nRESULT: IN_PROGRESS"));
        assertEquals(SourceFormat.TRANSCRIPT, SourceFormat.detect("f5d6c3d3c4\n"));
        assertEquals(SourceFormat.TRANSCRIPT, SourceFormat.detect("F5 D6 C3 33-31\n"));
        assertNull(SourceFormat.detect("# thordb\nThis is a README.\n"));
        assertNull(SourceFormat.detect(""));
    }

    @Test
    void ggfGamesWithTheirFieldsColoursPassesAndBytes() throws IOException {
        String g1 = "(;GM[Othello]PC[GGS/os]DT[2003.12.15_12:33:18.MST]PB[Saio1200]PW[Saio3000]TY[8]RE[+2.000]" + BO
                + "B[f5//0.01]W[d6/1.2/0.01]B[pa]W[c3];)";
        String g2 = "(;GM[Othello]PC[GGS/os]DT[1070000000]PB[x\\]y]PW[b]TY[8]RE[-64.000:r]" + BO + "B[F5]W[F6];)";
        Path f = write("two.ggf", "1 " + g1 + "\n2 " + g2 + "\n");
        List<SourceGame> games = read(f);
        assertEquals(2, games.size());
        SourceGame a = games.get(0);
        assertEquals("Saio1200", a.black());
        assertEquals("Saio3000", a.white());
        assertEquals("GGS/os", a.event());
        assertEquals(2003, a.year());
        assertArrayEquals(new int[] {Notation.square("f5"), Notation.square("d6"), Notation.PASS, Notation.square("c3")},
                a.moves());
        assertArrayEquals("BWBW".toCharArray(), a.colours());
        assertEquals(2, a.result().difference());
        assertEquals(g1, new String(a.raw(), StandardCharsets.UTF_8), "the game's bytes, from (; to ;)");
        assertEquals(1, a.line());
        assertEquals(2, a.offset());
        SourceGame b = games.get(1);
        assertEquals("x]y", b.black(), "an escaped ] belongs to the value");
        assertEquals(2003, b.year(), "Unix seconds");
        assertEquals(-64, b.result().difference(), "a resignation keeps its disc difference");
        assertEquals(2, b.line());
        assertNull(a.problem());
        assertNull(b.problem());
    }

    @Test
    void ggfVariantsAreMarkedWithTheirReason() throws IOException {
        String head = "(;GM[Othello]PB[a]PW[b]";
        Path f = write("variants.ggf", head + "TY[s8]" + BO + "B[f5];)\n"
                + head + "TY[8r]" + BO + "B[f5];)\n"
                + head + "TY[12]B[f5];)\n"
                + head + "TY[8]KM[1.5]" + BO + "B[f5];)\n"
                + head + "TY[8]BO[8 -------- -------- -------- ---OO--- ---**--- -------- -------- -------- *]B[f5];)\n"
                + "(;GM[Go]PB[a]PW[b]B[dd];)\n"
                + head + "TY[8]" + BO + "B[z9];)\n");
        List<SourceGame> games = read(f);
        assertEquals(7, games.size());
        assertTrue(games.get(0).problem().contains("synchro"), games.get(0).problem());
        assertTrue(games.get(1).problem().contains("random start"), games.get(1).problem());
        assertTrue(games.get(2).problem().contains("a 12×12 game (TY[12]): WTHOR holds 8×8 and 10×10 games"),
                games.get(2).problem());
        assertTrue(games.get(3).problem().contains("komi"), games.get(3).problem());
        assertTrue(games.get(4).problem().contains("non-standard start"), games.get(4).problem());
        assertTrue(games.get(5).problem().contains("not an Othello game"), games.get(5).problem());
        assertTrue(games.get(6).problem().contains("'z9' is not a square"), games.get(6).problem());
    }

    @Test
    void tenByTenGgfGamesAreReadOnTheirBoard() throws IOException {
        String bo10 = "BO[10 " + "---------- ".repeat(4) + "----O*---- ----*O---- " + "---------- ".repeat(4) + "*]";
        Path f = write("ten.ggf", "(;GM[Othello]PB[a]PW[b]TY[10]" + bo10 + "B[g6]W[j10]B[PA];)\n"
                + "(;GM[Othello]PB[a]PW[b]TY[10]BO[10 " + "-".repeat(100) + " *]B[g6];)\n");
        List<SourceGame> games = read(f);
        assertEquals(10, games.get(0).side());
        assertNull(games.get(0).problem());
        assertArrayEquals(new int[] {5 * 10 + 6, 99, Notation.PASS}, games.get(0).moves());
        assertTrue(games.get(1).problem().contains("non-standard start"), games.get(1).problem());
    }

    @Test
    void aBrokenGgfFileIsRefusedWithItsByteOffset() throws IOException {
        Path noEnd = write("noend.ggf", "(;GM[Othello]PB[a]B[f5]");
        ThorDbException e = assertThrows(ThorDbException.class, () -> read(noEnd));
        assertEquals(ErrorCode.BAD_FILE, e.code());
        assertEquals(noEnd + ": byte offset 0 (line 1): the game has no end ';)'", e.getMessage());
        Path junk = write("junk.ggf", "(;GM[Othello]B[f5];)\nhello");
        e = assertThrows(ThorDbException.class, () -> read(junk));
        assertEquals(junk + ": byte offset 21 (line 2): expected a game '(;', found 'h'", e.getMessage());
    }

    @Test
    void pgnGamesKeepTheirBytesPassesAndProblems() throws IOException {
        String one = "[Event \"Club\"]\n[Date \"2019.05.12\"]\n[Black \"A\"]\n[White \"B\"]\n[Result \"1-0\"]\n\n"
                + "1. F5 D6 2. C3 {a comment} pass 3. d3 -- 4. @@ PA 1-0\n\n";
        String two = "[Event \"Club\"]\n[Black \"C\"]\n[White \"D\"]\n[Result \"33-31\"]\n\n1. f5 xx 33-31\n";
        Path f = write("club.pgn", one + two);
        List<SourceGame> games = read(f);
        assertEquals(2, games.size());
        SourceGame a = games.get(0);
        assertEquals(one, new String(a.raw(), StandardCharsets.UTF_8));
        assertEquals(two, new String(games.get(1).raw(), StandardCharsets.UTF_8));
        assertEquals(2019, a.year());
        assertEquals("Club", a.event());
        assertArrayEquals(new int[] {37, 43, 18, Notation.PASS, 19, Notation.PASS, Notation.PASS, Notation.PASS},
                a.moves());
        assertEquals('B', a.result().winner());
        assertNull(a.result().blackDiscs());
        SourceGame b = games.get(1);
        assertEquals(33, b.result().blackDiscs());
        assertTrue(b.problem().contains("xx"), b.problem());
        assertEquals(9, b.line());
    }

    @Test
    void transcriptsLogistelloAndEothelloLines() throws IOException {
        List<SourceGame> t = read(write("t.txt", "f5d6c3\n\n# a comment\nF5 D6 C3 D3 33-31\nf5 d6 +2\nf5 d6 then\n"));
        assertEquals(4, t.size());
        assertEquals(3, t.get(0).moves().length);
        assertEquals(SourceResult.NONE.winner(), t.get(0).result().winner());
        assertEquals(33, t.get(1).result().blackDiscs());
        assertEquals(4, t.get(1).line());
        assertEquals("F5 D6 C3 D3 33-31\n", new String(t.get(1).raw(), StandardCharsets.UTF_8));
        assertEquals(2, t.get(2).result().difference());
        assertTrue(t.get(3).problem().contains("'then'"), t.get(3).problem());

        List<SourceGame> l = read(write("book.gam", "+d3-c3+c4-e3: -04 10\n+d3-c3-c4: +00 10\n+d3?c3: +00 10\n"));
        assertArrayEquals("BWBW".toCharArray(), l.get(0).colours());
        assertEquals(-4, l.get(0).result().difference());
        assertArrayEquals("BWW".toCharArray(), l.get(1).colours());
        assertTrue(l.get(2).problem().contains("is not +square or -square"), l.get(2).problem());

        List<SourceGame> e = read(write("e.csv", "eOthello_game_id,winner,game_moves\n7,1,f5d6c3\n8,-1,\"d3c5\"\n9,2,f5\n10,0,f5q9\n"));
        assertEquals(4, e.size());
        assertEquals('B', e.get(0).result().winner());
        assertEquals('W', e.get(1).result().winner());
        assertArrayEquals(new int[] {19, 34}, e.get(1).moves(), "a quoted field through Commons CSV");
        assertTrue(e.get(2).problem().contains("winner '2'"), e.get(2).problem());
        assertTrue(e.get(3).problem().contains("'q9'"), e.get(3).problem());
        assertEquals(2, e.get(0).line());

        Path bad = write("bad.csv", "eOthello_game_id,who,game_moves\n7,1,f5d6\n");
        ThorDbException x = assertThrows(ThorDbException.class, () -> read(bad));
        assertEquals(ErrorCode.BAD_FILE, x.code());
        assertTrue(x.getMessage().startsWith(bad + ": line 1: the header"), x.getMessage());
    }

    @Test
    void textRecordsAndGzip() throws IOException {
        String rec = "BLACK: Tastet Marc\nWHITE: Shaman David\nTOURNAMENT: Paris\nYEAR: 1999\nSCORE: 40-24\n"
                + "MOVES: f5 d6 c3\nRESULT: BLACK\n";
        Path p = tmp.resolve("games.moves.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(p))) {
            out.write((rec + "\n" + rec).getBytes(StandardCharsets.UTF_8));
        }
        try (SourceReader r = SourceReader.open(p)) {
            assertEquals(SourceFormat.TEXT_RECORDS, r.format());
            List<SourceGame> games = new ArrayList<>();
            r.forEach(games::add);
            assertEquals(2, games.size());
            assertEquals("Tastet Marc", games.get(0).black());
            assertEquals(1999, games.get(0).year());
            assertEquals(40, games.get(0).result().blackDiscs());
            assertEquals(rec, new String(games.get(0).raw(), StandardCharsets.UTF_8));
            assertEquals(9, games.get(1).line());
        }
    }

    @Test
    void notATextSourceIsSaidSo() throws IOException {
        Path p = write("README.md", "# notes\nnothing here\n");
        ThorDbException e = assertThrows(ThorDbException.class, () -> SourceReader.open(p));
        assertEquals(ErrorCode.BAD_FILE, e.code());
        assertTrue(e.getMessage().contains("not a game file thordb imports"), e.getMessage());
        assertTrue(Arrays.asList(SourceFormat.values()).size() >= 6);
    }
}
