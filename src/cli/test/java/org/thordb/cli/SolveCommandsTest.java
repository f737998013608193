package org.thordb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.sample.SampleBase;
import org.thordb.solve.Solver;
import org.thordb.solve.TheoreticalScore;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorHeader;
import org.thordb.wthor.WthorKind;
import org.thordb.wthor.WthorReader;
import org.thordb.wthor.WthorWriter;

/** solve, verify --theoretical and export --theoretical through the command line. */
@org.thordb.testing.FullTier
class SolveCommandsTest {
    @TempDir
    Path tmp;

    private static final String FFO1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";

    @Test
    void solveAnswersATableJsonLinesEveryMoveAndSaysWhetherAnObfFileAgrees() throws Exception {
        CommandsTest.Run t = CommandsTest.run("solve", "--board", FFO1, "--all-moves");
        assertEquals(0, t.status(), t.err());
        assertTrue(t.out().contains("+18    g8     41"), t.out());
        assertTrue(t.out().contains("g8:+18 h1:+12"), t.out());
        CommandsTest.Run j = CommandsTest.run("solve", "--format", "jsonl", "--board", FFO1);
        JsonNode n = new ObjectMapper().readTree(j.lines().get(0));
        for (String key : List.of("score", "best", "nodes", "ms")) {
            assertTrue(n.has(key), key + " in " + j.out());
        }
        assertEquals(18, n.get("score").asInt());
        assertEquals("g8", n.get("best").asText());
        Path obf = tmp.resolve("two.obf");
        Files.writeString(obf, FFO1 + "; G8:+18; H1:+12;\n" + FFO1 + "; G8:+20;\n");
        CommandsTest.Run o = CommandsTest.run("solve", "--obf", obf.toString());
        assertEquals(1, o.status(), "one line disagrees: " + o.out());
        assertTrue(o.out().contains("two.obf:1") && o.out().contains("+18 agrees"), o.out());
        assertTrue(o.out().contains("two.obf:2") && o.out().contains("+20 DIFFERS"), o.out());
        assertTrue(o.out().contains("2 positions, 2 solved, 1 agree, 1 differ"), o.out());
        CommandsTest.Run limited = CommandsTest.run("solve", "--max-seconds", "0.001", "f5d6");
        assertEquals(1, limited.status());
        assertTrue(limited.out().contains("not solved (limit reached)"), limited.out());
    }

    /**
     * A WTHOR record adjourned far from its end (20 moves, 40 empties, moves still to play) with a
     * stored score: verify --theoretical counts it unfinished and goes on, as a fill leaves it
     * unknown; it does not try to solve 40 empties.
     */
    @Test
    void verifyTheoreticalLeavesAnAdjournedGameUnfinishedAndEnds() throws Exception {
        WthorGame whole = SampleBase.randomGame(new java.util.SplittableRandom(69), 2, 1);
        int[] moves = java.util.Arrays.copyOf(whole.squares(), 20);
        Path f = tmp.resolve("ADJ_2001.wtb");
        try (WthorWriter w = WthorWriter.create(f, WthorKind.GAMES_8, WthorHeader.forGames(LocalDate.of(2002, 1, 2), 2, 2001, 8, 22))) {
            w.write(WthorGame.of(0, 0, 1, 32, 40, moves, 8)); // stored: 40 discs for Black
            w.write(whole);
        }
        assertTrue(!TheoreticalScore.finishable(moves, 22));
        long t0 = System.nanoTime();
        CommandsTest.Run r = CommandsTest.run("verify", "--theoretical", "--depth", "22", "--no-progress", f.toString());
        assertTrue((System.nanoTime() - t0) / 1e9 < 120, "ended");
        assertTrue(r.out().contains("1 unfinished (adjourned with more than 20 empties and moves to play: not checked)"),
                r.out() + r.err());
        assertTrue(r.out().contains("1 games checked") || r.out().contains(": 1 games checked"), r.out());
    }

    /** A generated base, its theoretical scores solved on export, then checked by verify: they all agree. */
    @Test
    void exportSolvesTheoreticalScoresAndVerifyAgreesWithThem() throws Exception {
        Path files = tmp.resolve("files");
        SampleBase.write(files, "CLUB", 2001, 1, 60, 9L); // random theoretical scores
        Path db = tmp.resolve("db");
        assertEquals(0, CommandsTest.run("import", "--no-progress", "--db", db.toString(), files.toString()).status());
        // the random stored scores mostly differ from the solved ones: each said, exit 1
        CommandsTest.Run before = CommandsTest.run("verify", "--theoretical", "--depth", "10", "--no-progress",
                files.resolve("CLUB_2001.wtb").toString());
        assertEquals(1, before.status(), before.out());
        Solver solver = new Solver(Solver.Options.defaults());
        long differ = 0;
        try (WthorReader r = WthorReader.open(files.resolve("CLUB_2001.wtb"))) {
            long i = 0;
            for (WthorGame g : r.games()) {
                int computed = TheoreticalScore.compute(g.squares(), 10, solver).blackDiscs();
                if (computed != g.theoreticalScore()) {
                    differ++;
                    assertTrue(before.out().contains(files.resolve("CLUB_2001.wtb") + ": record " + i + ": theoretical "
                            + g.theoreticalScore() + " stored, " + computed + " computed"), "record " + i);
                }
                i++;
            }
        }
        assertTrue(differ > 10, "random scores differ: " + differ);
        // solved side by side, one game a thread, but said in the file's order
        List<Integer> said = before.out().lines().filter(l -> l.contains(": record "))
                .map(l -> Integer.parseInt(l.replaceAll(".*: record (\\d+):.*", "$1"))).toList();
        assertEquals(differ, said.size(), before.out());
        assertEquals(said.stream().sorted().toList(), said, "differences in record order");
        assertTrue(before.out().contains("60 games checked"), before.out());
        long shortDiffer = before.out().lines().filter(l -> l.contains("its last position solved)")).count();
        assertTrue(before.out().contains((differ - shortDiffer) + " differ;"), before.out());
        Path out = tmp.resolve("out");
        CommandsTest.Run export = CommandsTest.run("export", "--db", db.toString(), "--out", out.toString(),
                "--theoretical", "10");
        assertEquals(0, export.status(), export.err());
        try (WthorReader r = WthorReader.open(out.resolve("CLUB_2001.wtb"))) {
            assertEquals(10, r.header().depth());
        }
        CommandsTest.Run after = CommandsTest.run("verify", "--theoretical", "--no-progress",
                out.resolve("CLUB_2001.wtb").toString());
        assertEquals(0, after.status(), after.out());
        assertTrue(after.out().startsWith("theoretical scores at depth 10: 60 games checked"), after.out());
        assertTrue(after.out().contains(" 0 differ;") && after.out().contains(" 0 differ);"), after.out());
        // at a shallower depth the moves played in between can lose discs: --explain solves each difference again
        // at the file's depth, which gives the stored score; a stored score made wrong is told apart
        Path wrong = tmp.resolve("wrong.wtb");
        byte[] bytes = java.nio.file.Files.readAllBytes(out.resolve("CLUB_2001.wtb"));
        int[] first;
        try (WthorReader r = WthorReader.open(out.resolve("CLUB_2001.wtb"))) {
            first = r.games().iterator().next().squares();
        }
        int at10 = TheoreticalScore.compute(first, 10, solver).blackDiscs();
        int at8 = TheoreticalScore.compute(first, 8, solver).blackDiscs();
        int bad = 0;
        while (bad == at10 || bad == at8) {
            bad++;
        }
        bytes[16 + 7] = (byte) bad; // record 0's theoretical score
        java.nio.file.Files.write(wrong, bytes);
        CommandsTest.Run explained = CommandsTest.run("verify", "--theoretical", "--depth", "8", "--explain", "--no-progress",
                out.resolve("CLUB_2001.wtb").toString(), wrong.toString());
        List<String> lines = explained.out().lines().filter(l -> l.contains(" computed")).toList();
        long fromMoves = lines.stream().filter(l -> l.contains("as stored: the moves played from 10 to 8 empties cost ")).count();
        long notStored = lines.stream().filter(l -> l.contains(", not the stored ")).count();
        assertEquals(1, notStored, explained.out());
        assertTrue(explained.out().contains(wrong + ": record 0: theoretical " + bad + " stored, " + at8
                + " computed; at the file's depth 10 the solver gives " + at10 + ", not the stored " + bad), explained.out());
        assertTrue(fromMoves > 0, explained.out());
        assertEquals(lines.size(), fromMoves + notStored
                + lines.stream().filter(l -> l.contains("its last position solved)")).count(), explained.out());
        assertTrue(explained.out().contains("explained: " + fromMoves + " differences come from the moves played between"
                + " the file's depth and this one (the file's depth gives the stored score); 1 do not"), explained.out());
        assertEquals(2, CommandsTest.run("verify", "--explain", out.toString()).status(), "--explain goes with --theoretical");
        // the store the exported files make verifies too, on a query's games
        Path db2 = tmp.resolve("db2");
        assertEquals(0, CommandsTest.run("import", "--no-progress", "--db", db2.toString(), out.toString()).status());
        CommandsTest.Run store = CommandsTest.run("verify", "--theoretical", "--no-progress", "--db", db2.toString(),
                "--where", "record < 20");
        assertEquals(0, store.status(), store.out());
        assertTrue(store.out().startsWith("theoretical scores at depth 10: 20 games checked"), store.out());
        assertEquals(2, CommandsTest.run("export", "--db", db.toString(), "--out", tmp.resolve("x").toString(),
                "--format", "csv", "--theoretical", "10").status(), "--theoretical goes with wthor");
    }

    /**
     * A PGN base has no theoretical scores: verify --theoretical counts them unknown and exits 0
     * (it once reported "theoretical 0 stored, 4 computed" and exited 1); the FFO games beside them
     * are checked as before.
     */
    @Test
    void verifyTheoreticalCountsUnknownScoresAndDoesNotCallThemDifferences() throws Exception {
        Path data = org.thordb.testing.SharedData.dir("pgn").getParent();
        Path db = tmp.resolve("pgn-db");
        assertEquals(0, CommandsTest.run("import", "--no-progress", "--db", db.toString(),
                data.resolve("pgn/WTH_1990.pgn").toString(), data.resolve("wthor/WTH_1990.wtb").toString()).status());
        CommandsTest.Run pgn = CommandsTest.run("verify", "--theoretical", "--depth", "8", "--no-progress", "--db",
                db.toString(), "--where", "base = \"WTH_1990\" and record < 30");
        assertEquals(0, pgn.status(), pgn.out());
        assertTrue(pgn.out().contains("0 games checked"), pgn.out());
        assertTrue(pgn.out().contains("; 30 unknown (no theoretical score stored to check)"), pgn.out());
        assertTrue(!pgn.out().contains(" stored, "), "no unknown score is called a difference: " + pgn.out());
        CommandsTest.Run ffo = CommandsTest.run("verify", "--theoretical", "--no-progress", "--db", db.toString(),
                "--where", "base = \"WTHOR\" and record < 5");
        assertTrue(ffo.out().startsWith("theoretical scores at depth 24: 5 games checked"), ffo.out());
        assertTrue(ffo.out().contains("; 0 unknown"), ffo.out());
        // a WTHOR export asked for depth 24 keeps the scores stored at 24 and solves none of them
        Path out = tmp.resolve("at24");
        CommandsTest.Run kept = CommandsTest.run("export", "--db", db.toString(), "--out", out.toString(),
                "--theoretical", "24", "base = \"WTHOR\"");
        assertEquals(0, kept.status(), kept.err());
        assertTrue(kept.err().contains("2986 theoretical scores stored at depth 24 kept as they are, not solved again"),
                kept.err());
        try (WthorReader a = WthorReader.open(out.resolve("WTH_1990.wtb"));
             WthorReader b = WthorReader.open(data.resolve("wthor/WTH_1990.wtb"))) {
            java.util.Iterator<WthorGame> ib = b.games().iterator();
            for (WthorGame g : a.games()) {
                assertEquals(ib.next().theoreticalScore(), g.theoreticalScore());
            }
        }
        // the PGN's games have none: they are solved
        Path solvedOut = tmp.resolve("pgn14");
        CommandsTest.Run solved = CommandsTest.run("export", "--db", db.toString(), "--out", solvedOut.toString(),
                "--theoretical", "14", "--limit", "3", "base = \"WTH_1990\"");
        assertEquals(0, solved.status(), solved.err());
        assertTrue(!solved.err().contains("kept as they are"), solved.err());
        Solver solver = new Solver(Solver.Options.defaults());
        Path wtb;
        try (var files = java.nio.file.Files.list(solvedOut)) {
            wtb = files.filter(p -> p.toString().endsWith(".wtb")).findFirst().orElseThrow();
        }
        try (WthorReader r = WthorReader.open(wtb)) {
            for (WthorGame g : r.games()) {
                assertEquals(TheoreticalScore.compute(g.squares(), 14, solver).blackDiscs(), g.theoreticalScore());
            }
        }
    }

    @Test
    void theExporterSaysWhichGamesLackATheoreticalScore() throws Exception {
        Path files = tmp.resolve("unknown");
        SampleBase.write(files, "SITE", 2020, 1, 10, 4L);
        // the games again, under a header whose depth byte is 0, every theoretical score 0 (as PlayOK's)
        Path f = files.resolve("SITE_2020.wtb");
        List<WthorGame> games = new java.util.ArrayList<>();
        try (WthorReader r = WthorReader.open(f)) {
            r.games().forEach(g -> games.add(g.withTheoreticalScore(0)));
        }
        Files.delete(f);
        try (WthorWriter w = WthorWriter.create(f, WthorKind.GAMES_8, WthorHeader.forGames(LocalDate.of(2021, 1, 2), 10, 2020, 0, 0))) {
            games.forEach(w::write);
        }
        Path db = tmp.resolve("db");
        assertEquals(0, CommandsTest.run("import", "--no-progress", "--db", db.toString(), files.toString()).status());
        // by default the unknown scores are solved at the file's depth (22: P3 0 in a file of today), and said
        CommandsTest.Run plain = CommandsTest.run("export", "--db", db.toString(), "--out", tmp.resolve("o1").toString());
        assertEquals(0, plain.status(), plain.err());
        assertTrue(plain.err().contains("note: 10 unknown theoretical scores solved for this export (2020: 10 at 22 empties"),
                plain.err());
        CommandsTest.Run zero = CommandsTest.run("export", "--db", db.toString(), "--out", tmp.resolve("o0").toString(),
                "--unknown-theoretical", "zero");
        assertEquals(0, zero.status(), zero.err());
        assertTrue(zero.err().contains("note: SITE_2020.wtb: 10 games carry no theoretical score: written as 0"
                + " (--unknown-theoretical zero)"), zero.err());
        CommandsTest.Run filled = CommandsTest.run("export", "--db", db.toString(), "--out", tmp.resolve("o2").toString(),
                "--theoretical", "8");
        assertEquals("", filled.err());
        try (WthorReader r = WthorReader.open(tmp.resolve("o2").resolve("SITE_2020.wtb"))) {
            Solver solver = new Solver(Solver.Options.defaults());
            for (WthorGame g : r.games()) {
                Position at = TheoreticalScore.positionAt(g.squares(), 8);
                assertEquals(solver.solve(at, false).blackDiscs(), g.theoreticalScore(), Notation.line(g.squares()));
            }
        }
    }
}
