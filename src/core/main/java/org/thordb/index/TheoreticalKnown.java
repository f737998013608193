package org.thordb.index;

import org.roaringbitmap.RoaringBitmap;
import org.thordb.store.Catalog;
import org.thordb.store.FileRow;
import org.thordb.store.GameRow;

/**
 * The games whose theoretical score is known: every game of a file whose row says
 * {@link FileRow#KNOWN}, and the games a text source gave a score to ({@link FileRow#PER_GAME}
 * files, their rows' flag), and the games whose unknown scores {@code thordb theoretical --fill} filled. Every theoretical comparison and average reads only these: an unknown
 * score is no zero. Made once per store state.
 *
 * <p>Usage: {@code TheoreticalKnown k = TheoreticalKnown.of(reader); if (k.known(id)) sum += columns.theoretical(id);}
 */
public final class TheoreticalKnown {
    private static final PerCatalog<TheoreticalKnown> MADE = new PerCatalog<>();

    private final RoaringBitmap known;
    private final long[] words;

    private TheoreticalKnown(RoaringBitmap known, int size) {
        this.known = known;
        this.words = new long[(size >>> 6) + 1];
        known.forEach((int id) -> words[id >>> 6] |= 1L << id);
    }

    /** The known games of a reader's catalog. */
    public static TheoreticalKnown of(IndexReader r) {
        return MADE.get(r.catalog(), () -> build(r));
    }

    private static TheoreticalKnown build(IndexReader r) {
        Catalog c = r.catalog();
        RoaringBitmap known = new RoaringBitmap();
        for (FileRow f : c.gameFiles()) {
            if (FileRow.KNOWN.equals(f.theoreticalStatus())) {
                known.add((long) f.firstId(), (long) f.firstId() + f.games());
            } else if (f.knownPerGame()) { // some given by a text source, or filled
                for (int id = f.firstId(); id < f.firstId() + f.games(); id++) {
                    GameRow g = r.game(id);
                    if (g != null && f.theoreticalKnown(g)) {
                        known.add(id);
                    }
                }
            } // else unknown, or final scores in their place
        }
        return new TheoreticalKnown(known, c.nextGameId());
    }

    /** Whether a game's theoretical score is known. */
    public boolean known(int id) {
        int w = id >>> 6;
        return w < words.length && (words[w] >>> id & 1) != 0;
    }

    /** The known games (do not change it). */
    public RoaringBitmap bitmap() {
        return known;
    }

    /** The games among {@code games} whose score is known. */
    public RoaringBitmap of(RoaringBitmap games) {
        return RoaringBitmap.and(games, known);
    }
}
