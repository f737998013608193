package org.thordb;

import org.thordb.usecase.Games;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.engine.Engine;
import org.thordb.index.Field;
import org.thordb.index.Openings;
import org.thordb.index.Terms;
import org.thordb.ingest.Importer;
import org.thordb.othello.Notation;
import org.thordb.sample.SampleBase;
import org.thordb.store.Catalog;
import org.thordb.store.RocksStore;
import org.thordb.store.Store;
import org.thordb.testing.PlainScan;

/**
 * A store that splits its 10-move openings ({@code Catalog.SPLITS_KEY}) writes a game's 10-move
 * term only when another game of its file shares its first 9 moves, the others in the file's
 * unsplit term; a store made before keeps every 10-move term, and files imported into it too.
 * Either way every 10- and 11-move line of every game counts what the files say, through a
 * replaced file, {@code optimize} and {@code verify}.
 */
class SplitOpeningsTest {
    @TempDir
    Path tmp;

    @Test
    void aNewStoreSplitsItsTenMoveOpeningsAndAnswersEveryLineAsTheFilesDo() throws Exception {
        Path files = tmp.resolve("files");
        SampleBase.write(files, "CLUB", 2001, 3, 400, 20261127L);
        Path dir = tmp.resolve("db");
        try (Engine db = Engine.open(dir)) {
            db.importFiles(List.of(files), Importer.Options.defaults(), m -> { });
        }
        Entries e = entries(dir);
        PlainScan scan = new PlainScan(files);
        // nearly every random game is alone with its first 9 moves in its year: a term of its own
        // at 10 moves for every game that shares them, the others in the unsplit term
        assertEquals(fileLines(scan, 10, true), e.tenMoveEntries, "10-move entries: the shared 9-move lines' only");
        assertEquals(fileLines(scan, 10, false) - fileLines(scan, 10, true), e.unsplitGames);
        assertTrue(e.unsplitGames > 1_000, e.unsplitGames + " games in the unsplit terms");
        try (Engine db = Engine.open(dir)) {
            everyLineCounts(db, scan);
            assertEquals(0, db.verify(false, m -> { }).problems());
            // a newer release of a year replaces its file: its terms deleted as they were written
            Path other = tmp.resolve("other");
            SampleBase.write(other, "CLUB", 2002, 1, 300, 7L);
            Path release = tmp.resolve("release");
            db.importFiles(List.of(org.thordb.testing.TestBase.newerRelease(other.resolve("CLUB_2002.wtb"), 2002, release)),
                    Importer.Options.defaults(), m -> { });
            assertEquals(300, Games.count(db, "year = 2002"), "the newer release replaced the year");
            assertEquals(0, db.verify(false, m -> { }).problems());
            PlainScan both = scanOf(files, release);
            everyLineCounts(db, both);
            db.optimize(false, m -> { });
            assertEquals(0, db.verify(false, m -> { }).problems());
            everyLineCounts(db, both);
        }
    }

    @Test
    void aStoreMadeBeforeKeepsEveryTenMoveTermAndSoDoFilesImportedIntoIt() throws Exception {
        Path files = tmp.resolve("files");
        SampleBase.write(files, "CLUB", 2001, 2, 300, 11L);
        Path dir = tmp.resolve("db");
        try (Engine db = Engine.open(dir)) {
            assertEquals(0, Games.count(db, "year = 2001"));
        }
        try (Store s = RocksStore.open(dir); Store.Batch b = s.batch()) {
            b.delete(Store.Space.META, Catalog.SPLITS_KEY); // as a store made before the split was
            b.commit();
        }
        try (Engine db = Engine.open(dir)) {
            db.importFiles(List.of(files), Importer.Options.defaults(), m -> { });
            assertEquals(0, db.verify(false, m -> { }).problems());
            everyLineCounts(db, new PlainScan(files));
        }
        Entries e = entries(dir);
        PlainScan scan = new PlainScan(files);
        assertEquals(fileLines(scan, 10, false), e.tenMoveEntries, "every 10-move line of every file has its term");
        assertEquals(0, e.unsplitGames);
    }

    /**
     * A merge group joins files' lone games: 80 files of one game each, all opening with the same 9
     * moves, leave that line's 80 games in no 10-move term, which a merged reader finds through the
     * group's unsplit entry (more than it checks on their records alone).
     */
    @Test
    void aMergeGroupFindsItsFilesLoneGamesThroughItsUnsplitEntry() throws Exception {
        Path files = tmp.resolve("files");
        SampleBase.write(files, "CLUB", 1930, 80, 1, 3L,
                new SampleBase.Openings(List.of(Notation.parseLine("f5d6c3d3c4f4f6f3e6"))));
        Path dir = tmp.resolve("db");
        try (Engine db = Engine.open(dir)) {
            db.importFiles(List.of(files), Importer.Options.defaults(), m -> { });
            db.optimize(false, m -> { });
            assertEquals(80, Games.count(db, "opening = f5d6c3d3c4f4f6f3e6"));
            assertEquals(0, db.verify(false, m -> { }).problems());
            everyLineCounts(db, new PlainScan(files), 50);
        }
        Entries e = entries(dir);
        assertEquals(0, e.tenMoveEntries, "every game alone in its file: no 10-move term");
        assertEquals(80, e.unsplitGames);
    }

    /** Every game's lines of 10 and 11 moves, in the orientation the game played, count what the scan counts. */
    private static void everyLineCounts(Engine db, PlainScan scan) {
        everyLineCounts(db, scan, 1_000);
    }

    private static void everyLineCounts(Engine db, PlainScan scan, int atLeast) {
        Map<String, Long> want = new HashMap<>();
        for (PlainScan.Game g : scan.games()) {
            for (int length = 10; length <= 11; length++) {
                int[] t = g.game().squares().length >= length ? Openings.normalize(g.game().squares(), length) : null;
                if (t != null) {
                    want.merge(Notation.line(t), 1L, Long::sum);
                }
            }
        }
        int asked = 0;
        for (Map.Entry<String, Long> w : want.entrySet()) {
            assertEquals(w.getValue(), Games.count(db, "opening = " + w.getKey()), "opening = " + w.getKey());
            asked++;
        }
        assertTrue(asked >= atLeast, asked + " lines");
    }

    /**
     * The (file, line) pairs of a length over the scan's games: all of them, or those whose line
     * less its last move another game of the same file begins with too.
     */
    private static long fileLines(PlainScan scan, int length, boolean sharedShorter) {
        Map<String, Integer> shorter = new HashMap<>();
        Set<String> lines = new HashSet<>();
        List<String[]> each = new ArrayList<>();
        for (PlainScan.Game g : scan.games()) {
            int[] sq = g.game().squares();
            if (sq.length >= length - 1 && Openings.normalize(sq, length - 1) != null) {
                String s = g.year() + " " + Notation.line(Openings.normalize(sq, length - 1));
                shorter.merge(s, 1, Integer::sum);
                if (sq.length >= length) {
                    each.add(new String[] {s, g.year() + " " + Notation.line(Openings.normalize(sq, length))});
                }
            }
        }
        for (String[] x : each) {
            if (!sharedShorter || shorter.get(x[0]) > 1) {
                lines.add(x[1]);
            }
        }
        return lines.size();
    }

    private record Entries(long tenMoveEntries, long unsplitGames) {
    }

    /** The store's 10-move entries and the games of its unsplit terms, read from its keys. */
    private static Entries entries(Path dir) {
        long[] ten = {0};
        org.roaringbitmap.RoaringBitmap unsplit = new org.roaringbitmap.RoaringBitmap();
        try (Store s = RocksStore.open(dir); Store.View v = s.view()) {
            v.scanPrefix(Store.Space.TERMS, new byte[] {Field.OPENING.code(), (byte) Terms.OPENING_DEPTH}, (k, val) -> {
                ten[0]++;
                return true;
            });
            v.scanPrefix(Store.Space.TERMS, Terms.key(Field.OPENING, Terms.openingUnsplit()), (k, val) -> {
                unsplit.or(org.thordb.index.Postings.decode(val));
                return true;
            });
        }
        return new Entries(ten[0], unsplit.getLongCardinality());
    }

    private static PlainScan scanOf(Path files, Path release) throws Exception {
        Path both = java.nio.file.Files.createTempDirectory("thordb-split");
        try (var s = java.nio.file.Files.list(files)) {
            for (Path f : s.toList()) {
                if (!f.getFileName().toString().contains("2002")) {
                    java.nio.file.Files.copy(f, both.resolve(f.getFileName()));
                }
            }
        }
        try (var s = java.nio.file.Files.list(release)) {
            for (Path f : s.toList()) {
                if (f.getFileName().toString().endsWith(".wtb")) {
                    java.nio.file.Files.copy(f, both.resolve(f.getFileName()));
                }
            }
        }
        return new PlainScan(both);
    }
}
