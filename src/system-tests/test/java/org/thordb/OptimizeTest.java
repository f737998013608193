package org.thordb;

import org.thordb.usecase.Explore;
import org.thordb.usecase.Games;
import org.thordb.engine.Engine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.index.Field;
import org.thordb.ingest.Importer;
import org.thordb.store.Catalog;
import org.thordb.store.Keys;
import org.thordb.store.MergeGroup;
import org.thordb.store.RocksStore;
import org.thordb.store.Store;
import org.thordb.testing.PlainScan;

/**
 * {@code thordb optimize} on generated bases: killed at every kind of moment and finished by the
 * next run, a store of schema 3 upgraded in place, and merged entries damaged on disk found and
 * repaired by {@code verify --repair}; every answer checked against a plain replay of the files.
 */
@org.junit.jupiter.api.extension.ExtendWith(org.thordb.testing.Seeded.class)
@org.thordb.testing.FullTier
class OptimizeTest {
    @TempDir
    Path tmp;

    private static final List<String> QUERIES = List.of("player ~ \"ka\"", "opening = f5d6c3", "result = draw",
            "year = 1983", "theoretical > score and year >= 1990", "moves < 58", "black = \"Kamira Tolu\"");

    private Map<String, Long> answers(Engine db) {
        Map<String, Long> out = new HashMap<>();
        for (String q : QUERIES) {
            out.put(q, Games.count(db, q));
        }
        return out;
    }

    private Process startOptimize(Path db) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = List.of(java, "-Xmx1g", "-cp", System.getProperty("java.class.path"),
                "org.thordb.cli.Main", "optimize", "--verbose", "--no-compact", "--db", db.toString());
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        Path lib = tmp.resolve("native"); // a killed JVM leaves RocksJava's unpacked library behind
        lib.toFile().mkdirs();
        pb.environment().put("ROCKSDB_SHAREDLIB_DIR", lib.toString());
        return pb.start();
    }

    @Test
    @org.junit.jupiter.api.Timeout(value = 6, unit = java.util.concurrent.TimeUnit.MINUTES) // 8 merges in processes of their own: about 2 minutes
    void aKilledMergeLosesNothingAndTheNextOneFinishesIt(Random rnd) throws Exception {
        Path gen = tmp.resolve("gen");
        List<Path> years = org.thordb.sample.SampleBase.write(gen, "CLUB", 1977, 40, 2000, 5L);
        // the files the store holds, as links: the first 30 years, then one more each time a merge ended
        Path now = java.nio.file.Files.createDirectories(tmp.resolve("now"));
        try (java.util.stream.Stream<Path> names = java.nio.file.Files.list(gen)) {
            for (Path f : names.filter(f -> !f.toString().endsWith(".wtb")).toList()) {
                java.nio.file.Files.createSymbolicLink(now.resolve(f.getFileName()), f);
            }
        }
        List<Path> wtb = years.stream().filter(f -> f.toString().endsWith(".wtb")).sorted().toList();
        for (Path f : wtb.subList(0, 30)) {
            java.nio.file.Files.createSymbolicLink(now.resolve(f.getFileName()), f);
        }
        int held = 30;
        Path dir = tmp.resolve("db");
        try (Engine db = Engine.open(dir)) {
            db.importFiles(List.of(now), Importer.Options.defaults(), m -> { });
        }
        int midMerge = 0;
        for (int round = 0; round < 8; round++) {
            Map<String, Long> want;
            PlainScan scan;
            try (Engine db = Engine.open(dir)) {
                MergeGroup g = db.catalog().groups().isEmpty() ? null : db.catalog().groups().get(0);
                if (g != null && !g.merging()) { // merged: one more year, for the next run to merge in
                    Path f = wtb.get(held++);
                    java.nio.file.Files.createSymbolicLink(now.resolve(f.getFileName()), f);
                    db.importFiles(List.of(f), Importer.Options.defaults(), m -> { });
                }
                want = answers(db);
                scan = new PlainScan(now);
                assertEquals(scan.count(x -> x.black().equals("Kamira Tolu")), want.get("black = \"Kamira Tolu\""));
            }
            Process p = startOptimize(dir);
            // killed right after its n-th batch of this run lands, or a few milliseconds on; every
            // other round right after its first batch, so that whatever the seed draws, kills land mid-merge
            int batches = round % 2 == 0 ? 1 : 1 + rnd.nextInt(4);
            int seen = 0;
            java.io.BufferedReader said = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8));
            StringBuilder all = new StringBuilder();
            for (String line; seen < batches && (line = said.readLine()) != null; ) {
                all.append(line).append('\n');
                seen += line.contains(": committed batch ") ? 1 : 0;
            }
            if (round % 2 == 1) {
                Thread.sleep(rnd.nextInt(3) * rnd.nextInt(40));
            }
            p.destroyForcibly().waitFor();
            try (Engine db = Engine.open(dir)) {
                MergeGroup g = db.catalog().groups().isEmpty() ? null : db.catalog().groups().get(0);
                if (g != null && g.merging()) {
                    midMerge++;
                }
                assertEquals(want, answers(db), "after kill " + round + "; the run said:\n" + all);
                OptimizeRealTest.checkAgainstReplay(db, scan, round);
                List<String> problems = new ArrayList<>();
                assertEquals(0, db.verify(false, problems::add).problems(), problems.toString());
            }
        }
        assertTrue(midMerge >= 3, "kills left a merge under way " + midMerge + " times of 8");
        Process p = startOptimize(dir);
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        assertTrue(out.contains("merged " + held + " files (" + held * 2000 + " games)")
                || out.contains("already merged: " + held + " files"), out);
        try (Engine db = Engine.open(dir)) {
            assertFalse(db.catalog().groups().get(0).merging());
            assertEquals(0, db.verify(false, m -> { }).problems());
            OptimizeRealTest.checkAgainstReplay(db, new PlainScan(now), 99);
        }
    }

    @Test
    void aStoreOfSchemaThreeIsUpgradedInPlaceAndThenMerged() throws Exception {
        Path files = tmp.resolve("files");
        org.thordb.sample.SampleBase.write(files, "CLUB", 1990, 4, 500, 8L);
        Path dir = tmp.resolve("db");
        Map<String, Long> want;
        try (Engine db = Engine.open(dir)) {
            db.importFiles(List.of(files), Importer.Options.defaults(), m -> { });
            want = answers(db);
        }
        OldStores.beforeSchemaSix(dir, 3);
        // a read-only open never writes: refused with what upgrades the store; upgraded by a writer, then read
        assertEquals(ErrorCode.SCHEMA, org.junit.jupiter.api.Assertions.assertThrows(ThorDbException.class,
                () -> Engine.openReadOnly(dir)).code());
        try (Engine db = Engine.openReadOnlyUpgrading(dir)) {
            assertEquals(want, answers(db));
            ThorDbException e = org.junit.jupiter.api.Assertions.assertThrows(ThorDbException.class,
                    () -> db.optimize(true, m -> { }));
            assertEquals(ErrorCode.READ_ONLY, e.code());
        }
        assertEquals(Catalog.SCHEMA_VERSION, schemaVersion(dir));
        try (Engine db = Engine.open(dir)) {
            db.optimize(true, m -> { });
            assertEquals(want, answers(db));
            assertEquals(0, db.verify(false, m -> { }).problems());
            OptimizeRealTest.checkAgainstReplay(db, new PlainScan(files), 3);
        }
    }

    /** Explorations of the start, a few openings and positions of some games, in the orientations they were played. */
    private static List<org.thordb.othello.Position> explored(PlainScan scan, Random rnd) {
        List<org.thordb.othello.Position> out = new ArrayList<>(List.of(org.thordb.othello.Position.start(),
                org.thordb.othello.Position.afterLine("f5d6"), org.thordb.othello.Position.afterLine("e6f4c3")));
        for (int i = 0; i < 12; i++) {
            int[] sq = scan.games().get(rnd.nextInt(scan.games().size())).game().squares();
            out.add(org.thordb.othello.Replay.replay(sq, Math.min(sq.length, 3 + rnd.nextInt(25)), null).finalPosition());
        }
        return out;
    }

    private static Map<org.thordb.othello.Position, org.thordb.explore.Exploration> explorations(Engine db,
            List<org.thordb.othello.Position> ps, org.thordb.explore.Explorer.Way way) {
        Map<org.thordb.othello.Position, org.thordb.explore.Exploration> out = new HashMap<>();
        org.thordb.explore.RowFigures columns = db.read(org.thordb.explore.RowFigures::of);
        for (org.thordb.othello.Position p : ps) {
            out.put(p, db.read(r -> org.thordb.explore.Explorer.explore(r, columns, p, "", way, 4096)));
        }
        return out;
    }

    /**
     * A store of schema 6 (position entries that do not say their games' next moves) is upgraded in
     * place: the explorer looks up each next move as before, verify counts the entries without moves
     * and finds no problem, and the next optimize writes every entry with its moves, after which the
     * explorer reads them. Every exploration is the one the records give (their games replayed). A
     * wrong move in a merged entry is then found by verify and repaired from the records.
     */
    @Test
    void aStoreOfSchemaSixGetsItsNextMovesFromTheNextMerge(Random rnd) throws Exception {
        Path files = tmp.resolve("files");
        List<Path> written = org.thordb.sample.SampleBase.write(files, "CLUB", 1990, 5, 700, 17L);
        Path last = written.stream().filter(f -> f.toString().endsWith(".wtb")).sorted().reduce((a, b) -> b).orElseThrow();
        Path first = java.nio.file.Files.createDirectories(tmp.resolve("first"));
        for (Path f : written) {
            if (!f.equals(last)) {
                java.nio.file.Files.createSymbolicLink(first.resolve(f.getFileName()), f);
            }
        }
        PlainScan scan = new PlainScan(files);
        List<org.thordb.othello.Position> ps = explored(scan, rnd);
        Path dir = tmp.resolve("db");
        Map<org.thordb.othello.Position, org.thordb.explore.Exploration> want;
        try (Engine db = Engine.open(dir)) {
            db.importFiles(List.of(first), Importer.Options.defaults(), m -> { });
            db.optimize(false, m -> { }); // four years merged, the fifth imported after: both kinds of entry
            db.importFiles(List.of(last), Importer.Options.defaults(), m -> { });
            want = explorations(db, ps, org.thordb.explore.Explorer.Way.GAMES); // from the records
            assertEquals(want, explorations(db, ps, org.thordb.explore.Explorer.Way.ENTRIES));
        }
        assertTrue(OldStores.movesSaid(dir));
        assertTrue(OldStores.beforeSchemaSeven(dir) > 100);
        assertFalse(OldStores.movesSaid(dir));
        try (Engine db = Engine.open(dir)) {
            assertEquals(Catalog.SCHEMA_VERSION, db.read(r -> Catalog.schema(r.meta(Catalog.SCHEMA_KEY))).version());
            assertTrue(db.<Boolean>read(r -> r.positionByNextMove(org.thordb.othello.Position.afterLine("f5d6")) == null),
                    "entries written before say no move");
            assertEquals(want, explorations(db, ps, org.thordb.explore.Explorer.Way.CHEAPEST));
            assertEquals(want, explorations(db, ps, org.thordb.explore.Explorer.Way.ENTRIES), "the lookups answer instead");
            List<String> said = new ArrayList<>();
            assertEquals(0, db.verify(false, said::add).problems(), said.toString());
            assertTrue(said.stream().anyMatch(m -> m.contains("do not say their next moves yet")), said.toString());
            OptimizeRealTest.checkAgainstReplay(db, scan, 6);
            db.optimize(false, m -> { });
        }
        assertTrue(OldStores.movesSaid(dir), "the merge wrote every position entry with its games' next moves");
        try (Engine db = Engine.open(dir)) {
            for (org.thordb.othello.Position p : ps) {
                assertTrue(db.<Boolean>read(r -> r.positionByNextMove(p) != null), p.toBoardString());
            }
            assertEquals(want, explorations(db, ps, org.thordb.explore.Explorer.Way.ENTRIES));
            assertEquals(want, explorations(db, ps, org.thordb.explore.Explorer.Way.CHEAPEST));
            List<String> said = new ArrayList<>();
            assertEquals(0, db.verify(false, said::add).problems(), said.toString());
            assertFalse(said.stream().anyMatch(m -> m.contains("do not say their next moves yet")), said.toString());
            OptimizeRealTest.checkAgainstReplay(db, scan, 7);
        }
        // one game of a merged entry said to have played another move
        try (Store s = RocksStore.open(dir)) {
            byte[][] entry = {null, null};
            try (Store.View v = s.view()) {
                v.scan(Store.Space.POSITIONS, new byte[0], null, (k, val) -> {
                    if (MergeGroup.isGroupSuffix(Keys.getU32(k, k.length - 4)) && !org.thordb.index.PositionKeys.isMovesKey(k)
                            && org.thordb.index.Postings.cardinality(val, val.length) > 50) {
                        entry[0] = k;
                        entry[1] = val;
                        return false;
                    }
                    return true;
                });
            }
            List<int[]> games = new ArrayList<>();
            byte[] apart;
            try (Store.View v = s.view()) {
                apart = v.get(Store.Space.POSITIONS, org.thordb.index.PositionKeys.movesKey(entry[0]));
            }
            org.thordb.index.Postings.forEachMove(entry[1], entry[1].length, apart, (id, move) -> games.add(new int[] {id, move}));
            int[] ids = games.stream().mapToInt(g -> g[0]).toArray();
            byte[] moves = new byte[ids.length];
            for (int i = 0; i < ids.length; i++) {
                moves[i] = (byte) games.get(i)[1];
            }
            moves[1] = (byte) (moves[1] == org.thordb.index.Postings.END ? 0 : org.thordb.index.Postings.END);
            try (Store.Batch b = s.batch()) {
                org.thordb.index.Postings.WithMoves e = org.thordb.index.Postings.encodeWithMoves(ids, moves, ids.length);
                b.put(Store.Space.POSITIONS, entry[0], e.value());
                if (e.apart() != null) {
                    b.put(Store.Space.POSITIONS, org.thordb.index.PositionKeys.movesKey(entry[0]), e.apart());
                }
                b.commit();
            }
        }
        try (Engine db = Engine.open(dir)) {
            List<String> said = new ArrayList<>();
            assertEquals(1, db.verify(false, said::add).problems(), said.toString());
            assertTrue(said.stream().anyMatch(m -> m.startsWith("positions: the next moves the entries of ")), said.toString());
            assertTrue(db.verify(true, m -> { }).repaired() > 0);
            assertEquals(0, db.verify(false, m -> { }).problems());
            assertEquals(want, explorations(db, ps, org.thordb.explore.Explorer.Way.ENTRIES));
            db.optimize(false, m -> { });
            assertEquals(0, db.verify(false, m -> { }).problems());
            assertEquals(want, explorations(db, ps, org.thordb.explore.Explorer.Way.CHEAPEST));
        }
        // a big entry's moves key lost
        try (Store s = RocksStore.open(dir)) {
            byte[][] moves = {null};
            try (Store.View v = s.view()) {
                v.scan(Store.Space.POSITIONS, new byte[0], null, (k, val) -> {
                    moves[0] = org.thordb.index.PositionKeys.isMovesKey(k) ? k : null;
                    return moves[0] == null;
                });
            }
            try (Store.Batch b = s.batch()) {
                b.delete(Store.Space.POSITIONS, moves[0]);
                b.commit();
            }
        }
        try (Engine db = Engine.open(dir)) {
            List<String> said = new ArrayList<>();
            assertTrue(db.verify(false, said::add).problems() >= 1, said.toString());
            assertTrue(said.stream().anyMatch(m -> m.contains("which is missing")), said.toString());
            assertEquals(want, explorations(db, ps, org.thordb.explore.Explorer.Way.CHEAPEST), "the lookups answer instead");
        }
    }

    @Test
    void damagedMergedEntriesAreFoundAndRepairedFromTheRecords() throws Exception {
        Path files = tmp.resolve("files");
        org.thordb.sample.SampleBase.write(files, "CLUB", 1980, 6, 800, 12L);
        PlainScan scan = new PlainScan(files);
        Path dir = tmp.resolve("db");
        Map<String, Long> want;
        try (Engine db = Engine.open(dir)) {
            db.importFiles(List.of(files), Importer.Options.defaults(), m -> { });
            want = answers(db);
            db.optimize(false, m -> { });
        }
        // the merged DRAW entry loses its value, and one merged fingerprint block its last entry
        try (Store s = RocksStore.open(dir)) {
            byte[][] draw = {null};
            byte[][] block = {null, null};
            try (Store.View v = s.view()) {
                v.scanPrefix(Store.Space.TERMS, new byte[] {Field.RESULT.code(), 2}, (k, val) -> {
                    draw[0] = k;
                    return false;
                });
                v.scan(Store.Space.FINGERPRINTS, new byte[0], null, (k, val) -> {
                    if (MergeGroup.isGroupSuffix(Keys.getU32(k, k.length - 4)) && (Keys.getU32(val, 4) & 0x7fffffff) > 3) {
                        block[0] = k;
                        block[1] = val;
                        return false;
                    }
                    return true;
                });
            }
            assertTrue(MergeGroup.isGroupSuffix(Keys.getU32(draw[0], draw[0].length - 4)));
            try (Store.Batch b = s.batch()) {
                b.delete(Store.Space.TERMS, draw[0]);
                byte[] v = block[1];
                List<Long> entries = new ArrayList<>();
                org.thordb.index.FingerprintBlock.forEach(v, v.length, (fp, local) -> entries.add((long) fp << 32 | local));
                long[] kept = entries.subList(0, entries.size() - 1).stream().mapToLong(Long::longValue).toArray();
                byte[] shorter = org.thordb.index.FingerprintBlock.encodeMerged(kept, 0, kept.length, Keys.getU32(v, 0),
                        org.thordb.index.FingerprintBlock.mergedFirstId(v), org.thordb.index.FingerprintBlock.mergedHashBits(v));
                b.put(Store.Space.FINGERPRINTS, block[0], shorter);
                b.commit();
            }
        }
        try (Engine db = Engine.open(dir)) {
            assertNotEquals(want.get("result = draw"), Games.count(db, "result = draw"));
            List<String> said = new ArrayList<>();
            assertTrue(db.verify(false, said::add).problems() >= 2, said.toString());
            assertTrue(said.stream().anyMatch(m -> m.startsWith("terms: the merged entries of ")), said.toString());
            assertTrue(said.stream().anyMatch(m -> m.startsWith("fingerprints: the merged entries of ")), said.toString());
            said.clear();
            assertTrue(db.verify(true, said::add).repaired() > 0, said.toString());
            assertTrue(db.catalog().groups().isEmpty(), "the repair wrote every file's entries again, unmerged");
            assertEquals(0, db.verify(false, m -> { }).problems());
            assertEquals(want, answers(db));
            OptimizeRealTest.checkAgainstReplay(db, scan, 5);
            db.optimize(false, m -> { });
            assertEquals(0, db.verify(false, m -> { }).problems());
            assertEquals(want, answers(db));
        }
    }

    @Test
    void theExplorersBookAnswersAsTheGamesDoUntilAnImport(Random rnd) throws Exception {
        Path files = tmp.resolve("files");
        List<Path> written = org.thordb.sample.SampleBase.write(files, "CLUB", 1990, 12, 1500, 31L);
        Path last = written.stream().filter(f -> f.toString().endsWith("2001.wtb")).findFirst().orElseThrow();
        java.nio.file.Path later = tmp.resolve("later").resolve(last.getFileName());
        java.nio.file.Files.createDirectories(later.getParent());
        java.nio.file.Files.move(last, later);
        List<org.thordb.othello.Position> booked;
        try (Engine db = Engine.open(tmp.resolve("db"))) {
            db.importFiles(List.of(files), Importer.Options.defaults(), m -> { });
            org.thordb.ingest.Optimizer.Report r = db.optimize(false, 400, m -> { });
            assertTrue(r.bookPositions() >= 10, r.toString());
            booked = bookPositions(tmp.resolve("db"), db);
            assertEquals(r.bookPositions(), booked.size());
            org.thordb.othello.Symmetry[] turns = org.thordb.othello.Symmetry.values();
            for (org.thordb.othello.Position c : booked) {
                org.thordb.othello.Position asked = c.transform(turns[rnd.nextInt(turns.length)]);
                org.thordb.explore.Exploration fromBook = db.read(x -> org.thordb.explore.ExplorationBook.lookup(x, asked));
                assertTrue(fromBook != null && fromBook.total() >= 400, asked.toBoardString());
                // the same rows as the games replayed one by one, in the orientation asked
                org.thordb.explore.Exploration replayed = db.read(x -> org.thordb.explore.Explorer.explore(x,
                        org.thordb.explore.RowFigures.of(x), asked, "", org.thordb.explore.Explorer.Way.GAMES, 1));
                assertEquals(replayed, fromBook, asked.toBoardString());
                assertEquals(replayed, Explore.exploration(db, asked, ""));
            }
            assertEquals(18_000 - 1500, Explore.exploration(db, org.thordb.othello.Position.start(), "").total());
            List<String> said = new ArrayList<>();
            assertEquals(0, db.verify(false, said::add).problems(), said.toString());

            // an entry that lies is found and deleted by the repair
            byte[] key = org.thordb.explore.ExplorationBook.key(booked.get(1));
            db.close();
            try (Store s = RocksStore.open(tmp.resolve("db"))) {
                byte[] v;
                try (Store.View view = s.view()) {
                    v = view.get(Store.Space.META, key);
                }
                v[8 + 8 + 56 + 4 + 17 + 7] ^= 1; // the low byte of the first row's games
                try (Store.Batch b = s.batch()) {
                    b.put(Store.Space.META, key, v);
                    b.commit();
                }
            }
        }
        try (Engine db = Engine.open(tmp.resolve("db"))) {
            List<String> said = new ArrayList<>();
            assertEquals(1, db.verify(true, said::add).problems(), said.toString());
            assertTrue(said.stream().anyMatch(m -> m.startsWith("meta: the explorer's book says of ")), said.toString());
            assertTrue(said.stream().anyMatch(m -> m.startsWith("repaired: the explorer's book made again from the records")),
                    said.toString());
            assertEquals(0, db.verify(false, m -> { }).problems());
            org.thordb.othello.Position mended = booked.get(1);
            org.thordb.explore.Exploration fromBook = db.read(x -> org.thordb.explore.ExplorationBook.lookup(x, mended));
            assertTrue(fromBook != null, "the lying entry is made again, not only deleted");
            assertEquals(db.read(x -> org.thordb.explore.Explorer.explore(x, mended, "")).total(), fromBook.total());
            // after an import the book is not used, and the next optimize makes it again
            db.importFiles(List.of(later), Importer.Options.defaults(), m -> { });
            boolean none = db.read(x -> org.thordb.explore.ExplorationBook.lookup(x, org.thordb.othello.Position.start()) == null);
            assertTrue(none, "the book made before the import is not used");
            assertEquals(18_000, Explore.exploration(db, org.thordb.othello.Position.start(), "").total());
            said.clear();
            assertEquals(0, db.verify(false, said::add).problems(), said.toString());
            assertTrue(said.stream().anyMatch(m -> m.contains("worked out before the last import")), said.toString());
            assertTrue(db.optimize(false, 400, m -> { }).bookPositions() > 0);
            assertEquals(18_000, db.read(x -> org.thordb.explore.ExplorationBook.lookup(x,
                    org.thordb.othello.Position.start())).total());
        }
    }

    private static List<org.thordb.othello.Position> bookPositions(Path dir, Engine db) {
        List<org.thordb.othello.Position> out = new ArrayList<>();
        try (Store s = RocksStore.openReadOnly(dir); Store.View v = s.view()) {
            v.scanPrefix(Store.Space.META, org.thordb.explore.ExplorationBook.PREFIX, (k, val) -> {
                out.add(org.thordb.index.PositionKeys.position(k, org.thordb.explore.ExplorationBook.PREFIX.length));
                return true;
            });
        }
        return out;
    }

    @Test
    void aBaseRemovedAfterTheMergeIsGoneFromEveryAnswerAndTheNextMergeDropsItsIds() throws Exception {
        Path club = tmp.resolve("club");
        Path open = tmp.resolve("open");
        org.thordb.sample.SampleBase.write(club, "CLUB", 2000, 3, 700, 41L);
        org.thordb.sample.SampleBase.write(open, "OPEN", 2001, 2, 500, 42L);
        PlainScan scan = new PlainScan(club);
        try (Engine db = Engine.open(tmp.resolve("db"))) {
            db.importFiles(List.of(club, open), Importer.Options.defaults(), m -> { });
            Map<String, Long> alone;
            try (Engine other = Engine.open(tmp.resolve("club-alone"))) {
                other.importFiles(List.of(club), Importer.Options.defaults(), m -> { });
                alone = answers(other);
            }
            db.optimize(false, m -> { });
            Engine.Removal removed = db.removeBase("OPEN"); // verified after it: the stale ids are no problem
            assertEquals(1000, removed.games());
            assertTrue(db.catalog().staleIds());
            assertEquals(alone, answers(db));
            assertEquals(2100, Games.count(db, ""));
            OptimizeRealTest.checkAgainstReplay(db, scan, 7);
            org.thordb.ingest.Optimizer.Report r = db.optimize(false, m -> { });
            assertTrue(r.staleIds() > 0, r.toString());
            assertFalse(db.catalog().staleIds());
            assertEquals(alone, answers(db));
            assertEquals(0, db.verify(false, m -> { }).problems());
            OptimizeRealTest.checkAgainstReplay(db, scan, 8);
        }
    }

    @Test
    void aStoreOfSchemaFourHasItsPlainBlocksReadAsTheyAreThenPackedByTheNextMerge(Random rnd) throws Exception {
        Path files = tmp.resolve("files");
        List<Path> wtb = org.thordb.sample.SampleBase.write(files, "CLUB", 1990, 5, 600, 9L).stream()
                .filter(f -> f.toString().endsWith(".wtb")).sorted().toList();
        Path dir = tmp.resolve("db");
        Map<String, Long> want;
        try (Engine db = Engine.open(dir)) {
            db.importFiles(wtb.subList(0, 4), Importer.Options.defaults(), m -> { });
            db.optimize(false, m -> { });
            db.importFiles(wtb.subList(4, 5), Importer.Options.defaults(), m -> { }); // blocks of its own, unmerged
            want = answers(db);
            fullBits = fingerprints(db);
        }
        int plain = toPlainLayout(dir, rnd);
        assertTrue(plain > 1000, plain + " blocks");
        OldStores.beforeSchemaSix(dir, 4);
        PlainScan scan = new PlainScan(files);
        try (Engine db = Engine.open(dir)) {
            assertEquals(want, answers(db));
            OptimizeRealTest.checkAgainstReplay(db, scan, 41);
            assertEquals(0, db.verify(false, m -> { }).problems());
        }
        assertEquals(Catalog.SCHEMA_VERSION, schemaVersion(dir));
        assertEquals(plain, blocks(dir, false), "the upgrade rewrites nothing");
        try (Engine db = Engine.open(dir)) {
            org.thordb.ingest.Optimizer.Report r = db.optimize(false, m -> { });
            assertFalse(r.alreadyMerged());
            assertEquals(want, answers(db));
            OptimizeRealTest.checkAgainstReplay(db, scan, 42);
            assertEquals(0, db.verify(false, m -> { }).problems());
            assertTrue(db.optimize(false, m -> { }).alreadyMerged()); // packed now: nothing left to do
        }
        assertEquals(0, blocks(dir, false), "plain blocks left after the merge");
        assertTrue(blocks(dir, true) > 100);
    }

    /**
     * The low 24 bits of the hash of every position of every game, by the game's id, the hash's
     * top 12 bits and the 14 bits a block keeps: a block of schema 4 held all 24, and reads 17 of
     * them, 3 more than a block written now keeps.
     */
    private static Map<Long, List<Integer>> fingerprints(Engine db) {
        Map<Long, List<Integer>> out = new HashMap<>();
        for (org.thordb.engine.StoredGame g : Games.of(db, db.read(r -> r.all()))) {
            org.thordb.othello.Replay.replay(g.record68().squares(), (ply, p) -> {
                org.thordb.othello.Position c = p.canonical();
                long h = org.thordb.index.PositionHash.DEFAULT.hash(c.black(), c.white(),
                        org.thordb.index.PositionKeys.sideCode(c.toMove()));
                // two positions of a game may share these bits: each gets one of the block's entries
                out.computeIfAbsent(fullKey(g.id(), (int) (h >>> 52), org.thordb.index.FingerprintBlock.comparable((int) h & 0xffffff)),
                        x -> new ArrayList<>()).add((int) h & 0xffffff);
            });
        }
        return out;
    }

    private static long fullKey(int id, int top12, int fp14) {
        return (long) id << 36 | (long) top12 << 24 | fp14;
    }

    /** The positions' fingerprints whole ({@link #fingerprints}), for the plain blocks. */
    private Map<Long, List<Integer>> fullBits;

    /**
     * Rewrites every fingerprint block in the plain layout thordb wrote before schema 5: the
     * fingerprints as u24 (the bits a block of now drops taken from the positions' hashes, the 7
     * no block reads made up at random, as a real schema-4 block holds bits thordb no longer
     * reads), then the numbers as u16, u24 or u32.
     */
    private int toPlainLayout(Path dir, Random rnd) {
        Map<Integer, Integer> firstIds = new HashMap<>();
        try (Engine db = Engine.open(dir)) {
            db.catalog().gameFiles().forEach(f -> firstIds.put(f.segment(), f.firstId()));
        }
        int[] n = {0};
        try (Store s = RocksStore.open(dir)) {
            List<byte[]> keys = new ArrayList<>();
            List<byte[]> values = new ArrayList<>();
            try (Store.View v = s.view()) {
                v.scan(Store.Space.FINGERPRINTS, new byte[0], null, (k, val) -> {
                    boolean merged = org.thordb.index.FingerprintBlock.isMerged(val);
                    int header = merged ? 13 : 8;
                    int bits = merged ? k[0] - org.thordb.index.FingerprintBlock.MERGED_MARK : k[0];
                    int top12 = ((k[1] & 0xff) << 16 | (k[2] & 0xff) << 8 | (k[3] & 0xff)) >>> (bits - 12);
                    int first = merged ? org.thordb.index.FingerprintBlock.mergedFirstId(val) : firstIds.get(Keys.getU32(val, 0));
                    List<long[]> entries = new ArrayList<>();
                    org.thordb.index.FingerprintBlock.forEach(val, val.length, (fp, local) -> {
                        List<Integer> whole = fullBits.get(fullKey(first + local, top12, org.thordb.index.FingerprintBlock.comparable(fp)));
                        assertTrue(whole != null && !whole.isEmpty(), "a block's entry is a position of its game");
                        entries.add(new long[] {whole.remove(whole.size() - 1) & ~0x7f | rnd.nextInt(0x80), local});
                    });
                    entries.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
                    long max = entries.stream().mapToLong(e -> e[1]).max().orElse(0);
                    int width = merged ? (max < 1 << 24 ? 3 : 4) : (max < 1 << 16 ? 2 : 3);
                    byte[] plain = new byte[header + (3 + width) * entries.size()];
                    System.arraycopy(val, 0, plain, 0, header);
                    Keys.putU32(plain, 4, entries.size());
                    for (int i = 0; i < entries.size(); i++) {
                        long fp = entries.get(i)[0];
                        long local = entries.get(i)[1];
                        int o = header + 3 * i;
                        plain[o] = (byte) (fp >>> 16);
                        plain[o + 1] = (byte) (fp >>> 8);
                        plain[o + 2] = (byte) fp;
                        o = header + 3 * entries.size() + width * i;
                        for (int j = width - 1; j >= 0; j--) {
                            plain[o++] = (byte) (local >>> (8 * j));
                        }
                    }
                    keys.add(k);
                    values.add(plain);
                    return true;
                });
            }
            try (Store.Batch b = s.batch()) {
                for (int i = 0; i < keys.size(); i++) {
                    b.put(Store.Space.FINGERPRINTS, keys.get(i), values.get(i));
                    n[0]++;
                }
                b.commit();
            }
        }
        return n[0];
    }

    /** The fingerprint blocks of a store, packed or in the plain layout. */
    private static int blocks(Path dir, boolean packed) {
        int[] n = {0};
        try (Store s = RocksStore.open(dir); Store.View v = s.view()) {
            v.scan(Store.Space.FINGERPRINTS, new byte[0], null, (k, val) -> {
                n[0] += org.thordb.index.FingerprintBlock.isPacked(val) == packed ? 1 : 0;
                return true;
            });
        }
        return n[0];
    }

    private static int schemaVersion(Path dir) {
        try (Store s = RocksStore.open(dir); Store.View v = s.view()) {
            return Catalog.schema(v.get(Store.Space.META, Catalog.SCHEMA_KEY)).version();
        }
    }
}
