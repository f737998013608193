package org.thordb;

import org.thordb.usecase.Explore;
import org.thordb.usecase.Games;
import org.thordb.engine.Engine;
import org.thordb.engine.StoredGame;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.ingest.Importer;
import org.thordb.othello.Position;
import org.thordb.sample.SampleBase;
import org.thordb.store.Catalog;
import org.thordb.store.RocksStore;
import org.thordb.store.Store;

/**
 * Store errors a caller handles differently come with different codes: a store in use (LOCKED), a
 * damaged one (CORRUPT, naming the family), a write to a read-only one (READ_ONLY), another schema
 * (SCHEMA) — never one mistaken for another, and never a JDK exception from a decoder.
 */
class StoreErrorsTest {
    @TempDir
    Path tmp;
    private Path dbDir;

    @BeforeEach
    void store() {
        Path files = tmp.resolve("files");
        SampleBase.write(files, "CLUB", 2001, 2, 400, 12L);
        dbDir = tmp.resolve("db");
        try (Engine db = Engine.open(dbDir)) {
            db.importFiles(List.of(files), Importer.Options.defaults(), m -> { });
        }
    }

    private static ThorDbException fails(ErrorCode code, Executable call) {
        ThorDbException e = assertThrows(ThorDbException.class, call);
        assertEquals(code, e.code(), e.getMessage());
        assertTrue(!e.getMessage().contains("\n"), "one line: " + e.getMessage());
        return e;
    }

    @Test
    void aStoreOpenTwiceInOneProcessIsLockedAndSaysByThisProcess() {
        try (Engine db = Engine.open(dbDir)) {
            ThorDbException e = fails(ErrorCode.LOCKED, () -> Engine.open(dbDir));
            assertEquals(dbDir + ": the store is open already in this process (share that ThorDb, or close it first)",
                    e.getMessage());
            assertEquals(800, Games.count(db, "year >= 2001"), "the first one still reads");
        }
    }

    @Test
    void aWriteToAReadOnlyStoreIsReadOnly() {
        Path more = tmp.resolve("more");
        SampleBase.write(more, "CLUB", 2003, 1, 50, 13L);
        try (Engine db = Engine.openReadOnly(dbDir)) {
            fails(ErrorCode.READ_ONLY, () -> db.importFiles(List.of(more), Importer.Options.defaults(), m -> { }));
            assertEquals(800, Games.count(db, "year >= 2001"));
        }
    }

    @Test
    void anotherSchemaIsSchema() {
        try (Store s = RocksStore.open(dbDir); Store.Batch b = s.batch()) {
            b.put(Store.Space.META, Catalog.SCHEMA_KEY, Catalog.encode(new Catalog.Schema(1, 12, 6, 256, "splitmix64")));
            b.commit();
        }
        ThorDbException e = fails(ErrorCode.SCHEMA, () -> Engine.open(dbDir));
        assertTrue(e.getMessage().contains("schema"), e.getMessage());
    }

    @Test
    void aFileWhereAStoreShouldBeIsSaidToBeAFile() throws Exception {
        Path file = Files.writeString(tmp.resolve("passwd"), "root:x:0:0\n");
        assertEquals(file + ": this is a file, not a store folder", fails(ErrorCode.STORE, () -> Engine.open(file)).getMessage());
        fails(ErrorCode.STORE, () -> Engine.openReadOnly(file));
    }

    /** A value of each family overwritten with bytes that do not decode: CORRUPT, naming the family. */
    @Test
    void valuesThatDoNotDecodeAreCorruptNamingTheirFamily() {
        byte[][] keys = new byte[4][];
        byte[][] values = new byte[4][];
        Store.Space[] spaces = {Store.Space.GAMES, Store.Space.TERMS, Store.Space.POSITIONS, Store.Space.FINGERPRINTS};
        try (Store s = RocksStore.open(dbDir)) {
            try (Store.View v = s.view()) {
                for (int i = 0; i < spaces.length; i++) {
                    int at = i;
                    // TERMS: the result postings (field 5), read by result = black
                    byte[] from = spaces[i] == Store.Space.TERMS ? new byte[] {5} : new byte[0];
                    v.scan(spaces[i], from, null, (k, val) -> {
                        keys[at] = k;
                        values[at] = val;
                        return false;
                    });
                }
            }
            try (Store.Batch b = s.batch()) {
                for (int i = 0; i < spaces.length; i++) {
                    byte[] bad = {1, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f};
                    if (spaces[i] == Store.Space.FINGERPRINTS) { // a block leads with its segment: kept, so it is read
                        System.arraycopy(values[i], 0, bad, 0, 4);
                    }
                    b.put(spaces[i], keys[i], bad);
                }
                b.commit();
            }
        }
        try (Engine db = Engine.open(dbDir)) {
            String games = fails(ErrorCode.CORRUPT, () -> Games.of(db, Games.select(db, "id = 0"))).getMessage();
            assertTrue(games.contains("a value of the games family does not decode"), games);
            String terms = fails(ErrorCode.CORRUPT, () -> Games.count(db, "result = black")).getMessage();
            assertTrue(terms.contains("a value of the terms family does not decode"), terms);
            byte[] k = keys[2];
            Position damaged = Position.of(org.thordb.store.Keys.getU64(k, 0), org.thordb.store.Keys.getU64(k, 8),
                    k[16] == 0 ? org.thordb.othello.Side.BLACK : k[16] == 1 ? org.thordb.othello.Side.WHITE
                            : org.thordb.othello.Side.NONE);
            String positions = fails(ErrorCode.CORRUPT, () -> Games.count(db, "position = \"" + damaged.toBoardString() + "\""))
                    .getMessage();
            assertTrue(positions.contains("the positions family"), positions);
            // some position of a game lands in the damaged fingerprint partition: look until one does
            String[] blocks = {null};
            for (int id = 1; id < 60 && blocks[0] == null; id++) { // game 0's record is the damaged one
                StoredGame g = Games.game(db, id).orElseThrow();
                org.thordb.othello.Replay.replay(org.thordb.othello.Notation.parseLine(g.moves().replace(" ", "")), (ply, p) -> {
                    if (blocks[0] == null && ply > 8) {
                        try {
                            Games.count(db, "position = \"" + p.toBoardString() + "\"");
                        } catch (ThorDbException e) {
                            blocks[0] = e.code() + " " + e.getMessage();
                        }
                    }
                });
            }
            assertTrue(blocks[0] != null && blocks[0].startsWith("CORRUPT") && blocks[0].contains("fingerprints family"),
                    String.valueOf(blocks[0]));
        }
    }

    /** RocksDB's block checksum failure is damage, not "in use by another process" (its message holds "block"). */
    @Test
    void aDamagedTableFileIsCorruptNotLocked() throws Exception {
        try (Engine db = Engine.open(dbDir)) {
            db.compact();
        }
        Path biggest;
        try (Stream<Path> files = Files.list(dbDir)) {
            biggest = files.filter(p -> p.toString().endsWith(".sst")).max(Comparator.comparingLong(p -> p.toFile().length()))
                    .orElseThrow();
        }
        try (RandomAccessFile f = new RandomAccessFile(biggest.toFile(), "rw")) {
            long n = f.length();
            for (long at = 64; at < n / 2; at += 512) { // data blocks, before the index and footer
                f.seek(at);
                f.write(new byte[] {0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55});
            }
        }
        ThorDbException e = assertThrows(ThorDbException.class, () -> {
            try (Engine db = Engine.open(dbDir)) {
                db.verify(false, m -> { });
                Games.forEach(db, g -> true);
                Games.count(db, "result = draw or position = f5d6");
                Explore.exploration(db, Position.start(), "");
            }
        });
        assertEquals(ErrorCode.CORRUPT, e.code(), e.getMessage());
        assertTrue(!e.getMessage().contains("in use"), e.getMessage());
    }
}
