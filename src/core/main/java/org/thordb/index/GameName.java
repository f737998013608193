package org.thordb.index;

import java.util.Locale;
import java.util.function.Function;
import org.thordb.store.Catalog;
import org.thordb.store.NameIndex;
import org.thordb.store.SolitaireRow;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.thordb.store.Identities;

/**
 * The names a game has, one constant each, with what the query engine, the sorted pages and the
 * solitaire filter need of it as data: the base's names it is one of (players or tournaments), the
 * postings a name's games are in, the per-game columns that hold its numbers, and its numbers in a
 * solitaire. {@link #PLAYER} is either side: two postings, two columns.
 *
 * <p>Usage: {@code char[] blacks = GameName.BLACK.columns(GameColumns.of(reader))[0];}
 */
public enum GameName {
    /** Either player: Black or White. */
    PLAYER(new Field[] {Field.BLACK, Field.WHITE}, false, "black and white postings",
            g -> new char[][] {g.blackColumn(), g.whiteColumn()}, s -> new long[] {s.solitaire().blackPlayer(), s.solitaire().whitePlayer()}),
    /** Black's player. */
    BLACK(new Field[] {Field.BLACK}, false, "black postings", g -> new char[][] {g.blackColumn()},
            s -> new long[] {s.solitaire().blackPlayer()}),
    /** White's player. */
    WHITE(new Field[] {Field.WHITE}, false, "white postings", g -> new char[][] {g.whiteColumn()},
            s -> new long[] {s.solitaire().whitePlayer()}),
    /** The tournament. */
    TOURNAMENT(new Field[] {Field.TOURNAMENT}, true, "tournament postings", g -> new char[][] {g.tournamentColumn()},
            s -> new long[] {s.solitaire().tournament()});

    private final Field[] terms;
    private final boolean tournament;
    private final String access;
    private final Function<GameColumns, char[][]> columns;
    private final Function<SolitaireRow, long[]> solitaireNumbers;

    GameName(Field[] terms, boolean tournament, String access, Function<GameColumns, char[][]> columns,
             Function<SolitaireRow, long[]> solitaireNumbers) {
        this.terms = terms;
        this.tournament = tournament;
        this.access = access;
        this.columns = columns;
        this.solitaireNumbers = solitaireNumbers;
    }

    /** The field as written in a query (and, but for {@code player}, as a sort key). */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The name of this word (any case), or null. */
    public static GameName of(String word) {
        for (GameName n : values()) {
            if (n.word().equalsIgnoreCase(word)) {
                return n;
            }
        }
        return null;
    }

    /** The postings a name's games are in: one field, or Black's and White's for a player. */
    public Field[] terms() {
        return terms.clone();
    }

    /** The base's names this is one of: its players', or its tournaments'. */
    public NameIndex names(Catalog.Base b) {
        return tournament ? b.tournamentIndex() : b.playerIndex();
    }

    /**
     * The numbers of each base that a name (or, {@code substring}, a part of one) asks for, by base
     * id (a base with none left out): those whose name matches, and for a player those of the same
     * player under another name, in the same base or another ({@link Identities}:
     * {@code Atamanov Dmitriy} finds the games the FFO names {@code Atamanov Dmitry}).
     */
    public Map<Integer, int[]> matching(Catalog c, String name, boolean substring) {
        Map<Integer, int[]> direct = new HashMap<>();
        for (Catalog.Base x : c.bases()) {
            int[] m = names(x).matching(name, substring);
            if (m.length > 0) {
                direct.put(x.id(), m);
            }
        }
        if (tournament || direct.isEmpty()) {
            return direct;
        }
        Map<Integer, int[]> out = new HashMap<>();
        for (Catalog.Base x : c.bases()) {
            int[] m = c.lookups().sameAs(direct, x.id());
            if (m.length > 0) {
                out.put(x.id(), m);
            }
        }
        return out;
    }

    /** A base's names of this kind, by number (a number past them is one its names files lack). */
    public List<String> all(Catalog.Base b) {
        return tournament ? b.tournaments() : b.players();
    }

    /** The per-game columns of its numbers (one, or two for a player), whole: do not change them. */
    public char[][] columns(GameColumns g) {
        return columns.apply(g);
    }

    /** The numbers of a solitaire's names (two for a player). */
    public long[] numbers(SolitaireRow s) {
        return solitaireNumbers.apply(s);
    }

    /** What a name's lookup reads, for {@code explain}. */
    public String access() {
        return access;
    }
}
