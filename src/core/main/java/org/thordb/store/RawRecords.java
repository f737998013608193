package org.thordb.store;

import org.thordb.fault.Faults;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rocksdb.Options;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.SstFileReader;
import org.rocksdb.SstFileReaderIterator;
import org.rocksdb.TableProperties;
import org.rocksdb.WriteBatch;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.TreeSet;
import java.util.zip.CRC32C;
import java.util.zip.Checksum;

/**
 * Every entry of some key spaces that a store's table and log files hold, read without the store's
 * manifest: each table file ({@code *.sst}) with RocksJava's {@link SstFileReader} (its column
 * family is in its properties), each log file ({@code *.log}) record by record (RocksDB's log
 * format: 32 KB blocks of checksummed fragments, each record a write batch, decoded by
 * {@link WriteBatch}). A manifest names which files make up the store and which version of a key
 * is the newest; without it, a key may come in several versions (an older table file not yet
 * compacted away, a log already flushed), and every distinct one is kept for the caller to choose
 * ({@code StoreRebuild} chooses by what the records say of themselves).
 *
 * <p>Usage: {@code RawRecords r = RawRecords.read(dir, Set.of("games", "files"), Map.of()); r.values("games")}
 */
public final class RawRecords {
    private final Map<String, Map<ByteKey, List<byte[]>>> values = new HashMap<>();
    private final List<String> unreadable = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private final Map<String, Long> tablesByFamily = new HashMap<>();
    private long tables;
    private long logRecords;

    private RawRecords() {
    }

    /** Each key of a family and its distinct values, in the order they were met. */
    public Map<ByteKey, List<byte[]>> values(String family) {
        return values.getOrDefault(family, Map.of());
    }

    /** The table and log files that could not be read whole, each with why. */
    public List<String> unreadable() {
        return unreadable;
    }

    /** What else a reader should hear: log records of a family it could not name, say. */
    public List<String> notes() {
        return notes;
    }

    /** The table files read. */
    public long tables() {
        return tables;
    }

    /** The table files read per column family (every family, also those whose entries were not kept). */
    public Map<String, Long> tablesByFamily() {
        return tablesByFamily;
    }

    /** The log records (write batches) read. */
    public long logRecords() {
        return logRecords;
    }

    private void add(String family, byte[] key, byte[] value) {
        List<byte[]> vs = values.computeIfAbsent(family, f -> new HashMap<>()).computeIfAbsent(new ByteKey(key),
                k -> new ArrayList<>(1));
        for (byte[] v : vs) {
            if (Arrays.equals(v, value)) {
                return;
            }
        }
        vs.add(value);
    }

    /**
     * Reads the entries of {@code families} from every table and log file directly in {@code dir}.
     *
     * @param families the column family names whose entries are wanted
     * @param ids column family ids to names, for log records (table files name their family
     *     themselves, and add to these)
     */
    public static RawRecords read(Path dir, Set<String> families, Map<Integer, String> ids) {
        RocksDB.loadLibrary();
        RawRecords r = new RawRecords();
        Map<Integer, String> byId = new HashMap<>(ids);
        List<Path> sst = new ArrayList<>();
        List<Path> logs = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path p : ds) {
                String n = p.getFileName().toString();
                if (n.matches("\\d+\\.sst") && Files.isRegularFile(p)) {
                    sst.add(p);
                } else if (n.matches("\\d+\\.log") && Files.isRegularFile(p)) {
                    logs.add(p);
                }
            }
        } catch (IOException e) {
            throw Faults.io(dir, e);
        }
        Collections.sort(sst);
        Collections.sort(logs);
        try (Options o = new Options(); ReadOptions ro = new ReadOptions().setVerifyChecksums(true)) {
            for (Path p : sst) {
                r.readTable(p, o, ro, families, byId);
            }
        }
        for (Path p : logs) {
            r.readLog(p, families, byId);
        }
        return r;
    }

    private void readTable(Path p, Options o, ReadOptions ro, Set<String> families, Map<Integer, String> byId) {
        try (SstFileReader reader = new SstFileReader(o)) {
            reader.open(p.toString());
            TableProperties t = reader.getTableProperties();
            byte[] name = t.getColumnFamilyName();
            String family = name == null ? "" : new String(name, StandardCharsets.UTF_8);
            byId.putIfAbsent((int) t.getColumnFamilyId(), family);
            tables++;
            tablesByFamily.merge(family, 1L, Long::sum);
            if (!families.contains(family)) {
                return;
            }
            try (SstFileReaderIterator it = reader.newIterator(ro)) {
                for (it.seekToFirst(); it.isValid(); it.next()) {
                    add(family, it.key(), it.value());
                }
                it.status();
            }
        } catch (RocksDBException e) {
            unreadable.add(p.getFileName() + ": " + Faults.whole(String.valueOf(e.getMessage())));
        }
    }

    private static final int BLOCK = 32768;

    /** Reads a log file's write batches; a fragment whose checksum fails ends the file's reading there. */
    private void readLog(Path p, Set<String> families, Map<Integer, String> byId) {
        byte[] b;
        try {
            b = Files.readAllBytes(p);
        } catch (IOException e) {
            unreadable.add(p.getFileName() + ": " + e.getMessage());
            return;
        }
        ByteArrayOutputStream record = null;
        int at = 0;
        Checksum crc = new CRC32C();
        while (at < b.length) {
            int left = BLOCK - at % BLOCK;
            if (left < 7) {
                at += left; // a block's tail too short for a header: padding
                continue;
            }
            if (at + 7 > b.length) {
                break;
            }
            int length = (b[at + 4] & 0xff) | (b[at + 5] & 0xff) << 8;
            int type = b[at + 6] & 0xff;
            if (type == 0 && length == 0) {
                at += left; // preallocated, never written
                continue;
            }
            boolean recyclable = type >= 5 && type <= 8 || type >= 10 && (type & 1) == 1;
            int header = recyclable ? 11 : 7;
            if (at + header + length > b.length) {
                notes.add(p.getFileName() + ": its last record is cut at byte " + at + " (a write that never finished)");
                break;
            }
            int stored = (b[at] & 0xff) | (b[at + 1] & 0xff) << 8 | (b[at + 2] & 0xff) << 16 | (b[at + 3] & 0xff) << 24;
            crc.reset();
            crc.update(b, at + 6, header - 6 + length); // the type, the log number if any, the payload
            if (maskOf((int) crc.getValue()) != stored) {
                notes.add(p.getFileName() + ": a record at byte " + at + " fails its checksum; the rest of the log is not read");
                break;
            }
            int from = at + header;
            switch (type) {
                case 1, 5 -> batch(p, Arrays.copyOfRange(b, from, from + length), families, byId);
                case 2, 6 -> {
                    record = new ByteArrayOutputStream();
                    record.write(b, from, length);
                }
                case 3, 7 -> {
                    if (record != null) {
                        record.write(b, from, length);
                    }
                }
                case 4, 8 -> {
                    if (record != null) {
                        record.write(b, from, length);
                        batch(p, record.toByteArray(), families, byId);
                    }
                    record = null;
                }
                default -> { } // compression, timestamp sizes, predecessor info: nothing of the entries
            }
            at += header + length;
        }
    }

    /** RocksDB stores a CRC-32C masked (rotated and offset) so that a CRC of CRCs is no trap. */
    private static int maskOf(int crc) {
        return ((crc >>> 15) | (crc << 17)) + 0xa282ead8;
    }

    private void batch(Path p, byte[] contents, Set<String> families, Map<Integer, String> byId) {
        if (contents.length < 12) {
            return;
        }
        logRecords++;
        List<String> unknown = new ArrayList<>();
        try (WriteBatch wb = new WriteBatch(contents);
             WriteBatch.Handler h = new WriteBatch.Handler() {
                 private void put0(int cf, byte[] key, byte[] value) {
                     String f = byId.get(cf);
                     if (f == null) {
                         unknown.add(String.valueOf(cf));
                     } else if (families.contains(f)) {
                         add(f, key, value);
                     }
                 }

                 @Override
                 public void put(int cf, byte[] key, byte[] value) {
                     put0(cf, key, value);
                 }

                 @Override
                 public void put(byte[] key, byte[] value) {
                     put0(0, key, value);
                 }

                 @Override
                 public void merge(int cf, byte[] key, byte[] value) {
                 }

                 @Override
                 public void merge(byte[] key, byte[] value) {
                 }

                 @Override
                 public void delete(int cf, byte[] key) {
                 }

                 @Override
                 public void delete(byte[] key) {
                 }

                 @Override
                 public void singleDelete(int cf, byte[] key) {
                 }

                 @Override
                 public void singleDelete(byte[] key) {
                 }

                 @Override
                 public void deleteRange(int cf, byte[] from, byte[] to) {
                 }

                 @Override
                 public void deleteRange(byte[] from, byte[] to) {
                 }

                 @Override
                 public void logData(byte[] blob) {
                 }

                 @Override
                 public void putBlobIndex(int cf, byte[] key, byte[] value) {
                 }

                 @Override
                 public void markBeginPrepare() {
                 }

                 @Override
                 public void markEndPrepare(byte[] xid) {
                 }

                 @Override
                 public void markNoop(boolean emptyBatch) {
                 }

                 @Override
                 public void markRollback(byte[] xid) {
                 }

                 @Override
                 public void markCommit(byte[] xid) {
                 }

                 @Override
                 public void markCommitWithTimestamp(byte[] xid, byte[] ts) {
                 }
             }) {
            wb.iterate(h);
        } catch (RocksDBException e) {
            notes.add(p.getFileName() + ": a write batch does not decode: " + e.getMessage());
        }
        if (!unknown.isEmpty()) {
            notes.add(p.getFileName() + ": " + unknown.size() + " entries of a column family no table file names"
                    + " (ids " + String.join(", ", new TreeSet<>(unknown)) + ") were not read");
        }
    }

    /** Refuses when nothing of a store is here. */
    public void requireSome(Path dir) {
        if (tables == 0 && logRecords == 0) {
            throw Faults.of(ErrorCode.CORRUPT, dir + ": no table or log file of the store could be read");
        }
    }
}
