package org.thordb.text;

import org.thordb.fault.Faults;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.zip.GZIPInputStream;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.othello.Notation;
import java.io.FilterInputStream;
import java.io.OutputStream;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import org.thordb.wthor.InputFiles;

/**
 * Reads the games of a text source file one at a time, whatever its format ({@link SourceFormat},
 * told by the content; a gzipped file is read as it is). A game the store cannot hold as it
 * stands comes with its {@link SourceGame#problem()}; a file broken as a whole (no game
 * boundaries to be found, a CSV without its columns) throws {@link ErrorCode#BAD_FILE} naming the
 * file and the line or byte offset.
 *
 * <p>Usage:
 * <pre>{@code
 * try (SourceReader r = SourceReader.open(Path.of("games.ggf"))) {
 *     for (SourceGame g : r) System.out.println(g.line() + ": " + g.black() + " - " + g.white());
 * }
 * }</pre>
 */
public final class SourceReader implements Iterable<SourceGame>, AutoCloseable {
    /** GGF's standard 8×8 start (its BO after the size): a1…h8, {@code *} black, {@code O} white, then Black to move. */
    public static final String GGF_START_8 = "---------------------------O*------*O---------------------------*";
    /** The 10×10 start: e5 and f6 white, f5 and e6 black, Black to move (as {@code Board10}). */
    public static final String GGF_START_10 = "-".repeat(44) + "O*--------*O" + "-".repeat(44) + "*";

    /** How many bytes the format is told from. */
    private static final int HEAD = 8192;

    private final Path file;
    private final SourceFormat format;
    private final InputStream in;
    private final SourceParser parser;
    private boolean iterated;

    private SourceReader(Path file, SourceFormat format, InputStream in) {
        this.file = file;
        this.format = format;
        this.in = in;
        this.parser = switch (format) {
            case GGF -> new GgfParser(file, in);
            case PGN -> new PgnParser(file, in);
            case TRANSCRIPT, LOGISTELLO, EOTHELLO -> new LineParser(file, in, format);
            case TEXT_RECORDS -> new RecordParser(file, in);
            case GAME_JSONL, GAME_CSV -> new SchemaParser(file, in, format);
        };
    }

    /**
     * Opens a text source; its format is told from its content.
     *
     * @throws ThorDbException {@link ErrorCode#BAD_FILE} when the content is no format thordb reads
     */
    public static SourceReader open(Path file) {
        InputStream in = null;
        try {
            in = stream(file);
            PushbackInputStream p = new PushbackInputStream(in, HEAD);
            byte[] head = p.readNBytes(HEAD);
            p.unread(head);
            SourceFormat f = SourceFormat.detect(head, head.length);
            if (f == null) {
                throw Faults.of(ErrorCode.BAD_FILE, file + ": not a game file thordb imports: neither WTHOR"
                        + " (.wtb .wtd .JOU .TRN) nor text games (GGF, PGN, transcripts, Logistello's book, eOthello's CSV,"
                        + " MOVES:/RESULT: records)");
            }
            return new SourceReader(file, f, p);
        } catch (IOException e) {
            close(in);
            throw Faults.io(file, e);
        } catch (RuntimeException e) {
            close(in);
            throw e;
        }
    }

    /** The format a file's content shows, or null (a WTHOR file, an unknown one). */
    public static SourceFormat detect(Path file) {
        try (InputStream in = stream(file, null, false)) {
            byte[] head = in.readNBytes(HEAD);
            return SourceFormat.detect(head, head.length);
        } catch (IOException e) {
            return null;
        }
    }

    /** The file's bytes, un-gzipped when it starts with gzip's magic number. */
    public static InputStream stream(Path file) throws IOException {
        return stream(file, null);
    }

    /**
     * {@link #stream(Path)}, with every byte of the file as stored (before un-gzipping) also fed
     * to {@code digest} (null: none) as it is read: one read gives both the games and the file's hash.
     */
    public static InputStream stream(Path file, MessageDigest digest) throws IOException {
        return stream(file, digest, true);
    }

    /**
     * {@link #stream(Path, MessageDigest)}; {@code checked}: its bytes checked as they
     * are read ({@link Utf8Check}: UTF-8, no NUL, a byte-order mark skipped), as every reading of
     * games is; a look at a file's first bytes to tell its format is not.
     */
    private static InputStream stream(Path file, MessageDigest digest, boolean checked) throws IOException {
        InputFiles.requireRegularFile(file);
        InputStream in = Files.newInputStream(file);
        DigestInputStream hashed = digest == null ? null : new DigestInputStream(in, digest);
        InputStream raw = new BufferedInputStream(hashed == null ? in : hashed, 1 << 16);
        raw.mark(2);
        int a = raw.read();
        int b = raw.read();
        raw.reset();
        InputStream top = a == 0x1f && b == 0x8b ? new BufferedInputStream(new GZIPInputStream(raw, 1 << 16), 1 << 16) : raw;
        top = capped(top, file);
        if (checked) {
            top = new Utf8Check(new BufferedInputStream(top, 1 << 16), file.toString());
        }
        if (hashed == null) {
            return top;
        }
        return new FilterInputStream(top) {
            @Override
            public void close() throws IOException {
                try {
                    hashed.transferTo(OutputStream.nullOutputStream()); // the bytes nobody read, hashed too
                } finally {
                    super.close();
                }
            }
        };
    }

    /**
     * The most bytes a text source may hold, once un-gzipped: 64 MiB, about 165,000 PGN games. A
     * text source is imported in one commit, so its games are held in memory together: 164,230 PGN
     * games imported in a 2 GB heap, the bound every import keeps, and twice as many did not. A
     * larger file (or a gzip bomb) is refused at the byte where it passes the bound, before it fills
     * the memory; a bigger collection is imported as several files.
     */
    public static final long MAX_TEXT_BYTES = 64L << 20;

    /** The most bytes one game of a text source may hold (a GGF game is a few kilobytes). */
    public static final int MAX_GAME_BYTES = 1 << 20;

    /** A stream that refuses to give more than {@link #MAX_TEXT_BYTES}. */
    private static InputStream capped(InputStream in, Path file) {
        return new FilterInputStream(in) {
            private long read;

            @Override
            public int read() throws IOException {
                int c = super.read();
                if (c >= 0) {
                    count(1);
                }
                return c;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n = super.read(b, off, len);
                if (n > 0) {
                    count(n);
                }
                return n;
            }

            private void count(int n) {
                read += n;
                if (read > MAX_TEXT_BYTES) {
                    throw Faults.of(ErrorCode.BAD_FILE, file + ": more than " + String.format("%,d", MAX_TEXT_BYTES)
                            + " bytes of text (once un-gzipped), the most a text source may hold (byte offset "
                            + MAX_TEXT_BYTES + "): import it as several smaller files");
                }
            }
        };
    }

    private static void close(InputStream in) {
        if (in != null) {
            try {
                in.close();
            } catch (IOException e) {
                // already failing
            }
        }
    }

    /** The format of the file. */
    public SourceFormat format() {
        return format;
    }

    @Override
    public void close() {
        close(in);
    }

    /** The games, in file order; once. */
    @Override
    public Iterator<SourceGame> iterator() {
        if (iterated) {
            throw Faults.of(ErrorCode.STORE, String.valueOf("the games of a source are read once"));
        }
        iterated = true;
        return new Iterator<>() {
            private SourceGame next = read();

            @Override
            public boolean hasNext() {
                return next != null;
            }

            @Override
            public SourceGame next() {
                if (next == null) {
                    throw new NoSuchElementException();
                }
                SourceGame g = next;
                next = read();
                return g;
            }
        };
    }

    private SourceGame read() {
        try {
            return parser.next();
        } catch (IOException e) {
            throw Faults.io(file, e);
        } catch (UncheckedIOException e) {
            throw Faults.io(file, e.getCause());
        }
    }

    // ---- moves ------------------------------------------------------------------------------

    /** A square ({@code f5}, {@code F5}), a pass in any spelling in use, or -2 when the word is neither. */
    static int move(String word) {
        return move(word, 0, word.length());
    }

    /** {@link #move(String)} on {@code s[from, to)}, without a copy. */
    static int move(CharSequence s, int from, int to) {
        int n = to - from;
        if (n == 2) {
            char c = (char) (s.charAt(from) | 0x20);
            char r = s.charAt(from + 1);
            if (c >= 'a' && c <= 'h' && r >= '1' && r <= '8') {
                return (r - '1') * 8 + (c - 'a');
            }
            char d = (char) (r | 0x20);
            if ((c == 'p' && (d == 'a' || d == 's')) || (s.charAt(from) == '-' && r == '-')
                    || (s.charAt(from) == '@' && r == '@')) {
                return Notation.PASS;
            }
            return -2;
        }
        if (n == 4 && s.subSequence(from, to).toString().equalsIgnoreCase("pass")) {
            return Notation.PASS;
        }
        return -2;
    }

    /** A 10×10 square ({@code e4}, {@code j10}: row × 10 + column), a pass, or -2. */
    static int move10(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        if (w.length() >= 2 && w.length() <= 3 && w.charAt(0) >= 'a' && w.charAt(0) <= 'j') {
            String r = w.substring(1);
            if (r.matches("[1-9]|10")) {
                return (Integer.parseInt(r) - 1) * 10 + (w.charAt(0) - 'a');
            }
        }
        int m = move(word);
        return m == Notation.PASS ? m : -2;
    }

    static int[] ints(List<Integer> l) {
        int[] out = new int[l.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = l.get(i);
        }
        return out;
    }

    static String quoted(String s) {
        return "'" + Faults.quote(s.length() > 24 ? s.substring(0, 24) + "…" : s) + "'";
    }

    /** A theoretical score tag's value: Black's discs 0 to 64, or null when absent or not a count. */
    static Integer discsTag(String v) {
        return smallNumber(v, 64);
    }

    /** A theoretical depth tag's value: 0 to 60 empties, or null. */
    static Integer depthTag(String v) {
        return smallNumber(v, 60);
    }

    /** A number of one or two digits up to {@code max}, or null. */
    static Integer smallNumber(String v, int max) {
        if (v == null || !v.strip().matches("\\d{1,2}")) {
            return null;
        }
        int n = Integer.parseInt(v.strip());
        return n <= max ? n : null;
    }

}
