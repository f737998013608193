package org.thordb.store;

import org.thordb.fault.Faults;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.CRC32;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Comparator;

/**
 * What a store held at its last commit, kept outside RocksDB's manifest in a small file of the
 * store's folder ({@value #FILE}), written whole and atomically (a new file synced, then renamed
 * over the old one). A manifest cut short by a full disk or an interrupted copy makes RocksDB open
 * an older, smaller store, or an empty one, without a word; this file is how thordb tells: the
 * games the store held, every row of its catalog (the {@code files} family, small), a digest of
 * each base's names, and the table files RocksDB had (updated after each flush and compaction).
 * An open that finds fewer games, a file's records missing, or fewer table files than recorded
 * refuses with {@link ErrorCode#CORRUPT}; {@code thordb verify --repair} then rebuilds the store
 * from the records its table files hold, and takes the catalog from here.
 *
 * <p>Usage: {@code StoreState s = StoreState.read(dir); if (s != null) System.out.println(s.games());}
 *
 * @param games the games of the store's game files (the sum of their rows' {@code games})
 * @param pending whether a commit that changes the catalog was under way when this was written: the
 *     store may then be in the state before it or after it
 * @param tables the live table files: number, family and size
 * @param rows every entry of the {@code files} family, key to value
 * @param names a digest of each base's entries of the {@code names} family ({@link #namesDigest})
 * @param families the column families by their RocksDB ids (a log file names a family by its id)
 */
public record StoreState(long games, boolean pending, List<Table> tables, Map<ByteKey, byte[]> rows,
                         Map<Integer, Long> names, Map<Integer, String> families) {
    /** The file's name in the store's folder. */
    public static final String FILE = "THORDB-STATE";
    private static final String MAGIC = "thordb-state 1";

    /**
     * A table file RocksDB had.
     *
     * @param number its number ({@code 000042.sst} is 42)
     * @param family its column family
     * @param size its size in bytes
     */
    public record Table(long number, String family, long size) {
        /** The file's name. */
        public String fileName() {
            return String.format("%06d.sst", number);
        }
    }

    /** The game file rows ({@code 'F'} keys) among {@link #rows}. */
    public List<FileRow> gameFiles() {
        List<FileRow> out = new ArrayList<>();
        rows.forEach((k, v) -> {
            if (k.bytes().length > 0 && k.bytes()[0] == 'F') {
                out.add(Catalog.row(v));
            }
        });
        return out;
    }

    /** The state's bytes: text lines, the last a CRC-32 of the others. */
    byte[] encode() {
        StringBuilder sb = new StringBuilder(MAGIC).append('\n');
        sb.append("games ").append(games).append('\n');
        sb.append("pending ").append(pending ? 1 : 0).append('\n');
        HexFormat hex = HexFormat.of();
        for (Table t : tables) {
            sb.append("table ").append(t.number()).append(' ').append(t.family()).append(' ').append(t.size()).append('\n');
        }
        rows.forEach((k, v) -> sb.append("row ").append(hex.formatHex(k.bytes())).append(' ').append(hex.formatHex(v)).append('\n'));
        names.forEach((b, d) -> sb.append("names ").append(b).append(' ').append(Long.toHexString(d)).append('\n'));
        families.forEach((id, f) -> sb.append("family ").append(id).append(' ').append(f).append('\n'));
        byte[] body = sb.toString().getBytes(StandardCharsets.US_ASCII);
        CRC32 crc = new CRC32();
        crc.update(body);
        byte[] tail = ("crc " + Long.toHexString(crc.getValue()) + "\n").getBytes(StandardCharsets.US_ASCII);
        byte[] out = new byte[body.length + tail.length];
        System.arraycopy(body, 0, out, 0, body.length);
        System.arraycopy(tail, 0, out, body.length, tail.length);
        return out;
    }

    /**
     * The state of a store's folder, or null when it has none (a store made before thordb kept
     * one, or none at all).
     *
     * @throws ThorDbException with {@link ErrorCode#CORRUPT} when the file is there but damaged
     */
    public static StoreState read(Path dir) {
        byte[] b;
        try {
            b = Files.readAllBytes(dir.resolve(FILE));
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw Faults.io(dir.resolve(FILE), e);
        }
        return decode(dir.resolve(FILE), b);
    }

    static StoreState decode(Path file, byte[] b) {
        String text = new String(b, StandardCharsets.US_ASCII);
        int last = text.lastIndexOf("crc ");
        if (!text.startsWith(MAGIC + "\n") || last < 0 || !text.endsWith("\n")) {
            throw damaged(file, "it is not a whole state file");
        }
        CRC32 crc = new CRC32();
        crc.update(b, 0, last);
        String want = text.substring(last + 4, text.length() - 1);
        if (!want.equals(Long.toHexString(crc.getValue()))) {
            throw damaged(file, "its checksum fails");
        }
        long games = -1;
        boolean pending = false;
        List<Table> tables = new ArrayList<>();
        Map<ByteKey, byte[]> rows = new TreeMap<>(ORDER);
        Map<Integer, Long> names = new TreeMap<>();
        Map<Integer, String> families = new TreeMap<>();
        HexFormat hex = HexFormat.of();
        try {
            for (String line : text.substring(MAGIC.length() + 1, last).split("\n")) {
                if (line.isEmpty()) {
                    continue;
                }
                String[] f = line.split(" ");
                switch (f[0]) {
                    case "games" -> games = Long.parseLong(f[1]);
                    case "pending" -> pending = f[1].equals("1");
                    case "table" -> tables.add(new Table(Long.parseLong(f[1]), f[2], Long.parseLong(f[3])));
                    case "row" -> rows.put(new ByteKey(hex.parseHex(f[1])), f.length > 2 ? hex.parseHex(f[2]) : new byte[0]);
                    case "names" -> names.put(Integer.parseInt(f[1]), Long.parseUnsignedLong(f[2], 16));
                    case "family" -> families.put(Integer.parseInt(f[1]), f[2]);
                    default -> { } // a later version's line: not this one's to read
                }
            }
        } catch (RuntimeException e) {
            throw damaged(file, "a line does not read (" + e.getMessage() + ")");
        }
        if (games < 0) {
            throw damaged(file, "it says no game count");
        }
        return new StoreState(games, pending, List.copyOf(tables), rows, names, families);
    }

    /** Keys in byte order, as RocksDB keeps them. */
    public static final Comparator<ByteKey> ORDER = (a, b) -> Arrays.compareUnsigned(a.bytes(), b.bytes());

    private static ThorDbException damaged(Path file, String why) {
        return Faults.of(ErrorCode.CORRUPT, file + ": the store's state file is damaged: " + why);
    }

    /** Writes the state into a store's folder, atomically and durably. */
    public void write(Path dir) {
        writeAtomically(dir.resolve(FILE), encode());
    }

    /**
     * Writes a small file of a store's folder whole or not at all: a new file beside it, synced, then
     * renamed over it, and the rename made durable. For the state file, {@code CURRENT}, a repair's mark.
     */
    public static void writeAtomically(Path target, byte[] bytes) {
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        try {
            try (FileChannel c = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer buf = ByteBuffer.wrap(bytes);
                while (buf.hasRemaining()) {
                    c.write(buf);
                }
                c.force(true);
            }
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            syncFolder(target.getParent());
        } catch (IOException e) {
            throw Faults.io(target, e);
        }
    }

    /** Makes a rename in a folder durable (the folder's entry synced), where the platform allows it. */
    public static void syncFolder(Path dir) {
        try (FileChannel c = FileChannel.open(dir, StandardOpenOption.READ)) {
            c.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // not every file system syncs a folder; the rename itself is atomic
        }
    }

    /**
     * An order-free digest of a set of entries (a sum of one 64-bit hash an entry of key and value),
     * so that a rebuild can tell which of two versions of an entry the store last held.
     */
    public static long entryHash(byte[] key, byte[] value) {
        long h = 0x9E3779B97F4A7C15L;
        for (byte x : key) {
            h = (h ^ (x & 0xff)) * 0x100000001B3L;
        }
        h = mix(h ^ key.length);
        for (byte x : value) {
            h = (h ^ (x & 0xff)) * 0x100000001B3L;
        }
        return mix(h ^ ((long) value.length << 32));
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** The digest of one base's entries of the {@code names} family (names, old names, registry rows). */
    public static long namesDigest(Store.View v, int base) {
        long[] sum = {0};
        v.scanPrefix(Store.Space.NAMES, Keys.u16(base), (k, val) -> {
            sum[0] += entryHash(k, val);
            return true;
        });
        return sum[0];
    }
}
