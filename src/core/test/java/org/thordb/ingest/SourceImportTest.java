package org.thordb.ingest;

import org.thordb.engine.Engine;
import org.thordb.engine.StoredGame;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
import org.thordb.export.Exporter;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.othello.Symmetry;
import org.thordb.solve.Solver;
import org.thordb.solve.TheoreticalScore;
import org.thordb.testing.Games;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorReader;

/**
 * Text sources imported as bases, on files written here: what is stored (checked against a plain
 * replay of the moves), what is skipped or kept damaged and how it is said, re-imports, the one
 * file a base rule, duplicates up to symmetry, removal, WTHOR export and the schema-2 upgrade.
 */
class SourceImportTest {
    @TempDir
    Path tmp;

    static int[] randomGame(long seed) {
        return Games.random(seed);
    }

    static Position end(int[] squares) {
        Position p = Position.start();
        for (int s : squares) {
            p = p.play(s);
        }
        return p;
    }

    static int[] turned(int[] squares, Symmetry s) {
        int[] out = new int[squares.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = s.apply(squares[i]);
        }
        return out;
    }

    private Path write(String name, String text) throws IOException {
        Path p = tmp.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    private static ImportReport load(Engine db, List<String> lines, Path... files) {
        return load(db, Importer.Options.defaults(), lines, files);
    }

    private static ImportReport load(Engine db, Importer.Options o, List<String> lines, Path... files) {
        return db.importFiles(List.of(files), o, lines::add);
    }

    @Test
    void aTranscriptBecomesABaseQueriedLikeAnyOther() throws IOException {
        List<int[]> games = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        Symmetry[] turns = Symmetry.startPreserving();
        for (int i = 0; i < 40; i++) {
            int[] g = turned(randomGame(i), turns[i % turns.length]); // every first move: f5, d3, c4, e6
            games.add(g);
            text.append(Notation.line(g)).append(i % 2 == 0 ? "\n" : "\r\n");
        }
        Path f = write("club games.txt", text.toString());
        List<String> lines = new ArrayList<>();
        try (Engine db = Engine.open(tmp.resolve("store"))) {
            ImportReport r = load(db, lines, f);
            assertEquals(40, r.games(), lines.toString());
            assertTrue(r.clean());
            assertEquals(40, org.thordb.usecase.Games.count(db, "base = \"CLUB GAMES\""));
            assertEquals(40, org.thordb.usecase.Games.count(db, "opening = f5"), "every first move is f5 up to symmetry");
            assertEquals(0, org.thordb.usecase.Games.count(db, "year != 0"), "no date: year 0");
            List<StoredGame> stored = org.thordb.usecase.Games.of(db, org.thordb.usecase.Games.select(db, "base = \"CLUB GAMES\""));
            byte[] file = Files.readAllBytes(f);
            int at = 0;
            for (int i = 0; i < 40; i++) {
                StoredGame g = stored.get(i);
                assertArrayEquals(games.get(i), g.record68().squares(), "moves of line " + (i + 1));
                assertEquals(end(games.get(i)).wthorScore(), g.score(), "the moves' score");
                assertEquals(0, g.theoretical());
                assertEquals("?", g.black());
                assertEquals("club games", g.tournament(), "the file's name stands for the event");
                org.thordb.usecase.Games.SourceText src = org.thordb.usecase.Games.sourceText(db, g.id()).orElseThrow();
                assertEquals(i + 1, src.line());
                assertEquals("transcript", src.format());
                byte[] want = java.util.Arrays.copyOfRange(file, at, at + src.bytes().length);
                assertArrayEquals(want, src.bytes(), "line " + (i + 1) + " byte for byte, its CR LF kept");
                at += src.bytes().length;
            }
            assertEquals(file.length, at, "every byte of every line is some game's");
            // a position: counted by the index and by a plain replay under the 8 symmetries
            int[] probe = java.util.Arrays.copyOf(games.get(3), 8);
            Position p = end(probe).canonical();
            long plain = games.stream().filter(g -> Games.reaches(g, p)).count();
            assertEquals(plain, org.thordb.usecase.Games.count(db, "position = " + Notation.line(probe)));
            assertEquals(0, db.verify(false, m -> { }).problems());
        }
    }

    @Test
    void aGameTheStoreCannotHoldIsSkippedWithItsLineAndABadMoveIsKeptDamaged() throws IOException {
        int[] g = randomGame(1);
        Position afterTwo = end(java.util.Arrays.copyOf(g, 2));
        assertTrue(afterTwo.legalMoves() != 0);
        String good = Notation.line(g);
        String passWhereLegal = "[Black \"A\"]\n[White \"B\"]\n\n1. " + Notation.name(g[0]) + " " + Notation.name(g[1])
                + " 2. pass " + Notation.name(g[2]) + "\n\n";
        int[] bad = g.clone();
        bad[5] = bad[4]; // the square is occupied
        String sixtyOne = good + Notation.name(g[0]);
        Path pgn = write("club.pgn", "[Black \"A\"]\n[White \"B\"]\n[Result \"1-0\"]\n\n1. " + String.join(" ",
                Exporter.pgnMoves(new StoredGame(0, "X", 0, 0, "A", "B", "T", WthorGame.of(0, 0, 0, 0, 0, g, 8), null)))
                + "\n\n" + passWhereLegal);
        Path txt = write("lines.txt", good + "\n" + Notation.line(bad) + "\n" + sixtyOne + "\n"
                + good + " 64-0\n");
        List<String> lines = new ArrayList<>();
        try (Engine db = Engine.open(tmp.resolve("store"))) {
            ImportReport r = load(db, lines, pgn, txt);
            assertEquals(1 + 3, r.games(), lines.toString());
            assertEquals(2, r.skippedGames());
            assertEquals(1, r.damaged());
            assertTrue(lines.contains(pgn + ": line 7: skipped: move 3: a pass, but Black has a legal move; a WTHOR"
                    + " record has no passes, so its next moves would be read for the other side"), lines.toString());
            assertTrue(lines.contains(txt + ": line 3: skipped: more than 60 moves: more than a game has"), lines.toString());
            assertTrue(lines.stream().anyMatch(l -> l.startsWith(txt + ": line 2: kept, damaged: move 6 ")), lines.toString());
            Position e = end(g);
            boolean blackWon = e.blackDiscs() > e.whiteDiscs();
            if (!blackWon) {
                assertTrue(lines.stream().anyMatch(l -> l.startsWith(pgn + ": line 1: the result '1-0' is not what the"
                        + " moves give")), lines.toString());
            }
            assertTrue(lines.stream().anyMatch(l -> l.startsWith(txt + ": line 4: the result '64-0' is not what the moves give")),
                    lines.toString());
            assertEquals(1, org.thordb.usecase.Games.count(db, "damaged = true"));
            assertEquals(3, org.thordb.usecase.Games.count(db, "damaged = false"));
            assertEquals(e.wthorScore(), org.thordb.usecase.Games.of(db, org.thordb.usecase.Games.select(db, "base = \"LINES\" and record = 2")).get(0).score(),
                    "a finished game's score is the moves' one, whatever the file says");
            assertTrue(r.summary().contains("2 games of text files skipped"), r.summary());
        }
    }

    @Test
    void aReImportIsIdempotentAChangedFileReplacesItsBaseAndABaseHoldsOneFile() throws IOException {
        Path f = write("games.txt", Notation.line(randomGame(1)) + "\n" + Notation.line(randomGame(2)) + "\n");
        List<String> lines = new ArrayList<>();
        try (Engine db = Engine.open(tmp.resolve("store"))) {
            assertEquals(2, load(db, lines, f).games());
            ImportReport again = load(db, lines, f);
            assertEquals(0, again.games());
            assertEquals(1, again.skipped());
            assertTrue(lines.contains(f + ": unchanged (already imported as base GAMES)"), lines.toString());
            int firstId = org.thordb.usecase.Games.of(db, org.thordb.usecase.Games.all(db)).get(0).id();
            Files.writeString(f, Notation.line(randomGame(3)) + "\n", StandardCharsets.UTF_8,
                    java.nio.file.StandardOpenOption.APPEND);
            ImportReport changed = load(db, lines, f);
            assertEquals(3, changed.games());
            assertEquals(3, changed.replacedGames());
            assertEquals(3, org.thordb.usecase.Games.count(db, "base = \"GAMES\""));
            assertTrue(org.thordb.usecase.Games.sourceText(db, firstId).isEmpty(), "the replaced games' texts are gone");
            Path other = write("more.txt", Notation.line(randomGame(4)) + "\n");
            ImportReport refused = load(db, new Importer.Options(false, "games", List.of()), lines, other);
            assertEquals(1, refused.refused());
            assertTrue(lines.contains(other + ": refused: base GAMES holds the games of games.txt and a base holds"
                    + " one source file; import this one under another base name, or remove base GAMES first"),
                    lines.toString());
            ThorDbException two = assertThrows(ThorDbException.class, () -> load(db,
                    new Importer.Options(false, "both", List.of()), lines, f, other));
            assertEquals(ErrorCode.BAD_ARGUMENT, two.code());
            assertEquals(0, db.verify(false, m -> { }).problems());
            // the plan hashes a file as it counts its games: the stored hash is the file's, gzipped or not
            assertEquals(sha(f), db.catalog().gameFiles().get(0).sha256());
            Path gz = tmp.resolve("packed.txt.gz");
            try (java.io.OutputStream out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(gz))) {
                out.write(Files.readAllBytes(f));
            }
            assertEquals(3, load(db, lines, gz).games());
            assertEquals(sha(gz), db.catalog().gameFiles().stream().filter(x -> x.name().equals("packed.txt.gz"))
                    .findFirst().orElseThrow().sha256());
            assertEquals(1, load(db, lines, gz).skipped(), "the same gzipped bytes again: unchanged");
        }
    }

    private static String sha(Path f) throws IOException {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                    .digest(Files.readAllBytes(f)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void duplicatesAreFoundUpToSymmetryEarliestFirstAndCanBeLeftOut() throws IOException {
        int[] g1 = randomGame(11);
        int[] g2 = randomGame(12);
        int[] g3 = randomGame(13);
        Symmetry turn = Symmetry.startPreserving()[2];
        Path a = write("a.txt", Notation.line(g1) + "\n" + Notation.line(g2) + "\n");
        Path b = write("b.txt", Notation.line(turned(g1, turn)) + "\n" + Notation.line(g3) + "\n"
                + Notation.line(turned(g3, Symmetry.startPreserving()[1])) + "\n"
                + Notation.line(java.util.Arrays.copyOf(g2, 30)) + "\n");
        List<String> lines = new ArrayList<>();
        try (Engine db = Engine.open(tmp.resolve("store"))) {
            load(db, lines, a, b);
            assertEquals(2, org.thordb.usecase.Games.count(db, "duplicate = true"));
            assertEquals(4, org.thordb.usecase.Games.count(db, "duplicate = false"));
            List<List<StoredGame>> groups = org.thordb.usecase.Games.duplicates(db, (String) null);
            assertEquals(2, groups.size());
            assertEquals(List.of("A", "B"), groups.get(0).stream().map(StoredGame::base).toList());
            assertEquals(List.of(0, 0), groups.get(0).stream().map(StoredGame::record).toList());
            assertEquals(List.of("B", "B"), groups.get(1).stream().map(StoredGame::base).toList());
            assertEquals(List.of(1, 2), groups.get(1).stream().map(StoredGame::record).toList());
            assertEquals(1, org.thordb.usecase.Games.duplicates(db, "base = \"A\"").size());
            assertEquals(0, org.thordb.usecase.Games.count(db, "duplicate = true and base = \"A\""), "the earliest game of a group is kept");
        }
        try (Engine db = Engine.open(tmp.resolve("store2"))) {
            load(db, lines, a);
            ImportReport r = load(db, new Importer.Options(false, null, List.of(), null, true), lines, b);
            assertEquals(2, r.games(), "g3 once and g2's first 30 moves: a prefix is another game");
            assertEquals(2, r.duplicates());
            assertTrue(r.summary().contains("2 duplicate games left out"), r.summary());
            assertEquals(0, org.thordb.usecase.Games.count(db, "duplicate = true"));
        }
    }

    @Test
    void removingASourceBaseTakesItsTextsAndLeavesASoundStore() throws IOException {
        Path a = write("a.txt", Notation.line(randomGame(1)) + "\n");
        Path b = write("b.txt", Notation.line(randomGame(2)) + "\n");
        try (Engine db = Engine.open(tmp.resolve("store"))) {
            load(db, new ArrayList<>(), a, b);
            int id = org.thordb.usecase.Games.of(db, org.thordb.usecase.Games.select(db, "base = \"A\"")).get(0).id();
            assertTrue(org.thordb.usecase.Games.sourceText(db, id).isPresent());
            Engine.Removal removed = db.removeBase("a");
            assertEquals(1, removed.games());
            assertTrue(org.thordb.usecase.Games.sourceText(db, id).isEmpty());
            assertEquals(0, db.verify(false, m -> { }).problems());
            assertEquals(1, org.thordb.usecase.Games.count(db, ""));
        }
    }

    @Test
    void aSourceBaseIsWrittenAsWthorNamesShortenedAndSaidAndComesBackTheSame() throws IOException {
        List<int[]> games = List.of(randomGame(21), randomGame(22), java.util.Arrays.copyOf(randomGame(23), 40));
        StringBuilder pgn = new StringBuilder();
        String longName = "Wolfeschlegelsteinhausen Hubert Blaine";
        for (int i = 0; i < games.size(); i++) {
            Position e = end(games.get(i));
            pgn.append("[Event \"Grand Tournoi d'Othello de la Ville de Paris\"]\n[Black \"").append(longName)
                    .append("\"]\n[White \"Nakajima\"]\n[Result \"")
                    .append(i == 2 ? "40-24" : e.blackDiscs() + "-" + e.whiteDiscs()).append("\"]\n\n")
                    .append(Notation.line(games.get(i))).append("\n\n");
        }
        Path f = write("paris.pgn", pgn.toString());
        Path out = tmp.resolve("out");
        List<String> notes = new ArrayList<>();
        try (Engine db = Engine.open(tmp.resolve("store"))) {
            load(db, new ArrayList<>(), f);
            assertEquals(1, org.thordb.usecase.Games.count(db, "player = \"" + longName + "\" and moves = 40"),
                    "the whole name is stored and found");
            assertEquals(40, org.thordb.usecase.Games.of(db, org.thordb.usecase.Games.select(db, "moves = 40")).get(0).score(), "an unfinished game: the stated score");
            new Exporter(db, out, Exporter.Format.WTHOR, false, LocalDate.of(2026, 11, 23)).withNotes(notes::add)
                    .withTheoreticalDepth(12).export("");
        }
        assertTrue(notes.contains("PARIS.JOU: player 0 \"" + longName + "\" written as \"Wolfeschlegelsteinh\" (a WTHOR"
                + " name is 19 ISO-8859-1 characters at most)"), notes.toString());
        assertTrue(notes.stream().anyMatch(n -> n.startsWith("PARIS.TRN: tournament 0 ")), notes.toString());
        assertTrue(notes.contains("PARIS_0.wtb: 3 games have no year (their source gave no date): written as year 0"),
                notes.toString());
        Path wtb = out.resolve("PARIS_0.wtb");
        Solver solver = new Solver(Solver.Options.defaults());
        try (WthorReader r = WthorReader.open(wtb)) {
            assertEquals(12, r.header().depth());
            int i = 0;
            for (WthorGame g : r.games()) {
                int[] moves = games.get(i);
                assertArrayEquals(moves, g.squares());
                assertEquals(i == 2 ? 40 : end(moves).wthorScore(), g.blackScore());
                assertEquals(TheoreticalScore.compute(moves, 12, solver).blackDiscs(), g.theoreticalScore());
                i++;
            }
            assertEquals(3, i);
        }
        try (Engine back = Engine.open(tmp.resolve("back"))) {
            ImportReport r = back.importFiles(List.of(out), Importer.Options.defaults(), m -> { });
            assertEquals(3, r.games());
            assertEquals(0, r.damaged());
            assertEquals(1, org.thordb.usecase.Games.count(back, "player = \"Wolfeschlegelsteinh\" and moves = 40 and score = 40"));
        }
    }

    @Test
    void aSchemaTwoStoreIsUpgradedInPlaceKeepingItsRecords() throws Exception {
        Path games = tmp.resolve("games");
        org.thordb.sample.SampleBase.write(games, "CLUB", 2001, 2, 40, 9L);
        Path dir = tmp.resolve("store");
        try (Engine db = Engine.open(dir)) {
            db.importFiles(List.of(games), Importer.Options.defaults(), m -> { });
            db.importFiles(List.of(games), new Importer.Options(false, "again", List.of()), m -> { });
            assertEquals(80, org.thordb.usecase.Games.count(db, "duplicate = true"));
        }
        // make it what thordb wrote with schema 2: no GAME terms, no sources family
        org.rocksdb.RocksDB.loadLibrary();
        List<org.rocksdb.ColumnFamilyHandle> handles = new ArrayList<>();
        List<org.rocksdb.ColumnFamilyDescriptor> cfs = new ArrayList<>();
        try (org.rocksdb.Options o = new org.rocksdb.Options()) {
            for (byte[] name : org.rocksdb.RocksDB.listColumnFamilies(o, dir.toString())) {
                cfs.add(new org.rocksdb.ColumnFamilyDescriptor(name));
            }
        }
        try (org.rocksdb.DBOptions o = new org.rocksdb.DBOptions();
             org.rocksdb.RocksDB rdb = org.rocksdb.RocksDB.open(o, dir.toString(), cfs, handles)) {
            org.rocksdb.ColumnFamilyHandle meta = null;
            org.rocksdb.ColumnFamilyHandle terms = null;
            for (int i = 0; i < cfs.size(); i++) {
                String n = new String(cfs.get(i).getName(), StandardCharsets.UTF_8);
                if (n.equals("meta")) {
                    meta = handles.get(i);
                } else if (n.equals("terms")) {
                    terms = handles.get(i);
                } else if (n.equals("sources")) {
                    rdb.dropColumnFamily(handles.get(i));
                }
            }
            byte[] schema = rdb.get(meta, "schema".getBytes(StandardCharsets.UTF_8));
            rdb.put(meta, "schema".getBytes(StandardCharsets.UTF_8),
                    new String(schema, StandardCharsets.UTF_8).replace("\"version\":" + org.thordb.store.Catalog.SCHEMA_VERSION, "\"version\":2")
                            .replace("\"fingerprintEntries\":" + org.thordb.index.FingerprintBlock.TARGET_ENTRIES,
                                    "\"fingerprintEntries\":" + org.thordb.index.FingerprintBlock.SCHEMA5_TARGET_ENTRIES)
                            .getBytes(StandardCharsets.UTF_8));
            rdb.deleteRange(terms, new byte[] {12}, new byte[] {13});
            handles.forEach(org.rocksdb.ColumnFamilyHandle::close);
        }
        // a read-only open never writes: it refuses the older store, and says what upgrades it
        org.thordb.error.ThorDbException refused = org.junit.jupiter.api.Assertions.assertThrows(
                org.thordb.error.ThorDbException.class, () -> Engine.openReadOnly(dir));
        assertEquals(org.thordb.error.ErrorCode.SCHEMA, refused.code());
        assertTrue(refused.getMessage().contains("a read-only open never writes"), refused.getMessage());
        try (Engine db = Engine.openReadOnlyUpgrading(dir)) { // upgraded first by a short writable open, then read
            assertEquals(80, org.thordb.usecase.Games.count(db, "duplicate = true"));
            assertEquals(160, org.thordb.usecase.Games.count(db, "copies = all"));
            assertEquals(80, org.thordb.usecase.Games.count(db, ""), "each game once: the second base holds copies");
        }
        try (Engine db = Engine.open(dir)) {
            assertEquals(0, db.verify(false, m -> { }).problems(), "every GAME term derived from the records");
        }
    }

    @Test
    void aFileThatIsNoGameFileIsRefusedByName() throws IOException {
        Path p = write("notes.txt", "Remember the milk.\n");
        try (Engine db = Engine.open(tmp.resolve("store"))) {
            ThorDbException e = assertThrows(ThorDbException.class, () -> load(db, new ArrayList<>(), p));
            assertEquals(ErrorCode.BAD_ARGUMENT, e.code());
            assertTrue(e.getMessage().startsWith(p.toAbsolutePath().normalize() + ": not a file thordb imports")
                    || e.getMessage().startsWith(p + ": not a file thordb imports"), e.getMessage());
            assertFalse(Files.exists(tmp.resolve("store").resolve("nothing")));
        }
    }

    @Test
    void tenByTenGgfGamesAreStoredAsTenByTenRecordsAndComeBackFromAWtdExport() throws IOException {
        StringBuilder ggf = new StringBuilder();
        List<int[]> games = new ArrayList<>();
        List<Integer> scores = new ArrayList<>();
        String bo = "BO[10 " + "---------- ".repeat(4) + "----O*---- ----*O---- " + "---------- ".repeat(4) + "*]";
        for (int seed = 0; seed < 3; seed++) {
            Random rnd = new Random(seed);
            org.thordb.othello.Board10 b = org.thordb.othello.Board10.start();
            StringBuilder moves = new StringBuilder();
            List<Integer> sq = new ArrayList<>();
            int side;
            while ((side = b.sideToMove()) != 0) {
                List<Integer> legal = b.legalMoves(side);
                int m = legal.get(rnd.nextInt(legal.size()));
                if (sq.size() > 0 && side == b.toMove() && moves.length() > 0
                        && moves.charAt(moves.lastIndexOf("[") - 1) == (side == 1 ? 'B' : 'W')) {
                    moves.append(side == 1 ? "W" : "B").append("[PA]"); // the other side passed: GGS writes it
                }
                assertTrue(b.playMove(m) == null);
                moves.append(side == 1 ? "B" : "W").append('[').append(Notation.name10(m)).append("//0.01]");
                sq.add(m);
            }
            int[] squares = sq.stream().mapToInt(Integer::intValue).toArray();
            games.add(squares);
            scores.add(org.thordb.othello.Board10.replay(squares, squares.length).wthorScore());
            ggf.append("(;GM[Othello]PC[GGS/os]DT[2004.01.02_10:00:00.MST]PB[ten").append(seed).append("]PW[other]TY[10]")
                    .append(bo).append(moves).append(";)\n");
        }
        Path f = write("big.ggf", ggf.toString());
        List<String> lines = new ArrayList<>();
        Path out = tmp.resolve("out");
        try (Engine db = Engine.open(tmp.resolve("store"))) {
            ImportReport r = load(db, lines, f);
            assertEquals(3, r.games(), lines.toString());
            assertEquals(0, r.damaged(), lines.toString());
            assertTrue(lines.stream().anyMatch(l -> l.endsWith("; 3 of them 10×10")), lines.toString());
            List<StoredGame> stored = org.thordb.usecase.Games.of(db, org.thordb.usecase.Games.all(db));
            for (int i = 0; i < 3; i++) {
                assertEquals(10, stored.get(i).record68().side());
                assertArrayEquals(games.get(i), stored.get(i).record68().squares());
                assertEquals(scores.get(i), stored.get(i).score());
                assertEquals(2004, stored.get(i).year());
            }
            assertEquals(1, org.thordb.usecase.Games.count(db, "player = \"ten1\""));
            assertEquals(0, db.verify(false, m -> { }).problems());
            new Exporter(db, out, Exporter.Format.WTHOR, false, LocalDate.of(2026, 11, 23)).export("");
        }
        try (WthorReader w = WthorReader.open(out.resolve("BIG_2004.wtd"))) {
            assertEquals(10, w.header().boardSide());
            int i = 0;
            for (WthorGame g : w.games()) {
                assertArrayEquals(games.get(i), g.squares());
                assertEquals((int) scores.get(i), g.blackScore());
                i++;
            }
            assertEquals(3, i);
        }
    }
}
