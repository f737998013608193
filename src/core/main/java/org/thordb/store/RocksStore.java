package org.thordb.store;

import org.thordb.fault.Faults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.Cache;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.CompactRangeOptions;
import org.rocksdb.CompressionType;
import org.rocksdb.DBOptions;
import org.rocksdb.LRUCache;
import org.rocksdb.LiveFileMetaData;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.Snapshot;
import org.rocksdb.Status;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import java.io.File;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.rocksdb.AbstractEventListener;
import org.rocksdb.CompactionJobInfo;
import org.rocksdb.FlushJobInfo;
import org.rocksdb.FlushOptions;
import org.rocksdb.Options;
import org.rocksdb.Slice;

/**
 * {@link Store} on RocksDB: one column family a key space, a shared block cache, Bloom filters,
 * ZSTD compression. Every native handle is owned here and freed in
 * {@link #close()}; views and batches free their own.
 *
 * <p>Usage: {@code try (Store s = RocksStore.open(Path.of("store"))) { ... }}
 */
public final class RocksStore implements Store {
    static {
        RocksDB.loadLibrary();
    }

    /** The block cache's size unless the opener says otherwise. */
    public static final long CACHE_BYTES = 256L << 20;

    private final Path dir;
    private final boolean readOnly;
    private final Cache cache;
    private final BloomFilter bloom;
    private final DBOptions dbOptions;
    private final List<ColumnFamilyOptions> cfOptions = new ArrayList<>();
    private final List<ColumnFamilyHandle> handles = new ArrayList<>();
    private final Map<Space, ColumnFamilyHandle> bySpace = new EnumMap<>(Space.class);
    private final RocksDB db;
    private final WriteOptions syncWrite;
    // batches committed since open: a view taken at n sees every write while this is still n
    private final AtomicLong commits = new AtomicLong();
    // a closed store frees its handles: every later call must throw, never reach RocksDB
    private volatile boolean closed;
    private final Set<AutoCloseable> open = ConcurrentHashMap.newKeySet();

    // false while a repair looks for damaged families: a compaction that met the damage first would
    // stop every later write of this instance
    private final boolean compactions;

    /** A writer's hold on {@value #LOCK_FILE}: taken before anything looks at the folder, freed at close. */
    private WriterLock writerLock;
    /** The state last written ({@link StoreState}), for a writer; null when not yet written. */
    private StoreState state;
    /** Writes {@link StoreState} again after each flush and compaction of a writer. */
    private StateListener listener;

    /** The lock file every thordb writer holds while its store is open (before RocksDB's own). */
    public static final String LOCK_FILE = "THORDB-LOCK";

    private RocksStore(Path dir, boolean readOnly, boolean create) {
        this(dir, readOnly, create, true, CACHE_BYTES);
    }

    private RocksStore(Path dir, boolean readOnly, boolean create, boolean compactions) {
        this(dir, readOnly, create, compactions, CACHE_BYTES);
    }

    private RocksStore(Path dir, boolean readOnly, boolean create, boolean compactions, long cacheBytes) {
        this.dir = dir;
        this.readOnly = readOnly;
        this.compactions = compactions;
        this.cache = new LRUCache(cacheBytes);
        this.bloom = new BloomFilter(10);
        // a store is made only where there is none: RocksDB would otherwise make a new one beside a
        // damaged one and delete its table files (see StoreFolder)
        this.dbOptions = new DBOptions().setCreateIfMissing(create).setCreateMissingColumnFamilies(true)
                .setMaxBackgroundJobs(2).setKeepLogFileNum(3);
        if (readOnly) {
            // every table file opened at the open and kept open: a writer in another process that
            // compacts deletes files this instance still reads, and an open file stays readable
            // (opened on first read instead, a call could meet "No such file": 2 of 4 runs did, with
            // an import beside). It costs the open some milliseconds (40 ms rather than 18 ms of 94
            // files at ten million games)
            dbOptions.setMaxOpenFiles(-1);
        } else {
            listener = new StateListener();
            dbOptions.setListeners(List.of(listener));
            // every family flushed in one manifest edit: a reader in another process that reads the
            // manifest while the writer flushes then sees every family before the flush or every one
            // after it, never a file's catalog row without its postings (a family flushed alone, the
            // log the others still needed deleted by the time the reader opens it)
            dbOptions.setAtomicFlush(true);
        }
        this.syncWrite = new WriteOptions().setSync(true);
        List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
        descriptors.add(new ColumnFamilyDescriptor(RocksDB.DEFAULT_COLUMN_FAMILY, columnOptions(null)));
        // read-only, a store made before a family existed is opened without it: it reads as empty
        Set<String> existing = readOnly ? families(dir) : null;
        List<Space> spaces = new ArrayList<>();
        for (Space s : Space.values()) {
            if (existing != null && !existing.contains(s.familyName())) {
                continue;
            }
            spaces.add(s);
            descriptors.add(new ColumnFamilyDescriptor(s.familyName().getBytes(StandardCharsets.UTF_8),
                    columnOptions(s)));
        }
        try {
            if (!readOnly) {
                Files.createDirectories(dir);
            }
            this.db = readOnly
                    ? RocksDB.openReadOnly(dbOptions, dir.toString(), descriptors, handles)
                    : RocksDB.open(dbOptions, dir.toString(), descriptors, handles);
        } catch (RocksDBException e) {
            freeOptions();
            throw opening(e);
        } catch (IOException e) {
            freeOptions();
            throw Faults.io(dir, e);
        }
        for (int i = 0; i < spaces.size(); i++) {
            bySpace.put(spaces.get(i), handles.get(i + 1));
        }
    }

    /**
     * Flush and compaction jobs of a writer change its table files: the state file says them again,
     * so that a later open can tell a manifest that lost some of them.
     */
    private final class StateListener extends AbstractEventListener {
        StateListener() {
            super(EnabledEventCallback.ON_FLUSH_COMPLETED, EnabledEventCallback.ON_COMPACTION_COMPLETED);
        }

        @Override
        public void onFlushCompleted(RocksDB db, FlushJobInfo info) {
            tablesChanged();
        }

        @Override
        public void onCompactionCompleted(RocksDB db, CompactionJobInfo info) {
            tablesChanged();
        }
    }

    private void tablesChanged() {
        synchronized (stateLock) {
            if (closed || state == null || db == null) {
                return;
            }
            try {
                List<StoreState.Table> tables = liveTables();
                if (tables.equals(state.tables())) {
                    return; // an atomic flush tells each family's end: the files change once
                }
                state = new StoreState(state.games(), state.pending(), tables, state.rows(), state.names(), families());
                state.write(dir);
            } catch (RuntimeException e) {
                // the next commit or close writes it again; a stale list only makes an open look closer
            }
        }
    }

    private final Object stateLock = new Object();

    /** The column families by their RocksDB ids. */
    private Map<Integer, String> families() {
        Map<Integer, String> out = new TreeMap<>();
        out.put(0, "default");
        bySpace.forEach((s, h) -> out.put(h.getID(), s.familyName()));
        return out;
    }

    /** The table files RocksDB has now. */
    private List<StoreState.Table> liveTables() {
        List<StoreState.Table> out = new ArrayList<>();
        for (LiveFileMetaData f : db.getLiveFilesMetaData()) {
            String name = f.fileName().replaceFirst("^/", "");
            long number;
            try {
                number = Long.parseLong(name.substring(0, name.indexOf('.')));
            } catch (RuntimeException e) {
                continue;
            }
            out.add(new StoreState.Table(number, new String(f.columnFamilyName(), StandardCharsets.UTF_8),
                    f.size()));
        }
        out.sort(Comparator.comparingLong(StoreState.Table::number));
        return out;
    }

    /**
     * Writes the store's state file ({@link StoreState}) as the store is now: its catalog rows and
     * games, the digests of the bases' names ({@code namesChanged}: made again, else kept), its
     * table files. {@code pending}: a commit that changes the catalog is about to be written, so
     * the store may be found before it or after it.
     */
    private void writeState(boolean pending, boolean namesChanged) {
        synchronized (stateLock) {
            Map<ByteKey, byte[]> rows = new TreeMap<>(StoreState.ORDER);
            long[] games = {0};
            Map<Integer, Long> names = new TreeMap<>();
            if (pending && state != null) {
                rows = state.rows();
                games[0] = state.games();
                names = state.names();
            } else {
                try (View v = view()) {
                    Map<ByteKey, byte[]> r = rows;
                    v.scan(Space.FILES, new byte[0], null, (k, val) -> {
                        r.put(new ByteKey(k), val);
                        if (k.length > 0 && k[0] == 'F') {
                            games[0] += Catalog.row(val).games();
                        }
                        return true;
                    });
                    if (namesChanged || state == null) {
                        for (Map.Entry<ByteKey, byte[]> e : r.entrySet()) {
                            if (e.getKey().bytes()[0] == 'B') {
                                int base = Keys.getU16(e.getValue(), 0);
                                names.put(base, StoreState.namesDigest(v, base));
                            }
                        }
                    } else {
                        names = state.names();
                    }
                }
            }
            state = new StoreState(games[0], pending, liveTables(), rows, names, families());
            state.write(dir);
        }
    }

    /**
     * Whether a game's record is absent: a multi-get answers null for a record in a damaged block
     * too, which a plain read tells apart (it fails with the checksum's error): a damaged record is
     * said where it is read, an absent one means a smaller store.
     */
    private static boolean missing(View v, byte[] found, int id) {
        if (found != null) {
            return false;
        }
        try {
            return v.get(Space.GAMES, GameRow.key(id)) == null;
        } catch (ThorDbException e) {
            return false;
        }
    }

    /**
     * Checks an opened store against the state its folder recorded at the last commit
     * ({@link StoreState}): no fewer games, every game file's first and last records there, no
     * table file missing from the manifest that the folder still holds. Throws
     * {@link ErrorCode#CORRUPT}, naming what differs, when the store looks smaller than it was.
     */
    private void checkAgainst(StoreState st) {
        if (st == null) {
            return;
        }
        Set<Long> live = new HashSet<>();
        for (StoreState.Table t : liveTables()) {
            live.add(t.number());
        }
        Set<Long> recorded = new HashSet<>();
        List<String> unnamed = new ArrayList<>();
        for (StoreState.Table t : st.tables()) {
            recorded.add(t.number());
            if (!live.contains(t.number()) && Files.exists(dir.resolve(t.fileName()))) {
                unnamed.add(t.fileName() + " (" + t.family() + ")");
            }
        }
        boolean newer = false;
        for (long n : live) {
            newer |= !recorded.contains(n);
        }
        if (!unnamed.isEmpty() && !newer) {
            throw Faults.of(ErrorCode.CORRUPT, dir + ": the store's manifest names " + live.size()
                    + " table files where the store last had " + st.tables().size() + ": " + String.join(", ",
                    unnamed.subList(0, Math.min(5, unnamed.size()))) + (unnamed.size() > 5 ? " and " + (unnamed.size() - 5)
                    + " more" : "") + (unnamed.size() == 1 ? " is" : " are") + " here but not named (the manifest was cut"
                    + " short or replaced); nothing was changed" + repairAdvice(dir));
        }
        long games = 0;
        List<FileRow> files = new ArrayList<>();
        try (View v = view()) {
            if (!st.pending()) {
                // the catalog as the last commit left it: a manifest that lost the newest catalog rows
                // (a replaced year, a fill) answers from older ones, with as many games
                // (a row the state lacks is a newer commit's whose state was not written yet: benign)
                int[] differ = {0};
                int[] held = {0};
                v.scan(Space.FILES, new byte[0], null, (k, val) -> {
                    byte[] want = st.rows().get(new ByteKey(k));
                    if (want != null) {
                        held[0]++;
                        if (!Arrays.equals(want, val)) {
                            differ[0]++;
                        }
                    }
                    return true;
                });
                differ[0] += st.rows().size() - held[0];
                if (differ[0] > 0) {
                    throw Faults.of(ErrorCode.CORRUPT, dir + ": " + differ[0] + " rows of the store's catalog"
                            + " differ from those its last commit left (" + StoreState.FILE + "): its manifest or its table"
                            + " files are damaged; nothing was changed" + repairAdvice(dir));
                }
            }
            v.scanPrefix(Space.FILES, new byte[] {'F'}, (k, val) -> files.add(Catalog.row(val)));
            for (FileRow f : files) {
                games += f.games();
            }
            if (!st.pending() && games < st.games()) {
                throw Faults.of(ErrorCode.CORRUPT, dir + ": the store holds " + games + " games where its last"
                        + " commit left " + st.games() + " (" + StoreState.FILE + "): its manifest or its table files are"
                        + " damaged; nothing was changed" + repairAdvice(dir));
            }
            List<byte[]> keys = new ArrayList<>();
            for (FileRow f : files) {
                if (f.games() > 0) {
                    keys.add(GameRow.key(f.firstId()));
                    keys.add(GameRow.key(f.firstId() + f.games() - 1));
                }
            }
            List<byte[]> found = v.getAll(Space.GAMES, keys);
            for (int i = 0, j = 0; i < files.size(); i++) {
                FileRow f = files.get(i);
                if (f.games() == 0) {
                    continue;
                }
                if (missing(v, found.get(j), files.get(i).firstId()) || missing(v, found.get(j + 1), f.firstId() + f.games() - 1)) {
                    throw Faults.of(ErrorCode.CORRUPT, dir + ": the records of " + f.name() + " (year "
                            + f.year() + ", games " + f.firstId() + " to " + (f.firstId() + f.games() - 1) + ") are not"
                            + " in the store: its manifest or its table files are damaged; nothing was changed"
                            + repairAdvice(dir));
                }
                j += 2;
            }
            if (games > 0 && cf(Space.TERMS) != null) {
                boolean[] any = {false};
                v.scan(Space.TERMS, new byte[0], null, (k, val) -> !(any[0] = true));
                if (!any[0]) {
                    throw Faults.of(ErrorCode.CORRUPT, dir + ": the store holds " + games + " games and not one"
                            + " index entry: its manifest or its table files are damaged; nothing was changed"
                            + repairAdvice(dir));
                }
            }
        }
    }

    /** The column families a store folder holds (all of them when it cannot tell: the open then says why). */
    private static Set<String> families(Path dir) {
        Set<String> out = new HashSet<>();
        try (Options o = new Options()) {
            for (byte[] f : RocksDB.listColumnFamilies(o, dir.toString())) {
                out.add(new String(f, StandardCharsets.UTF_8));
            }
        } catch (RocksDBException e) {
            for (Space s : Space.values()) {
                out.add(s.familyName());
            }
        }
        if (out.isEmpty()) {
            for (Space s : Space.values()) {
                out.add(s.familyName());
            }
        }
        return out;
    }

    /** Opens (creating when missing) the store in a folder, for reading and writing. */
    public static RocksStore open(Path dir) {
        return open(dir, CACHE_BYTES);
    }

    /** {@link #open(Path)} with a block cache of {@code cacheBytes}. */
    public static RocksStore open(Path dir, long cacheBytes) {
        return openWriter(dir, true, cacheBytes);
    }

    /**
     * Opens a store for writing: takes the writer's lock first (so that nothing changes the folder
     * while it is looked at), refuses a damaged folder, then, for an existing store, opens it
     * read-only to check it against its state file and to learn the table files its manifest
     * names. A writable open of RocksDB deletes every table file of the folder its manifest does
     * not name; those are moved into {@code lost+found/} first. Last, the store is opened for
     * writing and its state written.
     */
    private static RocksStore openWriter(Path dir, boolean compactions, long cacheBytes) {
        return openWriter(dir, compactions, cacheBytes, false);
    }

    /**
     * Opens a store for writing for a repair: as {@link #open(Path)}, though an interrupted repair
     * left its mark ({@link StoreFolder#REPAIRING}), which the repair removes when it is done.
     */
    public static RocksStore openForRepair(Path dir, boolean compactions) {
        return openWriter(dir, compactions, CACHE_BYTES, true);
    }

    private static RocksStore openWriter(Path dir, boolean compactions, long cacheBytes, boolean repairing) {
        notAFile(dir);
        StoreFolder.Inspection i = StoreFolder.inspect(dir, repairing);
        if (i.state() == StoreFolder.State.DAMAGED) {
            throw StoreFolder.damaged(dir, i);
        }
        boolean create = i.state() == StoreFolder.State.NONE;
        WriterLock held = null;
        try {
            held = lockFolder(dir);
            if (!create) {
                StoreState st = StoreState.read(dir);
                List<String> live;
                try (RocksStore ro = new RocksStore(dir, true, false, true, 8L << 20)) {
                    ro.checkAgainst(st);
                    live = new ArrayList<>();
                    for (StoreState.Table t : ro.liveTables()) {
                        live.add(t.fileName());
                    }
                }
                List<Path> strays = new ArrayList<>();
                try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "*.sst")) {
                    for (Path p : ds) {
                        if (!live.contains(p.getFileName().toString())) {
                            strays.add(p);
                        }
                    }
                }
                Collections.sort(strays);
                LostAndFound.moveAside(dir, strays, "a table file the store's manifest does not name (a flush or a"
                        + " compaction cut short left it); RocksDB deletes such files when it opens a store for writing");
            }
            RocksStore s = new RocksStore(dir, false, create, compactions, cacheBytes);
            s.writerLock = held;
            try {
                s.writeState(false, true);
            } catch (RuntimeException e) {
                s.close();
                throw e;
            }
            return s;
        } catch (IOException e) {
            if (held != null) {
                held.close();
            }
            throw Faults.io(dir, e);
        } catch (RuntimeException e) {
            if (held != null) {
                held.close();
            }
            throw e;
        }
    }

    /** A writer's hold on a store folder's {@value #LOCK_FILE}; closing it lets the next writer in. */
    public static final class WriterLock implements AutoCloseable {
        private final FileChannel channel;
        private final FileLock lock;

        private WriterLock(FileChannel channel, FileLock lock) {
            this.channel = channel;
            this.lock = lock;
        }

        @Override
        public void close() {
            try {
                lock.release();
            } catch (IOException ignored) {
                // released with the channel
            }
            try {
                channel.close();
            } catch (IOException ignored) {
                // the lock goes with the channel
            }
        }
    }

    /**
     * Takes a store folder's writer lock (made with the folder when missing), which every thordb
     * writer holds for as long as its store is open, and a repair for as long as it works: so that
     * nothing else changes the folder meanwhile.
     *
     * @throws ThorDbException with {@link ErrorCode#LOCKED} when another writer holds it
     */
    public static WriterLock lockFolder(Path dir) {
        FileChannel channel = null;
        try {
            Files.createDirectories(dir);
            channel = FileChannel.open(dir.resolve(LOCK_FILE), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            FileLock held;
            try {
                held = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                throw Faults.of(ErrorCode.LOCKED, dir + ": the store is open already in this process"
                        + " (share that ThorDb, or close it first)");
            }
            if (held == null) {
                throw Faults.of(ErrorCode.LOCKED, dir + ": the store is in use by another process"
                        + " (open it read-only, or wait for that process to finish)");
            }
            return new WriterLock(channel, held);
        } catch (IOException e) {
            closeQuietly(channel);
            throw Faults.io(dir, e);
        } catch (RuntimeException e) {
            closeQuietly(channel);
            throw e;
        }
    }

    private static void closeQuietly(FileChannel c) {
        if (c != null) {
            try {
                c.close();
            } catch (IOException ignored) {
                // nothing held
            }
        }
    }

    /**
     * What a writer changes when it commits or flushes: the names, sizes and times of a store's
     * log and manifest files (and CURRENT). Equal stamps: nothing landed in between. Cheap (one
     * listing of the folder); empty when the folder cannot be read.
     */
    public static String changeStamp(Path dir) {
        StringBuilder sb = new StringBuilder();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir,
                p -> { String n = p.getFileName().toString(); return n.endsWith(".log") || n.startsWith("MANIFEST-") || n.equals("CURRENT"); })) {
            List<String> parts = new ArrayList<>();
            for (Path p : files) {
                BasicFileAttributes a = Files.readAttributes(p,
                        BasicFileAttributes.class);
                parts.add(p.getFileName() + ":" + a.size() + ":" + a.lastModifiedTime().toMillis());
            }
            Collections.sort(parts);
            parts.forEach(x -> sb.append(x).append(' '));
        } catch (IOException e) {
            return "";
        }
        return sb.toString();
    }

    /**
     * Opens an existing store for writing with automatic compactions off: for a repair that drops
     * damaged families ({@link #clear}) before anything else reads them.
     */
    public static RocksStore openWithoutCompactions(Path dir) {
        notAFile(dir);
        if (StoreFolder.requireNotDamaged(dir).state() == StoreFolder.State.NONE) {
            throw Faults.of(ErrorCode.STORE, dir + ": no store here");
        }
        return openWriter(dir, false, CACHE_BYTES, true);
    }

    /** Opens an existing store read-only; it may be open for writing in another process. */
    public static RocksStore openReadOnly(Path dir) {
        return openReadOnly(dir, CACHE_BYTES);
    }

    /** {@link #openReadOnly(Path)} with a block cache of {@code cacheBytes}. */
    public static RocksStore openReadOnly(Path dir, long cacheBytes) {
        notAFile(dir);
        if (StoreFolder.requireNotDamaged(dir).state() == StoreFolder.State.NONE) {
            throw Faults.of(ErrorCode.STORE, dir + ": no store here");
        }
        StoreState st = StoreState.read(dir); // before the manifest: never newer than what the open reads
        RocksStore s = new RocksStore(dir, true, false, true, cacheBytes);
        try {
            s.checkAgainst(st);
        } catch (RuntimeException e) {
            s.close();
            throw e;
        }
        return s;
    }

    /**
     * Opens a store read-only without checking it against its state file: for {@code verify}, which
     * reports what it finds rather than refusing.
     */
    public static RocksStore openReadOnlyUnchecked(Path dir) {
        notAFile(dir);
        if (StoreFolder.requireNotDamaged(dir).state() == StoreFolder.State.NONE) {
            throw Faults.of(ErrorCode.STORE, dir + ": no store here");
        }
        return new RocksStore(dir, true, false, true, CACHE_BYTES);
    }

    private static void notAFile(Path dir) {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw Faults.of(ErrorCode.STORE, dir + ": this is a file, not a store folder");
        }
    }

    private ThorDbException opening(RocksDBException e) {
        String m = String.valueOf(e.getMessage());
        Status.Code code = e.getStatus() == null ? null : e.getStatus().getCode();
        if (code == Status.Code.IOError && m.contains("lock hold by current process")) {
            return Faults.of(ErrorCode.LOCKED, dir + ": the store is open already in this process"
                    + " (share that ThorDb, or close it first)", e);
        }
        // RocksDB says a lock failed with an I/O error on the LOCK file: only then is it in use
        if (code == Status.Code.IOError && m.contains(File.separator + "LOCK")) {
            return Faults.of(ErrorCode.LOCKED, dir + ": the store is in use by another process"
                    + " (open it read-only, or wait for that process to finish)", e);
        }
        return failure("cannot open the store", e);
    }

    /** A RocksDB failure as thordb's exception: corruption as CORRUPT, the rest as STORE. */
    private ThorDbException failure(String what, RocksDBException e) {
        Status.Code code = e.getStatus() == null ? null : e.getStatus().getCode();
        if (code == Status.Code.Corruption) {
            return Faults.of(ErrorCode.CORRUPT, dir + ": " + what + ": the store is damaged: "
                    + Faults.whole(e.getMessage()) + repairAdvice(dir), e);
        }
        return Faults.of(ErrorCode.STORE, dir + ": " + what + ": " + Faults.whole(e.getMessage()), e);
    }

    /**
     * The advice a damage error ends with. {@code thordb verify --repair} strips it from the errors
     * it meets itself, so that no advice sends a user back to the command that gave it.
     */
    public static String repairAdvice(Path dir) {
        return " (run 'thordb verify --db " + dir + " --repair')";
    }

    private void checkOpen() {
        if (closed) {
            throw Faults.of(ErrorCode.CLOSED, dir + ": the store is closed");
        }
    }

    private ColumnFamilyOptions columnOptions(Space s) {
        // a game record is read alone (a candidate to replay, a row to show): small blocks, so a
        // read that misses the cache decompresses 4 KB rather than 16
        // ...and no Bloom filter: game ids are dense, every id asked for is there (a replay's
        // candidate, a result's row), so a filter would only cost a probe per read; nor for
        // fingerprints, whose every partition exists; nor for terms, which are only ever read by
        // prefix scans, which a filter on whole keys never answers (45 MB of filters at 10M games)
        BlockBasedTableConfig table = new BlockBasedTableConfig().setBlockCache(cache)
                .setFilterPolicy(s == Space.GAMES || s == Space.FINGERPRINTS || s == Space.TERMS ? null : bloom)
                .setBlockSize((s == Space.GAMES ? 4 : 16) * 1024).setCacheIndexAndFilterBlocks(true)
                .setPinL0FilterAndIndexBlocksInCache(true).setFormatVersion(5);
        ColumnFamilyOptions o = new ColumnFamilyOptions().setTableFormatConfig(table)
                // ZSTD on every level, not LZ4 above the last: a store as an import leaves it holds
                // much of its data above the last level (210 MB less at 10M games, at no cost to
                // the import's time)
                .setCompressionType(CompressionType.ZSTD_COMPRESSION)
                .setBottommostCompressionType(CompressionType.ZSTD_COMPRESSION)
                .setLevelCompactionDynamicLevelBytes(true)
                .setDisableAutoCompactions(!compactions);
        if (s == Space.FINGERPRINTS) {
            // hashes and game numbers: ZSTD saved 0.03% of them on the 1M-game base, and a lookup
            // that misses the cache would pay for the decompression. (The per-game columns, read
            // whole by every new process that asks a column question, were kept uncompressed for a
            // while: 100 MB at ten million games against 72 MB, for some 70 ms less of a cold
            // read; the store's 5× limit wants the 28 MB more than the count its 70 ms)
            o.setCompressionType(CompressionType.NO_COMPRESSION).setBottommostCompressionType(CompressionType.NO_COMPRESSION);
        }
        if (s == Space.POSITIONS || s == Space.GAMES || s == Space.FINGERPRINTS || s == Space.TERMS) {
            o.setWriteBufferSize(64L << 20);
        }
        if (s != null && s.prefixLength() > 0) {
            o.useFixedLengthPrefixExtractor(s.prefixLength());
        }
        cfOptions.add(o);
        return o;
    }

    private ColumnFamilyHandle cf(Space s) {
        return bySpace.get(s);
    }

    @Override
    public Path path() {
        return dir;
    }

    @Override
    public View view() {
        checkOpen();
        RocksView v = new RocksView();
        open.add(v);
        return v;
    }

    @Override
    public boolean readOnly() {
        return readOnly;
    }

    @Override
    public long sequence() {
        if (closed) {
            throw Faults.of(ErrorCode.CLOSED, dir + ": the store is closed");
        }
        return db.getLatestSequenceNumber();
    }

    @Override
    public Batch batch() {
        checkOpen();
        if (readOnly) {
            throw Faults.of(ErrorCode.READ_ONLY, dir + ": the store is open read-only");
        }
        RocksBatch b = new RocksBatch();
        open.add(b);
        return b;
    }

    @Override
    public Map<Space, Long> sizes() {
        checkOpen();
        Map<String, Space> byName = new HashMap<>();
        for (Space s : Space.values()) {
            byName.put(s.familyName(), s);
        }
        Map<Space, Long> out = new HashMap<>();
        for (Space s : Space.values()) {
            out.put(s, 0L);
        }
        for (LiveFileMetaData f : db.getLiveFilesMetaData()) {
            Space s = byName.get(new String(f.columnFamilyName(), StandardCharsets.UTF_8));
            if (s != null) {
                out.merge(s, f.size(), Long::sum);
            }
        }
        long total = 0;
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) files::iterator) {
                if (Files.isRegularFile(p)) {
                    total += Files.size(p);
                }
            }
        } catch (IOException e) {
            throw Faults.io(dir, e);
        }
        out.put(null, total);
        return out;
    }

    @Override
    public void flush() {
        flush(true);
    }

    @Override
    public void flushInBackground() {
        flush(false);
    }

    private void flush(boolean wait) {
        checkOpen();
        if (readOnly) {
            return;
        }
        try (FlushOptions o = new FlushOptions().setWaitForFlush(wait)) {
            List<ColumnFamilyHandle> all = new ArrayList<>(bySpace.values());
            db.flush(o, all);
        } catch (RocksDBException e) {
            throw failure("flush failed", e);
        }
    }

    @Override
    public void compact() {
        checkOpen();
        try (CompactRangeOptions o = new CompactRangeOptions()
                .setBottommostLevelCompaction(CompactRangeOptions.BottommostLevelCompaction.kForce)) {
            for (Space s : bySpace.keySet()) {
                db.compactRange(cf(s), null, null, o);
            }
        } catch (RocksDBException e) {
            throw failure("compaction failed", e);
        }
    }

    @Override
    public synchronized void clear(Space space) {
        checkOpen();
        if (readOnly) {
            throw Faults.of(ErrorCode.READ_ONLY, dir + ": the store is open read-only");
        }
        // the family dropped and made again: RocksDB deletes its files unread (a compaction, or
        // deleting by range, would read them, and meet the damage). Their bytes are kept first, as
        // links in lost+found/: thordb deletes no file it did not write
        ColumnFamilyHandle old = cf(space);
        List<Path> files = new ArrayList<>();
        for (LiveFileMetaData f : db.getLiveFilesMetaData()) {
            if (space.familyName().equals(new String(f.columnFamilyName(), StandardCharsets.UTF_8))) {
                files.add(dir.resolve(f.fileName().replaceFirst("^/", "")));
            }
        }
        LostAndFound.keepBeforeDeletion(dir, files, "a table file of the " + space.familyName() + " family, whose bytes"
                + " were damaged, dropped whole (every entry is written again from the records)");
        try {
            db.dropColumnFamily(old);
            ColumnFamilyHandle fresh = db.createColumnFamily(new ColumnFamilyDescriptor(
                    space.familyName().getBytes(StandardCharsets.UTF_8), columnOptions(space)));
            bySpace.put(space, fresh);
            handles.set(handles.indexOf(old), fresh);
            old.close();
        } catch (RocksDBException e) {
            throw failure("dropping the " + space.familyName() + " family failed", e);
        }
        commits.incrementAndGet();
    }

    /** The table files each key space has now, by name (for tests that damage one on purpose). */
    public Map<Space, List<String>> tableFiles() {
        checkOpen();
        Map<Space, List<String>> out = new EnumMap<>(Space.class);
        for (LiveFileMetaData f : db.getLiveFilesMetaData()) {
            String family = new String(f.columnFamilyName(), StandardCharsets.UTF_8);
            for (Space s : Space.values()) {
                if (s.familyName().equals(family)) {
                    out.computeIfAbsent(s, x -> new ArrayList<>()).add(f.fileName().replaceFirst("^/", ""));
                }
            }
        }
        return out;
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        if (!readOnly && state != null) {
            try {
                writeState(false, false); // the table files as they are at the end
            } catch (RuntimeException ignored) {
                // the last commit's state stands
            }
        }
        synchronized (stateLock) {
            closed = true;
        }
        // views and batches still open are freed before the database they belong to
        for (AutoCloseable c : open) {
            try {
                c.close();
            } catch (Exception ignored) {
                // each frees only its own handles
            }
        }
        for (ColumnFamilyHandle h : handles) {
            h.close();
        }
        try {
            if (!readOnly) {
                db.syncWal();
            }
        } catch (RocksDBException ignored) {
            // every commit was synced already
        }
        db.close();
        syncWrite.close();
        freeOptions();
        if (writerLock != null) {
            writerLock.close();
        }
    }

    private void freeOptions() {
        dbOptions.close();
        if (listener != null) {
            listener.close();
        }
        for (ColumnFamilyOptions o : cfOptions) {
            o.close();
        }
        bloom.close();
        cache.close();
    }

    private final class RocksView implements View {
        private final long commitsSeen = commits.get(); // read before the snapshot: never newer than it
        private final Snapshot snapshot = db.getSnapshot();
        // total order: a scan may cross prefixes, so no prefix Bloom filter may skip a file
        private final ReadOptions read = new ReadOptions().setSnapshot(snapshot).setTotalOrderSeek(true);
        /** One iterator per key space, made on first use and sought again by each scan. */
        private final Map<Space, RocksIterator> iterators = new EnumMap<>(Space.class);
        // for whole-prefix lookups in a space with a prefix extractor: the Bloom filter is asked first
        private ReadOptions prefixRead;
        private final Map<Space, RocksIterator> prefixIterators = new EnumMap<>(Space.class);
        private byte[] values = new byte[4096];
        private boolean released;

        /** Throws CLOSED when this view, or its store, is closed: its handles are freed then. */
        private void usable() {
            if (released || closed) {
                throw Faults.of(ErrorCode.CLOSED, dir + (closed ? ": the store is closed" : ": the view is closed"));
            }
        }

        private RocksIterator prefixIterator(Space space) {
            if (prefixRead == null) {
                prefixRead = new ReadOptions().setSnapshot(snapshot).setPrefixSameAsStart(true);
            }
            return prefixIterators.computeIfAbsent(space, s -> db.newIterator(cf(s), prefixRead));
        }

        @Override
        public void scanPrefixValues(Space space, byte[] prefix, ValueVisitor visitor) {
            usable();
            if (space.prefixLength() == 0 || prefix.length != space.prefixLength()) {
                View.super.scanPrefixValues(space, prefix, visitor);
                return;
            }
            // the iterator stops where the prefix ends: no key is read (each is a call into RocksDB),
            // and values are copied into one array rather than a new one each
            RocksIterator it = prefixIterator(space);
            try {
                for (it.seek(prefix); it.isValid(); it.next()) {
                    int n = it.value(values);
                    if (n > values.length) {
                        values = new byte[Math.max(n, 2 * values.length)];
                        it.value(values);
                    }
                    try {
                        visitor.value(values, n);
                    } catch (RuntimeException e) {
                        throw Store.isDecodeFailure(e) ? Store.corrupt(dir, space, prefix, e) : e;
                    }
                }
                it.status();
            } catch (RocksDBException e) {
                throw failure("scan failed", e);
            }
        }

        @Override
        public void scanPrefix(Space space, byte[] prefix, EntryVisitor visitor) {
            usable();
            if (space.prefixLength() == 0 || prefix.length != space.prefixLength()) {
                View.super.scanPrefix(space, prefix, visitor);
                return;
            }
            walk(space, prefixIterator(space), prefix, null, visitor); // the iterator stops where the prefix ends
        }

        @Override
        public void scanPrefixInto(Space space, byte[] prefix, int head, LengthVisitor visitor) {
            usable();
            if (cf(space) == null) {
                return;
            }
            byte[] end = Keys.prefixEnd(prefix);
            RocksIterator it = space.prefixLength() > 0 && prefix.length == space.prefixLength() ? prefixIterator(space)
                    : iterators.computeIfAbsent(space, s -> db.newIterator(cf(s), read));
            try {
                for (it.seek(prefix); it.isValid(); it.next()) {
                    byte[] key = it.key();
                    if (end != null && Arrays.compareUnsigned(key, end) >= 0) {
                        return;
                    }
                    if (!deliver(space, key, head, it::value, visitor)) {
                        return;
                    }
                }
                it.status();
            } catch (RocksDBException e) {
                throw failure("scan failed", e);
            }
        }

        private byte[] heads = new byte[0];

        private byte[] heads(int size) {
            if (heads.length != size) {
                heads = new byte[size];
            }
            return heads;
        }

        @Override
        public boolean getInto(Space space, byte[] key, int head, LengthVisitor visitor) {
            usable();
            if (cf(space) == null) {
                return false;
            }
            try {
                return deliver(space, key, head, into -> db.get(cf(space), read, key, into), visitor);
            } catch (RocksDBException e) {
                throw failure("read failed", e);
            }
        }

        /** Reads a value into an array, returning its whole size (RocksDB.NOT_FOUND when absent). */
        private interface ValueRead {
            int into(byte[] array) throws RocksDBException;
        }

        /**
         * Hands a value to {@code visitor}, read into the view's array (grown, and read again,
         * when it is all wanted and larger than any before) or, for a head, into an array of the
         * head's size (the other may have grown to megabytes); false when the key is absent.
         */
        private boolean deliver(Space space, byte[] key, int head, ValueRead read, LengthVisitor visitor)
                throws RocksDBException {
            byte[] into = head < values.length ? heads(head) : values;
            int n = read.into(into);
            if (n == RocksDB.NOT_FOUND) {
                return false;
            }
            if (n > into.length && head > into.length) {
                values = into = new byte[Math.max(Math.min(n, head), 2 * into.length)];
                read.into(into);
            }
            try {
                visitor.entry(key, into, Math.min(n, Math.min(head, into.length)), n);
            } catch (RuntimeException e) {
                throw Store.isDecodeFailure(e) ? Store.corrupt(dir, space, key, e) : e;
            }
            return true;
        }

        @Override
        public byte[] get(Space space, byte[] key) {
            usable();
            if (cf(space) == null) {
                return null; // a family the store was made without
            }
            try {
                return db.get(cf(space), read, key);
            } catch (RocksDBException e) {
                throw failure("read failed", e);
            }
        }

        @Override
        public List<byte[]> getAll(Space space, List<byte[]> keys) {
            usable();
            if (keys.isEmpty()) {
                return new ArrayList<>(); // RocksJava asserts that a multi-get asks for some key
            }
            if (cf(space) == null) {
                return Arrays.asList(new byte[keys.size()][]);
            }
            try {
                return db.multiGetAsList(read, Collections.nCopies(keys.size(), cf(space)), keys);
            } catch (RocksDBException e) {
                throw failure("read failed", e);
            }
        }

        @Override
        public void scan(Space space, byte[] from, byte[] to, EntryVisitor visitor) {
            usable();
            if (cf(space) == null) {
                return;
            }
            walk(space, iterators.computeIfAbsent(space, s -> db.newIterator(cf(s), read)), from, to, visitor);
        }

        @Override
        public void scanRange(Space space, byte[] from, byte[] to, EntryVisitor visitor) {
            usable();
            if (cf(space) == null) {
                return;
            }
            // an iterator of its own, bounded above: unbounded, a seek into a run of deleted keys steps
            // over all of them to the next live key, however far past the range it lies
            try (Slice bound = new Slice(to);
                 ReadOptions bounded = new ReadOptions().setSnapshot(snapshot).setTotalOrderSeek(true).setIterateUpperBound(bound);
                 RocksIterator it = db.newIterator(cf(space), bounded)) {
                walk(space, it, from, to, visitor);
            }
        }

        private void walk(Space space, RocksIterator it, byte[] from, byte[] to, EntryVisitor visitor) {
            try {
                for (it.seek(from); it.isValid(); it.next()) {
                    byte[] key = it.key();
                    if (to != null && Arrays.compareUnsigned(key, to) >= 0) {
                        return;
                    }
                    boolean more;
                    try {
                        more = visitor.entry(key, it.value());
                    } catch (RuntimeException e) {
                        throw Store.isDecodeFailure(e) ? Store.corrupt(dir, space, key, e) : e;
                    }
                    if (!more) {
                        return;
                    }
                }
                it.status();
            } catch (RocksDBException e) {
                throw failure("scan failed", e);
            }
        }

        @Override
        public Path path() {
            return dir;
        }

        @Override
        public boolean current() {
            return !released && !closed && commits.get() == commitsSeen;
        }

        @Override
        public void close() {
            synchronized (RocksStore.this) { // not while the store closes: each handle is freed once
                if (released) {
                    return;
                }
                released = true;
                open.remove(this);
                if (db.isOwningHandle()) {
                    for (RocksIterator it : iterators.values()) {
                        it.close();
                    }
                    for (RocksIterator it : prefixIterators.values()) {
                        it.close();
                    }
                    read.close();
                    if (prefixRead != null) {
                        prefixRead.close();
                    }
                    db.releaseSnapshot(snapshot);
                }
            }
        }
    }

    private final class RocksBatch implements Batch {
        private final WriteBatch batch = new WriteBatch();
        /** The key spaces this batch writes: one that changes the catalog has the state file written around it. */
        private final Set<Space> touched = EnumSet.noneOf(Space.class);
        /** Whether it deletes or rewrites a row of {@code files} the state file holds (not only adds). */
        private boolean changesRows;
        private int count;
        private boolean released;

        private void usable() {
            if (released || closed) {
                throw Faults.of(ErrorCode.CLOSED, dir + (closed ? ": the store is closed" : ": the batch is closed"));
            }
        }

        @Override
        public void put(Space space, byte[] key, byte[] value) {
            usable();
            try {
                batch.put(cf(space), key, value);
                if (space == Space.FILES && !changesRows) {
                    StoreState st = state;
                    changesRows = st == null || st.rows().containsKey(new ByteKey(key));
                }
                touched.add(space);
                count++;
            } catch (RocksDBException e) {
                throw failure("batch failed", e);
            }
        }

        @Override
        public void delete(Space space, byte[] key) {
            usable();
            try {
                batch.delete(cf(space), key);
                changesRows |= space == Space.FILES;
                touched.add(space);
                count++;
            } catch (RocksDBException e) {
                throw failure("batch failed", e);
            }
        }

        @Override
        public void deleteRange(Space space, byte[] from, byte[] to) {
            usable();
            try {
                batch.deleteRange(cf(space), from, to);
                changesRows |= space == Space.FILES;
                touched.add(space);
                count++;
            } catch (RocksDBException e) {
                throw failure("batch failed", e);
            }
        }

        @Override
        public int count() {
            return count;
        }

        @Override
        public void commit() {
            usable();
            boolean catalog = touched.contains(Space.FILES) || touched.contains(Space.NAMES);
            if (catalog && changesRows) {
                // it changes or deletes rows the state file holds: until the state is written again, the
                // store may be found before this commit or after it. (A commit that only adds rows needs
                // no such mark: a store found with rows the state lacks is a newer one, never a damaged one)
                writeState(true, false);
            }
            try {
                db.write(syncWrite, batch);
                commits.incrementAndGet();
            } catch (RocksDBException e) {
                throw failure("write failed", e);
            }
            if (catalog) {
                writeState(false, touched.contains(Space.NAMES));
            }
        }

        @Override
        public void close() {
            synchronized (RocksStore.this) {
                if (released) {
                    return;
                }
                released = true;
                open.remove(this);
                batch.close();
            }
        }
    }
}
