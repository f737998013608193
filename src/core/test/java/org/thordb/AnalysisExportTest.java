package org.thordb;

import org.thordb.usecase.Games;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.engine.Engine;
import org.thordb.engine.StoredGame;
import org.thordb.export.Exporter;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.othello.Side;
import org.thordb.testing.PlainScan;

/**
 * Data for analysis, on the FFO base and the same games of 1990 as PGN: a row a move that a plain
 * replay of each game gives back, with the theoretical difference at the file's depth; the game
 * schema's line with its passes and sides; splits that keep each game and its copies together.
 */
@org.junit.jupiter.api.condition.EnabledIf(value = "org.thordb.testing.SharedData#hasWthor",
        disabledReason = "../shared/data/wthor not found: the FFO base is not there")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@org.thordb.testing.FullTier
class AnalysisExportTest {
    @TempDir
    Path tmp;
    private Engine db;
    private PlainScan ffo;

    @BeforeAll
    void load() {
        db = org.thordb.testing.RealStore.withTextSources();
        ffo = org.thordb.testing.RealStore.scan();
    }

    /** The rows a plain replay gives a game: board before each move, the mover, the move. */
    private static List<String> replayRows(int id, int[] squares, int score, int theo, int depth) {
        List<String> out = new java.util.ArrayList<>();
        Position p = Position.start();
        for (int ply = 0; ply < squares.length; ply++) {
            StringBuilder board = new StringBuilder();
            for (int i = 0; i < 64; i++) {
                board.append((p.black() >>> i & 1) != 0 ? 'X' : (p.white() >>> i & 1) != 0 ? 'O' : '.'); // CSV's empty square
            }
            int sign = p.toMove() == Side.BLACK ? 1 : -1;
            int empties = 64 - Long.bitCount(p.black() | p.white());
            out.add(id + "," + ply + "," + board + "," + (p.toMove() == Side.BLACK ? "B" : "W") + ","
                    + Notation.name(squares[ply]) + "," + sign * (2 * score - 64) + ","
                    + (empties == depth ? String.valueOf(sign * (2 * theo - 64)) : ""));
            p = p.play(squares[ply]);
        }
        return out;
    }

    @Test
    void positionRowsAreWhatAReplayOfEachGameGives() throws Exception {
        Path out = tmp.resolve("rows");
        Exporter e = new Exporter(db, out, Exporter.Format.CSV, false, LocalDate.now()).withPositions();
        e.exportAll("base = \"WTHOR\" and year >= 1980 and year <= 1981");
        Map<String, int[]> ids = new HashMap<>();
        for (StoredGame g : Games.of(db, Games.select(db, "base = \"WTHOR\" and year >= 1980 and year <= 1981"))) {
            ids.put(g.year() + "/" + g.record(), new int[] {g.id()});
        }
        List<String> want = new java.util.ArrayList<>();
        want.add("game,ply,board,to_move,move,final,theoretical");
        long theoRows = 0;
        for (PlainScan.Game g : ffo.games()) {
            if (g.year() < 1980 || g.year() > 1981) {
                continue;
            }
            int id = ids.get(g.year() + "/" + g.record())[0];
            List<String> rows = replayRows(id, g.game().squares(), g.game().blackScore(), g.game().theoreticalScore(), 24);
            want.addAll(rows);
            theoRows += rows.stream().filter(r -> !r.endsWith(",")).count();
        }
        List<String> got = Files.readAllLines(out.resolve("positions.csv"));
        // the export writes games in id order; the files are scanned in their own: compare game by game
        Comparator<String> byGameAndPly = Comparator.comparingLong((String r) -> r.startsWith("game,") ? -1
                : Long.parseLong(r.substring(0, r.indexOf(','))))
                .thenComparingInt(r -> r.startsWith("game,") ? -1 : Integer.parseInt(r.split(",", 3)[1]));
        want.sort(byGameAndPly);
        assertEquals(want.size(), got.size());
        assertEquals(got, got.stream().sorted(byGameAndPly).toList(), "rows come game by game in id order, ply by ply");
        for (int i = 0; i < want.size(); i++) {
            assertEquals(want.get(i), got.get(i), "row " + i);
        }
        assertEquals(want.size() - 1, e.rowsWritten());
        // every game that plays a move at 24 empties (its 37th) has one row with its theoretical difference
        assertEquals(ffo.count(g -> g.year() >= 1980 && g.year() <= 1981 && g.game().moveCount() > 36), theoRows);
        assertTrue(theoRows > 100, theoRows + " rows");
    }

    @Test
    void theGameSchemaWritesPassesSidesAndUnknownAsNull() throws Exception {
        Path out = tmp.resolve("games");
        new Exporter(db, out, Exporter.Format.JSONL, false, LocalDate.now()).exportAll("year = 1990 and copies = all");
        ObjectMapper m = new ObjectMapper();
        long passes = 0;
        long unknown = 0;
        try (BufferedReader r = Files.newBufferedReader(out.resolve("games.jsonl"))) {
            for (String l; (l = r.readLine()) != null; ) {
                JsonNode g = m.readTree(l);
                String line = g.get("line").asText();
                int tokens = line.replace("pass", "p@").length() / 2;
                assertEquals(tokens, g.get("sides").asText().length(), l);
                assertEquals(g.get("move_count").asInt(), tokens - (line.length() - line.replace("pass", "").length()) / 4, l);
                if (line.contains("pass")) {
                    passes++;
                    assertEquals(Position.afterLine(line), Position.afterLine(g.get("moves").asText()), "the line replays");
                }
                if (g.get("theoretical").isNull()) {
                    unknown++;
                    assertTrue(g.get("base").asText().equals("WTH_1990"), l);
                }
            }
        }
        assertTrue(passes > 0, "some games of 1990 have a pass");
        assertEquals(ffo.count(g -> g.year() == 1990), unknown, "the PGN's games, and only they, are unknown");
    }

    @Test
    void aSplitKeepsEachGameAndItsCopiesInOnePart() throws Exception {
        Path out = tmp.resolve("split");
        new Exporter(db, out, Exporter.Format.JSONL, false, LocalDate.now()).withSplit("train=0.9,valid=0.1", 7)
                .exportAll("year >= 1985 and year <= 1995 and copies = all");
        ObjectMapper m = new ObjectMapper();
        Map<Integer, String> part = new HashMap<>();
        for (String p : List.of("train", "valid")) {
            for (String l : Files.readAllLines(out.resolve("games-" + p + ".jsonl"))) {
                assertTrue(part.put(m.readTree(l).get("id").asInt(), p) == null, "a game in one part only");
            }
        }
        assertEquals(Games.count(db, "year >= 1985 and year <= 1995 and copies = all"), part.size());
        long valid = part.values().stream().filter("valid"::equals).count();
        assertTrue(Math.abs(valid / (double) part.size() - 0.1) < 0.02, valid + " of " + part.size());
        long pairs = 0;
        for (List<StoredGame> group : Games.duplicates(db, "year >= 1985 and year <= 1995")) {
            String first = part.get(group.get(0).id());
            for (StoredGame g : group) {
                if (part.containsKey(g.id())) {
                    assertEquals(first, part.get(g.id()), "copies of game " + group.get(0).id() + " split apart");
                    pairs++;
                }
            }
        }
        assertTrue(pairs >= 2 * 2986, "the PGN's 2,986 copies of 1990 are among them: " + pairs);
        // the same seed draws the same parts; another seed others
        Path again = tmp.resolve("split-again");
        new Exporter(db, again, Exporter.Format.JSONL, false, LocalDate.now()).withSplit("train=0.9,valid=0.1", 7)
                .exportAll("year >= 1985 and year <= 1995 and copies = all");
        assertEquals(Files.readAllLines(out.resolve("games-valid.jsonl")), Files.readAllLines(again.resolve("games-valid.jsonl")));
        // by default a game's copies from other bases are one game: written once
        Path once = tmp.resolve("split-once");
        new Exporter(db, once, Exporter.Format.JSONL, false, LocalDate.now()).withSplit("train=0.9,valid=0.1", 7)
                .exportAll("year >= 1985 and year <= 1995");
        long written = 0;
        for (String p : List.of("train", "valid")) {
            written += Files.readAllLines(once.resolve("games-" + p + ".jsonl")).size();
        }
        assertEquals(part.size() - 2986, written);
    }
}
