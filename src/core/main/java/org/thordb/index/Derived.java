package org.thordb.index;

import org.thordb.store.Catalog;

/**
 * What is derived from a store state's games and kept per catalog (move table, query columns,
 * duplicate groups, copies, known theoretical scores, border plies), seen from outside the
 * package: carried from one state to the next when both hold the same games.
 *
 * <p>Usage: {@code Derived.carryOver(old.catalog(), fresh.catalog());}
 */
public final class Derived {
    private Derived() {
    }

    /** Hands what was derived for {@code from} to {@code to} when their {@link Catalog#contentStamp()} agree. */
    public static void carryOver(Catalog from, Catalog to) {
        PerCatalog.carryOver(from, to);
    }
}
