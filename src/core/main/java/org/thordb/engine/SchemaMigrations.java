package org.thordb.engine;

import org.thordb.fault.Faults;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.index.FingerprintBlock;
import org.thordb.index.PositionHash;
import org.thordb.index.Terms;
import org.thordb.store.Catalog;
import org.thordb.store.Store;
import org.thordb.store.Store.Space;
import org.thordb.index.Field;
import org.thordb.index.SegmentIndexer;
import org.thordb.store.FileRow;

/**
 * The store's schema entry, checked at each open, and the upgrades in place from the schemas a
 * store of an older thordb may have (the history is in {@code store/README.md}).
 *
 * <p>Usage: {@code if (SchemaMigrations.check(store, hash) == SchemaMigrations.State.UPGRADE_NEEDED) reopenForWriting();}
 */
public final class SchemaMigrations {
    private SchemaMigrations() {
    }

    /** What {@link #check} found. */
    public enum State {
        /** The store has this thordb's schema (or is empty: a writable one was given it). */
        CURRENT,
        /** An older schema that one open for writing upgrades in place; a read-only store cannot. */
        UPGRADE_NEEDED
    }

    /** The schema this thordb writes, for a hash. */
    static Catalog.Schema wanted(PositionHash hash) {
        return new Catalog.Schema(Catalog.SCHEMA_VERSION, Terms.OPENING_DEPTH, FingerprintBlock.MIN_BITS,
                FingerprintBlock.TARGET_ENTRIES, hash == PositionHash.DEFAULT ? "splitmix64" : "custom");
    }

    /**
     * Checks a store's schema; a store opened for writing is given the schema when empty and
     * upgraded in place when older.
     *
     * @throws ThorDbException with {@link ErrorCode#SCHEMA} for a schema this thordb cannot read
     */
    public static State check(Store store, PositionHash hash) {
        Catalog.Schema want = wanted(hash);
        byte[] s;
        try (Store.View v = store.view()) {
            s = v.get(Space.META, Catalog.SCHEMA_KEY);
        }
        if (s == null) {
            if (store.readOnly()) {
                return State.CURRENT; // read-only and empty: nothing to check, nothing to write
            }
            try (Store.Batch b = store.batch()) {
                b.put(Space.META, Catalog.SCHEMA_KEY, Catalog.encode(want));
                b.put(Space.META, Catalog.EDGES_KEY, new byte[0]); // every file it gets writes its edge terms
                b.put(Space.META, Catalog.SPLITS_KEY, new byte[0]); // and splits its 10-move openings
                b.commit();
            }
            return State.CURRENT;
        }
        Catalog.Schema have = Catalog.schema(s);
        // before schema 6 every store's blocks were bound to 256 entries; its segments keep them
        if (have.version() >= 2 && have.version() < Catalog.SCHEMA_VERSION
                && (have.fingerprintEntries() == FingerprintBlock.SCHEMA5_TARGET_ENTRIES
                        || have.version() >= 6 && have.fingerprintEntries() == FingerprintBlock.TARGET_ENTRIES)
                && new Catalog.Schema(Catalog.SCHEMA_VERSION, have.openingDepth(), have.fingerprintBits(),
                        want.fingerprintEntries(), have.hash()).equals(want)) {
            if (store.readOnly()) {
                return State.UPGRADE_NEEDED;
            }
            if (have.version() == 2) {
                upgradeFrom2(store, hash, want);
            } else if (have.version() == 7) {
                upgradeFrom7(store, want);
            } else {
                upgradeFrom3(store, want);
            }
            return State.CURRENT;
        }
        if (!have.equals(want)) {
            throw Faults.of(ErrorCode.SCHEMA, store.path() + ": the store has schema " + have
                    + " but this thordb reads " + want + "; import the files again into a new store");
        }
        return State.CURRENT;
    }

    /**
     * Schema 3, 4, 5 or 6 to the current one. Version 4 adds merge groups ({@code 'M'} rows of {@code files}, keys
     * whose suffix has its top bit set), which a store of schema 3 has none of: its entries are all
     * per segment. Version 5 packs fingerprint blocks (the top bit of a block's count says so) and
     * keeps 17 bits of a fingerprint, not 24; blocks in the plain layout are read as they are, with
     * their 7 bits more ignored, and the next {@code optimize} packs them. Version 6 sizes a new
     * segment's blocks for 512 entries, not 256, and names its partition bits in its file row; a
     * row without them (every row before) keeps the bits the old rule gave, so its blocks are
     * found where they are. Version 7 says each game's next move in a position's entries; those
     * written before say none and are read as they are (the explorer then looks up each next move),
     * and the next {@code optimize} writes them with the moves: the new schema entry and the
     * {@link Catalog#MOVES_UNSAID_KEY} mark that tells it so are all there is to write. Version 8
     * (14-bit fingerprints in new blocks) asks nothing more of them.
     */
    private static void upgradeFrom3(Store store, Catalog.Schema want) {
        try (Store.Batch b = store.batch()) {
            b.put(Space.META, Catalog.SCHEMA_KEY, Catalog.encode(want));
            b.put(Space.META, Catalog.MOVES_UNSAID_KEY, new byte[0]);
            b.commit();
        }
    }

    /**
     * Schema 7 to 8: a block written from now on keeps 14 bits of a fingerprint, not 17 ({@link
     * FingerprintBlock#WRITTEN_BITS}), and says so in its header; the blocks written before say
     * nothing there and are read as they are, with 17 bits, until the next {@code optimize} merges
     * them into blocks of 14. The new schema entry is all there is to write.
     */
    private static void upgradeFrom7(Store store, Catalog.Schema want) {
        try (Store.Batch b = store.batch()) {
            b.put(Space.META, Catalog.SCHEMA_KEY, Catalog.encode(want));
            b.commit();
        }
    }

    /**
     * Schema 2 to 6 (through 3): version 3 adds the {@code GAME} term (a game's whole move list, for
     * duplicates) and the {@code sources} family (empty for a store of WTHOR files). The records
     * are kept; the new terms are derived from them, in one batch with the new schema entry.
     */
    private static void upgradeFrom2(Store store, PositionHash hash, Catalog.Schema want) {
        try (Store.View v = store.view(); Store.Batch b = store.batch()) {
            Catalog c = Catalog.load(v);
            for (FileRow f : c.gameFiles()) {
                SegmentIndexer.ofStored(v, f, hash, null).emit((space, key, value) -> {
                    if (space == Space.TERMS && key[0] == Field.GAME.code()) {
                        b.put(space, key, value);
                    }
                });
            }
            b.put(Space.META, Catalog.SCHEMA_KEY, Catalog.encode(want));
            b.put(Space.META, Catalog.MOVES_UNSAID_KEY, new byte[0]);
            b.commit();
        }
    }
}
