package org.thordb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.othello.Notation;
import org.thordb.sample.SampleBase;
import org.thordb.testing.PlainScan;

/**
 * What the command line's {@code query} and {@code duplicates} ask of the library's front: a
 * query's games streamed and sorted, each as JSON and CSV in the one game schema, the duplicate
 * groups, and the sort keys in words. Checked against the WTHOR files read on their own
 * ({@link PlainScan}), not against the store.
 */
class GameRowsFrontTest {
    @TempDir
    Path tmp;

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void eachGamesJsonAndCsvSayWhatItsFileSays() throws Exception {
        Path files = tmp.resolve("files");
        SampleBase.write(files, "CLUB", 2001, 2, 40, 17L);
        Map<String, PlainScan.Game> byKey = new HashMap<>();
        for (PlainScan.Game g : new PlainScan(files).games()) {
            byKey.put(g.year() + "#" + g.record(), g);
        }
        try (ThorDb db = ThorDb.open(tmp.resolve("db"))) {
            assertTrue(db.importFiles(List.of(files)).clean());
            int n = 0;
            try (QueryResult r = db.query(Query.ALL)) {
                for (Game g : r) {
                    PlainScan.Game want = byKey.get(g.year() + "#" + g.record());
                    JsonNode o = JSON.readTree(g.json());
                    assertEquals("CLUB", o.get("base").asText());
                    assertEquals(want.year(), o.get("year").asInt());
                    assertEquals(want.record(), o.get("record").asInt());
                    assertEquals(want.black(), o.get("black").asText());
                    assertEquals(want.white(), o.get("white").asText());
                    assertEquals(want.tournament(), o.get("tournament").asText());
                    assertEquals(want.game().blackScore(), o.get("score").asInt());
                    assertEquals(Notation.transcript(want.game().squares(), 8), o.get("moves").asText());
                    assertEquals(g.id(), o.get("id").asInt());
                    // the CSV's cells are the JSON's values, column by column
                    List<String> header = Game.csvHeader();
                    List<String> cells = g.csvCells();
                    assertEquals(header.size(), cells.size());
                    for (int i = 0; i < header.size(); i++) {
                        JsonNode v = o.get(header.get(i));
                        assertEquals(v == null || v.isNull() ? "" : v.asText(), cells.get(i), header.get(i) + " of " + g);
                    }
                    n++;
                }
            }
            assertEquals(byKey.size(), n, "every game of the files, streamed once");
        }
    }

    @Test
    void aTheoreticalScoreFilledSinceTheImportIsTheJsonsAndTheCsvs() throws Exception {
        Path files = tmp.resolve("files");
        SampleBase.write(files, "CLUB", 2001, 1, 8, 31L);
        // whole games, as a text source with no scores
        Path text = FrontFixtures.textSourceOf(files, 4, tmp.resolve("scratch"), tmp.resolve("played.txt"));
        try (ThorDb db = ThorDb.open(tmp.resolve("db"))) {
            assertTrue(db.importFiles(List.of(text)).clean());
            for (Game g : db.page("", 0, 4).games()) {
                JsonNode o = JSON.readTree(g.json());
                assertTrue(o.get("theoretical").isNull(), "unknown is null, never 0: " + o);
            }
            Fill f = db.fillTheoretical(Query.ALL, 8, 1, (work, done, total) -> {
            });
            assertTrue(f.filled() > 0, f.toString());
            int seen = 0;
            for (Game g : db.page("theoretical = known", 0, 4).games()) {
                JsonNode o = JSON.readTree(g.json());
                assertEquals(g.theoreticalDiscs().getAsInt(), o.get("theoretical").asInt(), o.toString());
                assertEquals(8, o.get("theoretical_depth").asInt(), o.toString());
                int col = Game.csvHeader().indexOf("theoretical");
                assertEquals(String.valueOf(g.theoreticalDiscs().getAsInt()), g.csvCells().get(col));
                seen++;
            }
            assertEquals(f.filled(), seen);
        }
    }

    @Test
    void aSortedListingIsTheFilesGamesInThatOrder() throws Exception {
        Path files = tmp.resolve("files");
        SampleBase.write(files, "CLUB", 2001, 3, 30, 5L);
        List<PlainScan.Game> want = new ArrayList<>(new PlainScan(files).games());
        // by Black's score, largest first
        want.sort(java.util.Comparator.comparingInt((PlainScan.Game g) -> -g.game().blackScore()));
        try (ThorDb db = ThorDb.open(tmp.resolve("db"))) {
            assertTrue(db.importFiles(List.of(files)).clean());
            Page p = db.sorted(Query.ALL, Sort.parse(" -Score "), 25);
            assertEquals(want.size(), p.total());
            assertEquals(25, p.games().size());
            for (int i = 0; i < 25; i++) {
                // the files' scores in that order; a tie in the store's id order (the import's)
                assertEquals(want.get(i).game().blackScore(), p.games().get(i).blackDiscs(), "game " + i);
                if (i > 0 && p.games().get(i).blackDiscs() == p.games().get(i - 1).blackDiscs()) {
                    assertTrue(p.games().get(i).id() > p.games().get(i - 1).id(), "ties by id: game " + i);
                }
            }
            assertEquals(List.of(SortKey.YEAR.ascending(), SortKey.SCORE.descending()), Sort.parse("year,-score"));
            assertEquals(List.of(), Sort.parse(" "));
            ThorDbException e = assertThrows(ThorDbException.class, () -> Sort.parse("year,,score"));
            assertEquals(ErrorCode.BAD_ARGUMENT, e.code());
            e = assertThrows(ThorDbException.class, () -> Sort.parse("elo"));
            assertTrue(e.getMessage().startsWith("unknown sort key 'elo'"), e.getMessage());
            e = assertThrows(ThorDbException.class, () -> db.sorted(Query.ALL, List.of(), -1));
            assertEquals(ErrorCode.BAD_ARGUMENT, e.code());
        }
    }

    @Test
    void theDuplicateGroupsAreTheGamesWhoseMoveListsAreOne() throws Exception {
        Path files = tmp.resolve("files");
        SampleBase.write(files, "CLUB", 2001, 1, 20, 9L);
        try (ThorDb db = ThorDb.open(tmp.resolve("db"))) {
            assertTrue(db.importFiles(List.of(files)).clean());
            List<Game> some = db.page("", 0, 3).games();
            // the same three games again, as a text source: each one a group of two
            StringBuilder again = new StringBuilder();
            some.forEach(g -> again.append(g.moves()).append('\n'));
            assertTrue(db.importFiles(List.of(Files.writeString(tmp.resolve("again.txt"), again.toString()))).clean());
            List<List<Game>> groups = db.duplicates(Query.ALL);
            assertEquals(3, groups.size(), groups.toString());
            for (List<Game> g : groups) {
                assertEquals(2, g.size());
                assertEquals("CLUB", g.get(0).base(), "the base imported first comes first");
                assertEquals(g.get(0).moves(), g.get(1).moves());
            }
            assertEquals(1, db.duplicates(Query.parse("year = 2001 and record = " + some.get(1).record())).size());
        }
    }

    @Test
    void aSampleBaseIsTheSameFilesForTheSameSeedAndEveryGameIsLegal() throws Exception {
        List<Path> a = ThorDb.writeSampleBase(tmp.resolve("a"), "DEMO", 2000, 2, 30, 42L);
        List<Path> b = ThorDb.writeSampleBase(tmp.resolve("b"), "DEMO", 2000, 2, 30, 42L);
        assertEquals(a.size(), b.size());
        for (int i = 0; i < a.size(); i++) {
            assertEquals(a.get(i).getFileName(), b.get(i).getFileName());
            assertTrue(java.util.Arrays.equals(Files.readAllBytes(a.get(i)), Files.readAllBytes(b.get(i))), a.get(i) + " differs");
        }
        List<PlainScan.Game> games = new PlainScan(tmp.resolve("a")).games();
        assertEquals(60, games.size());
        for (PlainScan.Game g : games) {
            // the plain replay plays every move (an illegal one would throw) and reaches the record's score
            org.thordb.othello.Position p = org.thordb.othello.Position.start();
            for (int sq : g.game().squares()) {
                p = p.play(sq);
            }
            if (p.toMove() == org.thordb.othello.Side.NONE) { // finished: the empties go to the winner
                int black = Long.bitCount(p.black());
                int white = Long.bitCount(p.white());
                int empties = 64 - p.discs();
                assertEquals(g.game().blackScore(), black + (black > white ? empties : black == white ? empties / 2 : 0), g.toString());
            }
        }
        ThorDbException e = assertThrows(ThorDbException.class, () -> ThorDb.writeSampleBase(tmp.resolve("c"), "../x", 2000, 1, 1, 1L));
        assertEquals(ErrorCode.BAD_ARGUMENT, e.code());
        e = assertThrows(ThorDbException.class, () -> ThorDb.writeSampleBase(tmp.resolve("c"), "X", 9999, 2, 1, 1L));
        assertEquals(ErrorCode.BAD_ARGUMENT, e.code());
    }
}
