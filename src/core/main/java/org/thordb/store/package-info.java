/**
 * The storage engine behind a small interface ({@link org.thordb.store.Store}, on RocksDB), key
 * encodings that sort as their values, the rows of games and files, and the catalog of what a store
 * holds. The on-disk schema is in {@code store/README.md}.
 *
 * <pre>{@code
 * try (Store s = RocksStore.open(Path.of("store")); Store.View v = s.view()) {
 *     Catalog c = Catalog.load(v);
 *     System.out.println(c.games() + " games in " + c.gameFiles().size() + " files");
 * }
 * }</pre>
 */
package org.thordb.store;
