package org.thordb.cli;

import org.thordb.usecase.Games;
import org.thordb.engine.Engine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.thordb.sample.SampleBase;
import org.thordb.store.RocksStore;
import org.thordb.store.Store;
import org.thordb.testing.Folders;

/**
 * Bytes flipped in a table file of a family that derives from the records (terms, positions,
 * fingerprints): {@code verify --db} names the damaged family, and {@code verify --db --repair}
 * drops it whole and writes every entry again from the records, after which the store is sound and
 * answers as before. Damage to the records themselves is said to be beyond repair, without advice
 * that sends the user back to verify.
 */
@org.thordb.testing.FullTier
class DamagedFamilyRepairTest {
    @TempDir
    Path tmp;

    private static final String[] QUERIES = {"year >= 2002", "player ~ \"a\"", "opening = f5d6", "opening = f5f6e6f4",
        "position = f5d6c3d3c4", "position = f5f6e6f4e3", "result = draw and year = 2003", "moves < 60"};

    private Path store() {
        Path files = tmp.resolve("files");
        SampleBase.write(files, "CLUB", 2001, 4, 1500, 31L);
        Path db = tmp.resolve("db");
        assertEquals(0, CommandsTest.run("import", "--db", db.toString(), "--no-progress", files.toString()).status());
        return db;
    }

    private static List<Long> answers(Path db) {
        List<Long> out = new ArrayList<>();
        try (Engine d = Engine.openReadOnly(db)) {
            for (String q : QUERIES) {
                out.add(Games.count(d, q));
            }
        }
        return out;
    }

    /**
     * Flips 64 bytes a third of the way into the family's largest table file: a data block, not the
     * footer. The files are listed on a read-only open: a writable one may start a compaction that
     * replaces the listed file by the time it is damaged (under load it did, and the damage went to a
     * file no longer in the store).
     */
    static void flip(Path db, Store.Space space) throws IOException {
        Map<Store.Space, List<String>> files;
        try (RocksStore s = RocksStore.openReadOnly(db)) {
            files = s.tableFiles();
        }
        Path biggest = files.get(space).stream().map(db::resolve).max(Comparator.comparingLong(p -> {
            try {
                return Files.size(p);
            } catch (IOException e) {
                return 0L;
            }
        })).orElseThrow();
        assertTrue(Files.isRegularFile(biggest), biggest + " is listed but not there");
        try (RandomAccessFile f = new RandomAccessFile(biggest.toFile(), "rw")) {
            long at = f.length() / 3;
            for (int i = 0; i < 64; i++) {
                f.seek(at + i);
                int b = f.read();
                f.seek(at + i);
                f.write(b ^ 0x5A);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = Store.Space.class, names = {"TERMS", "POSITIONS", "FINGERPRINTS"})
    void aFamilyWhoseBytesAreFlippedIsRebuiltFromTheRecords(Store.Space space) throws IOException {
        Path db = store();
        List<Long> before = answers(db);
        flip(db, space);

        CommandsTest.Run check = CommandsTest.run("verify", "--db", db.toString());
        assertEquals(1, check.status(), check.out() + check.err());
        assertTrue(check.out().contains(space.familyName() + ": the family's bytes are damaged"), check.out() + check.err());
        assertTrue(check.out().contains("--repair drops it and writes every entry again from the records"), check.out());
        assertFalse(check.out().contains("run 'thordb verify"), "no advice to run the command that gave it: " + check.out());
        assertTrue(check.out().matches("(?s).*block checksum mismatch: .* in .*/\\d+\\.sst offset \\d+ size \\d+.*"),
                "RocksDB's message whole, with the file it names: " + check.out());

        CommandsTest.Run repair = CommandsTest.run("verify", "--db", db.toString(), "--repair");
        assertEquals(0, repair.status(), repair.out() + repair.err());
        assertTrue(repair.out().contains("repaired: " + space.familyName() + " dropped whole"), repair.out());

        CommandsTest.Run after = CommandsTest.run("verify", "--db", db.toString());
        assertEquals(0, after.status(), after.out() + after.err());
        assertEquals(before, answers(db), "the rebuilt family answers as the original did");
    }

    @ParameterizedTest
    @EnumSource(value = Store.Space.class, names = {"GAMES"})
    void damagedRecordsAreSaidToBeBeyondRepairWithoutLoopingAdvice(Store.Space space) throws IOException {
        Path db = store();
        flip(db, space);
        // serve reads every game as it starts: the damage is said as the store's, not as "cannot listen"
        CommandsTest.Run serve = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(60),
                () -> CommandsTest.run("serve", "--db", db.toString(), "--port", "0"));
        assertEquals(2, serve.status(), serve.out() + serve.err());
        assertTrue(serve.err().contains("the store is damaged: block checksum mismatch"), serve.err());
        assertFalse(serve.err().contains("cannot listen"), serve.err());
        CommandsTest.Run repair = CommandsTest.run("verify", "--db", db.toString(), "--repair");
        assertTrue(repair.status() != 0, repair.out() + repair.err());
        String said = repair.out() + repair.err();
        assertTrue(said.contains("restore the store from a copy, or import its files again into a new store"), said);
        assertFalse(said.contains("run 'thordb verify"), said);
        Folders.delete(db);
    }
}
