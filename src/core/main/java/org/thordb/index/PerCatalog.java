package org.thordb.index;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.function.Supplier;
import org.thordb.store.Catalog;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What is derived once per store state and shared by every reader of it (the move table, the
 * query columns, the duplicate groups): kept per catalog, which an import replaces, and dropped
 * with it. Made at most once per catalog, by the first reader that asks.
 *
 * <p>Usage: {@code static final PerCatalog<MoveTable> TABLES = new PerCatalog<>(); TABLES.get(catalog, () -> build(r));}
 */
final class PerCatalog<T> {
    private final Map<Catalog, T> made = Collections.synchronizedMap(new WeakHashMap<>());
    /** Every registry of derived values, for {@link #carryOver}. */
    private static final List<PerCatalog<?>> ALL = new CopyOnWriteArrayList<>();

    PerCatalog() {
        ALL.add(this);
    }

    /**
     * Hands what was derived for {@code from} to {@code to} when both describe the same games
     * ({@link Catalog#contentStamp()}): a reader that opens the next state of a store another process
     * only merged or compacted keeps its move table and columns instead of making them again.
     */
    static void carryOver(Catalog from, Catalog to) {
        if (from == null || to == null || from == to || from.contentStamp() != to.contentStamp()) {
            return;
        }
        for (PerCatalog<?> p : ALL) {
            p.carry(from, to);
        }
    }

    private void carry(Catalog from, Catalog to) {
        T t = made.get(from);
        if (t != null) {
            made.putIfAbsent(to, t);
        }
    }

    /** The value of a catalog, made the first time by {@code make} (one maker at a time). */
    T get(Catalog c, Supplier<T> make) {
        T t = made.get(c);
        if (t == null) {
            synchronized (made) {
                t = made.get(c);
                if (t == null) {
                    t = make.get();
                    made.put(c, t);
                }
            }
        }
        return t;
    }

    /** The value of a catalog when made already, else null. */
    T ifMade(Catalog c) {
        return made.get(c);
    }

    /** Keeps a value made along with another, unless one is kept already. */
    void keep(Catalog c, T t) {
        made.putIfAbsent(c, t);
    }
}
