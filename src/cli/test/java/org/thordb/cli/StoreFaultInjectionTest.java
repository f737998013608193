package org.thordb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.testing.Folders;
import org.thordb.testing.PlainScan;
import org.thordb.testing.SharedData;

/**
 * Faults a user can cause by accident, injected into a real store: its manifest cut at many
 * lengths (a disk that filled while RocksDB wrote it, a copy interrupted), one table file that
 * holds no record deleted, and {@code verify --repair} killed (SIGKILL, in a child JVM) at random
 * moments. After each fault every reading command either answers exactly what a plain replay of
 * the files gives, or refuses with an error that names the damage: never a wrong answer with exit
 * 0. And {@code verify --repair} then brings every game back.
 *
 * <p>The store: a generated base of five years (one of them replaced by a newer release), a PGN of
 * one of its years imported beside as a text base (so the texts of a source are in it), and some of
 * that base's unknown theoretical scores filled (so that some records are in two versions, the
 * first import's and the fill's). With {@code -Dthordb.faults=full} the FFO base of
 * {@code ../shared/data} is the base instead.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@org.junit.jupiter.api.extension.ExtendWith(org.thordb.testing.Seeded.class)
@org.thordb.testing.FullTier
class StoreFaultInjectionTest {
    @TempDir
    static Path tmp;

    private Path original;
    /** The base's files (generated, or the FFO's with the flag). */
    private Path baseFiles;
    private Map<String, Long> expected;
    private Map<String, Long> filledExpected;

    private static final boolean FULL = "full".equals(System.getProperty("thordb.faults"));

    @BeforeAll
    void makeTheStore() throws IOException {
        Path files = tmp.resolve("files");
        Path older = tmp.resolve("older");
        original = tmp.resolve("original");
        String player;
        if (FULL) {
            files = SharedData.dir("wthor");
            player = "Tastet Marc";
        } else {
            org.thordb.sample.SampleBase.write(files, "CLUB", 2001, 5, 400, 17L);
            // an older release of 2003 imported first, then replaced by the newer one of the base
            org.thordb.sample.SampleBase.write(older, "CLUB", 2001, 3, 250, 99L); // made 2004, the base 2006
            Path old2003 = older.resolve("CLUB_2003.wtb");
            ok(CommandsTest.run("import", "--no-progress", "--db", original.toString(), old2003.toString(),
                    "--names", older.resolve("CLUB.JOU").toString(), "--names", older.resolve("CLUB.TRN").toString(),
                    "--base", "CLUB"));
            player = new PlainScan(files).games().get(0).black();
        }
        ok(CommandsTest.run("import", "--no-progress", "--db", original.toString(), files.toString()));
        baseFiles = files;
        int year = FULL ? 1990 : 2001;
        // the year's games as a third party's PGN (no theoretical scores), imported as a text base of its own
        Path named = tmp.resolve("COPY_" + year + ".pgn");
        StringBuilder pgn = new StringBuilder();
        for (PlainScan.Game g : new PlainScan(files).games()) {
            if (g.year() != year) {
                continue;
            }
            int s = g.game().blackScore();
            pgn.append("[Event \"").append(g.tournament()).append("\"]\n[Date \"").append(year).append("\"]\n[Black \"")
                    .append(g.black()).append("\"]\n[White \"").append(g.white()).append("\"]\n[Result \"").append(s)
                    .append('-').append(64 - s).append("\"]\n\n");
            int[] sq = g.game().squares();
            for (int i = 0; i < sq.length; i++) {
                if (i % 2 == 0) {
                    pgn.append(i / 2 + 1).append(". ");
                }
                pgn.append(Notation.name(sq[i]).toUpperCase(java.util.Locale.ROOT)).append(' ');
            }
            pgn.append("\n\n");
        }
        Files.writeString(named, pgn.toString(), java.nio.charset.StandardCharsets.UTF_8);
        ok(CommandsTest.run("import", "--no-progress", "--db", original.toString(), named.toString()));
        if (!FULL) { // merged, with the explorer's book: a rebuild makes both again
            ok(CommandsTest.run("optimize", "--db", original.toString()));
        }
        ok(CommandsTest.run("theoretical", "--fill", "--no-progress", "--db", original.toString(), "--depth", "8",
                "--where", "base = \"COPY_" + year + "\" and record < 12"));

        PlainScan scan = new PlainScan(files);
        expected = new LinkedHashMap<>();
        expected.put("", (long) scan.games().size());
        for (int y : scan.games().stream().map(PlainScan.Game::year).distinct().sorted().toList()) {
            expected.put("year = " + y, scan.count(g -> g.year() == y));
        }
        String p = player;
        expected.put("player = \"" + p + "\"", scan.count(g -> g.black().equals(p) || g.white().equals(p)));
        Position at = Position.start();
        for (int m : Notation.parseLine("f5d6c3")) {
            at = at.play(m);
        }
        Position c = at.canonical();
        expected.put("position = f5d6c3", scan.count(g -> g.canonicalPositions().contains(c)));
        long copies = scan.count(g -> g.year() == year);
        expected.put("copies = all", scan.games().size() + copies);
        // the fill's figures, from the store as it was made: the rebuilt one must have them too
        filledExpected = new LinkedHashMap<>();
        String filled = "base = \"COPY_" + year + "\" and theoretical >= 0 and copies = all";
        filledExpected.put(filled, count(original, filled));
        assertEquals(12L, filledExpected.get(filled), "the fill gave 12 games their theoretical score");
        assertAnswers(original, "the store as made");
    }

    private static void ok(CommandsTest.Run r) {
        assertEquals(0, r.status(), r.out() + r.err());
    }

    private static long count(Path db, String q) {
        CommandsTest.Run r = CommandsTest.run("count", "--db", db.toString(), q);
        assertEquals(0, r.status(), r.out() + r.err());
        return Long.parseLong(r.out().strip().replace(",", ""));
    }

    /** Every question answered as the plain scan says. */
    private void assertAnswers(Path db, String when) {
        Map<String, Long> all = new LinkedHashMap<>(expected);
        all.putAll(filledExpected);
        for (Map.Entry<String, Long> e : all.entrySet()) {
            assertEquals(e.getValue(), count(db, e.getKey()), when + ": " + e.getKey());
        }
    }

    /**
     * Each question either answered as the plain scan says, or refused with an error that names the
     * store and its damage: never another number with exit 0.
     */
    private void assertRightOrRefused(Path db, String when) {
        Map<String, Long> all = new LinkedHashMap<>(expected);
        all.putAll(filledExpected);
        for (Map.Entry<String, Long> e : all.entrySet()) {
            CommandsTest.Run r = CommandsTest.run("count", "--db", db.toString(), e.getKey());
            if (r.status() == 0) {
                assertEquals(String.valueOf(e.getValue()), r.out().strip().replace(",", ""), when + ": " + e.getKey()
                        + " answered wrongly with exit 0");
            } else {
                assertTrue(r.err().contains(db.toString()) && (r.err().contains("damaged") || r.err().contains("manifest")
                                || r.err().contains("repair") || r.err().contains("not in the store")),
                        when + ": a refusal names the damage: " + r.err());
                assertFalse(r.err().contains("Exception"), when + ": no stack trace: " + r.err());
            }
        }
    }

    private Path copy(String name) throws IOException {
        Path to = tmp.resolve(name);
        Folders.delete(to);
        try (Stream<Path> s = Files.walk(original)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path t = to.resolve(original.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(p, t);
                }
            }
        }
        return to;
    }

    private static Path manifest(Path db) throws IOException {
        try (Stream<Path> s = Files.list(db)) {
            return s.filter(p -> p.getFileName().toString().startsWith("MANIFEST-")).findFirst().orElseThrow();
        }
    }

    private void repairAndCheck(Path db, String when) {
        CommandsTest.Run r = CommandsTest.run("verify", "--db", db.toString(), "--repair");
        assertEquals(0, r.status(), when + ": " + r.out() + r.err());
        assertAnswers(db, when + ", repaired");
        CommandsTest.Run v = CommandsTest.run("verify", "--db", db.toString());
        assertEquals(0, v.status(), when + ", verified after the repair: " + v.out() + v.err());
        CommandsTest.Run kept = CommandsTest.run("releases", "--db", db.toString());
        assertEquals(CommandsTest.run("releases", "--db", original.toString()).out(), kept.out(),
                when + ": the replaced release kept for undo is kept still");
        Path lost = db.resolve("lost+found");
        if (Files.isDirectory(lost)) {
            assertTrue(v.out().contains("bytes set aside in " + lost), "verify says what lost+found holds: " + v.out());
        }
    }

    @Test
    void aManifestCutAtAnyLengthIsRefusedThenRebuiltWhole(Random rnd) throws IOException {
        long size = Files.size(manifest(original));
        List<Long> cuts = new ArrayList<>(List.of(0L, 16L, size / 8, size / 4, size / 2, 3 * size / 4, size - 1));
        for (int i = 0; i < 4; i++) {
            cuts.add(1 + (long) (rnd.nextDouble() * (size - 1)));
        }
        for (long cut : cuts) {
            Path db = copy("cut-" + cut);
            Path m = manifest(db);
            try (FileChannel c = FileChannel.open(m, StandardOpenOption.WRITE)) {
                c.truncate(cut);
            }
            String when = "manifest cut to " + cut + " of " + size + " bytes";
            assertRightOrRefused(db, when);
            java.util.Set<String> before = tableNames(db);
            // an import into the damaged store must not be the thing that empties it: every table file
            // that was there is there still, or set aside in lost+found/
            CommandsTest.Run im = CommandsTest.run("import", "--no-progress", "--db", db.toString(),
                    baseFiles.toString());
            java.util.Set<String> after = tableNames(db);
            before.removeAll(after);
            assertEquals(java.util.Set.of(), before, when + ": an import deletes no table file: " + im.out() + im.err());
            repairAndCheck(db, when);
            Folders.delete(db);
        }
    }

    /** The table files of a store's folder and of its lost+found/, by name. */
    private static java.util.Set<String> tableNames(Path db) throws IOException {
        try (Stream<Path> s = Files.walk(db)) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".sst"))
                    .collect(java.util.stream.Collectors.toCollection(java.util.TreeSet::new));
        }
    }

    private static long countTables(Path db) throws IOException {
        try (Stream<Path> s = Files.list(db)) {
            return s.filter(p -> p.toString().endsWith(".sst")).count();
        }
    }

    @Test
    void anyOneTableFileWithoutRecordsDeletedIsRebuiltFromTheRecords() throws IOException {
        Map<String, String> families = tableFamilies(original);
        int deleted = 0;
        for (Map.Entry<String, String> t : families.entrySet()) {
            if (List.of("games", "files", "names", "meta", "sources", "solitaires", "retired").contains(t.getValue())) {
                continue; // those hold records: their loss is refused, not repaired (below)
            }
            Path db = copy("deleted-" + t.getKey());
            Files.delete(db.resolve(t.getKey()));
            String when = t.getKey() + " (" + t.getValue() + ") deleted";
            assertRightOrRefused(db, when);
            repairAndCheck(db, when);
            Folders.delete(db);
            deleted++;
        }
        assertTrue(deleted >= 3, "terms, positions and fingerprints at least: " + families);
    }

    @Test
    void aTableFileTheManifestDoesNotNameIsMovedAsideNotDeleted() throws IOException {
        // what a flush or a compaction cut short leaves: a table file no manifest names. RocksDB deletes
        // such files when it opens a store for writing; thordb moves them into lost+found/ first
        Path db = copy("stray");
        Map<String, String> families = tableFamilies(db);
        String any = families.keySet().iterator().next();
        Path stray = db.resolve("999999.sst");
        Files.copy(db.resolve(any), stray);
        byte[] bytes = Files.readAllBytes(stray);
        assertAnswers(db, "a stray table file beside the store"); // readers are not troubled by it
        CommandsTest.Run im = CommandsTest.run("import", "--no-progress", "--db", db.toString(), baseFiles.toString());
        assertTrue(im.status() <= 1, im.out() + im.err());
        assertFalse(Files.exists(stray), "moved out of the store's folder");
        Path kept;
        try (Stream<Path> s = Files.walk(db.resolve("lost+found"))) {
            kept = s.filter(p -> p.getFileName().toString().equals("999999.sst")).findFirst().orElseThrow();
        }
        org.junit.jupiter.api.Assertions.assertArrayEquals(bytes, Files.readAllBytes(kept), "kept byte for byte");
        assertTrue(Files.readString(kept.resolveSibling("README.txt")).contains("999999.sst: a table file the store's manifest does not name"));
        assertAnswers(db, "after the writable open");
        CommandsTest.Run v = CommandsTest.run("verify", "--db", db.toString());
        assertEquals(0, v.status(), v.out());
        assertTrue(v.out().contains("bytes set aside in " + db.resolve("lost+found")), v.out());
        Folders.delete(db);
    }

    @Test
    void aLostTableOfRecordsIsRefusedByTheRepairWithWhatIsMissing() throws IOException {
        Map<String, String> families = tableFamilies(original);
        // the largest table of game records: the one the import wrote (others may hold a replaced release's games only)
        String games = families.entrySet().stream().filter(e -> e.getValue().equals("games"))
                .max(java.util.Comparator.comparingLong(e -> original.resolve(e.getKey()).toFile().length())).orElseThrow().getKey();
        Path db = copy("lost-records");
        Files.delete(db.resolve(games));
        long before = countTables(db);
        CommandsTest.Run r = CommandsTest.run("verify", "--db", db.toString(), "--repair");
        assertTrue(r.status() != 0, r.out() + r.err());
        assertTrue(r.err().contains("are in no table or log file") && r.err().contains("nothing was changed"), r.err());
        assertEquals(before, countTables(db), "the refused repair changed nothing");
        assertRightOrRefused(db, "a table of records deleted");
        Folders.delete(db);
    }

    /** Each table file of a store, with its column family (read with RocksJava's SstFileReader). */
    private static Map<String, String> tableFamilies(Path db) throws IOException {
        Map<String, String> out = new java.util.TreeMap<>();
        org.rocksdb.RocksDB.loadLibrary();
        try (Stream<Path> s = Files.list(db); org.rocksdb.Options o = new org.rocksdb.Options()) {
            for (Path p : (Iterable<Path>) s::iterator) {
                if (!p.toString().endsWith(".sst")) {
                    continue;
                }
                try (org.rocksdb.SstFileReader r = new org.rocksdb.SstFileReader(o)) {
                    r.open(p.toString());
                    out.put(p.getFileName().toString(), new String(r.getTableProperties().getColumnFamilyName(),
                            java.nio.charset.StandardCharsets.UTF_8));
                } catch (org.rocksdb.RocksDBException e) {
                    throw new IOException(e);
                }
            }
        }
        return out;
    }

    @Test
    void aRepairKilledAtRandomMomentsLeavesEveryGameOrARefusal(Random rnd) throws Exception {
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        int rounds = FULL ? 6 : 8;
        int refusedBetween = 0;
        for (int round = 0; round < rounds; round++) {
            Path db = copy("killed-" + round);
            Path m = manifest(db);
            try (FileChannel c = FileChannel.open(m, StandardOpenOption.WRITE)) {
                c.truncate(Files.size(m) / 3);
            }
            ProcessBuilder pb = new ProcessBuilder(javaBin, "-cp", System.getProperty("java.class.path"), "org.thordb.cli.Main",
                    "verify", "--db", db.toString(), "--repair").redirectErrorStream(true);
            Path lib = tmp.resolve("native");
            Files.createDirectories(lib);
            pb.environment().put("ROCKSDB_SHAREDLIB_DIR", lib.toString());
            Process p = pb.start();
            // killed as it reads, builds, verifies or swaps: from the JVM's start to well past the end
            long wait = (FULL ? 300 : 200) + rnd.nextInt(FULL ? 12_000 : 2_500);
            boolean ended = p.waitFor(wait, TimeUnit.MILLISECONDS);
            if (!ended) {
                p.destroyForcibly();
                p.waitFor();
            }
            String when = "repair killed after " + wait + " ms" + (ended ? " (it had ended)" : "");
            assertRightOrRefused(db, when);
            CommandsTest.Run c = CommandsTest.run("count", "--db", db.toString(), "");
            refusedBetween += c.status() != 0 ? 1 : 0;
            repairAndCheck(db, when);
            Folders.delete(db);
        }
        System.out.println("repair kill test: " + refusedBetween + " of " + rounds + " kills left a store that refused until repaired");
    }

    @Test
    void anInPlaceRepairKilledHalfWayLeavesAStoreThatRefusesUntilRepaired() throws IOException {
        // what a kill leaves in the middle of an in-place repair: its mark, and half of the terms
        // rewritten (here: every term deleted, which the repair had not written back yet). Without the
        // mark the store would answer 0 games for a player, with exit 0
        Path db = copy("in-place");
        try (org.thordb.store.RocksStore s = org.thordb.store.RocksStore.open(db);
             org.thordb.store.Store.Batch b = s.batch()) {
            byte[] end = new byte[16];
            java.util.Arrays.fill(end, (byte) 0xff);
            b.deleteRange(org.thordb.store.Store.Space.TERMS, new byte[0], end);
            b.commit();
        }
        Files.writeString(db.resolve(org.thordb.store.StoreFolder.REPAIRING), "stage in-place\n");
        assertRightOrRefused(db, "an in-place repair killed half-way");
        CommandsTest.Run c = CommandsTest.run("count", "--db", db.toString(), expected.keySet().stream()
                .filter(q -> q.startsWith("player")).findFirst().orElseThrow());
        assertTrue(c.status() != 0 && c.err().contains("a repair of it was interrupted"), c.err());
        repairAndCheck(db, "an in-place repair killed half-way");
        assertFalse(Files.exists(db.resolve(org.thordb.store.StoreFolder.REPAIRING)));
        Folders.delete(db);
    }

    @Test
    void aSwapCutBetweenItsStepsIsFinishedByTheNextRepair() throws Exception {
        // the swap's steps are renames: cut after the first of them, by hand, as a kill would
        Path db = copy("swap-cut");
        Path m = manifest(db);
        try (FileChannel c = FileChannel.open(m, StandardOpenOption.WRITE)) {
            c.truncate(Files.size(m) / 2);
        }
        Path scratch = db.resolve(org.thordb.engine.StoreRebuild.SCRATCH);
        // a rebuild that got as far as its scratch store, then was killed before the mark
        CommandsTest.Run first = CommandsTest.run("verify", "--db", db.toString(), "--repair");
        assertEquals(0, first.status(), first.out() + first.err());
        assertFalse(Files.exists(scratch), "the scratch store is gone once swapped");
        // a mark as a swap leaves it after moving two of the old files: the store is refused, then finished
        Path lost = db.resolve("lost+found").resolve("by-hand");
        Files.createDirectories(lost);
        Files.createDirectories(scratch);
        List<String> names = new ArrayList<>();
        try (Stream<Path> s = Files.list(db)) {
            s.filter(Files::isRegularFile).map(p -> p.getFileName().toString())
                    .filter(n -> !n.equals("THORDB-LOCK")).sorted().forEach(names::add);
        }
        StringBuilder mark = new StringBuilder("stage swap\nfolder lost+found/by-hand\n");
        for (String n : names) {
            mark.append("old ").append(n).append('\n');
        }
        // the "new" store is the same store's files, copied into the scratch folder
        for (String n : names) {
            Files.copy(db.resolve(n), scratch.resolve(n));
            if (!n.equals("LOCK")) {
                mark.append("new ").append(n).append('\n');
            }
        }
        Files.writeString(db.resolve(org.thordb.store.StoreFolder.REPAIRING), mark.toString());
        Files.move(db.resolve(names.get(0)), lost.resolve(names.get(0)));
        Files.move(db.resolve(names.get(1)), lost.resolve(names.get(1)));
        assertRightOrRefused(db, "a swap cut after two renames");
        CommandsTest.Run c = CommandsTest.run("count", "--db", db.toString(), "");
        assertTrue(c.status() != 0 && c.err().contains("interrupted"), c.err());
        repairAndCheck(db, "a swap cut after two renames");
        assertFalse(Files.exists(db.resolve(org.thordb.store.StoreFolder.REPAIRING)));
        Folders.delete(db);
    }
}
