package org.thordb.usecase;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.thordb.index.GameName;
import org.thordb.store.Catalog;
import org.thordb.store.Identities;

/**
 * The player a name names, as every query resolves it: the numbers of every base that the name
 * (any spelling the identities join) stands for, their identities, and the preferred name (the
 * earliest base's spelling). The report and the preparation both start from it.
 *
 * <p>Usage: {@code NamedPlayer p = NamedPlayer.of(reader.catalog(), "Tastet Marc"); if (p != null) p.has(base, number);}
 *
 * @param numbers each {@code (base << 32) | number} the name stands for
 * @param identities their identities, in order
 * @param preferred the first identity's preferred name, or the name asked when none has one
 */
record NamedPlayer(Set<Long> numbers, TreeSet<Integer> identities, String preferred) {
    /** The player a name names, or null when no base holds the name. */
    static NamedPlayer of(Catalog c, String name) {
        Map<Integer, int[]> matched = GameName.PLAYER.matching(c, name, false);
        Set<Long> numbers = new TreeSet<>(); // in order: the names listed from them come in one order
        matched.forEach((base, ns) -> {
            for (int n : ns) {
                numbers.add(((long) base << 32) | n);
            }
        });
        if (numbers.isEmpty()) {
            return null;
        }
        Identities ids = c.identities();
        TreeSet<Integer> identities = new TreeSet<>();
        for (long k : numbers) {
            int i = ids.of((int) (k >>> 32), (int) k);
            if (i >= 0) {
                identities.add(i);
            }
        }
        return new NamedPlayer(numbers, identities, identities.isEmpty() ? name : ids.preferred(identities.first()));
    }

    /** Whether a base's player number is this player. */
    boolean has(int base, int number) {
        return numbers.contains(((long) base << 32) | number);
    }

    /** A name quoted for the query language. */
    static String quote(String name) {
        return "\"" + name.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
