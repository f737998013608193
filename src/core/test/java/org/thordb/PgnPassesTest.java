package org.thordb;

import org.thordb.usecase.Games;
import org.thordb.engine.Engine;
import org.thordb.engine.StoredGame;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.export.Exporter;
import org.thordb.ingest.Importer;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.othello.Side;
import org.thordb.sample.SampleBase;
import org.thordb.testing.SharedData;
import org.thordb.text.PgnReader;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorReader;

/**
 * PGN keeps passes: every game exported as PGN, read back by {@link PgnReader}, gives the same
 * moves by the same colours as an independent replay of the WTHOR records (which write no passes).
 */
@org.thordb.testing.FullTier
class PgnPassesTest {
    @TempDir
    Path tmp;

    /** Each move of a record with the colour that played it, from a replay: "B f5", "W d6", … */
    private static List<String> replayed(int[] squares) {
        List<String> out = new ArrayList<>();
        Position p = Position.start();
        for (int sq : squares) {
            if (sq < 0 || p.whyIllegal(sq) != null) {
                break;
            }
            out.add((p.toMove() == Side.BLACK ? "B " : "W ") + Notation.name(sq));
            p = p.play(sq);
        }
        return out;
    }

    /** The moves of PGN tokens with their colours as the movetext alone says: turns alternate, a pass takes one. */
    private static List<String> fromTokens(List<String> tokens) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            if (!tokens.get(i).equals("pass")) {
                out.add((i % 2 == 0 ? "B " : "W ") + tokens.get(i));
            }
        }
        return out;
    }

    /**
     * Exports a folder's base as PGN, a year at a time, and compares every game with its file's
     * record in order; returns {games, games with a pass}. A year at a time: the import numbers the
     * files' games in the order its workers finish them, so only within a year do ids follow records.
     */
    private int[] roundTrip(Path files) throws Exception {
        int games = 0;
        int withPass = 0;
        try (Engine db = Engine.open(tmp.resolve("db-" + files.getFileName()));
             var list = Files.list(files)) {
            db.importFiles(List.of(files), Importer.Options.defaults(), m -> { });
            for (Path f : list.filter(x -> x.toString().endsWith(".wtb")).sorted().toList()) {
                List<int[]> records = new ArrayList<>();
                int year;
                try (WthorReader r = WthorReader.open(f)) {
                    year = r.header().gameYear();
                    for (WthorGame g : r.games()) {
                        records.add(g.squares());
                    }
                }
                Path pgn = new Exporter(db, tmp.resolve("pgn-" + f.getFileName()), Exporter.Format.PGN, false,
                        LocalDate.now()).export("year = " + year).get(0);
                int i = 0;
                try (BufferedReader in = Files.newBufferedReader(pgn, StandardCharsets.UTF_8)) {
                    for (PgnReader.Game g : new PgnReader(in, pgn.toString())) {
                        assertEquals(replayed(records.get(i)), fromTokens(g.moves()), "record " + i + " of " + f);
                        withPass += g.moves().contains("pass") ? 1 : 0;
                        i++;
                    }
                }
                assertEquals(records.size(), i, f.toString());
                games += i;
            }
        }
        return new int[] {games, withPass};
    }

    @Test
    void generatedGamesWithPassesComeBackMoveForMoveAndColourForColour() throws Exception {
        Path files = tmp.resolve("sample");
        SampleBase.write(files, "CLUB", 2001, 2, 1500, 31L);
        int[] n = roundTrip(files);
        assertEquals(3000, n[0]);
        assertTrue(n[1] > 50, "random games pass often: " + n[1]);
    }

    @Test
    void everyGameOfARealYearComesBackAndShamanTastetEndsWithWhitesPass() throws Exception {
        Path year = tmp.resolve("y2025");
        Files.createDirectories(year);
        for (String f : List.of("WTH_2025.wtb", "WTHOR.JOU", "WTHOR.TRN")) {
            Files.copy(SharedData.dir("wthor-2025-11").resolve(f), year.resolve(f));
        }
        int[] n = roundTrip(year);
        assertEquals(2010, n[0]);
        assertTrue(n[1] > 0, "some games of 2025 hold passes: " + n[1]);
        System.out.println("PGN round trip of WTH_2025: " + n[0] + " games, " + n[1] + " with a pass");
        // Shaman David - Tastet Marc of the World Championship 2025 (record 1614) ends a6, White
        // passes, a8 by Black: the PGN said "30. a6 a8" before, which gave a8 to White
        try (Engine db = Engine.open(tmp.resolve("db-y2025"))) {
            List<StoredGame> found = Games.of(db, Games.select(db, "black = \"Shaman David\" and white = \"Tastet Marc\""));
            assertEquals(1, found.size());
            StoredGame g = found.get(0);
            assertEquals(1614, g.record());
            List<String> tokens = Exporter.pgnMoves(g);
            assertEquals(List.of("a6", "pass", "a8"), tokens.subList(tokens.size() - 3, tokens.size()));
        }
    }

    @Test
    void theReaderTakesEveryPassSpellingCommentsAndResults() throws Exception {
        String text = """
                [Event "Open"]
                [Black "A \\"B\\""]
                [Result "1-0"]

                1. F5 d6 {a comment
                over two lines} 2. C3 d3 ; to the end of the line
                3. c4 $1 f4 (3... e6 4. f6) 4. PA -- 5. @@ pass 6. e6 1-0

                [Event "Next"]
                1. f5 * 
                """;
        List<PgnReader.Game> games = new ArrayList<>();
        new PgnReader(new java.io.StringReader(text), "t.pgn").forEach(games::add);
        assertEquals(2, games.size());
        assertEquals(Map.of("Event", "Open", "Black", "A \"B\"", "Result", "1-0"), games.get(0).tags());
        assertEquals(List.of("f5", "d6", "c3", "d3", "c4", "f4", "pass", "pass", "pass", "pass", "e6"), games.get(0).moves());
        assertEquals("1-0", games.get(0).result());
        assertEquals(1, games.get(0).line());
        assertEquals(List.of("f5"), games.get(1).moves());
        assertEquals(9, games.get(1).line());
        ThorDbException e = assertThrows(ThorDbException.class, () ->
                new PgnReader(new java.io.StringReader("1. f5 zz9\n"), "bad.pgn").iterator());
        assertEquals(ErrorCode.BAD_RECORD, e.code());
        assertEquals("bad.pgn: line 1: not a move, a pass, a move number or a result: zz9", e.getMessage());
    }
}
