package org.thordb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.sample.SampleBase;
import org.thordb.testing.PlainScan;
import org.thordb.testing.TestBase;

/**
 * What the command line's {@code remove}, {@code releases}, {@code undo} and {@code openings} ask
 * of the library, asked through its front: the answers checked against the files themselves (a
 * plain scan) and the opening list's text, not against the store's own bookkeeping.
 */
class FrontMaintenanceTest {
    @TempDir
    Path tmp;

    @Test
    void aReplacedReleaseIsListedPutBackAndPruned() throws Exception {
        Path files = tmp.resolve("files");
        SampleBase.write(files, "CLUB", 2001, 2, 50, 11L);
        Path year2001 = files.resolve("CLUB_2001.wtb");
        long games2001 = new PlainScan(files).games().stream().filter(g -> g.year() == 2001).count();
        try (ThorDb db = ThorDb.open(tmp.resolve("db"))) {
            assertTrue(db.importFiles(List.of(files)).clean());
            assertEquals(List.of(), db.releases(), "nothing replaced yet");
            Path newer = TestBase.newerRelease(year2001, 2001, tmp.resolve("newer"));
            assertTrue(db.importFiles(List.of(newer)).clean());

            List<Release> kept = db.releases();
            assertEquals(1, kept.size(), kept.toString());
            Release r = kept.get(0);
            assertEquals("CLUB_2001.wtb", r.file());
            assertEquals(2001, r.year());
            assertEquals(games2001, r.games(), "the replaced release's games, as the file holds them");
            assertTrue(r.made() > 0 && r.made() < 20300101, "the old release was made before the new one: " + r.made());

            List<String> said = new ArrayList<>();
            List<Release> back = db.undo(said::add);
            assertEquals(1, back.size(), back.toString());
            assertEquals(2001, back.get(0).year());
            assertEquals(games2001, db.count("year = 2001"));
            assertEquals(1, db.releases().size(), "the release undone is kept in turn");
            assertTrue(db.releases().get(0).made() >= 20300101, "the newer release is the one kept now");

            List<Release> pruned = db.pruneReleases(Optional.empty());
            assertEquals(1, pruned.size());
            assertEquals(List.of(), db.releases());
            assertEquals(List.of(), db.undo(said::add), "nothing left to undo");
        }
    }

    @Test
    void removingABaseSaysWhatWentAndWhatTheVerificationFound() throws Exception {
        Path club = tmp.resolve("club");
        Path open = tmp.resolve("open");
        SampleBase.write(club, "CLUB", 2001, 1, 40, 3L);
        SampleBase.write(open, "OPEN", 2002, 2, 30, 4L);
        long openGames = new PlainScan(open).games().size();
        long clubGames = new PlainScan(club).games().size();
        try (ThorDb db = ThorDb.open(tmp.resolve("db"))) {
            assertTrue(db.importFiles(List.of(club, open)).clean());
            Removal r = db.removeBase("OPEN");
            assertEquals("OPEN", r.base());
            assertEquals(openGames, r.games());
            try (var listed = Files.list(open)) {
                assertEquals(listed.count(), r.files(), "its game files and names files");
            }
            assertEquals(clubGames, r.verifiedGames(), "the games left, each verified");
            assertTrue(r.verifiedEntries() > 0);
            assertEquals(0, r.problems());
            assertEquals(clubGames, db.count(""));
        }
    }

    @Test
    void anOptimizeSaysWhatItMergedAndAsksNothingTheSecondTime() throws Exception {
        Path files = tmp.resolve("files");
        SampleBase.write(files, "CLUB", 2001, 3, 40, 5L);
        long games = new PlainScan(files).games().size();
        long gameFiles;
        try (var listed = Files.list(files)) {
            gameFiles = listed.filter(f -> f.toString().endsWith(".wtb")).count();
        }
        try (ThorDb db = ThorDb.open(tmp.resolve("db"))) {
            assertTrue(db.importFiles(List.of(files)).clean());
            List<String> merged = new ArrayList<>();
            int[] commits = {0};
            Optimization o = db.optimize(true, line -> { }, (work, done, total) -> {
                if (work.startsWith("merge ") && total > 0 && done == total) {
                    merged.add(work);
                } else if (work.startsWith("commit ")) {
                    commits[0]++;
                    assertEquals(-1, total, "a batch's total is not known");
                }
            });
            assertTrue(!o.alreadyMerged() && !o.resumed(), o.toString());
            assertEquals(gameFiles, o.files(), "every game file's entries merged");
            assertEquals(games, o.games(), "their games, as the files hold them");
            assertTrue(o.entriesRead() > 0 && o.entriesWritten() > 0 && o.entriesWritten() <= o.entriesRead(), o.toString());
            assertTrue(!merged.isEmpty() && commits[0] > 0, merged + ", " + commits[0] + " batches");
            assertEquals(10_000, o.bookFrom());
            assertEquals(games, db.count(""), "the same games after");
            Optimization again = db.optimize(false, line -> { }, Progress.NONE);
            assertTrue(again.alreadyMerged(), again.toString());
            assertEquals(gameFiles, again.files());
        }
    }

    @Test
    void anImportTellsEachFileAsItLandsAndTakesAYearAnOlderReleaseAndNamesFiles() throws Exception {
        Path files = tmp.resolve("files");
        SampleBase.write(files, "CLUB", 2001, 2, 30, 21L);
        PlainScan scan = new PlainScan(files);
        Path text = Files.writeString(tmp.resolve("openings.txt"), "f5d6c3d3c4f4f6f3e6e7\nf5f6e6f4e3\nz9z9\n");
        try (ThorDb db = ThorDb.open(tmp.resolve("db"))) {
            java.util.Map<String, Integer> landed = new java.util.TreeMap<>();
            List<String> said = new ArrayList<>();
            ImportResult r = db.importFiles(List.of(files, text), ImportOptions.defaults().year(1995)
                    .said(said::add).landed((f, n) -> landed.put(f.getFileName().toString(), n)));
            for (int y : new int[] {2001, 2002}) {
                assertEquals((int) scan.games().stream().filter(g -> g.year() == y).count(), landed.get("CLUB_" + y + ".wtb"),
                        "each game file told as it landed, with its games: " + landed);
            }
            assertEquals(2, db.count("year = 1995"), "the text file's undated games take the year given: " + r + said);
            assertTrue(said.stream().anyMatch(l -> l.contains("openings.txt")), "the line that is no game is said: " + said);
            assertTrue(r.summary().startsWith("4 files looked at") || r.summary().contains("files looked at"), r.summary());
            assertEquals(2, r.namesFiles(), "the base's .JOU and .TRN");
            assertTrue(r.addedAnything());

            // an older release of 2001 than the stored one: refused, unless asked for on purpose
            Path older = tmp.resolve("older");
            SampleBase.write(older, "CLUB", 2001, 1, 20, 22L);
            long olderGames = new PlainScan(older).games().size();
            Files.setLastModifiedTime(older.resolve("CLUB_2001.wtb"), Files.getLastModifiedTime(files.resolve("CLUB_2001.wtb")));
            Path renamed = Files.createDirectories(tmp.resolve("names"));
            Files.move(older.resolve("CLUB.JOU"), renamed.resolve("CLUB.JOU"));
            Files.move(older.resolve("CLUB.TRN"), renamed.resolve("CLUB.TRN"));
            List<Path> game = List.of(older.resolve("CLUB_2001.wtb"));
            ImportResult refused = db.importFiles(game, ImportOptions.defaults());
            if (!refused.clean()) { // the sample's header dates the files alike: an equal date with other bytes is refused too
                ImportResult forced = db.importFiles(game, ImportOptions.defaults().replacingNewer()
                        .names(List.of(renamed.resolve("CLUB.JOU"), renamed.resolve("CLUB.TRN"))));
                // the names files given are the ones looked at (older than the stored ones here, so refused, named)
                assertEquals(List.of(renamed.resolve("CLUB.JOU"), renamed.resolve("CLUB.TRN")), forced.files().stream()
                        .map(ImportedFile::file).filter(f -> !f.toString().endsWith(".wtb")).toList(), forced.toString());
                assertEquals(ImportedFile.Status.REPLACED, forced.files().stream()
                        .filter(f -> f.file().getFileName().toString().equals("CLUB_2001.wtb")).findFirst().orElseThrow().status());
                assertEquals(olderGames, db.count("year = 2001"), "the older release in its place");
            } else {
                throw new AssertionError("a release of the same date with other bytes was taken without replacingNewer: "
                        + refused);
            }
        }
        assertEquals(ErrorCode.BAD_ARGUMENT, assertThrows(ThorDbException.class, () -> ImportOptions.defaults().year(-1)).code());
        assertEquals(ErrorCode.BAD_ARGUMENT, assertThrows(ThorDbException.class,
                () -> ImportOptions.defaults().names(List.of(tmp, tmp, tmp))).code());
    }

    @Test
    void theTheoreticalScoresAreCountedABaseAtATimeAndAFillWritesTheUnknownOnes() throws Exception {
        Path files = tmp.resolve("files");
        SampleBase.write(files, "CLUB", 2001, 1, 12, 31L);
        // whole games, as a text source with no scores
        Path text = FrontFixtures.textSourceOf(files, 6, tmp.resolve("scratch"), tmp.resolve("played.txt"));
        try (ThorDb db = ThorDb.open(tmp.resolve("db"))) {
            assertTrue(db.importFiles(List.of(files, text)).clean());
            List<TheoreticalScores> before = db.theoreticalScores(Query.ALL);
            assertEquals(List.of("CLUB", "PLAYED"), before.stream().map(TheoreticalScores::base).toList(), before.toString());
            TheoreticalScores played = before.get(1);
            assertEquals(6, played.games());
            assertEquals(0, played.known(), "a text source says no theoretical score");
            assertEquals(db.count("base = \"CLUB\" and theoretical = known"), before.get(0).known());

            List<Long> solved = new ArrayList<>();
            Fill f = db.fillTheoretical(Query.parse("base = \"PLAYED\""), 8, 2, (work, done, total) -> {
                if (work.equals("fill") && done > 0) {
                    solved.add(done);
                }
            });
            assertEquals(6, f.selected());
            assertEquals(6, f.filled() + f.unfinished() + f.damaged(), f.toString());
            assertTrue(f.filled() > 0 && f.depth() == 8 && f.threads() == 2, f.toString());
            assertEquals(f.filled(), solved.size(), "each solved game told once, in order: " + solved);
            TheoreticalScores after = db.theoreticalScores(Query.parse("base = \"PLAYED\"")).get(0);
            assertEquals(f.filled(), after.known());
            assertEquals(f.filled(), after.filled());
            assertEquals(after.known(), db.count("base = \"PLAYED\" and theoretical = known"));
        }
    }

    @Test
    void solitairesAreMadeFromAQuerysGamesAndWrittenAsAWthorFile() throws Exception {
        Path files = tmp.resolve("files");
        SampleBase.write(files, "CLUB", 2001, 1, 60, 41L);
        try (ThorDb db = ThorDb.open(tmp.resolve("db"))) {
            assertTrue(db.importFiles(List.of(files)).clean());
            long[] seen = {0};
            Solitaires s = db.makeSolitaires(Query.ALL, 12, 3, tmp.resolve("out"), false,
                    (work, done, total) -> seen[0] = Math.max(seen[0], done));
            assertEquals(tmp.resolve("out").resolve("SOLITAIRES 12.PZZ"), s.file());
            assertTrue(s.found() <= 3 && s.found() <= s.positions() && s.positions() <= s.games(), s.toString());
            assertTrue(seen[0] > 0 && seen[0] <= 60, "the games looked at, told: " + seen[0]);
            int records = 0;
            try (org.thordb.wthor.WthorReader r = org.thordb.wthor.WthorReader.open(s.file())) {
                assertEquals(12, r.header().n2(), "the file's empties, as WTHOR's header says them (N2)");
                for (var ignored : r.solitaires()) {
                    records++;
                }
            }
            assertEquals(s.found(), records, "the file holds the solitaires said");
            assertEquals(ErrorCode.BAD_ARGUMENT, assertThrows(ThorDbException.class, () -> db.makeSolitaires(Query.ALL, 12, 3,
                    tmp.resolve("out"), false, Progress.NONE)).code(), "a file in the way, not replaced");
        }
    }

    @Test
    void theStoresDescriptionCountsWhatTheFilesHold() throws Exception {
        Path files = tmp.resolve("files");
        SampleBase.write(files, "CLUB", 2001, 2, 25, 51L);
        PlainScan scan = new PlainScan(files);
        try (ThorDb db = ThorDb.open(tmp.resolve("db"))) {
            assertTrue(db.importFiles(List.of(files)).clean());
            List<String> lines = db.describe(true).lines().toList();
            assertTrue(lines.get(0).startsWith("store "), lines.get(0));
            assertTrue(lines.stream().anyMatch(l -> l.startsWith("base CLUB: ")), lines.toString());
            for (int y : new int[] {2001, 2002}) {
                long games = scan.games().stream().filter(g -> g.year() == y).count();
                assertTrue(lines.stream().anyMatch(l -> l.matches("  " + y + " +" + games + " +0 +CLUB_" + y + "\\.wtb .*")),
                        y + ": " + games + " games, as the file holds them: " + lines);
            }
            assertTrue(lines.contains("games: " + scan.games().size() + " in 2 files"), lines.toString());
            assertTrue(lines.stream().anyMatch(l -> l.startsWith("  registry: none")), "with players, the registry: " + lines);
            assertTrue(lines.get(lines.size() - 1).startsWith("size on disk: "), lines.toString());
        }
    }

    @Test
    void theOpeningsAreTheListsLines() throws Exception {
        assumeTrue(System.getenv("THORDB_OPENINGS") == null, "skipped: THORDB_OPENINGS adds a list of its own");
        List<Opening> want = new ArrayList<>();
        try (var in = getClass().getResourceAsStream("/org/thordb/othello/opening-names.txt")) {
            for (String l : new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).split("\n")) {
                if (!l.isBlank() && !l.startsWith("#")) {
                    String[] w = l.strip().split("\\s+", 2);
                    want.add(new Opening(w[0], w[1].strip()));
                }
            }
        }
        assertTrue(want.size() >= 20 && want.contains(new Opening("f5d6c3d3c4", "Tiger")), want.toString());
        assertEquals(want, ThorDb.openings(), "the list's lines, in its order");
    }
}
