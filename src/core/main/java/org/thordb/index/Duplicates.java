package org.thordb.index;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.store.GameRow;
import org.thordb.wthor.WthorGame;
import java.util.LinkedHashMap;

/**
 * The store's duplicate games: two games are duplicates when one whole move list is the other's
 * under a symmetry of the board (a legal game can only be turned by the 4 that keep the start
 * position). Decided from the index: one scan of the {@link Field#GAME} terms (a hash of each
 * game's turned move list) finds the games that share a hash; only those are read, and their
 * moves compared, so a hash collision never makes a false pair. Computed once per catalog.
 *
 * <p>Usage: {@code for (Duplicates.Group g : Duplicates.of(reader).groups()) System.out.println(Arrays.toString(g.ids()));}
 */
public final class Duplicates {
    /**
     * Games with the same whole move list.
     *
     * @param ids the games, earliest first: base imported first (lower base id), then year, then record
     */
    public record Group(int[] ids) {
    }

    private static final PerCatalog<Duplicates> MADE = new PerCatalog<>();

    private final List<Group> groups;
    private final RoaringBitmap later;

    private Duplicates(List<Group> groups) {
        this.groups = Collections.unmodifiableList(groups);
        RoaringBitmap b = new RoaringBitmap();
        for (Group g : groups) {
            for (int i = 1; i < g.ids().length; i++) {
                b.add(g.ids()[i]);
            }
        }
        b.runOptimize();
        this.later = b;
    }

    /** The duplicates of the store a reader reads (its whole store, whatever its scope). */
    public static Duplicates of(IndexReader r) {
        return MADE.get(r.catalog(), () -> compute(r));
    }

    /** Every group of two or more games, ordered by their earliest game. */
    public List<Group> groups() {
        return groups;
    }

    /** The games with an earlier twin: every game of a group but its first (do not change it). */
    public RoaringBitmap later() {
        return later;
    }

    /** The groups holding at least one of {@code ids}. */
    public List<Group> touching(RoaringBitmap ids) {
        List<Group> out = new ArrayList<>();
        for (Group g : groups) {
            for (int id : g.ids()) {
                if (ids.contains(id)) {
                    out.add(g);
                    break;
                }
            }
        }
        return out;
    }

    private static Duplicates compute(IndexReader r) {
        // one scan of the GAME terms: consecutive keys share a hash (the term), then differ by segment
        List<int[]> candidates = new ArrayList<>();
        byte[][] lastTerm = {null};
        RoaringBitmap[] current = {new RoaringBitmap()};
        r.scanTerms(Field.GAME, (key, value) -> {
            byte[] term = Arrays.copyOfRange(key, 1, key.length - 4);
            if (lastTerm[0] != null && !Arrays.equals(term, lastTerm[0])) {
                if (current[0].getCardinality() > 1) {
                    candidates.add(current[0].toArray());
                }
                current[0] = new RoaringBitmap();
            }
            lastTerm[0] = term;
            Postings.addTo(value, current[0]);
        });
        if (current[0].getCardinality() > 1) {
            candidates.add(current[0].toArray());
        }
        List<Group> groups = new ArrayList<>();
        for (int[] ids : candidates) {
            // the same hash: split by the turned move lists themselves
            Map<String, List<GameRow>> byMoves = new LinkedHashMap<>();
            for (int id : ids) {
                GameRow row = r.game(id);
                if (row == null) {
                    continue;
                }
                int[] s = new WthorGame(row.raw(), row.side()).squares();
                int n = 0;
                while (n < s.length && s[n] >= 0) {
                    n++;
                }
                int[] turned = Openings.normalize(s, n);
                if (turned != null) {
                    byMoves.computeIfAbsent(Arrays.toString(turned), k -> new ArrayList<>()).add(row);
                }
            }
            for (List<GameRow> same : byMoves.values()) {
                if (same.size() > 1) {
                    // base ids are numbered as bases are first imported
                    same.sort(Comparator.comparingInt(GameRow::base).thenComparingInt(GameRow::year)
                            .thenComparingInt(GameRow::record));
                    groups.add(new Group(same.stream().mapToInt(GameRow::id).toArray()));
                }
            }
        }
        groups.sort(Comparator.comparingInt((Group g) -> g.ids()[0]));
        return new Duplicates(groups);
    }
}
