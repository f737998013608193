package org.thordb;

import java.nio.file.Path;
import org.thordb.index.FingerprintBlock;
import org.thordb.index.PositionHash;
import org.thordb.index.Postings;
import org.thordb.index.SegmentIndexer;
import org.thordb.store.Catalog;
import org.thordb.store.FileRow;
import org.thordb.store.MergeGroup;
import org.thordb.store.RocksStore;
import org.thordb.store.Store;

/** Turns a store made by this thordb back into what an older schema wrote, for the upgrade tests. */
final class OldStores {
    private OldStores() {
    }

    /**
     * Makes a closed store look as schema {@code version} (2 to 5) wrote it, as far as schema 6
     * differs: file rows that do not name their fingerprint bits, the per-segment blocks of every
     * unmerged 8×8 segment written again at the bits the old rule (blocks of 256 entries) gives its
     * game count, and a schema entry of that version with 256 entries a block.
     *
     * @return the blocks written again at other bits than they had
     */
    static int beforeSchemaSix(Path dir, int version) {
        beforeSchemaSeven(dir);
        int[] moved = {0};
        try (Store s = RocksStore.open(dir); Store.View v = s.view(); Store.Batch b = s.batch()) {
            Catalog c = Catalog.load(v);
            for (FileRow f : c.gameFiles()) {
                FileRow old = f.withFingerprintBits(null);
                b.put(Store.Space.FILES, old.key(), Catalog.encode(old));
                MergeGroup g = c.groupOf(f);
                if (f.side() != 8 || (g != null && !g.merging())
                        || FingerprintBlock.bits(f) == FingerprintBlock.bits(old)) {
                    continue;
                }
                SegmentIndexer.ofStored(v, f, PositionHash.DEFAULT, null).emit((space, key, value) -> {
                    if (space == Store.Space.FINGERPRINTS) {
                        b.delete(space, key);
                    }
                });
                SegmentIndexer.ofStored(v, old, PositionHash.DEFAULT, null).emit((space, key, value) -> {
                    if (space == Store.Space.FINGERPRINTS) {
                        b.put(space, key, value);
                        moved[0]++;
                    }
                });
            }
            writeSchema(v, b, version, FingerprintBlock.SCHEMA5_TARGET_ENTRIES);
            b.commit();
        }
        return moved[0];
    }

    /**
     * Makes a closed store look as schema 6 wrote it, as far as schema 7 differs: position entries
     * that do not say their games' next moves, and a schema entry of version 6.
     *
     * @return the entries written again without their moves
     */
    static int beforeSchemaSeven(Path dir) {
        int[] n = {0};
        try (Store s = RocksStore.open(dir); Store.View v = s.view(); Store.Batch b = s.batch()) {
            v.scan(Store.Space.POSITIONS, new byte[0], null, (k, val) -> {
                if (org.thordb.index.PositionKeys.isMovesKey(k)) {
                    b.delete(Store.Space.POSITIONS, k);
                } else if (Postings.hasMoves(val)) {
                    b.put(Store.Space.POSITIONS, k, Postings.encode(Postings.decode(val)));
                    n[0]++;
                }
                return true;
            });
            writeSchema(v, b, 6, null);
            b.commit();
        }
        return n[0];
    }

    /**
     * Makes a closed store look as schema 7 wrote it, as far as schema 8 differs: every segment's
     * fingerprint blocks keeping 17 bits of a fingerprint, not 14, and a schema entry of version 7.
     *
     * @return the blocks written again
     */
    static int beforeSchemaEight(Path dir) {
        int[] n = {0};
        try (Store s = RocksStore.open(dir); Store.View v = s.view(); Store.Batch b = s.batch()) {
            Catalog c = Catalog.load(v);
            for (FileRow f : c.gameFiles()) {
                if (f.side() != 8) {
                    continue;
                }
                SegmentIndexer.ofStored(v, f, PositionHash.DEFAULT, null).fingerprintWidth(FingerprintBlock.FINGERPRINT_BITS)
                        .emit((space, key, value) -> {
                            if (space == Store.Space.FINGERPRINTS) {
                                b.put(space, key, value);
                                n[0]++;
                            }
                        });
            }
            writeSchema(v, b, 7, null);
            b.commit();
        }
        return n[0];
    }

    /**
     * Puts into {@code b} the store's schema entry with another version (and, when given, another
     * bound of a block's entries), the rest as it is.
     */
    private static void writeSchema(Store.View v, Store.Batch b, int version, Integer fingerprintEntries) {
        Catalog.Schema now = Catalog.schema(v.get(Store.Space.META, Catalog.SCHEMA_KEY));
        b.put(Store.Space.META, Catalog.SCHEMA_KEY, Catalog.encode(new Catalog.Schema(version, now.openingDepth(),
                now.fingerprintBits(), fingerprintEntries != null ? fingerprintEntries : now.fingerprintEntries(), now.hash())));
    }

    /** The bytes of a closed store's fingerprint blocks. */
    static long fingerprintBytes(Path dir) {
        long[] n = {0};
        try (Store s = RocksStore.open(dir); Store.View v = s.view()) {
            v.scan(Store.Space.FINGERPRINTS, new byte[0], null, (k, val) -> {
                n[0] += val.length;
                return true;
            });
        }
        return n[0];
    }

    /** Whether a closed store's position entries all say their games' next moves, and it has no mark saying otherwise. */
    static boolean movesSaid(Path dir) {
        boolean[] all = {true};
        try (Store s = RocksStore.open(dir); Store.View v = s.view()) {
            v.scan(Store.Space.POSITIONS, new byte[0], null, (k, val) -> {
                if (org.thordb.index.PositionKeys.isMovesKey(k)) {
                    return true;
                }
                all[0] &= (k[16] & 0xff) >= 16 || Postings.hasMoves(val)
                        && (!Postings.movesApart(val) || v.get(Store.Space.POSITIONS, org.thordb.index.PositionKeys.movesKey(k)) != null);
                return all[0];
            });
            all[0] &= v.get(Store.Space.META, Catalog.MOVES_UNSAID_KEY) == null;
        }
        return all[0];
    }

    /** The schema version a closed store records. */
    static int schemaVersion(Path dir) {
        try (Store s = RocksStore.open(dir); Store.View v = s.view()) {
            return Catalog.schema(v.get(Store.Space.META, Catalog.SCHEMA_KEY)).version();
        }
    }

    /** The fingerprint blocks of a closed store whose key names {@code bits} partition bits (per segment). */
    static int blocksOfBits(Path dir, int bits) {
        int[] n = {0};
        try (Store s = RocksStore.open(dir); Store.View v = s.view()) {
            v.scan(Store.Space.FINGERPRINTS, new byte[] {(byte) bits}, new byte[] {(byte) (bits + 1)}, (k, val) -> {
                n[0]++;
                return true;
            });
        }
        return n[0];
    }
}
