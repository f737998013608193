package org.thordb.wthor;

import org.thordb.fault.Faults;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;

/**
 * Writes a WTHOR file of any kind, streaming: the header exactly as given (so a file read by
 * {@link WthorReader} is written back byte for byte), then the records. The file is written beside
 * its target under a temporary name and moved into place by {@link #close()}, so a crash never
 * leaves half a file; {@link #abort()} drops it.
 *
 * <p>Usage:
 * <pre>{@code
 * try (WthorWriter w = WthorWriter.create(out, WthorKind.GAMES_8, header)) {
 *     for (WthorGame g : games) w.write(g);
 * }
 * }</pre>
 */
public final class WthorWriter implements AutoCloseable {
    private final Path target;
    private final Path temp;
    private final WthorKind kind;
    private final OutputStream out;
    private long written;
    private boolean done;

    private WthorWriter(Path target, WthorKind kind, WthorHeader header, byte[] presenceTable) {
        this.target = target;
        this.kind = kind;
        try {
            this.temp = TempFiles.beside(target);
            this.out = new BufferedOutputStream(Files.newOutputStream(temp), 1 << 16);
            out.write(header.encode());
            if (kind == WthorKind.SOLITAIRES) {
                out.write(presenceTable != null ? presenceTable : presenceTableFor(header));
            }
        } catch (IOException e) {
            throw Faults.io(target, e);
        }
    }

    /** Starts a file of the given kind with the given header (and, for solitaires, its presence table computed). */
    public static WthorWriter create(Path target, WthorKind kind, WthorHeader header) {
        return new WthorWriter(target, kind, header, null);
    }

    /** Starts a solitaire file with its presence table as given (512 bytes). */
    public static WthorWriter createSolitaires(Path target, WthorHeader header, byte[] presenceTable) {
        if (presenceTable.length != 512) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, String.valueOf("the presence table has 512 bytes"));
        }
        return new WthorWriter(target, WthorKind.SOLITAIRES, header, presenceTable);
    }

    /** The presence table a header calls for: N1 at entry N2, counted from 1. */
    public static byte[] presenceTableFor(WthorHeader header) {
        byte[] t = new byte[512];
        int i = header.n2() - 1;
        if (i >= 0 && i < 64) {
            for (int k = 0; k < 4; k++) {
                t[4 * i + k] = (byte) (header.n1() >>> (8 * k));
            }
        }
        return t;
    }

    /** Writes one record's raw bytes. */
    public void write(byte[] record) {
        if (record.length != kind.recordSize()) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, target + ": a ." + kind.extension() + " record has "
                    + kind.recordSize() + " bytes, not " + record.length);
        }
        try {
            out.write(record);
            written++;
        } catch (IOException e) {
            throw Faults.io(target, e);
        }
    }

    /** Writes one game. */
    public void write(WthorGame game) {
        write(game.bytes());
    }

    /** Writes one solitaire. */
    public void write(WthorSolitaire solitaire) {
        write(solitaire.bytes());
    }

    /** The number of records written so far. */
    public long written() {
        return written;
    }

    /** Drops the file: nothing is left at the target or beside it. */
    public void abort() {
        if (done) {
            return;
        }
        done = true;
        try {
            out.close();
        } catch (IOException ignored) {
            // the file is being dropped
        }
        try {
            Files.deleteIfExists(temp);
        } catch (IOException ignored) {
            // best effort; the temporary name starts with a dot
        }
    }

    /** Flushes the file to disk and moves it into place, replacing what was there. */
    @Override
    public void close() {
        if (done) {
            return;
        }
        done = true;
        try {
            out.close();
            try (var ch = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                ch.force(true);
            }
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException ignored) {
                // report the first failure
            }
            throw Faults.io(target, e);
        }
    }
}
