package org.thordb;

import org.thordb.usecase.Explore;
import org.thordb.usecase.Games;
import org.thordb.usecase.Stats;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.engine.Engine;
import org.thordb.engine.StoredGame;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.ingest.Importer;
import org.thordb.ingest.TheoreticalWriter;
import org.thordb.query.Filter;
import org.thordb.othello.Position;
import org.thordb.othello.Side;
import org.thordb.stats.GroupStats;
import org.thordb.store.FileRow;
import org.thordb.testing.SharedData;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorReader;

/**
 * {@code theoretical --fill} on the FFO's 1990 games three times over: as the PGN file of 1990 (no
 * scores), as a WTHOR file whose scores were zeroed (unknown) and as one holding each game's final
 * score (PlayOK's way). Filled at 14 empties, the scores equal a plain alpha-beta written here on
 * a sample drawn with a printed seed; every query, average and explorer figure then reads them; a
 * fill stopped midway goes on where it stopped; the store verifies; WTHOR files are written back as
 * they were imported, and a text source filled whole is written at its depth and read back so.
 */
@org.junit.jupiter.api.condition.EnabledIf(value = "org.thordb.testing.SharedData#hasWthor",
        disabledReason = "../shared/data/wthor not found: the FFO base is not there")
@org.thordb.testing.FullTier
class TheoreticalFillTest {
    private static final int DEPTH = 14;

    @TempDir
    Path tmp;

    /** A copy of the FFO's 1990 file under another base name, each theoretical byte made by {@code byte7}. */
    private Path wthorCopy(String prefix, java.util.function.IntBinaryOperator byte7) throws Exception {
        Path dir = tmp.resolve(prefix.toLowerCase());
        Files.createDirectories(dir);
        byte[] b = Files.readAllBytes(SharedData.dir("wthor").resolve("WTH_1990.wtb"));
        b[14] = 0; // P3: no depth said
        for (int at = 16; at + 68 <= b.length; at += 68) {
            b[at + 7] = (byte) byte7.applyAsInt(b[at + 6] & 0xff, b[at + 7] & 0xff);
        }
        Path f = dir.resolve(prefix + "_1990.wtb");
        Files.write(f, b);
        Files.copy(SharedData.dir("wthor").resolve("WTHOR.JOU"), dir.resolve(prefix + ".JOU"));
        Files.copy(SharedData.dir("wthor").resolve("WTHOR.TRN"), dir.resolve(prefix + ".TRN"));
        return dir;
    }

    @Test
    void fillsUnknownScoresAsAPlainSolveGivesThemAndEveryFigureReadsThem() throws Exception {
        Path ffo1990 = tmp.resolve("ffo");
        Files.createDirectories(ffo1990);
        for (String f : List.of("WTH_1990.wtb", "WTHOR.JOU", "WTHOR.TRN")) {
            Files.copy(SharedData.dir("wthor").resolve(f), ffo1990.resolve(f));
        }
        Path zero = wthorCopy("ZERO", (score, th) -> 0);
        Path finals = wthorCopy("FINAL", (score, th) -> score);
        byte[] zeroBytes = Files.readAllBytes(zero.resolve("ZERO_1990.wtb"));
        byte[] finalBytes = Files.readAllBytes(finals.resolve("FINAL_1990.wtb"));
        Path pgn = SharedData.dir("pgn").resolve("WTH_1990.pgn");
        long seed = System.nanoTime();
        System.out.println("TheoreticalFillTest seed " + seed + " (a failure names it)");
        try (Engine db = Engine.open(tmp.resolve("db"))) {
            // the FFO's file and the PGN merged (their entries in the merge group), the others imported
            // after the merge (in entries of their own): a fill moves the games in both
            db.importFiles(List.of(ffo1990, pgn), Importer.Options.defaults(), m -> { });
            db.optimize(false, 100, m -> { });
            db.importFiles(List.of(zero, finals), Importer.Options.defaults(), m -> { });
            long n = Games.count(db, "base = \"WTHOR\"");
            assertEquals(n, Games.count(db, "base = \"WTH_1990\""));
            assertEquals(n, Games.count(db, "base = \"ZERO\""));
            assertEquals(FileRow.UNKNOWN, fileOf(db, "ZERO").theoreticalStatus());
            assertEquals(FileRow.FINAL_SCORE, fileOf(db, "FINAL").theoreticalStatus());
            assertEquals(3 * n, Games.count(db, "theoretical = unknown and copies = all"));

            // a fill stopped after its first batch keeps that batch and goes on from there
            RuntimeException stop = new RuntimeException("stopped after the first batch");
            long[] firstBatch = new long[1];
            RuntimeException thrown = assertThrows(RuntimeException.class, () -> db.fillTheoretical(
                    Filter.parse("base = \"WTH_1990\""), DEPTH, 2, new TheoreticalWriter.Listener() {
                        @Override
                        public void committed(long filled, int inBatch) {
                            firstBatch[0] = filled;
                            throw stop;
                        }
                    }));
            assertEquals(stop, thrown);
            assertTrue(firstBatch[0] > 0 && firstBatch[0] < n, firstBatch[0] + " filled in the first batch");
            assertEquals(n - firstBatch[0], Games.count(db, "base = \"WTH_1990\" and theoretical = unknown"));
            TheoreticalWriter.Report rest = db.fillTheoretical(Filter.parse("base = \"WTH_1990\""), DEPTH, 2, new TheoreticalWriter.Listener() { });
            assertEquals(n - firstBatch[0], rest.filled(), "the second fill takes the games the first left");
            assertEquals(firstBatch[0], rest.known());
            TheoreticalWriter.Report r = db.fillTheoretical(Filter.parse("base = \"ZERO\" or base = \"FINAL\""), DEPTH, 2,
                    new TheoreticalWriter.Listener() { });
            assertEquals(2 * n, r.filled());
            assertEquals(0, Games.count(db, "theoretical = unknown"));
            assertEquals(0, db.fillTheoretical(Filter.parse(""), DEPTH, 2, new TheoreticalWriter.Listener() { }).filled(),
                    "nothing left to fill");
            assertEquals(n, fileOf(db, "ZERO").filledGames());

            // every filled score of the three copies is the same for the same game
            Map<Integer, StoredGame> byRecord = new HashMap<>();
            List<StoredGame> filledGames = new ArrayList<>();
            for (String base : List.of("WTH_1990", "ZERO", "FINAL")) {
                for (StoredGame g : Games.of(db, Games.select(db, "base = \"" + base + "\""))) {
                    assertTrue(g.theoreticalKnown(), g.base() + " " + g.record());
                    assertEquals(DEPTH, g.theoreticalDepth());
                    filledGames.add(g);
                }
            }
            for (StoredGame g : Games.of(db, Games.select(db, "base = \"ZERO\""))) {
                byRecord.put(g.record(), g);
            }
            for (StoredGame g : Games.of(db, Games.select(db, "base = \"FINAL\""))) {
                assertEquals(byRecord.get(g.record()).theoretical(), g.theoretical(), "record " + g.record());
            }

            // a sample against a plain alpha-beta over the rules' own positions
            SplittableRandom rnd = new SplittableRandom(seed);
            List<StoredGame> zeros = new ArrayList<>(byRecord.values());
            for (int i = 0; i < 30; i++) {
                StoredGame g = zeros.get(rnd.nextInt(zeros.size()));
                Position p = Position.start();
                int[] sq = g.record68().squares();
                for (int k = 0; k < 60 - DEPTH && k < sq.length && sq[k] >= 0 && p.toMove() != Side.NONE; k++) {
                    p = p.play(sq[k]);
                }
                int diff = blackView(p);
                assertEquals((64 + diff) / 2, g.theoretical(), "seed " + seed + ": record " + g.record() + " at "
                        + (64 - p.discs()) + " empties");
            }

            // queries, stats and the explorer read the filled scores (a plain count over the games)
            Map<Integer, Long> byValue = new HashMap<>();
            long above = 0;
            long sum = 0;
            for (StoredGame g : filledGames) {
                byValue.merge(g.theoretical(), 1L, Long::sum);
                above += g.theoretical() > g.score() ? 1 : 0;
                sum += g.theoretical();
            }
            String three = "(base = \"WTH_1990\" or base = \"ZERO\" or base = \"FINAL\") and copies = all";
            for (Map.Entry<Integer, Long> e : byValue.entrySet()) {
                assertEquals(e.getValue(), Games.count(db, three + " and theoretical = " + e.getKey()), "theoretical = " + e.getKey());
            }
            assertEquals(above, Games.count(db, three + " and theoretical > score"));
            GroupStats s = Stats.groups(db, "year", three).get(0);
            assertEquals(3 * n, s.theoreticalGames());
            assertEquals(sum / (double) (3 * n), s.avgTheoretical(), 1e-9);
            org.thordb.explore.Exploration x = Explore.exploration(db, Position.start(), "copies = all");
            long theoGames = 0;
            for (org.thordb.explore.Exploration.Row row : x.rows()) {
                theoGames += row.theoreticalGames();
            }
            assertEquals(4 * n, theoGames, "the explorer's rows rest on every known score");
            // by default the four copies of each game are one: the FFO's, whose score is known at 24
            long knownOnce = 0;
            for (org.thordb.explore.Exploration.Row row : Explore.exploration(db, Position.start(), "").rows()) {
                knownOnce += row.theoreticalGames();
            }
            assertEquals(n, knownOnce, "each game once (the book made before the fill is not read)");
            List<String> said = new ArrayList<>();
            assertEquals(0, db.verify(false, said::add).problems(), said.toString());
            assertTrue(said.stream().anyMatch(m -> m.contains("before the last import or fill")), "the book made"
                    + " before the fill is not read: " + said);

            // WTHOR files come back as imported: the filled score is the store's, not the file's
            Path out = tmp.resolve("out");
            export(db, "base = \"ZERO\"", out);
            assertRecordsEqual(zeroBytes, Files.readAllBytes(out.resolve("ZERO_1990.wtb")));
            export(db, "base = \"FINAL\"", tmp.resolve("out2"));
            assertRecordsEqual(finalBytes, Files.readAllBytes(tmp.resolve("out2").resolve("FINAL_1990.wtb")));
            // … and a text source filled whole is written at its depth, and read back known
            export(db, "base = \"WTH_1990\"", tmp.resolve("out3"));
            Path back = tmp.resolve("out3").resolve("WTH_1990_1990.wtb");
            try (WthorReader wr = WthorReader.open(back)) {
                assertEquals(DEPTH, wr.header().depth());
            }
            try (Engine again = Engine.open(tmp.resolve("db2"))) {
                again.importFiles(List.of(tmp.resolve("out3")), Importer.Options.defaults(), m -> { });
                Map<Integer, Integer> want = new HashMap<>();
                for (StoredGame g : Games.of(db, Games.select(db, "base = \"WTH_1990\""))) {
                    want.put(g.record(), g.theoretical());
                }
                for (StoredGame g : Games.of(again, Games.select(again, ""))) {
                    assertTrue(g.theoreticalKnown());
                    assertEquals(DEPTH, g.theoreticalDepth());
                    assertEquals(want.get(g.record()), g.theoretical());
                }
            }
        }
        // the public front: the record as imported, the score as filled
        try (ThorDb t = ThorDb.open(tmp.resolve("db"))) {
            Game g = t.game("ZERO", 1990, 5).orElseThrow();
            assertEquals(0, g.wthorRecord()[7]);
            assertTrue(g.theoreticalDiscs().isPresent());
            assertEquals(DEPTH, g.theoreticalDepth());
        }
    }

    /**
     * A fill stopped while its solves are under way stops them (at 30 empties, a game whose record
     * breaks off there is a 30-empty solve that takes far longer than the test), writes no score
     * of a stopped solve, and leaves those games unknown.
     */
    @Test
    void aStoppedFillStopsTheSolvesUnderWayAndWritesNoneOfThem() throws Exception {
        Path dir = tmp.resolve("early");
        Files.createDirectories(dir);
        byte[] b = Files.readAllBytes(SharedData.dir("wthor").resolve("WTH_1990.wtb"));
        int games = 2;
        byte[] out = java.util.Arrays.copyOf(b, 16 + games * 68);
        java.nio.ByteBuffer.wrap(out).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(4, games);
        out[14] = 0; // no depth said
        for (int at = 16; at < out.length; at += 68) {
            out[at + 7] = 0; // and no score: unknown
            java.util.Arrays.fill(out, at + 8 + 30, at + 68, (byte) 0); // the moves break off after move 30
        }
        Files.write(dir.resolve("EARLY_1990.wtb"), out);
        Files.copy(SharedData.dir("wthor").resolve("WTHOR.JOU"), dir.resolve("EARLY.JOU"));
        Files.copy(SharedData.dir("wthor").resolve("WTHOR.TRN"), dir.resolve("EARLY.TRN"));
        Engine db = Engine.open(tmp.resolve("db"));
        {
            db.importFiles(List.of(dir), Importer.Options.defaults(), m -> { });
            assertEquals(games, Games.count(db, "theoretical = unknown"));
            Thread[] filler = new Thread[1];
            Throwable[] ended = new Throwable[1];
            filler[0] = new Thread(() -> {
                try {
                    db.fillTheoretical(Filter.parse(""), 30, 2, new TheoreticalWriter.Listener() { });
                } catch (Throwable t) {
                    ended[0] = t;
                }
            });
            filler[0].setDaemon(true); // should the fill not stop, the test fails without waiting on it
            filler[0].start();
            // wait until both solvers are inside a solve, then stop the fill
            while (solving() < 2) {
                Thread.onSpinWait();
                assertTrue(filler[0].isAlive(), "the fill ended by itself: " + ended[0]);
            }
            filler[0].interrupt();
            filler[0].join(120_000); // a hang guard, not a speed test: before, the fill waited for its solves forever
            assertTrue(!filler[0].isAlive(), "a stopped fill waited for its 30-empty solves");
            assertTrue(ended[0] instanceof ThorDbException e && e.code() == ErrorCode.CANCELLED, String.valueOf(ended[0]));
            assertEquals(games, Games.count(db, "theoretical = unknown"), "no stopped solve was written");
            db.close(); // only once the fill has ended: a close waits for it
        }
    }

    @Test
    void aFillOfOneGameSolvesItOnEveryThreadAndGivesTheOneThreadScore() throws Exception {
        // the first game of 1990 alone, its score unknown, filled at 24 empties on 2 threads: the
        // thread left without a game helps the other's solve rather than ending
        Path dir = tmp.resolve("one");
        Files.createDirectories(dir);
        byte[] b = Files.readAllBytes(SharedData.dir("wthor").resolve("WTH_1990.wtb"));
        byte[] out = java.util.Arrays.copyOf(b, 16 + 68);
        java.nio.ByteBuffer.wrap(out).order(java.nio.ByteOrder.LITTLE_ENDIAN).putInt(4, 1);
        out[14] = 0; // no depth said
        out[16 + 7] = 0; // and no score: unknown
        Files.write(dir.resolve("ONE_1990.wtb"), out);
        Files.copy(SharedData.dir("wthor").resolve("WTHOR.JOU"), dir.resolve("ONE.JOU"));
        Files.copy(SharedData.dir("wthor").resolve("WTHOR.TRN"), dir.resolve("ONE.TRN"));
        int depth = 24;
        try (Engine db = Engine.open(tmp.resolve("db"))) {
            db.importFiles(List.of(dir), Importer.Options.defaults(), m -> { });
            assertEquals(1, Games.count(db, "theoretical = unknown"));
            TheoreticalWriter.Report[] report = new TheoreticalWriter.Report[1];
            Throwable[] ended = new Throwable[1];
            Thread filler = new Thread(() -> {
                try {
                    report[0] = db.fillTheoretical(Filter.parse(""), depth, 2, new TheoreticalWriter.Listener() { });
                } catch (Throwable t) {
                    ended[0] = t;
                }
            });
            filler.setDaemon(true);
            filler.start();
            boolean both = false;
            long deadline = System.nanoTime() + 300_000_000_000L; // a hang guard, not a speed test (3-6 s here)
            while (filler.isAlive()) {
                assertTrue(System.nanoTime() < deadline, "a fill of one game of " + depth + " empties did not end in 300 s");
                both |= searching() == 2;
                Thread.sleep(1);
            }
            assertEquals(null, ended[0]);
            assertEquals(1, report[0].filled());
            assertTrue(both, "one game of " + depth + " empties was searched by one thread of the fill's two ("
                    + report[0].seconds() + " s)");
            // helped or not, the score is the one thread's
            StoredGame g = Games.of(db, Games.select(db, "base = \"ONE\"")).iterator().next();
            Position p = org.thordb.solve.TheoreticalScore.positionAt(g.record68().squares(), depth);
            org.thordb.solve.Solver.Result alone = new org.thordb.solve.Solver(
                    org.thordb.solve.Solver.Options.defaults().withThreads(1)).solve(p, false);
            assertTrue(alone.solved());
            assertEquals(alone.blackDiscs(), g.theoretical());
            assertEquals(depth, g.theoreticalDepth());
        }
    }

    /** How many of a fill's solving threads are inside the solver. */
    private static int solving() {
        return fillThreadsIn(c -> c.startsWith("org.thordb.solve."));
    }

    /** How many of a fill's solving threads are searching a position (not waiting for one). */
    private static int searching() {
        return fillThreadsIn("org.thordb.solve.EndgameSearch"::equals);
    }

    /** How many of a fill's solving threads have a frame of a class {@code inClass} accepts on their stack. */
    private static int fillThreadsIn(java.util.function.Predicate<String> inClass) {
        int n = 0;
        for (Map.Entry<Thread, StackTraceElement[]> e : Thread.getAllStackTraces().entrySet()) {
            if (e.getKey().getName().startsWith("thordb-fill-")) {
                for (StackTraceElement f : e.getValue()) {
                    if (inClass.test(f.getClassName())) {
                        n++;
                        break;
                    }
                }
            }
        }
        return n;
    }

    @Test
    void aFillAsksForADepthAndThreads() throws Exception {
        try (Engine db = Engine.open(tmp.resolve("db"))) {
            for (int bad : new int[] {0, 61}) {
                ThorDbException e = assertThrows(ThorDbException.class,
                        () -> db.fillTheoretical(Filter.parse(""), bad, 1, new TheoreticalWriter.Listener() { }));
                assertEquals(ErrorCode.BAD_ARGUMENT, e.code());
            }
            assertEquals(ErrorCode.BAD_ARGUMENT, assertThrows(ThorDbException.class,
                    () -> db.fillTheoretical(Filter.parse(""), 14, 0, new TheoreticalWriter.Listener() { })).code());
        }
        try (Engine db = Engine.openReadOnly(tmp.resolve("db"))) {
            assertEquals(ErrorCode.READ_ONLY, assertThrows(ThorDbException.class,
                    () -> db.fillTheoretical(Filter.parse(""), 14, 1, new TheoreticalWriter.Listener() { })).code());
        }
    }

    private static void export(Engine db, String query, Path out) {
        new org.thordb.export.Exporter(db, out, org.thordb.export.Exporter.Format.WTHOR, false,
                java.time.LocalDate.now()).export(query);
    }

    private static FileRow fileOf(Engine db, String base) {
        int id = db.catalog().base(base).id();
        return db.catalog().gameFiles().stream().filter(f -> f.base() == id).findFirst().orElseThrow();
    }

    /** The records of two WTHOR files (their headers' dates differ): byte for byte. */
    private static void assertRecordsEqual(byte[] want, byte[] got) {
        assertEquals(want.length, got.length);
        assertArrayEquals(java.util.Arrays.copyOfRange(want, 8, want.length), java.util.Arrays.copyOfRange(got, 8, got.length));
    }

    /** The final disc difference from Black's side under perfect play, empties to the winner: alpha-beta. */
    static int blackView(Position p) {
        int v = search(p, -64, 64);
        return p.toMove() == Side.WHITE ? -v : v;
    }

    /** The value for the side to move (Black's when the game is over), within (alpha, beta). */
    private static int search(Position p, int alpha, int beta) {
        if (p.toMove() == Side.NONE) {
            int b = p.blackDiscs();
            int w = p.whiteDiscs();
            int e = 64 - b - w;
            return b > w ? b - w + e : b < w ? b - w - e : 0;
        }
        // children ordered by the opponent's mobility, fewest first
        List<Position> children = new ArrayList<>();
        for (long legal = p.legalMoves(); legal != 0; legal &= legal - 1) {
            children.add(p.play(Long.numberOfTrailingZeros(legal)));
        }
        children.sort(java.util.Comparator.comparingInt(c -> Long.bitCount(c.legalMoves())));
        int best = -65;
        for (Position c : children) {
            Side view = c.toMove() == Side.NONE ? Side.BLACK : c.toMove();
            int v = view == p.toMove() ? search(c, alpha, beta) : -search(c, -beta, -alpha);
            if (v > best) {
                best = v;
                if (v > alpha) {
                    alpha = v;
                    if (alpha >= beta) {
                        break;
                    }
                }
            }
        }
        return best;
    }
}
