package org.thordb.query.plan;

import org.roaringbitmap.RoaringBitmap;
import org.thordb.index.Field;
import org.thordb.index.GameColumns;
import org.thordb.index.IndexReader;
import org.thordb.query.ast.Predicate;
import org.thordb.store.Catalog;
import org.thordb.store.PlayerRecord;
import org.thordb.store.SolitaireRow;
import java.util.Map;

/**
 * {@code country = JPN}, {@code born(white) < 1980} compiled: the Black and White postings of each
 * registered player whose record matches, or the name columns against a table of them.
 *
 * <p>Usage: {@code RoaringBitmap b = new RegistryLookup(match).lookup(reader);}
 */
record RegistryLookup(Predicate.RegistryMatch source) implements ColumnarPredicate {
    /** The numbers of a base's players whose record matches. */
    private int[] matching(Catalog.Base b) {
        return b.registry().entrySet().stream().filter(e -> source.test(e.getValue()))
                .mapToInt(Map.Entry::getKey).toArray();
    }

    @Override
    public GameTest test(Catalog c, GameColumns g) {
        boolean[][] hit = PredicateCompiler.hits(c, this::matching);
        boolean black = source.black();
        boolean white = source.white();
        return f -> {
            boolean[] h = f.base() < hit.length ? hit[f.base()] : null;
            if (h == null) {
                return id -> false;
            }
            return black && white ? id -> h[g.black(id)] || h[g.white(id)]
                    : black ? id -> h[g.black(id)] : id -> h[g.white(id)];
        };
    }

    @Override
    public long entries(IndexReader r) {
        long n = 0;
        for (Catalog.Base b : r.catalog().bases()) {
            long players = matching(b).length;
            if (players > 0) {
                n += players * r.segmentCount(f -> f.base() == b.id()) * (source.colour() == null ? 2 : 1);
            }
        }
        return n;
    }

    @Override
    public RoaringBitmap lookup(IndexReader r) {
        return PredicateCompiler.nameGames(r, this::matching, fields());
    }

    /** The postings a colour asks for: Black's, White's, or both. */
    private Field[] fields() {
        if (source.black() && source.white()) {
            return new Field[] {Field.BLACK, Field.WHITE};
        }
        return new Field[] {source.black() ? Field.BLACK : Field.WHITE};
    }

    @Override
    public String access(Catalog c) {
        int n = 0;
        for (Catalog.Base b : c.bases()) {
            n += matching(b).length;
        }
        String colour = source.colour();
        return (colour == null ? "black and white" : colour) + " postings of " + n + " registered "
                + (n == 1 ? "player" : "players");
    }

    @Override
    public java.util.function.Predicate<SolitaireRow> solitaireTest(Catalog c) {
        boolean black = source.black();
        boolean white = source.white();
        return s -> {
            Catalog.Base b = c.base(s.base());
            if (b == null) {
                return false;
            }
            PlayerRecord bp = b.record((int) s.solitaire().blackPlayer());
            PlayerRecord wp = b.record((int) s.solitaire().whitePlayer());
            return black && source.test(bp) || white && source.test(wp);
        };
    }
}
