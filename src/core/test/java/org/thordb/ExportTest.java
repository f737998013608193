package org.thordb;

import org.thordb.usecase.Games;
import org.thordb.engine.Engine;
import org.thordb.engine.StoredGame;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.error.ThorDbException;
import org.thordb.export.Exporter;
import org.thordb.ingest.Importer;
import org.thordb.sample.SampleBase;
import org.thordb.testing.SharedData;
import org.thordb.text.TextGameRecord;
import org.thordb.text.TextGameRecords;
import org.thordb.wthor.NameList;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorReader;

@org.junit.jupiter.api.extension.ExtendWith(org.thordb.testing.Seeded.class)
@org.thordb.testing.FullTier
class ExportTest {
    @TempDir
    Path tmp;

    private static final LocalDate TODAY = LocalDate.of(2026, 11, 22);

    /** A new store in {@code tmp/db} with the files of {@code bases} imported. */
    private Engine imported(Path... bases) {
        Engine db = Engine.open(tmp.resolve("db"));
        try {
            db.importFiles(List.of(bases), Importer.Options.defaults(), m -> { });
            return db;
        } catch (RuntimeException e) {
            db.close();
            throw e;
        }
    }

    private static byte[] pastTheDate(Path p) throws Exception {
        byte[] b = Files.readAllBytes(p);
        return Arrays.copyOfRange(b, 4, b.length);
    }

    @Test
    void wholeYearsComeBackIdenticalButForTheCreationDate() throws Exception {
        Path base = SharedData.dir("wthor");
        try (Engine db = imported(base)) {
            Path out = tmp.resolve("out");
            List<Path> written = new Exporter(db, out, Exporter.Format.WTHOR, false, TODAY).export(null);
            assertEquals(41, written.size());
            for (Path f : SharedData.files("wthor", ".wtb", ".jou", ".trn")) {
                Path e = out.resolve(f.getFileName().toString());
                assertArrayEquals(pastTheDate(f), pastTheDate(e), f.getFileName().toString());
                byte[] h = Files.readAllBytes(e);
                assertArrayEquals(new byte[] {20, 26, 11, 22}, Arrays.copyOf(h, 4), "dated today");
            }
            // a query's games: its years only, with a correct N1
            Path some = tmp.resolve("some");
            new Exporter(db, some, Exporter.Format.WTHOR, false, TODAY).export("player = \"Tastet Marc\" and year >= 2014");
            try (WthorReader r = WthorReader.open(some.resolve("WTH_2015.wtb"))) {
                assertEquals(Games.count(db, "player = \"Tastet Marc\" and year = 2015"), r.header().n1());
                assertEquals(2015, r.header().gameYear());
                assertEquals(24, r.header().depth());
                for (WthorGame g : r.games()) {
                    assertTrue(g.black() == 1 || g.white() == 1, "Tastet Marc is player 1 of the FFO names");
                }
            }
            assertFalse(Files.exists(some.resolve("WTH_2013.wtb")));
            // an existing file is not replaced without force, and never by an older export
            ThorDbException e = assertThrows(ThorDbException.class,
                    () -> new Exporter(db, some, Exporter.Format.WTHOR, false, TODAY).export("year = 2015"));
            assertTrue(e.getMessage().endsWith("exists; --force replaces it (ExportOptions.replacing() in Java)"), e.getMessage());
            new Exporter(db, some, Exporter.Format.WTHOR, true, TODAY).export("year = 2015");
            try (WthorReader r = WthorReader.open(some.resolve("WTH_2015.wtb"))) {
                assertEquals(1926, r.header().n1());
            }
            e = assertThrows(ThorDbException.class, () -> new Exporter(db, some, Exporter.Format.WTHOR, true,
                    TODAY.minusDays(1)).export("year = 2015"));
            assertTrue(e.getMessage().contains("an export never replaces a newer file"), e.getMessage());
        }
    }

    @Test
    void gamesOfSeveralBasesGetMergedRenumberedNames() throws Exception {
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        SampleBase.write(a, "ALPHA", 2001, 2, 50, 1L);
        SampleBase.write(b, "BETA", 2002, 2, 40, 2L);
        try (Engine db = imported(a, b)) {
            Path out = tmp.resolve("merged");
            new Exporter(db, out, Exporter.Format.WTHOR, false, TODAY).export("");
            assertTrue(Files.exists(out.resolve("WTHOR.JOU")));
            NameList players = NameList.read(out.resolve("WTHOR.JOU"));
            NameList tournaments = NameList.read(out.resolve("WTHOR.TRN"));
            List<String> want = new ArrayList<>();
            List<String> got = new ArrayList<>();
            for (StoredGame g : Games.of(db, Games.all(db))) {
                want.add(g.year() + " " + g.black() + " " + g.white() + " " + g.tournament() + " " + g.moves());
            }
            for (int year = 2001; year <= 2003; year++) {
                try (WthorReader r = WthorReader.open(out.resolve("WTH_" + year + ".wtb"))) {
                    for (WthorGame g : r.games()) {
                        got.add(year + " " + players.name(g.black()) + " " + players.name(g.white()) + " "
                                + tournaments.name(g.tournament()) + " " + org.thordb.othello.Notation.transcript(g.squares(), 8));
                    }
                }
            }
            want.sort(null);
            got.sort(null);
            assertEquals(want, got);
        }
    }

    @Test
    void textCsvJsonAndPgnSayTheSameGames() throws Exception {
        Path base = tmp.resolve("sample");
        SampleBase.write(base, "SAMPLE", 2010, 1, 30, 9L);
        try (Engine db = imported(base)) {
            List<StoredGame> games = Games.of(db, Games.all(db));
            Path text = tmp.resolve("text");
            Exporter.Summary summary = new Exporter(db, text, Exporter.Format.TEXT, false, TODAY).exportAll("");
            assertEquals(List.of(text.resolve("games.txt")), summary.files(), "one file for the selection");
            assertEquals(30, summary.games());
            assertEquals("exported 30 games into 1 file in " + text, summary.describe(text.toString()));
            List<TextGameRecord> records = TextGameRecords.parseAll(Files.readString(text.resolve("games.txt")));
            assertEquals(30, records.size());
            for (int i = 0; i < games.size(); i++) {
                StoredGame g = games.get(i);
                TextGameRecord r = records.get(i);
                assertTrue(TextGameRecords.validate(r).isEmpty(), r.toString());
                assertEquals(org.thordb.othello.Replay.replay(g.record68().squares(), null).finalPosition(),
                        TextGameRecords.replay(r, true));
                assertEquals(g.black(), r.tags().get("BLACK"));
                assertEquals(g.white(), r.tags().get("WHITE"));
                assertEquals(g.tournament(), r.tags().get("TOURNAMENT"));
                assertEquals(String.valueOf(g.year()), r.tags().get("YEAR"));
                assertEquals(String.valueOf(g.record()), r.tags().get("RECORD"));
                assertEquals(g.score() + "-" + (64 - g.score()), r.tags().get("SCORE"));
                assertEquals(String.valueOf(g.theoretical()), r.tags().get("THEORETICAL"));
            }
            Path csv = new Exporter(db, tmp.resolve("csv"), Exporter.Format.CSV, false, TODAY).export("").get(0);
            List<CSVRecord> rows = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).get()
                    .parse(Files.newBufferedReader(csv)).getRecords();
            assertEquals(30, rows.size());
            assertEquals(games.get(3).moves(), rows.get(3).get("moves"));
            assertEquals(games.get(3).black(), rows.get(3).get("black"));
            Path jsonl = new Exporter(db, tmp.resolve("jsonl"), Exporter.Format.JSONL, false, TODAY).export("").get(0);
            List<String> lines = Files.readAllLines(jsonl);
            assertEquals(30, lines.size());
            var node = new ObjectMapper().readTree(lines.get(5));
            assertEquals(games.get(5).moves(), node.get("moves").asText());
            assertEquals(games.get(5).score(), node.get("score").asInt());
            // one schema: every game's JSON keys in the schema's order, each CSV cell the JSON's value
            // (an empty cell for a null), and the values the stored game's
            List<String> keys = List.of("base", "year", "record", "black", "white", "tournament", "score", "theoretical",
                    "theoretical_depth", "moves", "result", "line", "sides", "move_count", "board_size", "black_number",
                    "white_number", "tournament_number", "id");
            assertEquals(keys.stream().filter(k -> !k.endsWith("_number")).toList(), List.copyOf(rows.get(0).getParser()
                    .getHeaderNames()));
            for (int i = 0; i < games.size(); i++) {
                StoredGame g = games.get(i);
                var o = new ObjectMapper().readTree(lines.get(i));
                List<String> got = new ArrayList<>();
                o.fieldNames().forEachRemaining(got::add);
                assertEquals(keys, got, "no damage key for a sound game");
                for (String k : rows.get(i).getParser().getHeaderNames()) {
                    String cell = rows.get(i).get(k);
                    assertEquals(o.get(k).isNull() ? "" : o.get(k).asText(), cell, k + " of game " + i);
                }
                assertEquals(List.of(g.base(), g.year(), g.record(), g.black(), g.white(), g.tournament(), g.score(),
                        g.moves(), g.score() > 32 ? "black" : g.score() < 32 ? "white" : "draw",
                        g.record68().moveCount(), 8, g.record68().black(), g.id()),
                        List.of(o.get("base").asText(), o.get("year").asInt(), o.get("record").asInt(), o.get("black").asText(),
                                o.get("white").asText(), o.get("tournament").asText(), o.get("score").asInt(),
                                o.get("moves").asText(), o.get("result").asText(), o.get("move_count").asInt(),
                                o.get("board_size").asInt(), o.get("black_number").asInt(), o.get("id").asInt()));
                if (g.theoreticalKnown()) {
                    assertEquals(g.theoretical(), o.get("theoretical").asInt());
                } else {
                    assertTrue(o.get("theoretical").isNull());
                }
            }
            Path pgn = new Exporter(db, tmp.resolve("pgn"), Exporter.Format.PGN, false, TODAY).export("").get(0);
            String p = Files.readString(pgn);
            assertEquals(30, p.split("\\[Event ").length - 1);
            assertTrue(p.contains("[Black \"" + games.get(0).black() + "\"]"));
            // thordb's own PGN reader reads back what the export wrote: names, moves with their
            // passes, the standard result token and the disc score in its tag
            List<org.thordb.text.PgnReader.Game> read = new ArrayList<>();
            try (var in = Files.newBufferedReader(pgn)) {
                new org.thordb.text.PgnReader(in, pgn.toString()).forEach(read::add);
            }
            assertEquals(30, read.size());
            for (int i = 0; i < games.size(); i++) {
                StoredGame g = games.get(i);
                org.thordb.text.PgnReader.Game r = read.get(i);
                String token = g.score() > 32 ? "1-0" : g.score() < 32 ? "0-1" : "1/2-1/2";
                assertEquals(token, r.tags().get("Result"));
                assertEquals(token, r.result(), "the movetext ends with the same token");
                assertEquals(g.score() + "-" + (64 - g.score()), r.tags().get("Score"));
                assertEquals(List.of(g.score(), 64 - g.score()), List.of(r.discs()[0], r.discs()[1]));
                assertEquals(Exporter.pgnMoves(g), r.moves());
                assertEquals(g.black(), r.tags().get("Black"));
                assertEquals(g.tournament(), r.tags().get("Event"));
            }
        }
    }

    @Test
    void anExportNeverWritesThroughALink() throws Exception {
        Path base = tmp.resolve("sample");
        SampleBase.write(base, "SAMPLE", 2010, 1, 5, 3L);
        try (Engine db = imported(base)) {
            Path out = Files.createDirectories(tmp.resolve("out"));
            Path elsewhere = tmp.resolve("elsewhere.wtb");
            Files.writeString(elsewhere, "keep me");
            Files.createSymbolicLink(out.resolve("SAMPLE_2010.wtb"), elsewhere);
            ThorDbException e = assertThrows(ThorDbException.class,
                    () -> new Exporter(db, out, Exporter.Format.WTHOR, true, TODAY).export(""));
            assertTrue(e.getMessage().contains("is a link"), e.getMessage());
            assertEquals("keep me", Files.readString(elsewhere));
            Path linkedDir = tmp.resolve("linked");
            Files.createSymbolicLink(linkedDir, out);
            e = assertThrows(ThorDbException.class,
                    () -> new Exporter(db, linkedDir, Exporter.Format.CSV, true, TODAY).export(""));
            assertTrue(e.getMessage().contains("the export folder is a link"), e.getMessage());
        }
    }

    @Test
    void sampleGamesHavePassesAndEarlyEndings(SplittableRandom rnd) {
        int passes = 0;
        int early = 0;
        for (int i = 0; i < 2000; i++) {
            WthorGame g = SampleBase.randomGame(rnd, 10, 2);
            org.thordb.othello.Position[] last = {null};
            int[] count = {0};
            org.thordb.othello.Replay.Result r = org.thordb.othello.Replay.replay(g.squares(), (ply, p) -> {
                if (last[0] != null && p.toMove() == last[0].toMove() && !p.isFinal()) {
                    count[0]++;
                }
                last[0] = p;
            });
            assertTrue(r.ok());
            passes += count[0] > 0 ? 1 : 0;
            early += r.finalPosition().isFinal() ? 0 : 1;
            assertEquals(r.finalPosition().wthorScore(), g.blackScore());
        }
        assertTrue(passes > 0 && early > 0, passes + " games with a pass, " + early + " ended early");
    }
}
