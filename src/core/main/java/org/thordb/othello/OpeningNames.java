package org.thordb.othello;

import org.thordb.fault.Faults;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import java.io.StringReader;
import java.text.Normalizer;

/**
 * Opening names ({@code Tiger}, {@code Rose}, {@code Buffalo}, …): a name's line, and the name of a
 * position a named line reaches, in any of the 8 orientations. A names file has one opening a line,
 * its moves then its name ({@code f5d6c3d3c4  Tiger}), {@code #} comments; every line must be legal.
 * {@link #standard()} is thordb's short built-in list, after the file {@code THORDB_OPENINGS} names
 * when it is set (so that a user's fuller list wins).
 *
 * <p>Usage: {@code int[] tiger = OpeningNames.standard().line("tiger"); String n = OpeningNames.standard().nameOf(position);}
 */
public final class OpeningNames {
    /** The environment variable naming a user's names file. */
    public static final String ENV = "THORDB_OPENINGS";

    /**
     * One named opening.
     *
     * @param name its name as written
     * @param line its moves from the start
     */
    public record Named(String name, int[] line) {
    }

    private final List<Named> all = new ArrayList<>();
    private int longest;
    private final Map<String, Named> byName = new HashMap<>();
    private final Map<Position, Named> byPosition = new HashMap<>();

    private static volatile OpeningNames standard;

    private OpeningNames() {
    }

    /** The built-in names, after those of {@code $THORDB_OPENINGS} when it names a file (read once). */
    public static OpeningNames standard() {
        OpeningNames s = standard;
        if (s == null) {
            synchronized (OpeningNames.class) {
                if (standard == null) {
                    OpeningNames n = new OpeningNames();
                    String env = System.getenv(ENV);
                    if (env != null && !env.isBlank()) {
                        n.read(Path.of(env));
                    }
                    try (InputStream in = OpeningNames.class.getResourceAsStream("opening-names.txt")) {
                        n.read(new InputStreamReader(in, StandardCharsets.UTF_8), "the built-in opening names");
                    } catch (IOException e) {
                        throw Faults.of(ErrorCode.IO, "the built-in opening names: " + e.getMessage(), e);
                    }
                    standard = n;
                }
                s = standard;
            }
        }
        return s;
    }

    /** The names of one file only. */
    public static OpeningNames load(Path file) {
        OpeningNames n = new OpeningNames();
        n.read(file);
        return n;
    }

    /** The names of a text in the names-file format; {@code source} names it in errors. */
    public static OpeningNames parse(String text, String source) {
        OpeningNames n = new OpeningNames();
        n.read(new StringReader(text), source);
        return n;
    }

    private void read(Path file) {
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            read(r, file.toString());
        } catch (IOException e) {
            throw Faults.io(file, e);
        }
    }

    private void read(Reader reader, String source) {
        BufferedReader in = new BufferedReader(reader);
        int number = 0;
        try {
            for (String l; (l = in.readLine()) != null; ) {
                number++;
                String t = l.strip();
                if (t.isEmpty() || t.startsWith("#")) {
                    continue;
                }
                String[] parts = t.split("\\s+", 2);
                if (parts.length < 2 || parts[1].isBlank()) {
                    throw Faults.of(ErrorCode.BAD_NOTATION, source + ": line " + number
                            + ": an opening is its moves then its name, such as 'f5d6c3d3c4  Tiger'");
                }
                Position p;
                int[] line;
                try {
                    line = Notation.parseLine(parts[0]);
                    p = Position.afterLine(parts[0]);
                } catch (ThorDbException e) {
                    throw Faults.of(e.code(), source + ": line " + number + ": " + e.getMessage());
                }
                add(new Named(parts[1].strip(), line), p);
            }
        } catch (IOException e) {
            throw Faults.of(ErrorCode.IO, source + ": " + e.getMessage(), e);
        }
    }

    private void add(Named n, Position p) {
        String key = key(n.name());
        if (byName.containsKey(key)) {
            return; // an earlier list (the user's) named it first
        }
        all.add(n);
        longest = Math.max(longest, n.line().length);
        byName.put(key, n);
        byPosition.putIfAbsent(p.canonical(), n);
    }

    /** A name as looked up: accents, case, spaces and dashes ignored ({@code "rose v toth"} finds Rose-v-Toth). */
    static String key(String name) {
        String d = Normalizer.normalize(name, Normalizer.Form.NFD).replaceAll("\\p{M}+", "");
        return d.toLowerCase(Locale.ROOT).replaceAll("[\\s\\-_'.]+", "");
    }

    /** The line of a name, or null when no opening has it. */
    public int[] line(String name) {
        Named n = byName.get(key(name));
        return n == null ? null : n.line().clone();
    }

    /** The name as written of a name looked up in any case, or null. */
    public String canonicalName(String name) {
        Named n = byName.get(key(name));
        return n == null ? null : n.name();
    }

    /** The name of the opening whose line reaches this position (in any orientation), or null. */
    public String nameOf(Position p) {
        if (p.discs() - 4 > longest) {
            return null; // deeper than every named line: no lookup (the explorer asks for every row)
        }
        Named n = byPosition.get(p.canonical());
        return n == null ? null : n.name();
    }

    /**
     * The name of the opening a move leads to from a position, or "" when none (or the position is
     * already deeper than every named line, so that the move is not even played): the explorer asks
     * for every row.
     */
    public String nameAfter(Position p, int move) {
        if (p.discs() - 3 > longest) {
            return "";
        }
        String n = nameOf(p.play(move));
        return n == null ? "" : n;
    }

    /** The most moves of a named line. */
    public int longest() {
        return longest;
    }

    /** Every named opening, in the order read. */
    public List<Named> all() {
        return Collections.unmodifiableList(all);
    }

    /** The names nearest one that is unknown (sharing its first letters), for a "did you mean". */
    public List<String> near(String name) {
        String k = key(name);
        List<String> out = new ArrayList<>();
        for (Named n : all) {
            String nk = key(n.name());
            if (!k.isEmpty() && (nk.startsWith(k.substring(0, Math.min(3, k.length()))) || nk.contains(k))) {
                out.add(n.name());
            }
        }
        return out.size() > 5 ? out.subList(0, 5) : out;
    }

    /** The names, by name, for listings. */
    public Map<String, int[]> asMap() {
        Map<String, int[]> m = new LinkedHashMap<>();
        all.forEach(n -> m.put(n.name(), n.line().clone()));
        return m;
    }
}
