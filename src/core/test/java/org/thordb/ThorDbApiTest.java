package org.thordb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.othello.Replay;
import org.thordb.sample.SampleBase;
import org.thordb.testing.PlainScan;

/**
 * The public front as an embedder uses it, each answer checked against a plain scan of the files:
 * typed import results (refusals with their code, file and byte offset), counts, pages in order,
 * games byte for byte, statistics, players, the explorer, and snapshots that hold while imports go on.
 */
class ThorDbApiTest {
    @TempDir
    Path tmp;

    private Path sample(int years, int games) {
        Path base = tmp.resolve("base");
        SampleBase.write(base, "CLUB", 2001, years, games, 11L);
        return base;
    }

    @Test
    void importSaysWhatBecameOfEachFileWithCodesAndOffsets() throws Exception {
        Path base = sample(2, 30);
        Path bad = Files.createDirectories(tmp.resolve("bad"));
        byte[] good = Files.readAllBytes(base.resolve("CLUB_2001.wtb"));
        Files.copy(base.resolve("CLUB.JOU"), bad.resolve("CLUB.JOU"));
        Files.copy(base.resolve("CLUB.TRN"), bad.resolve("CLUB.TRN"));
        Files.write(bad.resolve("CLUB_2010.wtb"), Arrays.copyOf(good, good.length - 30)); // truncated
        byte[] count = good.clone();
        count[4] = 99; // the header's game count says 99
        Files.write(bad.resolve("CLUB_2011.wtb"), count);
        Files.write(bad.resolve("CLUB_2012.wtb"), "this is not a WTHOR file at all, only words".getBytes());
        try (ThorDb db = ThorDb.open(tmp.resolve("store"))) {
            ImportResult first = db.importFiles(List.of(base));
            assertTrue(first.clean(), first.toString());
            assertEquals(60, first.games());
            assertTrue(first.files().stream().allMatch(f -> f.status() == ImportedFile.Status.IMPORTED), first.toString());
            assertEquals(4, first.files().size(), "two years and two names files");

            ImportResult again = db.importFiles(List.of(base));
            assertTrue(again.files().stream().allMatch(f -> f.status() == ImportedFile.Status.UNCHANGED), again.toString());
            assertEquals(0, again.games());

            ImportResult r = db.importFiles(List.of(bad.resolve("CLUB_2010.wtb"), bad.resolve("CLUB_2011.wtb"),
                    bad.resolve("CLUB_2012.wtb")));
            assertEquals(3, r.refused().size(), r.toString());
            assertTrue(r.refused().get(0).byteOffset().isPresent(), "a truncated file says where its last record breaks off");
            for (ImportedFile f : r.refused()) {
                assertEquals(ErrorCode.BAD_FILE, f.error(), f.toString());
                assertTrue(f.reason().startsWith(f.file().toString() + ": "), f.reason());
                assertFalse(f.reason().contains("--"), "no command-line words: " + f.reason());
                assertEquals(0, f.games());
            }
            ImportedFile wrongCount = r.files().stream().filter(f -> f.file().endsWith("CLUB_2011.wtb")).findFirst().orElseThrow();
            assertEquals(4, wrongCount.byteOffset().orElseThrow(() -> new AssertionError(r.toString())), "the header's count is at byte 4");
            assertEquals(60, db.count(""), "nothing of a refused file is kept");

            Path link = Files.createSymbolicLink(tmp.resolve("link-to-base"), base);
            assertEquals(60, db.importFiles(List.of(link), ImportOptions.defaults().base("LINKED")).games(),
                    "a link to a folder imports as the folder");
            ImportResult strict = db.importFiles(List.of(base), ImportOptions.defaults().strict().base("OTHER"));
            assertEquals(60, strict.games());
            assertTrue(db.bases().containsAll(List.of("CLUB", "OTHER")), db.bases().toString());
        }
    }

    @Test
    void answersAgreeWithAPlainScanOfTheFiles() throws Exception {
        Path base = sample(3, 40);
        PlainScan scan = new PlainScan(base);
        try (ThorDb db = ThorDb.open(tmp.resolve("store"))) {
            db.importFiles(List.of(base));
            assertEquals(scan.games().size(), db.count(""));
            assertEquals(scan.count(g -> g.year() == 2002), db.count("year = 2002"));
            String player = scan.games().get(0).black();
            assertEquals(scan.count(g -> g.black().equals(player) || g.white().equals(player)),
                    db.count("player = \"" + player + "\""));

            // a page in order: score descending, then id
            Page p = db.page("year >= 2002", 5, 10, SortKey.SCORE.descending());
            assertEquals(scan.count(g -> g.year() >= 2002), p.total());
            List<Integer> scores = scan.games().stream().filter(g -> g.year() >= 2002)
                    .map(g -> g.game().blackScore()).sorted(Comparator.reverseOrder()).toList();
            assertEquals(scores.subList(5, 15), p.games().stream().map(Game::blackDiscs).toList());

            // a game byte for byte, with its names
            PlainScan.Game want = scan.games().get(7);
            Game g = db.game("CLUB", want.year(), want.record()).orElseThrow();
            assertTrue(Arrays.equals(want.game().bytes(), g.wthorRecord()));
            assertEquals(want.black(), g.black());
            assertEquals(g, db.game(g.id()).orElseThrow());
            assertTrue(db.game(-1).isEmpty() && db.game("NONE", 2001, 0).isEmpty());

            // statistics by year, from Black's side
            Map<String, Long> byYear = new TreeMap<>();
            for (Group y : db.stats("", Grouping.YEAR)) {
                byYear.put(y.name(), y.games());
            }
            assertEquals(Map.of("2001", 40L, "2002", 40L, "2003", 40L), byYear);
            Player first = db.players("", PlayerSort.GAMES).get(0);
            assertEquals(scan.count(x -> x.black().equals(first.name()) || x.white().equals(first.name())),
                    first.record().games());

            // the explorer after f5d6: the moves the games played next, counted as a replay counts them
            Exploration e = db.explore("", "f5d6");
            long reaching = scan.count(x -> reaches(x, "f5d6"));
            assertEquals(reaching, e.games());
            assertEquals(e.games(), e.endedHere() + e.moves().stream().mapToLong(NextMove::games).sum());
            String board = Replay.replay(org.thordb.othello.Notation.parseLine("f5d6"), null).finalPosition().toBoardString();
            assertEquals(e.moves(), db.explore("", board).moves(), "a board explores as the line that reaches it");

            // every legal move's value: estimated at the start (the four first moves worth the same),
            // exact near the end as the solver gives it
            List<MoveValue> start = db.values("");
            assertEquals(List.of("c4", "d3", "e6", "f5"), start.stream().map(MoveValue::move).sorted().toList());
            assertTrue(start.stream().noneMatch(MoveValue::exact) && start.stream().allMatch(m -> m.depth() >= 2), start.toString());
            assertEquals(1, start.stream().map(MoveValue::discs).distinct().count(), start.toString());
            int[] moves = scan.games().stream().map(x -> x.game().squares()).filter(m -> m.length >= 50).findFirst().orElseThrow();
            String late = org.thordb.othello.Notation.line(Arrays.copyOf(moves, 44)); // 16 empties
            org.thordb.othello.Position p44 = Replay.replay(Arrays.copyOf(moves, 44), null).finalPosition();
            java.util.Map<String, Integer> exact = new java.util.TreeMap<>();
            new org.thordb.solve.Solver(org.thordb.solve.Solver.Options.defaults()).solve(p44, true).moveScores()
                    .forEach((sq, v) -> exact.put(org.thordb.othello.Notation.name(sq), v));
            assertFalse(exact.isEmpty(), late);
            java.util.Map<String, Integer> got = new java.util.TreeMap<>();
            db.values(late).forEach(m -> {
                assertTrue(m.exact(), m.toString());
                got.put(m.move(), m.discs());
            });
            assertEquals(exact, got);

            // the query result is a snapshot: an import after it does not change it
            try (QueryResult r = db.query("")) {
                Path more = tmp.resolve("more");
                SampleBase.write(more, "MORE", 2010, 1, 25, 12L);
                db.importFiles(List.of(more));
                assertEquals(120, r.count());
                assertEquals(120, r.stream().count());
                assertEquals(145, db.count(""));
            }
            Verification v = db.verify(VerifyMode.CHECK);
            assertTrue(v.sound(), v.toString());
            assertEquals("no player is named \"Nobody At All\"", db.notes("player = \"Nobody At All\"").get(0)
                    .replaceFirst(";.*", ""));
        }
    }

    private static boolean reaches(PlainScan.Game g, String line) {
        var target = Replay.replay(org.thordb.othello.Notation.parseLine(line), null).finalPosition().canonical();
        return g.canonicalPositions().contains(target);
    }

    @Test
    void readOnlyClosedAndBadCallsSayWhyWithACode() throws Exception {
        Path base = sample(1, 20);
        Path store = tmp.resolve("store");
        assertEquals(ErrorCode.STORE, assertThrows(ThorDbException.class,
                () -> ThorDb.builder(store).readOnly().open()).code(), "no store to read");
        try (ThorDb db = ThorDb.open(store)) {
            db.importFiles(List.of(base));
            try (ThorDb ro = ThorDb.builder(store).readOnly().open()) {
                assertTrue(ro.isReadOnly());
                assertEquals(20, ro.count(""));
                assertEquals(ErrorCode.READ_ONLY, assertThrows(ThorDbException.class, () -> ro.importFiles(List.of(base))).code());
                assertEquals(ErrorCode.READ_ONLY, assertThrows(ThorDbException.class, () -> ro.verify(VerifyMode.REPAIR)).code());
                assertEquals(ErrorCode.READ_ONLY, assertThrows(ThorDbException.class, ro::optimize).code());
            }
            // tuned: a small cache, and a look at the store's files every 10 ms
            try (ThorDb ro = ThorDb.builder(store).readOnly().cacheSize(16 << 20).refreshEvery(java.time.Duration.ofMillis(10)).open()) {
                Path more = tmp.resolve("more");
                SampleBase.write(more, "MORE", 2005, 1, 15, 3L);
                db.importFiles(List.of(more));
                org.thordb.testing.Await.until(java.time.Duration.ofSeconds(20), () -> ro.count("") == 35,
                        "the read-only handle follows the writer");
            }
            ThorDbException q = assertThrows(ThorDbException.class, () -> db.count("year = = 2001"));
            assertEquals(ErrorCode.QUERY, q.code());
            assertTrue(q.detail() != null && q.detail().contains("^"), q.detail());
            assertEquals(ErrorCode.BAD_ARGUMENT, assertThrows(ThorDbException.class, () -> db.count((String) null)).code());
            assertEquals(ErrorCode.BAD_ARGUMENT, assertThrows(ThorDbException.class, () -> db.count((Query) null)).code());
            assertEquals(ErrorCode.BAD_ARGUMENT, assertThrows(ThorDbException.class, () -> db.page("", -1, 5)).code());
            assertEquals(ErrorCode.BAD_ARGUMENT, assertThrows(ThorDbException.class, () -> db.removeBase("NONE")).code());
            assertTrue(java.util.EnumSet.of(ErrorCode.ILLEGAL_MOVE, ErrorCode.BAD_NOTATION).contains(
                    assertThrows(ThorDbException.class, () -> db.explore("", "a1")).code()));
        }
        ThorDb closed = ThorDb.open(store);
        QueryResult open = closed.query("");
        closed.close();
        assertEquals(ErrorCode.CLOSED, assertThrows(ThorDbException.class, () -> closed.count("")).code());
        assertEquals(ErrorCode.CLOSED, assertThrows(ThorDbException.class, open::count).code());
        closed.close(); // again: nothing
    }

    @Test
    void exportWritesWthorFilesThatImportToTheSameGames() throws Exception {
        Path base = sample(2, 30);
        try (ThorDb db = ThorDb.open(tmp.resolve("store"))) {
            db.importFiles(List.of(base));
            List<Path> files = db.export("year = 2002", tmp.resolve("out"), ExportFormat.WTHOR);
            assertTrue(files.stream().anyMatch(f -> f.getFileName().toString().equals("CLUB_2002.wtb")), files.toString());
            try (ThorDb copy = ThorDb.open(tmp.resolve("copy"))) {
                assertEquals(30, copy.importFiles(List.of(tmp.resolve("out"))).games());
                List<String> a = db.page("year = 2002", 0, 100).games().stream().map(Game::moves).toList();
                List<String> b = copy.page("", 0, 100).games().stream().map(Game::moves).toList();
                assertEquals(a, b);
            }
            assertEquals(ErrorCode.IO, assertThrows(ThorDbException.class,
                    () -> db.export("", tmp.resolve("out"), ExportFormat.WTHOR)).code(), "files in the way are kept");
        }
    }
}
