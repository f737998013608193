package org.thordb.store;

import java.util.List;
import java.util.Map;
import java.io.UncheckedIOException;
import java.nio.BufferOverflowException;
import java.nio.BufferUnderflowException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Locale;
import org.roaringbitmap.InvalidRoaringFormat;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.fault.Faults;
import org.thordb.index.GameColumns;

/**
 * The storage engine behind thordb, kept small: named key spaces of sorted byte keys, consistent
 * read views, and atomic, durable write batches. {@link RocksStore} is the one implementation.
 * Every call after {@link #close()} throws {@link ErrorCode#CLOSED}; a caller
 * that reads from several threads must itself keep {@code close()} from running beside a read
 * (as {@code ThorDb} does), for a read under way holds native handles that close frees.
 *
 * <p>Usage:
 * <pre>{@code
 * try (Store s = RocksStore.open(Path.of("store"));
 *      Store.View v = s.view()) {
 *     byte[] schema = v.get(Store.Space.META, Catalog.SCHEMA_KEY);
 * }
 * }</pre>
 */
public interface Store extends AutoCloseable {

    /** The key spaces (RocksDB column families); their layouts are in {@code store/README.md}. */
    enum Space {
        /** Schema version and counters. */
        META,
        /** Bases, imported files and segments. */
        FILES,
        /** Player and tournament names per base. */
        NAMES,
        /** Game records by game id. */
        GAMES,
        /** Game ids by base, year and record number, as thordb wrote them before 2026-11-27 (its file row says them now; optimize deletes them). */
        GAME_KEYS,
        /** Postings of player, tournament, year, result, score, length and opening. */
        TERMS,
        /** Postings of positions reached by two or more games of a segment. */
        POSITIONS(17),
        /** Fingerprint blocks of positions reached by one game of a segment. */
        FINGERPRINTS(4),
        /** The text of each game imported from a text format, byte for byte, by game id. */
        SOURCES,
        /** Solitaires of imported {@code .pzz} files, by base, empties and record. */
        SOLITAIRES,
        /** The per-game query columns of each game file, by its first game id ({@code GameColumns}). */
        COLUMNS,
        /**
         * The records of releases a newer one replaced, by their game ids, kept until pruned so that
         * {@code thordb undo} can restore them (their rows are the {@code 'X'} rows of {@code FILES}).
         */
        RETIRED;

        private final int prefixLength;

        Space() {
            this(0);
        }

        Space(int prefixLength) {
            this.prefixLength = prefixLength;
        }

        /** The column family name. */
        public String familyName() {
            return name().toLowerCase(Locale.ROOT);
        }

        /**
         * The length of the key prefix that lookups ask for whole (0: none). Positions keys are a
         * canonical position and its side (17 bytes) then a segment; most positions asked for
         * have no entry, and a Bloom filter on the prefix says so without reading a block.
         * Fingerprint keys are partition bits and a partition (4 bytes) then a segment; a lookup
         * reads every segment's block of one partition, values only.
         */
        public int prefixLength() {
            return prefixLength;
        }
    }

    /** Sees the value of one entry of a scan, in an array the scan may reuse. */
    @FunctionalInterface
    interface ValueVisitor {
        /**
         * Called for each value in key order: the value is {@code value[0, length)}, and the array
         * may be overwritten once the call returns (so that a scan need not allocate per entry).
         */
        void value(byte[] value, int length);
    }

    /** Sees one entry of a scan; returns false to stop. */
    @FunctionalInterface
    interface EntryVisitor {
        /** Called for each entry in key order. */
        boolean entry(byte[] key, byte[] value);
    }

    /** Sees each entry of a scan whose value lies in a reused array. */
    @FunctionalInterface
    interface LengthVisitor {
        /**
         * Called for each entry in key order: the value is {@code value[0, length)}, of {@code size}
         * bytes in all ({@code length < size} when only its head was asked for); the array may be
         * overwritten once the call returns.
         */
        void entry(byte[] key, byte[] value, int length, int size);
    }

    /** A consistent view of the store as it was when the view was taken. */
    interface View extends AutoCloseable {
        /** The value of a key, or null. */
        byte[] get(Space space, byte[] key);

        /**
         * The values of many keys of one family, each or null, in the keys' order: as many
         * {@link #get}s, which an engine may answer in one call (RocksDB's MultiGet: one crossing
         * into native code, and the keys looked up together).
         */
        default List<byte[]> getAll(Space space, List<byte[]> keys) {
            List<byte[]> out = new ArrayList<>(keys.size());
            for (byte[] k : keys) {
                out.add(get(space, k));
            }
            return out;
        }

        /** Visits the entries with {@code from <= key < to} in key order; {@code to} null means no end. */
        void scan(Space space, byte[] from, byte[] to, EntryVisitor visitor);

        /**
         * As {@link #scan}, for a range that may hold many deleted keys, as a merge leaves them
         * behind it until a compaction: the engine stops at {@code to} instead of stepping over the
         * deleted keys past it to the next live one (with RocksDB, an iterator bounded above), so
         * that scanning a run of ranges costs each range's keys, not every deleted key after it.
         */
        default void scanRange(Space space, byte[] from, byte[] to, EntryVisitor visitor) {
            scan(space, from, to, visitor);
        }

        /** Visits the entries whose key starts with {@code prefix}. */
        default void scanPrefix(Space space, byte[] prefix, EntryVisitor visitor) {
            scan(space, prefix, Keys.prefixEnd(prefix), visitor);
        }

        /**
         * Visits the values of the entries whose key starts with {@code prefix}, for lookups that
         * need no key: an engine may then leave the keys where they are.
         */
        /**
         * Visits the entries whose key starts with {@code prefix}, each value copied into an array
         * the scan reuses (a value of megabytes is then not allocated afresh a read), and only its
         * first {@code head} bytes (Integer.MAX_VALUE: all of it), for a reader that needs no more
         * than a header.
         */
        default void scanPrefixInto(Space space, byte[] prefix, int head, LengthVisitor visitor) {
            scanPrefix(space, prefix, (k, v) -> {
                visitor.entry(k, v, Math.min(head, v.length), v.length);
                return true;
            });
        }

        /**
         * Hands the value of a key to {@code visitor}, copied into an array the view reuses, and
         * only its first {@code head} bytes (Integer.MAX_VALUE: all of it), for a reader that needs
         * no more than a header; false, and nothing handed over, when the key is absent.
         */
        default boolean getInto(Space space, byte[] key, int head, LengthVisitor visitor) {
            byte[] v = get(space, key);
            if (v == null) {
                return false;
            }
            visitor.entry(key, v, Math.min(head, v.length), v.length);
            return true;
        }

        default void scanPrefixValues(Space space, byte[] prefix, ValueVisitor visitor) {
            scanPrefix(space, prefix, (k, v) -> {
                visitor.value(v, v.length);
                return true;
            });
        }

        /** The folder of the store this view reads, for messages. */
        java.nio.file.Path path();

        /**
         * Whether no batch has been committed to the store since this view was taken, so that it
         * still sees the store as it is now (and may be reused for a later read).
         */
        boolean current();

        @Override
        void close();
    }

    /** Writes that land together or not at all. */
    interface Batch extends AutoCloseable {
        /** Sets a key. */
        void put(Space space, byte[] key, byte[] value);

        /** Removes a key. */
        void delete(Space space, byte[] key);

        /** Removes the keys with {@code from <= key < to}. */
        void deleteRange(Space space, byte[] from, byte[] to);

        /** The number of operations so far. */
        int count();

        /** Writes every operation atomically and durably (synced to disk before it returns). */
        void commit();

        /** Drops the batch if it was not committed. */
        @Override
        void close();
    }

    /**
     * A value of a key space that does not decode: the store's bytes are not what thordb wrote.
     * Decoders throw the JDK's exceptions (an index out of bounds, a short buffer); this names
     * the family and the key instead.
     */
    static ThorDbException corrupt(java.nio.file.Path dir, Space space, byte[] key, RuntimeException cause) {
        String why = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
        return Faults.of(ErrorCode.CORRUPT, dir + ": a value of the " + space.familyName()
                + " family does not decode (key " + (key == null ? "?" : HexFormat.of().formatHex(key, 0,
                Math.min(key.length, 24))) + "): " + Faults.whole(why) + RocksStore.repairAdvice(dir), cause);
    }

    /** Whether an exception is what a decoder throws on bytes it cannot read (and so means damage). */
    static boolean isDecodeFailure(RuntimeException e) {
        return e instanceof IndexOutOfBoundsException || e instanceof BufferUnderflowException
                || e instanceof BufferOverflowException || e instanceof IllegalArgumentException
                || e instanceof UncheckedIOException || e instanceof NegativeArraySizeException
                || e instanceof InvalidRoaringFormat;
    }

    /** A view of the store as it is now. */
    View view();

    /** A new, empty batch; a read-only store throws {@link ErrorCode#READ_ONLY}. */
    Batch batch();

    /** Whether the store was opened read-only. */
    boolean readOnly();

    /**
     * The sequence number of the last write this instance sees: it only grows as a writer
     * commits, so a read-only instance opened later that sees a smaller one missed writes.
     */
    long sequence();

    /** Bytes on disk per key space (live table files), and the total under {@code null}. */
    Map<Space, Long> sizes();

    /** The folder of the store. */
    java.nio.file.Path path();

    /** Writes what is in memory to table files, so that opening the store replays no log. */
    void flush();

    /**
     * Starts writing what is in memory to table files and returns: what was committed is durable
     * already (every batch is written with a synced log), so only housekeeping is left for later.
     */
    default void flushInBackground() {
        flush();
    }

    /** Compacts every key space fully (for size figures and after large imports). */
    void compact();

    /**
     * Empties a key space without reading what it holds: its table files are dropped whole and the
     * rest deleted by range. For a space whose every entry derives from the records (postings,
     * fingerprints), when its bytes are damaged: a compaction or a read would meet the damage, a
     * dropped file is never read.
     */
    void clear(Space space);

    @Override
    void close();
}
