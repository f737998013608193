package org.thordb.wthor;

import org.thordb.fault.Faults;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import java.util.function.Function;

/**
 * Streams the records of any WTHOR file, one at a time, after checking the file as a whole: its
 * size against the record size, the header against the size and the kind. A file that fails these
 * checks is refused with {@code FILE: reason (byte offset N)}; what is odd but readable (a names
 * file whose N2 is off by one, as real files are) is kept in {@link #warnings()}.
 *
 * <p>Usage:
 * <pre>{@code
 * try (WthorReader r = WthorReader.open(Path.of("WTH_2015.wtb"))) {
 *     for (WthorGame g : r.games()) System.out.println(g.blackScore());
 * }
 * }</pre>
 */
public final class WthorReader implements AutoCloseable {
    private final Path path;
    private final WthorKind kind;
    private final WthorHeader header;
    private final long recordCount;
    private final byte[] presenceTable;
    private final List<String> warnings = new ArrayList<>();
    private final InputStream in;
    private long nextRecord;

    private WthorReader(Path path, WthorKind kind) {
        this.path = path;
        this.kind = kind;
        InputFiles.requireRegularFile(path);
        long size;
        try {
            size = Files.size(path);
        } catch (IOException e) {
            throw Faults.io(path, e);
        }
        if (size < WthorHeader.SIZE) {
            throw bad(size, "the file is " + size + " bytes, shorter than the 16-byte WTHOR header");
        }
        try {
            this.in = new BufferedInputStream(Files.newInputStream(path), 1 << 16);
        } catch (IOException e) {
            throw Faults.io(path, e);
        }
        try {
            this.header = WthorHeader.decode(readFully(WthorHeader.SIZE, 0));
            // a file of the other board size says so before its size is judged in the wrong records
            if (kind == WthorKind.GAMES_8 && header.boardSize() == 10) {
                throw bad(12, "board size byte P1 is 10 (10×10) in a .wtb file; 10×10 games go in .wtd files");
            }
            if (kind == WthorKind.GAMES_10 && (header.boardSize() == 0 || header.boardSize() == 8)) {
                throw bad(12, "board size byte P1 is " + header.boardSize() + " (8×8) in a .wtd file, which holds 10×10 games");
            }
            if (size < kind.dataOffset()) {
                throw bad(size, "the file is " + size + " bytes, shorter than the " + kind.dataOffset()
                        + " bytes of headers a ." + kind.extension() + " file has");
            }
            this.presenceTable = kind == WthorKind.SOLITAIRES ? readFully(512, WthorHeader.SIZE) : null;
            long body = size - kind.dataOffset();
            long leftOver = body % kind.recordSize();
            this.recordCount = body / kind.recordSize();
            if (leftOver != 0) {
                throw bad(kind.dataOffset() + recordCount * kind.recordSize(), "the file ends in a partial record: "
                        + leftOver + " bytes after " + recordCount + " whole " + kind.recordSize() + "-byte records");
            }
            checkHeader();
        } catch (RuntimeException e) {
            closeQuietly();
            throw e;
        }
    }

    /** Opens a file of the kind its name says, and checks it as a whole. */
    public static WthorReader open(Path path) {
        return new WthorReader(path, WthorKind.of(path));
    }

    /** Opens a file as the given kind, whatever its name. */
    public static WthorReader open(Path path, WthorKind kind) {
        return new WthorReader(path, kind);
    }

    private void checkHeader() {
        WthorHeader h = header;
        if (kind.isGames()) {
            if (h.n1() != recordCount) {
                throw bad(4, "header N1 is " + h.n1() + " but the file holds " + recordCount + " games");
            }
            if (h.gameType() != 0) {
                throw bad(13, "game type byte P2 is " + h.gameType() + "; game files have 0"
                        + (h.gameType() == 1 ? " (1 marks a solitaire file)" : ""));
            }
            boolean tenByTen = h.boardSize() == 10;
            boolean eight = h.boardSize() == 0 || h.boardSize() == 8;
            if (!tenByTen && !eight) {
                throw bad(12, "board size byte P1 is " + h.boardSize() + "; 0 or 8 mean 8×8, 10 means 10×10");
            }
            if (kind == WthorKind.GAMES_8 && tenByTen) {
                throw bad(12, "board size byte P1 is 10 (10×10) in a .wtb file; 10×10 games go in .wtd files");
            }
            if (kind == WthorKind.GAMES_10 && !tenByTen) {
                throw bad(12, "board size byte P1 is " + h.boardSize() + " (8×8) in a .wtd file, which holds 10×10 games");
            }
            if (h.n2() != 0) {
                warnings.add(path + ": header N2 is " + h.n2() + " where game files have 0 (byte offset 8)");
            }
        } else if (kind.isNames()) {
            if (h.n1() != 0) {
                throw bad(4, "header N1 is " + h.n1() + " where names files have 0: not a ." + kind.extension() + " file");
            }
            if (h.n2() != recordCount) {
                WthorKind other = kind == WthorKind.PLAYERS ? WthorKind.TOURNAMENTS : WthorKind.PLAYERS;
                long body = recordCount * kind.recordSize();
                if (body % other.recordSize() == 0 && body / other.recordSize() == h.n2()) {
                    throw bad(8, "header N2 is " + h.n2() + ", the count of " + other.recordSize()
                            + "-byte records: this is a ." + other.extension() + " file, not a ." + kind.extension());
                }
                if (Math.abs(h.n2() - recordCount) > 1) {
                    throw bad(8, "header N2 is " + h.n2() + " but the file holds " + recordCount + " names");
                }
                warnings.add(path + ": header N2 is " + h.n2() + " but the file holds " + recordCount
                        + " names; reading " + recordCount + " (byte offset 8)");
            }
        } else {
            if (h.gameType() != 1) {
                throw bad(13, "game type byte P2 is " + h.gameType() + "; solitaire files have 1");
            }
            if (h.n1() != recordCount) {
                throw bad(4, "header N1 is " + h.n1() + " but the file holds " + recordCount + " solitaires");
            }
            if (h.n2() < 1 || h.n2() > 64) {
                throw bad(8, "header N2 (empty squares) is " + h.n2() + ", not 1 to 64");
            }
            checkPresenceTable();
        }
    }

    /** The presence table has one non-zero entry, N1, at entry N2 (counted from 1, or from 0). */
    private void checkPresenceTable() {
        for (int i = 0; i < 64; i++) {
            long v = (presenceTable[4 * i] & 0xffL) | (presenceTable[4 * i + 1] & 0xffL) << 8
                    | (presenceTable[4 * i + 2] & 0xffL) << 16 | (presenceTable[4 * i + 3] & 0xffL) << 24;
            boolean atN2 = i == header.n2() - 1 || i == header.n2();
            if (v != 0 && !(atN2 && v == header.n1())) {
                throw bad(WthorHeader.SIZE + 4L * i, "presence table entry " + (i + 1) + " is " + v
                        + " but the header says " + header.n1() + " solitaires of " + header.n2() + " empties");
            }
        }
    }

    private byte[] readFully(int n, long offset) {
        try {
            byte[] b = in.readNBytes(n);
            if (b.length != n) {
                throw bad(offset + b.length, "the file ends early (it changed while being read?)");
            }
            return b;
        } catch (IOException e) {
            throw Faults.io(path, e);
        }
    }

    private ThorDbException bad(long offset, String reason) {
        return Faults.atOffset(ErrorCode.BAD_FILE, path, offset, reason);
    }

    /** The file. */
    public Path path() {
        return path;
    }

    /** The kind of file. */
    public WthorKind kind() {
        return kind;
    }

    /** The header, as stored. */
    public WthorHeader header() {
        return header;
    }

    /** The number of records the file holds, from its size. */
    public long recordCount() {
        return recordCount;
    }

    /** The 512 bytes of a solitaire file's presence table, or null for other kinds. */
    public byte[] presenceTable() {
        return presenceTable == null ? null : presenceTable.clone();
    }

    /** What is odd about the file but did not stop it being read, one line each. */
    public List<String> warnings() {
        return Collections.unmodifiableList(warnings);
    }

    /** The byte offset of record {@code index} in the file. */
    public long offsetOf(long index) {
        return kind.dataOffset() + index * kind.recordSize();
    }

    /** The next record's raw bytes, or null after the last one. */
    public byte[] nextRecord() {
        if (nextRecord >= recordCount) {
            return null;
        }
        byte[] b = readFully(kind.recordSize(), offsetOf(nextRecord));
        nextRecord++;
        return b;
    }

    /** The games of a {@code .wtb} or {@code .wtd} file, streamed once. */
    public Iterable<WthorGame> games() {
        if (!kind.isGames()) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, path + ": a ." + kind.extension() + " file holds no games");
        }
        int side = header.boardSide();
        return () -> records(b -> new WthorGame(b, side));
    }

    /** The solitaires of a {@code .pzz} file, streamed once. */
    public Iterable<WthorSolitaire> solitaires() {
        if (kind != WthorKind.SOLITAIRES) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, path + ": a ." + kind.extension() + " file holds no solitaires");
        }
        return () -> records(WthorSolitaire::new);
    }

    private <T> Iterator<T> records(Function<byte[], T> wrap) {
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return nextRecord < recordCount;
            }

            @Override
            public T next() {
                byte[] b = nextRecord();
                if (b == null) {
                    throw new NoSuchElementException();
                }
                return wrap.apply(b);
            }
        };
    }

    private void closeQuietly() {
        try {
            in.close();
        } catch (IOException | RuntimeException ignored) {
            // the original error is the one worth reporting
        }
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException e) {
            throw Faults.io(path, e);
        }
    }
}
