package org.thordb.store;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.text.Normalizer;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The names of a base folded (lower case, accents dropped: {@code "Préqualif"} matches
 * {@code "prequalif"} and the other way round), made once per catalog: the numbers of a whole name
 * at once, a scan for a part of one that folds nothing per query, and the stored names nearest a
 * name that matches none.
 *
 * <p>Usage: {@code int[] numbers = base.playerIndex().matching("tastet marc", false);}
 */
public final class NameIndex {
    private final List<String> names;
    private final Map<Integer, List<String>> aliases;
    private volatile Folded folded;

    /** A name as matching sees it: accents dropped (NFD, marks removed), lower case, spaces single. */
    public static String fold(String s) {
        // most names are ASCII: folded in one pass, without the normalizer and two regular
        // expressions (a catalog folds every name of its bases as it opens: 60,000 at ten million games)
        int n = s.length();
        for (int i = 0; i < n; i++) {
            if (s.charAt(i) >= 0x80) {
                return foldUnicode(s);
            }
        }
        StringBuilder sb = new StringBuilder(n);
        int i = 0;
        while (i < n) {
            char c = s.charAt(i);
            if (regexSpace(c)) { // a run of spaces (what \s+ matches): one space
                while (i < n && regexSpace(s.charAt(i))) {
                    i++;
                }
                sb.append(' ');
                continue;
            }
            sb.append(c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c);
            i++;
        }
        return sb.toString().strip();
    }

    private static boolean regexSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }

    /** {@link #fold} of any text: NFD, marks removed, lower case, each run of spaces one, stripped. */
    static String foldUnicode(String s) {
        String d = Normalizer.normalize(s, Normalizer.Form.NFD);
        return d.replaceAll("\\p{M}+", "").toLowerCase(Locale.ROOT).replaceAll("\\s+", " ").strip();
    }

    /** The index of names by number (null where a number has no name). */
    public NameIndex(List<String> names) {
        this(names, Map.of());
    }

    /**
     * The index of names by number, with older names (aliases) of some numbers, which match as
     * the names do.
     */
    public NameIndex(List<String> names, Map<Integer, List<String>> aliases) {
        this.names = names;
        this.aliases = aliases;
    }

    /**
     * The folded names and aliases, made when a query first asks for a name, not when the
     * catalog opens (60,000 names took 40 ms of every one-shot command at ten million games,
     * most of which ask for none).
     */
    private Folded folded() {
        Folded f = folded;
        if (f == null) {
            synchronized (this) {
                f = folded;
                if (f == null) {
                    f = new Folded(names, aliases);
                    folded = f;
                }
            }
        }
        return f;
    }

    /** The folded names by number, the aliases, and (made on the first whole-name lookup) the numbers of each folded name. */
    private static final class Folded {
        final String[] lower;
        final String[] aliasLower;
        final int[] aliasNumbers;
        private volatile Map<String, int[]> exact;

        Folded(List<String> names, Map<Integer, List<String>> aliases) {
            lower = new String[names.size()];
            for (int i = 0; i < lower.length; i++) {
                String n = names.get(i);
                if (n != null) {
                    lower[i] = fold(n);
                }
            }
            List<String> aliasText = new ArrayList<>();
            List<Integer> aliasNumber = new ArrayList<>();
            aliases.forEach((number, list) -> {
                for (String a : list) {
                    aliasText.add(fold(a));
                    aliasNumber.add(number);
                }
            });
            this.aliasLower = aliasText.toArray(new String[0]);
            this.aliasNumbers = aliasNumber.stream().mapToInt(Integer::intValue).toArray();
        }

        Map<String, int[]> exact() {
            Map<String, int[]> e = exact;
            if (e == null) {
                synchronized (this) {
                    e = exact;
                    if (e == null) {
                        e = new HashMap<>();
                        for (int i = 0; i < lower.length; i++) {
                            if (lower[i] != null) {
                                add(e, lower[i], i);
                            }
                        }
                        for (int i = 0; i < aliasLower.length; i++) {
                            add(e, aliasLower[i], aliasNumbers[i]);
                        }
                        exact = e;
                    }
                }
            }
            return e;
        }
    }

    /** Adds a number to a folded name's, kept sorted and distinct (most names have one number). */
    private static void add(Map<String, int[]> exact, String folded, int number) {
        int[] have = exact.get(folded);
        if (have == null) {
            exact.put(folded, new int[] {number});
            return;
        }
        int at = Arrays.binarySearch(have, number);
        if (at >= 0) {
            return;
        }
        int ins = -at - 1;
        int[] now = new int[have.length + 1];
        System.arraycopy(have, 0, now, 0, ins);
        now[ins] = number;
        System.arraycopy(have, ins, now, ins + 1, have.length - ins);
        exact.put(folded, now);
    }

    /**
     * The numbers whose name equals {@code text} (case-insensitive), or contains it when
     * {@code substring}.
     */
    public int[] matching(String text, boolean substring) {
        String want = fold(text);
        Folded f = folded();
        if (!substring) {
            return f.exact().getOrDefault(want, new int[0]).clone();
        }
        String[] lower = f.lower;
        String[] aliasLower = f.aliasLower;
        int[] aliasNumbers = f.aliasNumbers;
        int[] out = new int[8];
        int n = 0;
        for (int i = 0; i < lower.length; i++) {
            if (lower[i] != null && lower[i].contains(want)) {
                if (n == out.length) {
                    out = Arrays.copyOf(out, n * 2);
                }
                out[n++] = i;
            }
        }
        if (aliasLower.length == 0) {
            return Arrays.copyOf(out, n);
        }
        TreeSet<Integer> all = new TreeSet<>();
        for (int i = 0; i < n; i++) {
            all.add(out[i]);
        }
        for (int i = 0; i < aliasLower.length; i++) {
            if (aliasLower[i].contains(want)) {
                all.add(aliasNumbers[i]);
            }
        }
        return all.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * The stored names nearest {@code text}, best first, at most {@code max}: the same words in
     * another order ({@code "Marc Tastet"} for {@code "Tastet Marc"}), then names within a few
     * typing errors, then names that hold every word of it.
     */
    public List<String> nearest(String text, int max) {
        String want = fold(text);
        List<String> words = new ArrayList<>(List.of(want.split(" ")));
        Collections.sort(words);
        int allowed = Math.max(1, want.length() / 4);
        String[] lower = folded().lower;
        TreeMap<Integer, LinkedHashSet<String>> byScore = new TreeMap<>();
        for (int i = 0; i < lower.length; i++) {
            if (lower[i] == null || lower[i].isEmpty()) {
                continue;
            }
            List<String> have = new ArrayList<>(List.of(lower[i].split(" ")));
            Collections.sort(have);
            int score;
            if (have.equals(words)) {
                score = 0;
            } else if (Math.abs(lower[i].length() - want.length()) <= allowed
                    && distance(lower[i], want, allowed) <= allowed) {
                score = 1 + distance(lower[i], want, allowed);
            } else if (have.containsAll(words)) {
                score = 100;
            } else {
                continue;
            }
            byScore.computeIfAbsent(score, k -> new LinkedHashSet<>()).add(names.get(i));
        }
        List<String> out = new ArrayList<>();
        for (LinkedHashSet<String> s : byScore.values()) {
            for (String n : s) {
                if (out.size() < max) {
                    out.add(n);
                }
            }
        }
        return out;
    }

    /** Levenshtein distance, stopping early past {@code limit} (then any value above it). */
    private static int distance(String a, String b, int limit) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            int best = cur[0];
            for (int j = 1; j <= b.length(); j++) {
                int c = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + c);
                best = Math.min(best, cur[j]);
            }
            if (best > limit) {
                return limit + 1;
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }
}
