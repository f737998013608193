package org.thordb.ingest;

import org.thordb.engine.Engine;
import org.thordb.engine.StoredGame;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.export.Exporter;
import org.thordb.index.Openings;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.testing.Games;
import org.thordb.testing.PlainScan;
import org.thordb.testing.SharedData;

/**
 * The real text files of {@code ../shared/data} (eOthello's CSV, Logistello's book, GGS's GGF, the
 * PGN of 1990) imported as bases and checked against plain replays of the files written here
 * (their own small parsers, not thordb's readers), and the duplicates of the FFO base against a
 * plain comparison of every game's turned move list. Skipped, with the reason, without the data.
 */
@org.thordb.testing.FullTier
class SourceImportRealTest {
    @TempDir
    Path tmp;

    /** A plain replay with automatic passes: the final position, or null at an illegal move. */
    private static Position replay(int[] squares) {
        Position p = Position.start();
        for (int s : squares) {
            if (!p.isLegal(s)) {
                return null;
            }
            p = p.play(s);
        }
        return p;
    }

    private static int[] squares(String text) {
        Matcher m = Pattern.compile("([a-hA-H][1-8])").matcher(text);
        List<Integer> out = new ArrayList<>();
        while (m.find()) {
            out.add(Notation.square(m.group(1).toLowerCase()));
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    private static List<byte[]> lines(Path f) throws IOException {
        byte[] all = Files.readAllBytes(f);
        List<byte[]> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < all.length; i++) {
            if (all[i] == '\n') {
                out.add(java.util.Arrays.copyOfRange(all, start, i + 1));
                start = i + 1;
            }
        }
        if (start < all.length) {
            out.add(java.util.Arrays.copyOfRange(all, start, all.length));
        }
        return out;
    }

    /** Checks a one-game-a-line file: count, moves, score, the stated result, each line's bytes. */
    private static void checkLines(Engine db, Path f, String base, boolean header) throws IOException {
        List<byte[]> lines = lines(f);
        List<StoredGame> stored = org.thordb.usecase.Games.of(db, org.thordb.usecase.Games.select(db, "base = \"" + base + "\""));
        assertEquals(lines.size() - (header ? 1 : 0), stored.size(), f + ": every line a game");
        int finished = 0;
        for (int i = 0; i < stored.size(); i++) {
            byte[] line = lines.get(i + (header ? 1 : 0));
            String text = new String(line, StandardCharsets.ISO_8859_1);
            StoredGame g = stored.get(i);
            String moves = header ? text.substring(text.lastIndexOf(',') + 1) : text.substring(0, text.indexOf(':'));
            int[] want = squares(moves);
            assertArrayEquals(want, g.record68().squares(), f + " line " + (i + 1 + (header ? 1 : 0)));
            Position end = replay(want);
            assertTrue(end != null, "every real game is legal");
            if (end.isFinal()) {
                finished++;
                assertEquals(end.wthorScore(), g.score());
            }
            int stated = header ? Integer.parseInt(text.split(",")[1]) : Integer.parseInt(text.substring(text.indexOf(':') + 1).strip().split("\\s+")[0]);
            int sign = Integer.signum(end.blackDiscs() - end.whiteDiscs());
            if (end.isFinal()) {
                assertEquals(header ? stated : stated, header ? sign : end.blackDiscs() - end.whiteDiscs(),
                        f + ": the stated result of line " + (i + 1) + " is the moves' one (eOthello's winner 1 is Black)");
            }
            assertArrayEquals(line, org.thordb.usecase.Games.sourceText(db, g.id()).orElseThrow().bytes(), "the line byte for byte");
        }
        assertTrue(finished > stored.size() * 9 / 10, finished + " finished games");
    }

    @Test
    void eothelloAndLogistelloFilesAgreeWithAPlainReplayAndAreFoundUnderSymmetry() throws IOException {
        Path text = SharedData.dir("text");
        Path csv = text.resolve("eothello-first2000.csv");
        Path gam = text.resolve("logbook-first2000.gam");
        List<String> said = new ArrayList<>();
        try (Engine db = Engine.open(tmp.resolve("store"))) {
            ImportReport r = db.importFiles(List.of(csv, gam), Importer.Options.defaults(), said::add);
            assertEquals(4000, r.games(), said.toString());
            assertEquals(0, r.skippedGames() + r.damaged(), said.toString());
            assertEquals(2, said.size(), "one line a file, no game named: " + said);
            checkLines(db, csv, "EOTHELLO-FIRST2000", true);
            checkLines(db, gam, "LOGBOOK-FIRST2000", false);
            // eOthello's games start with each of the four first moves: stored as played, found turned
            List<int[]> eo = new ArrayList<>();
            Set<Integer> firsts = new HashSet<>();
            for (byte[] l : lines(csv).subList(1, 2001)) {
                String t = new String(l, StandardCharsets.ISO_8859_1);
                int[] s = squares(t.substring(t.lastIndexOf(',') + 1));
                eo.add(s);
                firsts.add(s[0]);
            }
            assertEquals(4, firsts.size(), "d3, c4, f5 and e6 all open some game");
            assertEquals(2000, org.thordb.usecase.Games.count(db, "base = \"EOTHELLO-FIRST2000\" and opening = f5"));
            for (int k : new int[] {0, 7, 123, 1999}) {
                for (int plies : new int[] {3, 9, 20}) {
                    int[] line = java.util.Arrays.copyOf(eo.get(k), plies);
                    Position p = replay(line).canonical();
                    long plain = eo.stream().filter(g -> Games.reaches(g, p)).count();
                    assertEquals(plain, org.thordb.usecase.Games.count(db, "base = \"EOTHELLO-FIRST2000\" and position = " + Notation.line(line)),
                            "position after " + plies + " moves of game " + k);
                }
                int[] four = java.util.Arrays.copyOf(eo.get(k), 4);
                int[] turned = Openings.normalize(four, 4);
                long plainOpening = eo.stream().filter(g -> java.util.Arrays.equals(Openings.normalize(g, 4), turned)).count();
                assertEquals(plainOpening, org.thordb.usecase.Games.count(db, "base = \"EOTHELLO-FIRST2000\" and opening = " + Notation.line(four)));
            }
            assertEquals(0, db.verify(false, m -> { }).problems());
        }
    }

    @Test
    void ggfGamesComeBackFromAWthorExportWithEveryMoveAndResult() throws IOException {
        Path ggf = SharedData.dir("ggf");
        List<String> said = new ArrayList<>();
        Map<String, Integer> scoreByMoves = new HashMap<>();
        try (Engine db = Engine.open(tmp.resolve("store"))) {
            ImportReport r = db.importFiles(List.of(ggf), Importer.Options.defaults(), said::add);
            assertEquals(13, r.games(), said.toString());
            // a plain reading of the GGF text: B[..] and W[..] of each game, and RE[..]
            List<String> texts = new ArrayList<>();
            for (Path f : List.of(ggf.resolve("saio-2003.ggf"), ggf.resolve("test-games.ggf"))) {
                Matcher m = Pattern.compile("\\(;.*?;\\)").matcher(Files.readString(f, StandardCharsets.ISO_8859_1));
                while (m.find()) {
                    texts.add(m.group());
                }
            }
            assertEquals(13, texts.size());
            List<StoredGame> stored = org.thordb.usecase.Games.of(db, org.thordb.usecase.Games.all(db));
            int checked = 0;
            for (StoredGame g : stored) {
                String text = org.thordb.usecase.Games.sourceText(db, g.id()).orElseThrow().text();
                assertTrue(texts.contains(text), "the game's text is the file's (;…;)");
                StringBuilder moves = new StringBuilder();
                Matcher mv = Pattern.compile("[BW]\\[([a-hA-H][1-8])").matcher(text);
                while (mv.find()) {
                    moves.append(mv.group(1));
                }
                int[] want = squares(moves.toString());
                assertArrayEquals(want, g.record68().squares());
                Position end = replay(want);
                assertTrue(end.isFinal());
                assertEquals(end.wthorScore(), g.score());
                Matcher re = Pattern.compile("RE\\[([-+0-9.]+)").matcher(text);
                assertTrue(re.find());
                assertEquals(Math.round(Double.parseDouble(re.group(1))), end.blackDiscs() - end.whiteDiscs());
                assertTrue(text.contains("PB[" + g.black() + "]") && text.contains("PW[" + g.white() + "]"));
                assertEquals(2003, g.year());
                scoreByMoves.put(g.moves(), g.score());
                checked++;
            }
            assertEquals(13, checked);
            List<String> notes = new ArrayList<>();
            new Exporter(db, tmp.resolve("out"), Exporter.Format.WTHOR, false, LocalDate.of(2026, 11, 23))
                    .withNotes(notes::add).export("copies = all"); // the game both files hold, twice
            // the GGF games have no theoretical score: solved for the export at the file's depth, and said
            assertTrue(notes.stream().anyMatch(n -> n.contains("13 unknown theoretical scores solved for this export")),
                    notes.toString());
        }
        Path out = tmp.resolve("out");
        StringWriter o = new StringWriter();
        StringWriter e = new StringWriter();
        List<String> args = new ArrayList<>(List.of("verify"));
        try (var files = Files.list(out)) {
            files.filter(p -> p.toString().endsWith(".wtb")).forEach(p -> args.add(p.toString()));
        }
        assertEquals(0, org.thordb.cli.Main.run(new PrintWriter(o), new PrintWriter(e), args.toArray(String[]::new)),
                o + "\n" + e);
        try (Engine back = Engine.open(tmp.resolve("back"))) {
            ImportReport r = back.importFiles(List.of(out), Importer.Options.defaults(), m -> { });
            assertEquals(13, r.games());
            assertEquals(0, r.damaged());
            List<StoredGame> again = org.thordb.usecase.Games.of(back, org.thordb.usecase.Games.all(back));
            assertEquals(13, again.size());
            for (StoredGame g : again) {
                assertEquals(scoreByMoves.get(g.moves()), g.score(), "every move and result kept: " + g.moves());
            }
            // saio-2003.ggf's one game is test-games.ggf's first too: a real duplicate across the files
            assertEquals(12, again.stream().map(StoredGame::moves).distinct().count());
            assertEquals(1, org.thordb.usecase.Games.count(back, "duplicate = true"));
        }
    }

    @Test
    void thePgnOf1990AndAPgnExportOf2015AreDuplicatesOfTheFfoGamesAndTheFfoBaseHoldsOnlyItsRealOnes() throws IOException {
        Path wthor = SharedData.dir("wthor");
        Path pgn1990 = SharedData.dir("pgn").resolve("WTH_1990.pgn");
        PlainScan scan = new PlainScan(wthor);
        // the FFO base's own duplicates, by a plain comparison of every game's turned move list
        Map<String, List<PlainScan.Game>> byMoves = new HashMap<>();
        for (PlainScan.Game g : scan.games()) {
            int[] s = g.game().squares();
            int n = 0;
            while (n < s.length && s[n] >= 0) {
                n++;
            }
            byMoves.computeIfAbsent(java.util.Arrays.toString(Openings.normalize(s, n)), k -> new ArrayList<>()).add(g);
        }
        Set<String> plainLater = new HashSet<>();
        for (List<PlainScan.Game> same : byMoves.values()) {
            same.sort(java.util.Comparator.comparingInt(PlainScan.Game::year).thenComparingInt(PlainScan.Game::record));
            for (PlainScan.Game g : same.subList(1, same.size())) {
                plainLater.add(g.year() + "/" + g.record());
            }
        }
        try (Engine db = Engine.open(tmp.resolve("store"))) {
            db.importFiles(List.of(wthor), Importer.Options.defaults(), m -> { });
            Set<String> indexed = new HashSet<>();
            for (StoredGame g : org.thordb.usecase.Games.of(db, org.thordb.usecase.Games.select(db, "duplicate = true"))) {
                indexed.add(g.year() + "/" + g.record());
            }
            assertEquals(plainLater, indexed, "the FFO base's real duplicates, and only those");
            System.out.println("the FFO base holds " + indexed.size() + " games with an earlier twin, in "
                    + org.thordb.usecase.Games.duplicates(db, (String) null).size() + " groups");
            // 2015 as PGN by thordb's own exporter, imported as a second base: every game a duplicate
            Path out = tmp.resolve("pgn");
            Path pgn2015 = new Exporter(db, out, Exporter.Format.PGN, false, LocalDate.of(2026, 11, 23))
                    .export("year = 2015").get(0);
            Path renamed = Files.move(pgn2015, out.resolve("ffo2015.pgn"));
            ImportReport r = db.importFiles(List.of(renamed, pgn1990), Importer.Options.defaults(), m -> { });
            long y2015 = org.thordb.usecase.Games.count(db, "base = \"WTHOR\" and year = 2015");
            assertEquals(y2015 + 2986, r.games());
            assertEquals(y2015, org.thordb.usecase.Games.count(db, "base = \"FFO2015\" and duplicate = true"));
            assertEquals(2986, org.thordb.usecase.Games.count(db, "base = \"WTH_1990\" and duplicate = true"));
            assertEquals(plainLater.size(), org.thordb.usecase.Games.count(db, "base = \"WTHOR\" and duplicate = true"),
                    "an FFO game stays the earliest of its group: its base was imported first");
            // the PGN of 1990 is the FFO's year, game for game, names and scores too
            List<StoredGame> ffo = org.thordb.usecase.Games.of(db, org.thordb.usecase.Games.select(db, "base = \"WTHOR\" and year = 1990"));
            List<StoredGame> pgn = org.thordb.usecase.Games.of(db, org.thordb.usecase.Games.select(db, "base = \"WTH_1990\""));
            assertEquals(ffo.size(), pgn.size());
            Set<String> renames = new HashSet<>(); // the PGN was made from a newer release, after 14 renames
            for (int i = 0; i < ffo.size(); i++) {
                assertArrayEquals(ffo.get(i).record68().squares(), pgn.get(i).record68().squares());
                if (!ffo.get(i).black().equals(pgn.get(i).black())) {
                    renames.add(ffo.get(i).black() + " -> " + pgn.get(i).black());
                }
                if (!ffo.get(i).white().equals(pgn.get(i).white())) {
                    renames.add(ffo.get(i).white() + " -> " + pgn.get(i).white());
                }
                Position end = replay(ffo.get(i).record68().squares());
                if (end != null && end.isFinal()) {
                    assertEquals(ffo.get(i).score(), pgn.get(i).score());
                }
            }
            assertTrue(renames.size() <= 14 && renames.contains("Zhelezov Alex -> Zhelezov Aleksei"), renames.toString());
        }
        try (Engine db = Engine.open(tmp.resolve("store2"))) {
            db.importFiles(List.of(wthor), Importer.Options.defaults(), m -> { });
            List<String> said = new ArrayList<>();
            ImportReport r = db.importFiles(List.of(pgn1990), new Importer.Options(false, null, List.of(), null, true),
                    said::add);
            assertEquals(0, r.games());
            assertEquals(2986, r.duplicates());
            assertEquals(1, r.refused(), "a file whose every game is left out is not a base: " + said);
        }
    }
}
