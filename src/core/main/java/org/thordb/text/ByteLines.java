package org.thordb.text;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.thordb.error.ErrorCode;
import org.thordb.fault.Faults;

/**
 * The lines of a byte stream, each kept byte for byte with its terminator, its number from 1 and
 * its byte offset, and decoded as UTF-8 when it is valid UTF-8, else as ISO-8859-1 (the WTHOR
 * names' charset, which older tools write). Streaming: one line in memory at a time.
 *
 * <p>Usage: {@code for (ByteLines.Line l; (l = lines.next()) != null; ) System.out.println(l.number() + " " + l.text());}
 */
public final class ByteLines {
    /**
     * One line.
     *
     * @param number its number, from 1
     * @param offset the byte offset of its first byte
     * @param raw its bytes, the terminator included
     * @param text its text, without the terminator
     */
    public record Line(int number, long offset, byte[] raw, String text) {
    }

    /**
     * The longest line read, terminator included: 1 MiB. The longest line of a real source is a GGF
     * game of a few kilobytes; a longer one is no text source (or a bomb), and is refused before it
     * fills the memory.
     */
    public static final int MAX_LINE_BYTES = 1 << 20;

    private final InputStream in;
    private final String name;
    private final byte[] buf = new byte[1 << 16];
    private int pos;
    private int limit;
    private int number;
    private long offset;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);

    /** Lines of {@code in} (buffered here; not closed here). */
    public ByteLines(InputStream in) {
        this(in, "the input");
    }

    /** Lines of {@code in}; {@code name} (a file's) stands in the error for a line too long. */
    public ByteLines(InputStream in, String name) {
        this.in = in;
        this.name = name;
    }

    /** The next line, or null at the end. */
    public Line next() throws IOException {
        line.reset();
        while (true) {
            if (pos == limit) {
                limit = in.read(buf, 0, buf.length);
                pos = 0;
                if (limit <= 0) {
                    limit = 0;
                    if (line.size() == 0) {
                        return null;
                    }
                    return take();
                }
            }
            int start = pos;
            while (pos < limit && buf[pos] != '\n') {
                pos++;
            }
            if (pos < limit) {
                pos++; // the '\n' belongs to the line
                line.write(buf, start, pos - start);
                tooLong();
                return take();
            }
            line.write(buf, start, pos - start);
            tooLong();
        }
    }

    private void tooLong() {
        if (line.size() > MAX_LINE_BYTES) {
            throw Faults.of(ErrorCode.BAD_FILE, name + ": line " + (number + 1)
                    + " is longer than " + String.format("%,d", MAX_LINE_BYTES) + " bytes, the most a line may hold (byte offset "
                    + offset + ")");
        }
    }

    private Line take() {
        byte[] raw = line.toByteArray();
        int n = raw.length;
        while (n > 0 && (raw[n - 1] == '\n' || raw[n - 1] == '\r')) {
            n--;
        }
        Line l = new Line(++number, offset, raw, decode(raw, 0, n));
        offset += raw.length;
        return l;
    }

    /** Decodes bytes as UTF-8 when they are valid UTF-8, else as ISO-8859-1. */
    public static String decode(byte[] b, int from, int to) {
        boolean ascii = true;
        for (int i = from; i < to; i++) {
            if (b[i] < 0) {
                ascii = false;
                break;
            }
        }
        if (ascii) {
            return new String(b, from, to - from, StandardCharsets.ISO_8859_1);
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(b, from, to - from)).toString();
        } catch (CharacterCodingException e) {
            return new String(b, from, to - from, StandardCharsets.ISO_8859_1);
        }
    }

    /** The bytes of several lines, one after another. */
    static byte[] join(List<byte[]> parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] out = new byte[n];
        int at = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }

    static byte[] copy(byte[] b) {
        return Arrays.copyOf(b, b.length);
    }
}
