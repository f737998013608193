package org.thordb.store;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The names of a base in lower case, made once per catalog: the numbers of a whole name at once,
 * and a scan for a part of one that lower-cases nothing per query.
 *
 * <p>Usage: {@code int[] numbers = base.playerIndex().matching("tastet marc", false);}
 */
public final class NameIndex {
    private final String[] lower;
    private final Map<String, int[]> exact = new HashMap<>();

    /** The index of names by number (null where a number has no name). */
    public NameIndex(List<String> names) {
        lower = new String[names.size()];
        Map<String, List<Integer>> byName = new HashMap<>();
        for (int i = 0; i < lower.length; i++) {
            String n = names.get(i);
            if (n != null) {
                lower[i] = n.toLowerCase(Locale.ROOT);
                byName.computeIfAbsent(lower[i], k -> new ArrayList<>()).add(i);
            }
        }
        byName.forEach((k, v) -> exact.put(k, v.stream().mapToInt(Integer::intValue).toArray()));
    }

    /**
     * The numbers whose name equals {@code text} (case-insensitive), or contains it when
     * {@code substring}.
     */
    public int[] matching(String text, boolean substring) {
        String want = text.toLowerCase(Locale.ROOT);
        if (!substring) {
            return exact.getOrDefault(want, new int[0]);
        }
        int[] out = new int[8];
        int n = 0;
        for (int i = 0; i < lower.length; i++) {
            if (lower[i] != null && lower[i].contains(want)) {
                if (n == out.length) {
                    out = java.util.Arrays.copyOf(out, n * 2);
                }
                out[n++] = i;
            }
        }
        return java.util.Arrays.copyOf(out, n);
    }
}
