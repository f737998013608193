package org.thordb.text;

import org.thordb.fault.Faults;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import java.util.regex.Pattern;

/**
 * Reads Othello games written as PGN, one at a time: tag pairs ({@code [Black "Tastet Marc"]}),
 * then movetext of squares in either case, with move numbers ({@code 12.}, {@code 12...}),
 * comments ({@code {…}} and {@code ;} to the end of the line), NAGs ({@code $1}), variations
 * ({@code (…)}, passed over) and a result token ({@code 1-0}, {@code 0-1}, {@code 1/2-1/2},
 * {@code *}, or a disc score such as {@code 33-31}). A pass is read in every spelling in use:
 * {@code pass}, {@code PA}, {@code --}, {@code @@}; it becomes the token {@code pass}, so that the
 * moves keep their colours (movetext without passes is read as it stands: the text format's replay
 * supplies them). Streaming: one game in memory at a time.
 *
 * <p>Usage:
 * <pre>{@code
 * try (BufferedReader in = Files.newBufferedReader(Path.of("games.pgn"))) {
 *     for (PgnReader.Game g : new PgnReader(in, "games.pgn")) System.out.println(g.tags().get("Black") + " " + g.moves());
 * }
 * }</pre>
 */
public final class PgnReader implements Iterable<PgnReader.Game> {
    /**
     * One game as the PGN gives it.
     *
     * @param line the line its first tag (or move) stands on, from 1
     * @param tags the tag pairs in order
     * @param moves the move tokens: lower-case squares, and {@code pass}
     * @param result the result token of the movetext, or null when it has none
     * @param offset the byte offset of its first line (read from bytes), else -1
     * @param raw its lines byte for byte (read from bytes), else null
     * @param problem in lenient reading, the first word that is no move, a pass, a number or a
     *     result; else null
     */
    public record Game(int line, Map<String, String> tags, List<String> moves, String result, long offset, byte[] raw,
                       String problem) {
        /** A game without its bytes (read from characters) and without a problem. */
        public Game(int line, Map<String, String> tags, List<String> moves, String result) {
            this(line, tags, moves, result, -1, null, null);
        }

        /**
         * Black's and White's discs at the end, from the {@code Score} tag thordb writes
         * ({@code "33-31"}), else from a disc score in the {@code Result} tag or token as other tools
         * write it; null when the game gives only a win, draw or loss.
         */
        public int[] discs() {
            for (String s : new String[] {tags.get("Score"), tags.get("Result"), result}) {
                if (s != null && s.strip().matches("\\d{1,3}-\\d{1,3}") && !s.strip().equals("1-0")
                        && !s.strip().equals("0-1")) {
                    String[] p = s.strip().split("-");
                    return new int[] {Integer.parseInt(p[0]), Integer.parseInt(p[1])};
                }
            }
            return null;
        }
    }

    private final BufferedReader in;
    private final ByteLines bytes;
    private final boolean lenient;
    private final String source;
    private int lineNumber;
    private String pending; // a line read ahead: the first tag of the next game
    private ByteLines.Line pendingLine;
    private final List<byte[]> raw = new ArrayList<>();
    private long rawBytes;
    private int gameLineStart;
    private long gameOffset = -1;
    private long lastOffset = -1;
    private String problem;

    /** A reader of {@code in}; {@code source} names it in error messages (a file name). */
    public PgnReader(Reader in, String source) {
        this.in = in instanceof BufferedReader b ? b : new BufferedReader(in);
        this.bytes = null;
        this.lenient = false;
        this.source = source;
    }

    /**
     * A reader of lines of bytes that keeps each game's bytes; {@code lenient}: a word that is no
     * move marks its game ({@link Game#problem()}) instead of failing the reading.
     */
    public PgnReader(ByteLines lines, String source, boolean lenient) {
        this.in = null;
        this.bytes = lines;
        this.lenient = lenient;
        this.source = source;
    }

    @Override
    public Iterator<Game> iterator() {
        return new Iterator<>() {
            private Game next = read();

            @Override
            public boolean hasNext() {
                return next != null;
            }

            @Override
            public Game next() {
                if (next == null) {
                    throw new NoSuchElementException();
                }
                Game g = next;
                next = read();
                return g;
            }
        };
    }

    private String line() {
        if (pending != null) {
            String l = pending;
            pending = null;
            if (pendingLine != null) {
                raw.add(pendingLine.raw());
                rawBytes += pendingLine.raw().length;
                lastOffset = pendingLine.offset();
                pendingLine = null;
            }
            return l;
        }
        try {
            if (bytes != null) {
                ByteLines.Line b = bytes.next();
                if (b == null) {
                    return null;
                }
                lineNumber = b.number();
                raw.add(b.raw());
                rawBytes += b.raw().length;
                if (rawBytes > SourceReader.MAX_GAME_BYTES) {
                    throw Faults.of(ErrorCode.BAD_FILE, source + ": line " + (gameLineStart == 0 ? lineNumber : gameLineStart)
                            + ": the game is longer than " + String.format("%,d", SourceReader.MAX_GAME_BYTES)
                            + " bytes, the most a game may hold (byte offset " + (gameOffset < 0 ? b.offset() : gameOffset) + ")");
                }
                lastOffset = b.offset();
                lastLine = b;
                return b.text();
            }
            String l = in.readLine();
            if (l != null) {
                lineNumber++;
            }
            return l;
        } catch (IOException e) {
            throw Faults.of(ErrorCode.IO, source + ": " + e.getMessage(), e);
        }
    }

    /** A tag pair alone on its line: {@code [Event "…"]}. */
    private static final Pattern TAG_PAIR = Pattern.compile("\\[[A-Za-z0-9_]+\\s+\".*\"\\s*]");

    /** The file's structure is broken: refused whole, naming the line where the fault began. */
    private ThorDbException broken(int line, String why) {
        return Faults.of(ErrorCode.BAD_FILE, source + ": line " + line + ": " + why);
    }

    private ThorDbException bad(String why) {
        return Faults.of(ErrorCode.BAD_RECORD, source + ": line " + lineNumber + ": " + why);
    }

    private ByteLines.Line lastLine;

    /** The next game, or null at the end. */
    private Game read() {
        raw.clear();
        rawBytes = 0;
        gameLineStart = 0;
        problem = null;
        gameOffset = -1;
        Map<String, String> tags = new LinkedHashMap<>();
        List<String> moves = new ArrayList<>();
        String result = null;
        int first = 0;
        boolean inMoves = false;
        int braces = 0; // inside a {comment} that spans lines
        int parens = 0; // inside a (variation)
        int braceLine = 0; // where the open comment began
        int parenLine = 0; // where the outermost open variation began
        for (String l; (l = line()) != null; ) {
            String t = l.strip();
            if ((braces > 0 || parens > 0) && TAG_PAIR.matcher(t).matches()) {
                // a comment or variation left open swallows the games after it: the file is refused whole
                throw broken(braces > 0 ? braceLine : parenLine, (braces > 0 ? "a comment '{' opened here"
                        : "a variation '(' opened here") + " is still open at the tag pair of line " + lineNumber + " ("
                        + (braces > 0 ? "'}'" : "')'") + " missing)");
            }
            if (braces == 0 && parens == 0 && t.startsWith("[")) {
                if (inMoves) { // the next game's first tag
                    pending = l;
                    if (bytes != null) {
                        pendingLine = lastLine;
                        raw.remove(raw.size() - 1);
                    }
                    break;
                }
                if (first == 0) {
                    first = lineNumber;
                    gameLineStart = first;
                    gameOffset = lastOffset;
                }
                tag(t, tags);
                continue;
            }
            if (t.isEmpty() || t.startsWith("%")) {
                continue;
            }
            if (first == 0) {
                first = lineNumber;
                gameLineStart = first;
                gameOffset = lastOffset;
            }
            inMoves = true;
            int i = 0;
            while (i < t.length()) {
                char c = t.charAt(i);
                if (braces > 0) {
                    if (c == '}') {
                        braces = 0;
                    }
                    i++;
                    continue;
                }
                if (c == '{') {
                    braces = 1;
                    braceLine = lineNumber;
                    i++;
                    continue;
                }
                if (c == ';') {
                    break; // a comment to the end of the line
                }
                if (c == '(') {
                    if (parens == 0) {
                        parenLine = lineNumber;
                    }
                    parens++;
                    i++;
                    continue;
                }
                if (c == ')') {
                    if (parens == 0) {
                        throw broken(lineNumber, "')' closes no variation");
                    }
                    parens--;
                    i++;
                    continue;
                }
                if (Character.isWhitespace(c)) {
                    i++;
                    continue;
                }
                int j = i;
                while (j < t.length() && !Character.isWhitespace(t.charAt(j)) && "{;()".indexOf(t.charAt(j)) < 0) {
                    j++;
                }
                String word = t.substring(i, j);
                i = j;
                if (parens > 0) {
                    continue;
                }
                if (result != null) {
                    // a game ends at its result: what follows without a tag pair is no move of it
                    throw broken(lineNumber, "'" + (word.length() > 24 ? word.substring(0, 24) + "…" : word)
                            + "' after the game's result " + result + " (a game ends at its result; the next game"
                            + " begins with its tag pairs)");
                }
                String r = token(word, moves);
                if (r != null) {
                    result = r;
                }
            }
        }
        if (braces > 0 || parens > 0) {
            throw broken(braces > 0 ? braceLine : parenLine, (braces > 0 ? "a comment '{' opened here is never closed ('}'"
                    : "a variation '(' opened here is never closed (')'") + " missing before the end of the file)");
        }
        if (first == 0) {
            return null;
        }
        if (bytes == null) {
            return new Game(first, tags, moves, result);
        }
        return new Game(first, tags, moves, result, gameOffset, ByteLines.join(raw), problem);
    }

    private void tag(String t, Map<String, String> tags) {
        int space = t.indexOf(' ');
        int q1 = t.indexOf('"');
        int q2 = t.lastIndexOf('"');
        if (!t.endsWith("]") || space < 0 || q1 < 0 || q2 <= q1) {
            throw bad("not a tag pair: " + Faults.quote(t));
        }
        String value = t.substring(q1 + 1, q2).replace("\\\"", "\"").replace("\\\\", "\\");
        tags.put(t.substring(1, space), value);
    }

    /** Adds a move or a pass; returns the result when the word is one; passes over numbers and NAGs. */
    private String token(String word, List<String> moves) {
        if (word.length() == 2) { // the common case first: a square, without a regular expression
            char c = (char) (word.charAt(0) | 0x20);
            char r = word.charAt(1);
            if (c >= 'a' && c <= 'j' && r >= '1' && r <= '9') {
                moves.add(new String(new char[] {c, r}));
                return null;
            }
        }
        String w = word;
        // "12." "12..." and "12.f5": the number goes, what follows it stays
        int k = 0;
        while (k < w.length() && Character.isDigit(w.charAt(k))) {
            k++;
        }
        if (k > 0 && k < w.length() && w.charAt(k) == '.') {
            while (k < w.length() && w.charAt(k) == '.') {
                k++;
            }
            w = w.substring(k);
            if (w.isEmpty()) {
                return null;
            }
        }
        String lower = w.toLowerCase(Locale.ROOT);
        if (lower.equals("1-0") || lower.equals("0-1") || lower.equals("1/2-1/2") || lower.equals("*")
                || lower.matches("\\d{1,3}-\\d{1,3}")) {
            return lower;
        }
        if (w.startsWith("$")) {
            return null;
        }
        if (lower.equals("pass") || lower.equals("pa") || lower.equals("--") || lower.equals("@@")
                || lower.equals("ps")) {
            moves.add("pass");
            return null;
        }
        String m = lower.replaceAll("[!?+#]+$", "");
        if (m.matches("[a-j](10|[1-9])")) {
            moves.add(m);
            return null;
        }
        if (m.length() > 2 && m.matches("([a-h][1-8])+")) { // a run of squares, as some tools write movetext
            for (int i = 0; i < m.length(); i += 2) {
                moves.add(m.substring(i, i + 2));
            }
            return null;
        }
        if (lenient) {
            if (problem == null) {
                problem = "line " + lineNumber + ": " + Faults.quote(word) + " is not a move, a pass, a move"
                        + " number or a result";
            }
            return null;
        }
        throw bad("not a move, a pass, a move number or a result: " + Faults.quote(word));
    }
}
