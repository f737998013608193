package org.thordb.engine;

import org.thordb.fault.Faults;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;
import org.roaringbitmap.IntIterator;
import org.roaringbitmap.PeekableIntIterator;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.error.ErrorCode;
import org.thordb.index.GameColumns;
import org.thordb.index.GameName;
import org.thordb.index.GameNumber;
import org.thordb.index.IndexReader;
import org.thordb.query.Filter;
import org.thordb.query.exec.QueryEngine;
import org.thordb.store.Catalog;
import org.thordb.store.GameRow;
import java.util.TreeSet;
import java.util.function.IntPredicate;

/**
 * Pages of a query's games in an order of the per-game columns ({@link GameColumns}): only the page's games are
 * read from the store, and a page of the whole base does not sort the whole base.
 *
 * <p>Usage: {@code GamePages.Page p = db.read(r -> GamePages.page(r, Filter.parse("year = 2015"), "-score", 0, 50));}
 */
public final class GamePages {
    /**
     * One page of a query's games.
     *
     * @param total the games the query matches
     * @param games the page's games, in the order asked for
     */
    public record Page(long total, List<StoredGame> games) {
    }

    /** The sort keys, in the words the command line and the web API take them. */
    public static final String KEYS = "year, record, score, theoretical, moves, black, white, tournament, base or id";

    private GamePages() {
    }

    /**
     * A page of a query's games (every game for a blank query), ordered by {@code sort}: keys of
     * {@link #KEYS}, comma-separated, {@code -} before a key for descending (null or blank: by id);
     * then by id. The offset and limit are the caller's to check (the use case Games.pageOf checks them).
     */
    public static Page page(IndexReader r, Filter filter, String sort, int offset, int limit) {
        return page(r, filter, sort, offset, limit, -1);
    }

    /**
     * A page of the games after game {@code after} in the sort's order (keyset paging: the cursor is
     * the last id of the page before, −1 for the first page), whatever page it is: one pass with a
     * heap of {@code limit}, where an offset's heap grows with the offset.
     */
    public static Page page(IndexReader r, Filter filter, String sort, int offset, int limit, int after) {
        RoaringBitmap ids = QueryEngine.matching(filter, r);
        long total = ids.getLongCardinality();
        int[] chosen;
        String key = sort == null ? "" : sort.replace(" ", "").toLowerCase(Locale.ROOT);
        if (key.equals("id") || key.equals("+id")) {
            key = ""; // by id is the order the ids have: paged by rank, not sorted
        }
        if (after >= 0 && key.isEmpty()) { // a cursor in id order is a rank: the ids up to it come before
            offset = (int) ids.rank(after);
        } else if (after >= 0 && key.equals("-id")) {
            offset = (int) (total - (after == 0 ? 0 : ids.rank(after - 1)));
        }
        if (key.equals("-id")) { // the same, from the end
            int n = (int) Math.max(0, Math.min(limit, total - offset));
            chosen = new int[n];
            for (int k = 0; k < n; k++) {
                chosen[k] = ids.select((int) (total - 1 - offset - k));
            }
        } else if (key.isEmpty()) {
            int n = (int) Math.max(0, Math.min(limit, total - offset));
            chosen = new int[n];
            if (n > 0) {
                PeekableIntIterator it = ids.getIntIterator();
                it.advanceIfNeeded(ids.select(offset)); // the page's first id, found by rank
                for (int k = 0; k < n; k++) {
                    chosen[k] = it.next();
                }
            }
        } else {
            Comparator<Integer> order = order(sort, GameColumns.of(r), r.catalog());
            // after a cursor: the first limit of the ids that follow it; else the first offset + limit
            long keep = after >= 0 ? limit : Math.min(total, (long) offset + limit);
            List<Integer> first = firstInOrder(ids, order, keep, after < 0 ? id -> true : id -> order.compare(id, after) > 0);
            chosen = first.stream().skip(after >= 0 ? 0 : offset).limit(limit).mapToInt(Integer::intValue).toArray();
        }
        List<StoredGame> out = new ArrayList<>(chosen.length);
        for (int id : chosen) {
            GameRow row = r.game(id);
            if (row != null) {
                out.add(StoredGame.of(row, r.catalog()));
            }
        }
        return new Page(total, out);
    }

    /** The first {@code keep} of the ids {@code accept} takes, in order: kept in a heap as the ids go by. */
    private static List<Integer> firstInOrder(RoaringBitmap ids, Comparator<Integer> order, long keep,
                                              IntPredicate accept) {
        PriorityQueue<Integer> heap = new PriorityQueue<>(order.reversed());
        if (keep > 0) {
            for (IntIterator it = ids.getIntIterator(); it.hasNext(); ) {
                int id = it.next();
                if (accept.test(id)) {
                    heap.add(id);
                    if (heap.size() > keep) {
                        heap.poll();
                    }
                }
            }
        }
        List<Integer> out = new ArrayList<>(heap);
        out.sort(order);
        return out;
    }

    /**
     * Each base's names of a kind ranked by their text without case, by base id and number: equal
     * names share a rank, and a number the base's names files lack ranks with the empty name (0).
     */
    private static int[][] nameRanks(GameName named, Catalog c) {
        TreeSet<String> texts = new TreeSet<>(List.of(""));
        int maxBase = 0;
        for (Catalog.Base b : c.bases()) {
            maxBase = Math.max(maxBase, b.id());
            for (String n : named.all(b)) {
                texts.add(n == null ? "" : n.toLowerCase(Locale.ROOT));
            }
        }
        Map<String, Integer> rankOf = new HashMap<>();
        for (String text : texts) {
            rankOf.put(text, rankOf.size());
        }
        int[][] out = new int[maxBase + 1][];
        for (Catalog.Base b : c.bases()) {
            List<String> names = named.all(b);
            int[] r = new int[names.size()];
            for (int n = 0; n < r.length; n++) {
                String name = names.get(n);
                r[n] = rankOf.get(name == null ? "" : name.toLowerCase(Locale.ROOT));
            }
            out[b.id()] = r;
        }
        return out;
    }

    /**
     * The order of a sort spec over game ids, read from the per-game columns: a game's number
     * ({@link GameNumber}) by its value, a name ({@link GameName}, not {@code player}) by the name
     * without case (its rank among the names, worked out once); the base by its name.
     */
    public static Comparator<Integer> order(String spec, GameColumns t, Catalog c) {
        Comparator<Integer> all = null;
        for (String key : spec.split(",", -1)) {
            String k = key.strip();
            boolean desc = k.startsWith("-");
            String name = (desc ? k.substring(1) : k).toLowerCase(Locale.ROOT);
            if (name.isBlank()) {
                throw Faults.of(ErrorCode.BAD_ARGUMENT, "an empty sort key in '" + Faults.quote(spec)
                        + "': " + KEYS + ", with commas between");
            }
            GameNumber number = GameNumber.of(name);
            GameName named = GameName.of(name);
            Comparator<Integer> one;
            if (number != null) {
                one = Comparator.comparingInt(id -> number.value(t, id));
            } else if (named != null && named != GameName.PLAYER) {
                char[] numbers = named.columns(t)[0];
                int[][] rank = nameRanks(named, c); // each name resolved once; the comparator compares ints
                one = Comparator.comparingInt(id -> {
                    int[] r = rank[t.base(id)];
                    int n = numbers[id];
                    return r != null && n < r.length ? r[n] : 0;
                });
            } else if (name.equals("base")) {
                one = Comparator.comparing(id -> c.base(t.base(id)).name());
            } else {
                throw Faults.of(ErrorCode.BAD_ARGUMENT, "unknown sort key '" + Faults.quote(name) + "': " + KEYS);
            }
            one = desc ? one.reversed() : one;
            all = all == null ? one : all.thenComparing(one);
        }
        return all.thenComparing(Comparator.naturalOrder());
    }
}
