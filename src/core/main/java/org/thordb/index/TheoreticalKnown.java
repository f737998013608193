package org.thordb.index;

import org.roaringbitmap.RoaringBitmap;
import org.thordb.store.Catalog;
import org.thordb.store.FileRow;
import org.thordb.store.GameRow;
import java.util.Arrays;

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

    private TheoreticalKnown(RoaringBitmap known, long[] words) {
        this.known = known;
        this.words = words;
    }

    /** The known games of a reader's catalog. */
    public static TheoreticalKnown of(IndexReader r) {
        return MADE.get(r.catalog(), () -> build(r));
    }

    private static TheoreticalKnown build(IndexReader r) {
        Catalog c = r.catalog();
        RoaringBitmap known = new RoaringBitmap();
        // the words made beside the bitmap, a file's range at a time (a bit at a time through the
        // bitmap took 0.1 s of a one-shot command at ten million games)
        long[] words = new long[(c.nextGameId() >>> 6) + 1];
        for (FileRow f : c.gameFiles()) {
            if (FileRow.KNOWN.equals(f.theoreticalStatus())) {
                known.add((long) f.firstId(), (long) f.firstId() + f.games());
                setRange(words, f.firstId(), f.firstId() + f.games());
            } else if (f.knownPerGame()) { // some given by a text source, or filled
                for (int id = f.firstId(); id < f.firstId() + f.games(); id++) {
                    GameRow g = r.game(id);
                    if (g != null && f.theoreticalKnown(g)) {
                        known.add(id);
                        words[id >>> 6] |= 1L << id;
                    }
                }
            } // else unknown, or final scores in their place
        }
        return new TheoreticalKnown(known, words);
    }

    /** Sets bits {@code from} (inclusive) to {@code to} (exclusive). */
    static void setRange(long[] words, int from, int to) {
        if (from >= to) {
            return;
        }
        int a = from >>> 6;
        int z = (to - 1) >>> 6;
        long first = -1L << from;
        long last = -1L >>> -to;
        if (a == z) {
            words[a] |= first & last;
            return;
        }
        words[a] |= first;
        Arrays.fill(words, a + 1, z, -1L);
        words[z] |= last;
    }

    /** Clears, in {@code out} (bit = game id), the games of {@code [from, to)} whose score is unknown. */
    public void keepKnown(int from, int to, long[] out) {
        keepKnown(words, from, to, out);
    }

    /** {@link #keepKnown(int, int, long[])} with the known games' words given. */
    static void keepKnown(long[] words, int from, int to, long[] out) {
        if (from >= to) {
            return;
        }
        int a = from >>> 6;
        int z = (to - 1) >>> 6;
        for (int w = a; w <= z; w++) {
            long inRange = -1L;
            if (w == a) {
                inRange &= -1L << from;
            }
            if (w == z) {
                inRange &= -1L >>> -to;
            }
            long k = w < words.length ? words[w] : 0;
            out[w] &= ~inRange | k; // outside the range untouched; inside it, known only
        }
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
