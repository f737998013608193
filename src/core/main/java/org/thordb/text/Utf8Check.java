package org.thordb.text;

import org.thordb.fault.Faults;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;

/**
 * The bytes of a text source as they are read, checked: UTF-8 (ASCII included) and no NUL byte. A
 * file that is not (a Latin-1 file, a binary one, a name cut by a NUL) is refused at the byte where
 * it stops being text, with its line and byte offset, rather than read as Latin-1 or cut without a
 * word. A UTF-8 byte-order mark at the very start is skipped (it belongs to no game).
 *
 * <p>Usage: {@code InputStream in = new Utf8Check(raw, "games.pgn");}
 */
public final class Utf8Check extends FilterInputStream {
    private final String name;
    private long offset;
    private int line = 1;
    /** Continuation bytes still owed by the character under way, and the bounds of the next one. */
    private int owed;
    private int low = 0x80;
    private int high = 0xBF;
    private long charStart;
    private boolean started;

    /** Checks {@code in}, naming {@code name} (the file) in its errors. */
    public Utf8Check(InputStream in, String name) {
        super(in);
        this.name = name;
    }

    private void skipMark() throws IOException {
        if (started) {
            return;
        }
        started = true;
        if (!in.markSupported()) {
            return;
        }
        in.mark(3);
        byte[] b = in.readNBytes(3);
        if (b.length == 3 && (b[0] & 0xff) == 0xEF && (b[1] & 0xff) == 0xBB && (b[2] & 0xff) == 0xBF) {
            offset = 3;
            return;
        }
        in.reset();
    }

    @Override
    public int read() throws IOException {
        skipMark();
        int c = in.read();
        if (c >= 0) {
            check(c);
        } else if (owed > 0) {
            throw refused("the file ends inside a UTF-8 character", charStart);
        }
        return c;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        skipMark();
        int n = in.read(b, off, len);
        if (n < 0) {
            if (owed > 0) {
                throw refused("the file ends inside a UTF-8 character", charStart);
            }
            return n;
        }
        for (int i = off; i < off + n; i++) {
            check(b[i] & 0xff);
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        byte[] b = new byte[(int) Math.min(n, 8192)];
        int r = read(b, 0, b.length);
        return Math.max(r, 0);
    }

    @Override
    public boolean markSupported() {
        return false;
    }

    private void check(int c) {
        if (owed > 0) {
            if (c < low || c > high) {
                throw refused(String.format("not UTF-8 (byte 0x%02X where the character begun at that offset goes on)", c),
                        charStart);
            }
            owed--;
            low = 0x80;
            high = 0xBF;
        } else if (c == 0) {
            throw refused("a NUL byte (a text file holds none: a name or a line would be cut there)", offset);
        } else if (c >= 0x80) {
            charStart = offset;
            if (c >= 0xC2 && c <= 0xDF) {
                owed = 1;
            } else if (c >= 0xE0 && c <= 0xEF) {
                owed = 2;
                low = c == 0xE0 ? 0xA0 : 0x80;
                high = c == 0xED ? 0x9F : 0xBF;
            } else if (c >= 0xF0 && c <= 0xF4) {
                owed = 3;
                low = c == 0xF0 ? 0x90 : 0x80;
                high = c == 0xF4 ? 0x8F : 0xBF;
            } else {
                throw refused(String.format("not UTF-8 (byte 0x%02X)", c), offset);
            }
        } else if (c == '\n') {
            line++;
        }
        offset++;
    }

    private ThorDbException refused(String why, long at) {
        return Faults.of(ErrorCode.BAD_FILE, name + ": line " + line + ": " + why + " (byte offset " + at
                + "); a text source is UTF-8: convert it (iconv -f ISO-8859-1 -t UTF-8, for a Latin-1 file) and import it again");
    }
}
