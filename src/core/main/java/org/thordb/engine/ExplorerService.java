package org.thordb.engine;

import org.thordb.query.Filter;
import org.thordb.explore.ExplorationBook;

import java.util.LinkedHashMap;
import java.util.Map;
import org.thordb.explore.RowFigures;
import org.thordb.explore.Exploration;
import org.thordb.explore.Explorer;
import org.thordb.index.IndexReader;
import org.thordb.othello.Position;
import org.thordb.store.Catalog;

/**
 * The explorer of one store handle: what was played from a position, with the costly and the
 * popular explorations kept for the catalog they were made on (an import empties the cache), and
 * the explorer's row figures read once per catalog.
 *
 * <p>Usage: {@code Exploration e = db.read(r -> db.explorer().explore(r, Position.start(), ""));}
 */
public final class ExplorerService {
    /** Explorations of positions reached by more games than this are kept: the costly ones, and the popular. */
    static final long CACHED_FROM = 16;

    /** The most explorations kept, the least recently asked for dropped first. */
    static final int KEPT = 4096;

    private final Object columnsLock = new Object();
    private Catalog columnsCatalog;
    private RowFigures columns;

    /** Costly explorations already made for the catalog they were made on (access order: an LRU). */
    private final LinkedHashMap<String, Exploration> explorations = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Exploration> eldest) {
            return size() > KEPT;
        }
    };
    private Catalog explorationsCatalog;

    /** What was played from a position in the games that reach it and match a filter query (blank: every game). */
    public Exploration explore(IndexReader r, Position position, String filter) {
        return explore(r, position, filter == null ? Filter.ALL : Filter.parse(filter), filter == null ? "" : filter);
    }

    /** The exploration of a filter's games; {@code shown}: the filter's text as the exploration says it. */
    public Exploration explore(IndexReader r, Position position, Filter filter, String shown) {
        String key = position.toBoardString() + "\n" + filter.allCopies() + "\n" + (filter.where() == null ? "" : filter.where().text());
        synchronized (explorations) {
            if (explorationsCatalog != r.catalog()) { // an import landed: every figure may have moved
                explorations.clear();
                explorationsCatalog = r.catalog();
            }
            Exploration e = explorations.get(key);
            if (e != null) {
                return e;
            }
        }
        Exploration e = filter.isAll() && !filter.allCopies() ? ExplorationBook.lookup(r, position) : null;
        if (e != null && !e.filter().equals(shown)) {
            e = new Exploration(e.position(), shown, e.total(), e.rows(), e.endsHere());
        }
        if (e == null) { // the columns read only when the book has not the position: 20 ms of a one-shot command
            e = Explorer.explore(r, columns(r), position, filter, shown);
        }
        if (e.total() > CACHED_FROM) {
            synchronized (explorations) {
                if (explorationsCatalog == r.catalog()) {
                    explorations.put(key, e);
                }
            }
        }
        return e;
    }

    /** The explorer's columns for a reader's catalog, read once per catalog (that is, per import). */
    RowFigures columns(IndexReader r) {
        synchronized (columnsLock) {
            if (columnsCatalog != r.catalog()) {
                columns = RowFigures.of(r);
                columnsCatalog = r.catalog();
            }
            return columns;
        }
    }
}
