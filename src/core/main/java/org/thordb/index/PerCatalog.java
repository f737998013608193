package org.thordb.index;

import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.function.Supplier;
import org.thordb.store.Catalog;

/**
 * What is derived once per store state and shared by every reader of it (the move table, the
 * query columns, the duplicate groups): kept per catalog, which an import replaces, and dropped
 * with it. Made at most once per catalog, by the first reader that asks.
 *
 * <p>Usage: {@code static final PerCatalog<MoveTable> TABLES = new PerCatalog<>(); TABLES.get(catalog, () -> build(r));}
 */
final class PerCatalog<T> {
    private final Map<Catalog, T> made = Collections.synchronizedMap(new WeakHashMap<>());

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
