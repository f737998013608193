package org.thordb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.engine.Engine;
import org.thordb.explore.MoveValues;
import org.thordb.explore.ValueBook;
import org.thordb.ingest.Importer;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.othello.Side;
import org.thordb.othello.Symmetry;
import org.thordb.sample.SampleBase;
import org.thordb.solve.Estimator;
import org.thordb.store.Store;
import org.thordb.usecase.Explore;
import org.thordb.wthor.WthorGame;
import org.thordb.wthor.WthorReader;

/**
 * The store's value book ({@link ValueBook}): {@code optimize} keeps the explorer's estimates of
 * the positions at least {@link ValueBook#DEFAULT_FROM} games reach, and an exploration read from
 * it gives what searching the position again gives, in every orientation. The positions are
 * checked against a plain replay of the games; an entry searched under another stamp is not used.
 */
@org.thordb.testing.FullTier
class ValueBookTest {
    @TempDir
    Path tmp;

    @Test
    void optimizeKeepsTheEstimatesASearchGivesForThePositionsMostGamesReach() throws Exception {
        Path files = tmp.resolve("files");
        List<Path> written = SampleBase.write(files, "CLUB", 2001, 2, 1600, 17L);
        Path dir = tmp.resolve("db");
        // the positions (up to symmetry) the games reach, counted by a plain replay of every game
        Map<Position, Integer> reached = new HashMap<>();
        for (Path f : written) {
            if (f.getFileName().toString().endsWith(".wtb")) {
                count(f, reached);
            }
        }
        List<Position> expected = new ArrayList<>();
        reached.forEach((c, n) -> {
            if (n >= ValueBook.DEFAULT_FROM && 64 - c.discs() > Explore.Settings.DEFAULT.exactEmpties() && c.legalMoves() != 0) {
                expected.add(c);
            }
        });
        assertTrue(expected.size() >= 2, "the sample base reaches some positions often enough: " + expected.size());

        try (Engine db = Engine.open(dir)) {
            db.importFiles(written, Importer.Options.defaults(), m -> { });
            List<String> said = new ArrayList<>();
            org.thordb.ingest.Optimizer.Report made = db.optimize(true, m -> said.add(m));
            assertEquals(expected.size(), made.valuePositions(), made.toString());
            assertEquals(expected.size(), made.valuesSearched(), made.toString());
            TreeSet<String> booked = new TreeSet<>();
            try (org.thordb.store.RocksStore ro = org.thordb.store.RocksStore.openReadOnly(dir); Store.View v = ro.view()) {
                v.scanPrefix(Store.Space.META, ValueBook.PREFIX, (k, val) -> booked.add(java.util.HexFormat.of().formatHex(k)));
            }
            TreeSet<String> want = new TreeSet<>();
            expected.forEach(c -> want.add(java.util.HexFormat.of().formatHex(ValueBook.key(c))));
            assertEquals(want, booked, "the book holds the positions the games reach often enough, no other");

            // read from the book, in each orientation: what a search gives
            for (Position c : expected) {
                for (Symmetry s : List.of(Symmetry.IDENTITY, Symmetry.ROTATE_90)) {
                    Position p = c.transform(s);
                    Estimator.forget();
                    assertTrue(Boolean.TRUE.equals(db.read(r -> ValueBook.load(r, p))), "kept: " + p.toBoardString());
                    MoveValues fromBook = Explore.values(p, Explore.Settings.DEFAULT);
                    Estimator.forget();
                    MoveValues searched = Explore.values(p, Explore.Settings.DEFAULT);
                    assertEquals(searched.values(), fromBook.values(), p.toBoardString());
                    assertEquals(List.copyOf(searched.values().keySet()), List.copyOf(fromBook.values().keySet()), "the order too");
                    assertEquals(searched.depth(), fromBook.depth());
                    assertEquals(searched.exact(), fromBook.exact());
                    assertEquals(searched.lines(), fromBook.lines());
                    assertFalse(fromBook.values().isEmpty());
                }
            }
            // the explorer's answer through the use case takes them from the book: it is cheap before any search
            Estimator.forget();
            Position f5 = Position.start().play(Notation.F5);
            assertTrue(Explore.cheap(db, f5, Explore.Settings.DEFAULT));
            assertNotNull(Explore.of(db, f5, "", Explore.Settings.DEFAULT).values().best());

            // a second optimize finds the book made by this same search from the same files: left as it is
            assertEquals(0, db.optimize(true, m -> { }).valuePositions());

            // after an import, only the positions new to the book are searched: an estimate depends on its position alone
            List<Path> more = SampleBase.write(tmp.resolve("more"), "MORE", 2003, 1, 1600, 23L);
            db.importFiles(more, Importer.Options.defaults(), m -> { });
            for (Path f : more) {
                if (f.getFileName().toString().endsWith(".wtb")) {
                    count(f, reached);
                }
            }
            List<Position> after = new ArrayList<>();
            reached.forEach((c, n) -> {
                if (n >= ValueBook.DEFAULT_FROM && 64 - c.discs() > Explore.Settings.DEFAULT.exactEmpties() && c.legalMoves() != 0) {
                    after.add(c);
                }
            });
            long fresh = after.stream().filter(c -> !expected.contains(c)).count();
            org.thordb.ingest.Optimizer.Report again = db.optimize(true, m -> { });
            assertEquals(after.size(), again.valuePositions(), again.toString());
            assertEquals(fresh, again.valuesSearched(), again.toString());

        }
        // an entry searched under another stamp (another evaluation or search) is not used
        byte[] key = ValueBook.key(expected.get(0));
        try (org.thordb.store.RocksStore s = org.thordb.store.RocksStore.open(dir)) {
            byte[] value;
            try (Store.View v = s.view()) {
                value = v.get(Store.Space.META, key);
            }
            value[0] ^= 0x55;
            try (Store.Batch b = s.batch()) {
                b.put(Store.Space.META, key, value);
                b.commit();
            }
        }
        try (Engine db = Engine.openReadOnly(dir)) {
            Estimator.forget();
            Position c = expected.get(0);
            assertEquals(Boolean.FALSE, db.read(r -> ValueBook.load(r, c)), "another stamp: searched again, not read");
            assertEquals(ValueBook.Check.OLD, ValueBook.check(ValueBook.key(c), db.read(r -> r.meta(ValueBook.key(c)))));
            Position other = expected.get(1);
            assertEquals(ValueBook.Check.SAME, ValueBook.check(ValueBook.key(other), db.read(r -> r.meta(ValueBook.key(other)))));
        }
        // verify: the old entry is noted, not a problem; an entry that does not decode is one, and a repair deletes it
        byte[] broken = ValueBook.key(expected.get(1));
        try (org.thordb.store.RocksStore s = org.thordb.store.RocksStore.open(dir)) {
            byte[] value;
            try (Store.View v = s.view()) {
                value = v.get(Store.Space.META, broken);
            }
            try (Store.Batch b = s.batch()) {
                b.put(Store.Space.META, broken, java.util.Arrays.copyOf(value, value.length - 3)); // cut short
                b.commit();
            }
        }
        try (Engine db = Engine.open(dir)) {
            List<String> said = new ArrayList<>();
            long problems = db.verify(false, said::add).problems();
            assertEquals(1, problems, said.toString());
            assertTrue(said.stream().anyMatch(m -> m.startsWith("meta: the value book's entry ")), said.toString());
            assertTrue(said.contains("1 positions of the value book were searched by another thordb and are not used"
                    + " (thordb optimize searches them again)"), said.toString());
            said.clear();
            db.verify(true, said::add);
            assertTrue(said.contains("repaired: 1 entries of the value book deleted; thordb optimize searches their positions"
                    + " again"), said.toString());
            assertTrue(db.read(r -> r.meta(broken)) == null, "deleted");
            said.clear();
            assertEquals(0, db.verify(false, said::add).problems(), said.toString());
            assertEquals(2, db.optimize(true, m -> { }).valuesSearched(), "the deleted entry and the old one searched again");
        }
    }

    /** Adds each position (up to symmetry) a file's games reach to {@code reached}, once a game: a plain replay. */
    private static void count(Path f, Map<Position, Integer> reached) {
        try (WthorReader r = WthorReader.open(f)) {
            for (WthorGame g : r.games()) {
                Position p = Position.start();
                java.util.Set<Position> seen = new java.util.HashSet<>();
                seen.add(p.canonical());
                for (int sq : g.squares()) {
                    if (p.toMove() == Side.NONE || !p.isLegal(sq)) {
                        break;
                    }
                    p = p.play(sq);
                    seen.add(p.canonical());
                }
                seen.forEach(c -> reached.merge(c, 1, Integer::sum));
            }
        }
    }
}
