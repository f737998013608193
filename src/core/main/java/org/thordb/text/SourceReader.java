package org.thordb.text;

import org.thordb.fault.Faults;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PushbackInputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.zip.GZIPInputStream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.othello.Notation;

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
    private final Parser parser;
    private boolean iterated;

    private interface Parser {
        SourceGame next() throws IOException;
    }

    private SourceReader(Path file, SourceFormat format, InputStream in) {
        this.file = file;
        this.format = format;
        this.in = in;
        this.parser = switch (format) {
            case GGF -> new Ggf(in);
            case PGN -> new Pgn(in);
            case TRANSCRIPT, LOGISTELLO, EOTHELLO -> new Lines(in, format);
            case TEXT_RECORDS -> new Records(in);
            case GAME_JSONL, GAME_CSV -> new Schema(in, format);
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
    public static InputStream stream(Path file, java.security.MessageDigest digest) throws IOException {
        return stream(file, digest, true);
    }

    /**
     * {@link #stream(Path, java.security.MessageDigest)}; {@code checked}: its bytes checked as they
     * are read ({@link Utf8Check}: UTF-8, no NUL, a byte-order mark skipped), as every reading of
     * games is; a look at a file's first bytes to tell its format is not.
     */
    private static InputStream stream(Path file, java.security.MessageDigest digest, boolean checked) throws IOException {
        org.thordb.wthor.InputFiles.requireRegularFile(file);
        InputStream in = Files.newInputStream(file);
        java.security.DigestInputStream hashed = digest == null ? null : new java.security.DigestInputStream(in, digest);
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
        return new java.io.FilterInputStream(top) {
            @Override
            public void close() throws IOException {
                try {
                    hashed.transferTo(java.io.OutputStream.nullOutputStream()); // the bytes nobody read, hashed too
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
        return new java.io.FilterInputStream(in) {
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
            throw org.thordb.fault.Faults.of(org.thordb.error.ErrorCode.STORE, String.valueOf("the games of a source are read once"));
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

    private ThorDbException broken(String where, String why) {
        return Faults.of(ErrorCode.BAD_FILE, file + ": " + where + ": " + why);
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

    private static int[] ints(List<Integer> l) {
        int[] out = new int[l.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = l.get(i);
        }
        return out;
    }

    private static String quoted(String s) {
        return "'" + Faults.quote(s.length() > 24 ? s.substring(0, 24) + "…" : s) + "'";
    }

    // ---- GGF --------------------------------------------------------------------------------

    /** GGF: {@code (;GM[Othello]…;)} games, each optionally after a number, read byte by byte. */
    private final class Ggf implements Parser {
        private static final String START_BOARD = GGF_START_8;
        private static final String START_BOARD_10 = GGF_START_10;
        private final InputStream in;
        private long offset;
        private int line = 1;
        private final ByteArrayOutputStream raw = new ByteArrayOutputStream(1024);
        private final ByteArrayOutputStream value = new ByteArrayOutputStream(64);

        Ggf(InputStream in) {
            this.in = in;
        }

        private long gameStart;
        private int gameLine;

        private int read() throws IOException {
            int c = in.read();
            if (c >= 0) {
                offset++;
                if (c == '\n') {
                    line++;
                }
                raw.write(c);
                if (raw.size() > MAX_GAME_BYTES) {
                    throw broken("byte offset " + gameStart + " (line " + gameLine + ")", "the game is longer than "
                            + String.format("%,d", MAX_GAME_BYTES) + " bytes, the most a game may hold: a value '[' or"
                            + " the game '(;' is never closed");
                }
            }
            return c;
        }

        @Override
        public SourceGame next() throws IOException {
            int c;
            while (true) {
                raw.reset();
                c = read();
                if (c < 0) {
                    return null;
                }
                if (c == '(') {
                    break;
                }
                if (!Character.isWhitespace(c) && !Character.isDigit(c)) {
                    throw broken("byte offset " + (offset - 1) + " (line " + line + ")", "expected a game '(;', found "
                            + quoted(String.valueOf((char) c)));
                }
            }
            long start = offset - 1;
            int startLine = line;
            raw.reset();
            raw.write('(');
            this.gameStart = start;
            this.gameLine = startLine;
            if (read() != ';') {
                throw broken("byte offset " + start + " (line " + startLine + ")", "'(' not followed by ';'");
            }
            List<String[]> props = new ArrayList<>();
            while (true) {
                c = read();
                if (c < 0) {
                    throw broken("byte offset " + start + " (line " + startLine + ")", "the game has no end ';)'");
                }
                if (Character.isWhitespace(c)) {
                    continue;
                }
                if (c == ';') {
                    int d = read();
                    if (d == ')') {
                        break;
                    }
                    throw broken("byte offset " + (offset - 1) + " (line " + line + ")", "';' not followed by ')'");
                }
                if (c < 'A' || c > 'Z') {
                    throw broken("byte offset " + (offset - 1) + " (line " + line + ")", "expected a property such as"
                            + " PB[…], found " + quoted(String.valueOf((char) c)));
                }
                StringBuilder name = new StringBuilder().append((char) c);
                while ((c = read()) >= 'A' && c <= 'Z') {
                    name.append((char) c);
                }
                if (c != '[') {
                    throw broken("byte offset " + (offset - 1) + " (line " + line + ")", "property " + name
                            + " has no value '[…]'");
                }
                value.reset();
                while (true) {
                    c = read();
                    if (c < 0) {
                        throw broken("byte offset " + start + " (line " + startLine + ")", "the value of " + name
                                + " has no ']'");
                    }
                    if (c == '\\') {
                        int e = read();
                        if (e < 0) {
                            throw broken("byte offset " + start + " (line " + startLine + ")", "the game has no end ';)'");
                        }
                        value.write(e);
                        continue;
                    }
                    if (c == ']') {
                        break;
                    }
                    value.write(c);
                }
                byte[] v = value.toByteArray();
                props.add(new String[] {name.toString(), ByteLines.decode(v, 0, v.length)});
            }
            return game(startLine, start, raw.toByteArray(), props);
        }

        private SourceGame game(int line, long offset, byte[] bytes, List<String[]> props) {
            Map<String, String> tags = new LinkedHashMap<>();
            List<Integer> moves = new ArrayList<>();
            StringBuilder colours = new StringBuilder();
            String problem = null;
            boolean ten = props.stream().anyMatch(p -> p[0].equals("TY") && p[1].strip().equals("10"));
            for (String[] p : props) {
                String k = p[0];
                String v = p[1];
                if (k.equals("B") || k.equals("W")) {
                    String sq = v.split("/", 2)[0].strip();
                    int m = ten ? move10(sq) : move(sq);
                    if (m == -2 && problem == null) {
                        problem = "move " + (moves.size() + 1) + " " + quoted(sq) + " is not a square "
                                + (ten ? "a1…j10" : "a1…h8") + " nor a pass";
                    }
                    moves.add(m == -2 ? Notation.PASS : m);
                    colours.append(k.charAt(0));
                } else {
                    tags.putIfAbsent(k, v);
                }
            }
            String gm = tags.get("GM");
            String ty = tags.getOrDefault("TY", "8").strip();
            String bo = tags.get("BO");
            String km = tags.get("KM");
            String variant = null;
            if (gm != null && !gm.strip().equalsIgnoreCase("othello")) {
                variant = "not an Othello game (GM[" + gm + "])";
            } else if (ten) {
                if (bo != null && !bo.replaceAll("\\s+", "").equals("10" + START_BOARD_10)) {
                    variant = "a non-standard start (BO[" + bo.strip() + "]): a WTHOR record starts from the standard position";
                }
            } else if (!ty.equals("8")) {
                variant = variant(ty);
            } else if (bo != null && !bo.replaceAll("\\s+", "").equals("8" + START_BOARD)) {
                variant = "a non-standard start (BO[" + bo.strip() + "]): a WTHOR record starts from the standard position";
            } else if (km != null && !km.strip().matches("[+-]?0*(\\.0*)?")) {
                variant = "a komi game (KM[" + km.strip() + "]): its result is not a disc count";
            }
            if (variant != null) {
                problem = variant;
            }
            SourceResult result = SourceResult.NONE;
            String re = tags.get("RE");
            if (re != null && !re.isBlank() && !re.strip().equals("?")) {
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\s*([+-]?\\d+(?:\\.\\d*)?)(?::([a-z]))?\\s*")
                        .matcher(re);
                if (m.matches()) {
                    double d = Double.parseDouble(m.group(1));
                    if (Math.abs(d) <= 64 && d == Math.rint(d)) {
                        result = SourceResult.difference(re.strip(), (int) d);
                    } else if (problem == null) {
                        problem = "result RE[" + re + "] is not a whole disc difference";
                    }
                } else if (problem == null) {
                    problem = "result RE[" + re + "] is not a disc difference such as +2.000";
                }
            }
            // TH and TD: the theoretical score and its depth, as thordb's GGF export writes them
            return new SourceGame(line, offset, bytes, SourceGame.tag(tags, "PB"), SourceGame.tag(tags, "PW"),
                    SourceGame.tag(tags, "PC"), SourceGame.tag(tags, "DT"), ints(moves), colours.toString().toCharArray(),
                    result, problem, ten ? 10 : 8, discsTag(tags.get("TH")), depthTag(tags.get("TD")));
        }

        private static String variant(String ty) {
            String t = ty.toLowerCase(Locale.ROOT);
            if (t.matches("\\d+")) {
                return "a " + t + "×" + t + " game (TY[" + ty + "]): WTHOR holds 8×8 and 10×10 games";
            }
            String why = t.contains("s") ? "synchro" : t.contains("k") ? "komi" : t.contains("r") ? "random start"
                    : t.contains("a") ? "anti" : "variant";
            return "a " + why + " game (TY[" + ty + "]): a WTHOR record holds standard games only";
        }
    }

    // ---- PGN --------------------------------------------------------------------------------

    /** PGN through {@link PgnReader}, lenient: a word that is no move marks its game, not the file. */
    private final class Pgn implements Parser {
        private final Iterator<PgnReader.Game> games;

        Pgn(InputStream in) {
            this.games = new PgnReader(new ByteLines(in, file.toString()), file.toString(), true).iterator();
        }

        @Override
        public SourceGame next() {
            PgnReader.Game g;
            try {
                if (!games.hasNext()) {
                    return null;
                }
                g = games.next();
            } catch (ThorDbException e) {
                throw Faults.of(ErrorCode.BAD_FILE, e.getMessage());
            }
            List<Integer> moves = new ArrayList<>();
            for (String m : g.moves()) {
                moves.add(m.equals("pass") ? Notation.PASS : move(m));
            }
            Map<String, String> t = g.tags();
            SourceResult result = SourceResult.NONE;
            String problem = g.problem();
            int[] discs = g.discs();
            String res = t.get("Result") != null ? t.get("Result") : g.result();
            if (discs != null && discs[0] + discs[1] <= 64) {
                result = SourceResult.discs(res == null ? discs[0] + "-" + discs[1] : res, discs[0], discs[1]);
            } else if (res != null) {
                SourceResult r = SourceResult.parse(res);
                if (r != null) {
                    result = r;
                } else if (problem == null) {
                    problem = "result " + quoted(res) + " is neither a disc count such as 33-31 nor 1-0, 0-1, 1/2-1/2, *";
                }
            }
            return new SourceGame(g.line(), g.offset(), g.raw(), SourceGame.tag(t, "Black"), SourceGame.tag(t, "White"),
                    SourceGame.tag(t, "Event", "Site"), SourceGame.tag(t, "Date", "EventDate"), ints(moves), null,
                    result, problem, 8, discsTag(t.get("TheoreticalScore")), depthTag(t.get("TheoreticalDepth")));
        }
    }

    // ---- one game a line --------------------------------------------------------------------

    /** Transcripts, Logistello's book and eOthello's CSV: one game a line. */
    private final class Lines implements Parser {
        private final ByteLines lines;
        private final SourceFormat format;
        private int idColumn = 0;
        private int winnerColumn = 1;
        private int movesColumn = 2;
        private final CSVFormat csv = CSVFormat.DEFAULT.builder().setTrim(true).get();

        Lines(InputStream in, SourceFormat format) {
            this.lines = new ByteLines(in, file.toString());
            this.format = format;
        }

        @Override
        public SourceGame next() throws IOException {
            for (ByteLines.Line l; (l = lines.next()) != null; ) {
                String t = l.text().strip();
                if (t.isEmpty() || t.startsWith("#") || t.startsWith("%") || t.startsWith("//")) {
                    continue;
                }
                if (format == SourceFormat.EOTHELLO && t.toLowerCase(Locale.ROOT).startsWith("eothello_game_id")) {
                    header(l);
                    continue;
                }
                return switch (format) {
                    case LOGISTELLO -> logistello(l, t);
                    case EOTHELLO -> eothello(l, t);
                    default -> transcript(l, t);
                };
            }
            return null;
        }

        private void header(ByteLines.Line l) throws IOException {
            List<String> names;
            try (CSVParser p = CSVParser.parse(l.text(), csv)) {
                names = p.getRecords().get(0).toList();
            } catch (UncheckedIOException | IllegalStateException | IOException e) {
                throw broken("line " + l.number(), "the header is not a CSV record: " + csvFault(e));
            }
            idColumn = names.indexOf("eOthello_game_id");
            winnerColumn = names.indexOf("winner");
            movesColumn = names.indexOf("game_moves");
            if (idColumn < 0 || winnerColumn < 0 || movesColumn < 0) {
                throw broken("line " + l.number(), "the header " + quoted(l.text()) + " lacks one of the columns"
                        + " eOthello_game_id, winner, game_moves");
            }
        }

        /** What Commons CSV found wrong, in words: never its class names. */
        private static String csvFault(Exception e) {
            String m = String.valueOf(e.getCause() != null ? e.getCause().getMessage() : e.getMessage());
            if (m.contains("EOF reached before encapsulated token finished")) {
                return "a quoted field is never closed";
            }
            if (m.contains("invalid char between encapsulated token and delimiter")) {
                return "a character between a closing quote and the next comma";
            }
            return "its quotes do not pair";
        }

        private SourceGame eothello(ByteLines.Line l, String t) throws IOException {
            if (t.indexOf('"') < 0) {
                // no quotes: the fields are the text between commas, as Commons CSV reads them too;
                // a parser a line costs more than the rest of the import
                String[] cols = t.split(",", -1);
                for (int i = 0; i < cols.length; i++) {
                    cols[i] = cols[i].strip();
                }
                return eothello(l, List.of(cols));
            }
            CSVRecord r;
            try (CSVParser p = CSVParser.parse(t, csv)) {
                List<CSVRecord> rs = p.getRecords();
                if (rs.size() != 1) {
                    throw broken("line " + l.number(), "not one CSV record");
                }
                r = rs.get(0);
            } catch (UncheckedIOException | IllegalStateException e) {
                throw broken("line " + l.number(), "not a CSV record: " + csvFault(e));
            }
            return eothello(l, r.toList());
        }

        private SourceGame eothello(ByteLines.Line l, List<String> r) {
            int need = Math.max(idColumn, Math.max(winnerColumn, movesColumn));
            if (r.size() <= need) {
                throw broken("line " + l.number(), "a record of " + r.size() + " columns where the header has "
                        + (need + 1));
            }
            String problem = null;
            SourceResult result;
            switch (r.get(winnerColumn)) {
                case "1" -> result = SourceResult.winner(r.get(winnerColumn), 'B');
                case "-1" -> result = SourceResult.winner(r.get(winnerColumn), 'W');
                case "0" -> result = SourceResult.winner(r.get(winnerColumn), 'D');
                default -> {
                    result = SourceResult.NONE;
                    problem = "winner " + quoted(r.get(winnerColumn)) + " is not 1 (Black), -1 (White) or 0 (a draw)";
                }
            }
            List<Integer> moves = new ArrayList<>();
            String why = squares(r.get(movesColumn), moves);
            return new SourceGame(l.number(), l.offset(), l.raw(), null, null, null, null, ints(moves), null, result,
                    problem != null ? problem : why);
        }

        private SourceGame logistello(ByteLines.Line l, String t) {
            int colon = t.indexOf(':');
            String movesText = colon < 0 ? t : t.substring(0, colon);
            String after = colon < 0 ? "" : t.substring(colon + 1).strip();
            List<Integer> moves = new ArrayList<>();
            StringBuilder colours = new StringBuilder();
            String problem = null;
            int i = 0;
            String s = movesText.strip();
            while (i < s.length()) {
                char c = s.charAt(i);
                if (Character.isWhitespace(c)) {
                    i++;
                    continue;
                }
                if ((c == '+' || c == '-') && i + 3 <= s.length()) {
                    int m = move(s, i + 1, i + 3);
                    if (m != -2) {
                        moves.add(m);
                        colours.append(c == '+' ? 'B' : 'W');
                        i += 3;
                        if (m == Notation.PASS && s.startsWith("ss", i)) {
                            i += 2; // "+pass"
                        }
                        continue;
                    }
                }
                problem = "move " + (moves.size() + 1) + " " + quoted(s.substring(i, Math.min(s.length(), i + 3)))
                        + " is not +square or -square";
                break;
            }
            SourceResult result = SourceResult.NONE;
            if (!after.isEmpty()) {
                String first = after.split("\\s+")[0];
                SourceResult r = first.matches("[+-]?\\d{1,2}") ? SourceResult.difference(first,
                        Integer.parseInt(first.startsWith("+") ? first.substring(1) : first)) : null;
                if (r == null) {
                    if (problem == null) {
                        problem = "result " + quoted(after) + " is not Black's disc difference such as -04";
                    }
                } else {
                    result = r;
                }
            }
            return new SourceGame(l.number(), l.offset(), l.raw(), null, null, null, null, ints(moves),
                    colours.toString().toCharArray(), result, problem);
        }

        private SourceGame transcript(ByteLines.Line l, String t) {
            List<Integer> moves = new ArrayList<>();
            int end = movePrefix(t, moves);
            String rest = t.substring(end).strip();
            SourceResult result = SourceResult.parse(rest);
            String problem = null;
            if (result == null) {
                result = SourceResult.NONE;
                problem = "after move " + moves.size() + ", " + quoted(rest) + " is neither a move nor a result"
                        + " (33-31, +2, 1-0, 0-1, 1/2-1/2)";
            }
            return new SourceGame(l.number(), l.offset(), l.raw(), null, null, null, null, ints(moves), null, result,
                    problem);
        }

        /** Reads moves from the start of a line: squares and passes, separated or not; returns where they end. */
        private int movePrefix(String t, List<Integer> moves) {
            int i = 0;
            int n = t.length();
            int lastEnd = 0;
            while (i < n) {
                char c = t.charAt(i);
                if (Character.isWhitespace(c) || c == ',' || c == ';') {
                    i++;
                    continue;
                }
                // a move number "12." before a move
                int j = i;
                while (j < n && Character.isDigit(t.charAt(j))) {
                    j++;
                }
                if (j > i && j < n && t.charAt(j) == '.') {
                    while (j < n && t.charAt(j) == '.') {
                        j++;
                    }
                    i = j;
                    continue;
                }
                String low = t.substring(i, Math.min(n, i + 4)).toLowerCase(Locale.ROOT);
                int len = low.startsWith("pass") ? 4 : 2;
                if (i + len > n) {
                    break;
                }
                int m = move(t.substring(i, i + len));
                if (m == -2 || (m == Notation.PASS && len == 2 && t.substring(i, i + 2).equals("--")
                        && i + 2 < n && Character.isDigit(t.charAt(i + 2)))) {
                    break;
                }
                moves.add(m);
                i += len;
                lastEnd = i;
            }
            return lastEnd;
        }

        private String squares(String text, List<Integer> moves) {
            String s = text.strip();
            for (int i = 0; i < s.length(); ) {
                if (Character.isWhitespace(s.charAt(i))) {
                    i++;
                    continue;
                }
                int m = i + 2 <= s.length() ? move(s, i, i + 2) : -2;
                if (m < 0) {
                    return "move " + (moves.size() + 1) + " " + quoted(s.substring(i, Math.min(s.length(), i + 2)))
                            + " is not a square a1…h8";
                }
                moves.add(m);
                i += 2;
            }
            return null;
        }
    }

    // ---- MOVES: / RESULT: records -----------------------------------------------------------

    /** thordb's text records, each ending with its {@code RESULT:} line. */
    private final class Records implements Parser {
        private final ByteLines lines;

        Records(InputStream in) {
            this.lines = new ByteLines(in, file.toString());
        }

        @Override
        public SourceGame next() throws IOException {
            List<byte[]> raw = new ArrayList<>();
            StringBuilder text = new StringBuilder();
            int first = 0;
            long offset = 0;
            for (ByteLines.Line l; (l = lines.next()) != null; ) {
                if (first == 0 && l.text().isBlank()) {
                    continue;
                }
                if (first == 0) {
                    first = l.number();
                    offset = l.offset();
                }
                raw.add(l.raw());
                text.append(l.text()).append('\n');
                if (text.length() > MAX_GAME_BYTES) {
                    throw broken("byte offset " + offset + " (line " + first + ")", "the record is longer than "
                            + String.format("%,d", MAX_GAME_BYTES) + " bytes, the most a game may hold: its RESULT: line"
                            + " never comes");
                }
                if (l.text().strip().toUpperCase(Locale.ROOT).startsWith("RESULT")) {
                    break;
                }
            }
            if (first == 0) {
                return null;
            }
            byte[] bytes = ByteLines.join(raw);
            TextGameRecord r;
            try {
                r = TextGameRecords.parse(text.toString());
            } catch (ThorDbException e) {
                return new SourceGame(first, offset, bytes, null, null, null, null, new int[0], null, SourceResult.NONE,
                        e.getMessage());
            }
            List<Integer> moves = new ArrayList<>();
            String problem = null;
            for (String m : r.moves()) {
                int sq = move(m);
                if (sq == -2 && problem == null) {
                    problem = "move " + (moves.size() + 1) + " " + quoted(m) + " is not a square a1…h8 nor a pass";
                }
                moves.add(sq == -2 ? Notation.PASS : sq);
            }
            Map<String, String> tags = r.tags();
            SourceResult result = switch (r.result()) {
                case BLACK -> SourceResult.winner("BLACK", 'B');
                case WHITE -> SourceResult.winner("WHITE", 'W');
                case DRAW -> SourceResult.winner("DRAW", 'D');
                case IN_PROGRESS -> SourceResult.NONE;
            };
            String score = tags.get("SCORE");
            if (score != null) {
                SourceResult s = SourceResult.parse(score);
                if (s != null && s.blackDiscs() != null) {
                    result = s;
                }
            }
            String year = tags.get("YEAR");
            return new SourceGame(first, offset, bytes, SourceGame.tag(tags, "BLACK"), SourceGame.tag(tags, "WHITE"),
                    SourceGame.tag(tags, "TOURNAMENT"), year, ints(moves), null, result, problem, 8,
                    discsTag(tags.get("THEORETICAL")), depthTag(tags.get("THEORETICAL_DEPTH")));
        }
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
    private static Integer smallNumber(String v, int max) {
        if (v == null || !v.strip().matches("\\d{1,2}")) {
            return null;
        }
        int n = Integer.parseInt(v.strip());
        return n <= max ? n : null;
    }

    // ---- thordb's own JSON lines and CSV --------------------------------------------------------

    /**
     * thordb's JSON lines and CSV, one game a line (docs/data.md): the names, the year, the score,
     * the theoretical score and depth when known, and the moves with their passes ({@code line}).
     * What a game of the store is called ({@code base}, {@code record}, {@code id}) is the file's
     * to keep, byte for byte; the game is stored as the next record of its year.
     */
    private final class Schema implements Parser {
        private final ByteLines lines;
        private final SourceFormat format;
        private final com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        private List<String> header;

        Schema(InputStream in, SourceFormat format) {
            this.lines = new ByteLines(in, file.toString());
            this.format = format;
        }

        @Override
        public SourceGame next() throws IOException {
            for (ByteLines.Line l; (l = lines.next()) != null; ) {
                String t = l.text().strip();
                if (t.isEmpty()) {
                    continue;
                }
                Map<String, String> f = new java.util.HashMap<>();
                if (format == SourceFormat.GAME_JSONL) {
                    com.fasterxml.jackson.databind.JsonNode n;
                    try {
                        n = json.readTree(t);
                    } catch (com.fasterxml.jackson.core.JacksonException e) {
                        throw broken("line " + l.number(), "not a JSON object: " + e.getOriginalMessage());
                    }
                    if (n == null || !n.isObject()) {
                        throw broken("line " + l.number(), "not a JSON object");
                    }
                    n.fields().forEachRemaining(e -> f.put(e.getKey(), e.getValue().isNull() ? null : e.getValue().asText()));
                } else {
                    List<String> cells;
                    try (CSVParser p = CSVParser.parse(t, CSVFormat.DEFAULT)) {
                        List<CSVRecord> rs = p.getRecords();
                        if (rs.size() != 1) {
                            throw broken("line " + l.number(), "not one CSV record");
                        }
                        cells = rs.get(0).toList();
                    } catch (UncheckedIOException | IllegalStateException e) {
                        throw broken("line " + l.number(), "not a CSV record");
                    }
                    if (header == null) {
                        header = cells;
                        if (!header.contains("moves")) {
                            throw broken("line " + l.number(), "the header has no moves column");
                        }
                        continue;
                    }
                    if (cells.size() != header.size()) {
                        throw broken("line " + l.number(), "a record of " + cells.size() + " columns where the header has "
                                + header.size());
                    }
                    for (int i = 0; i < cells.size(); i++) {
                        f.put(header.get(i), cells.get(i).isEmpty() ? null : cells.get(i));
                    }
                }
                return game(l, f);
            }
            return null;
        }

        private SourceGame game(ByteLines.Line l, Map<String, String> f) {
            String line = f.get("line") != null ? f.get("line") : f.get("moves");
            int side = "10".equals(f.get("board_size")) || line != null && line.matches("(?s).*([ij]\\d|10).*") ? 10 : 8;
            String problem = null;
            int[] moves = new int[0];
            try {
                moves = line == null ? new int[0] : side == 10 ? Notation.parseLine10(line) : Notation.parseMoves(line);
            } catch (ThorDbException e) {
                problem = e.getMessage();
            }
            SourceResult result = SourceResult.NONE;
            String score = f.get("score");
            if (score != null && score.matches("\\d{1,3}") && Integer.parseInt(score) <= side * side) {
                int b = Integer.parseInt(score);
                result = SourceResult.discs(b + "-" + (side * side - b), b, side * side - b);
            } else if (f.get("result") != null) {
                String r = f.get("result");
                result = switch (r) {
                    case "black" -> SourceResult.winner(r, 'B');
                    case "white" -> SourceResult.winner(r, 'W');
                    case "draw" -> SourceResult.winner(r, 'D');
                    default -> SourceResult.NONE;
                };
            }
            String year = f.get("year");
            return new SourceGame(l.number(), l.offset(), l.raw(), SourceGame.tag(f, "black"), SourceGame.tag(f, "white"),
                    SourceGame.tag(f, "tournament"), year, moves, null, result, problem, side,
                    discsTag(f.get("theoretical")), depthTag(f.get("theoretical_depth")));
        }
    }
}
