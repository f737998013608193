package org.thordb.index;

import java.util.Locale;
import java.util.TreeMap;
import java.util.function.ToIntFunction;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.store.FileRow;
import org.thordb.store.SolitaireRow;
import org.thordb.wthor.WthorGame;
import java.util.function.Function;
import org.thordb.error.ErrorCode;
import org.thordb.fault.Faults;

/**
 * The numbers a game has, one constant each, with everything the import, the query engine, the
 * sorted pages and the solitaire filter need of it as data: its postings ({@link Field}) and the
 * term the import writes for a game, its byte column in the per-game columns, how to read its value
 * for a game, the games of a range of values, what {@code explain} says a range reads, and its value
 * for a solitaire. A comparison on a number, a sort by it and its terms ask the constant rather than
 * switching on it, so a new indexed number is one constant here, its {@link Field} code, and its
 * word in the query language's field table ({@code QueryField}).
 *
 * <p>Usage: {@code int score = GameNumber.SCORE.value(GameColumns.of(reader), id);}
 */
public enum GameNumber {
    /** The year of the game's file: every game of a file has it, so a range is whole files (ids from the catalog). */
    YEAR(Field.YEAR, null, null, GameColumns::year, "the years' files, id ranges from the catalog",
            (r, from, to) -> r.segments(s -> s.year() >= from && s.year() < to), null, s -> s.solitaire().year()),
    /** Black's discs at the end, as stored (a solitaire: its game's real score). */
    SCORE(Field.SCORE, WthorGame::blackScore, GameColumns::scoreColumn, GameColumns::score, null, null, null,
            s -> s.solitaire().realScore()),
    /** Black's discs after perfect play from the file's depth, as stored; unknown for some games, and then no value. */
    THEORETICAL(Field.THEORETICAL, WthorGame::theoreticalScore, GameColumns::theoreticalColumn, GameColumns::theoretical,
            null, null, null, null),
    /** The number of moves played (the record's move bytes before the first 0). */
    MOVES(Field.MOVES, WthorGame::moveCount, GameColumns::movesColumn, GameColumns::moves, null, null, null, null),
    /** The game's id in the store. */
    ID(null, null, null, (g, id) -> id, "an id range", GameNumber::idRange, r -> {
        TreeMap<Integer, RoaringBitmap> out = new TreeMap<>();
        r.all().forEach((int id) -> out.put(id, RoaringBitmap.bitmapOf(id)));
        return out;
    }, null),
    /** The game's record number in its file, from 0 (a file's games have consecutive ids). */
    RECORD(null, null, null, GameColumns::record, "one id range a file, from the catalog", GameNumber::recordRange, r -> {
        TreeMap<Integer, RoaringBitmap> out = new TreeMap<>();
        for (FileRow file : r.catalog().gameFiles()) {
            for (int k = 0; k < file.games(); k++) {
                out.computeIfAbsent(k, x -> new RoaringBitmap()).add(file.firstId() + k);
            }
        }
        return out;
    }, SolitaireRow::record);

    /** A number of a game from the per-game columns. */
    @FunctionalInterface
    public interface Value {
        /** The game's value. */
        int of(GameColumns g, int id);
    }

    /** The games whose value lies in {@code [from, to)}, read from the catalog. */
    @FunctionalInterface
    public interface CatalogRange {
        /** The games. */
        RoaringBitmap read(IndexReader r, long from, long to);
    }

    /** The games of each value, read from the catalog. */
    @FunctionalInterface
    public interface CatalogValues {
        /** The games of each value. */
        TreeMap<Integer, RoaringBitmap> read(IndexReader r);
    }

    private final Field term;
    private final ToIntFunction<WthorGame> termValue;
    private final Function<GameColumns, byte[]> column;
    private final Value value;
    private final String access;
    private final CatalogRange catalogRange;
    private final CatalogValues catalogValues;
    private final ToIntFunction<SolitaireRow> solitaireValue;

    GameNumber(Field term, ToIntFunction<WthorGame> termValue, Function<GameColumns, byte[]> column,
               Value value, String access, CatalogRange catalogRange, CatalogValues catalogValues,
               ToIntFunction<SolitaireRow> solitaireValue) {
        this.term = term;
        this.termValue = termValue;
        this.column = column;
        this.value = value;
        this.access = access;
        this.catalogRange = catalogRange;
        this.catalogValues = catalogValues;
        this.solitaireValue = solitaireValue;
    }

    /** The field as written in a query (and as a sort key). */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The field of this word (any case), or null. */
    public static GameNumber of(String word) {
        for (GameNumber f : values()) {
            if (f.word().equalsIgnoreCase(word)) {
                return f;
            }
        }
        return null;
    }

    /** A game's value, read from the per-game columns (from its file, or its id, for those not stored). */
    public int value(GameColumns g, int id) {
        return value.of(g, id);
    }

    /** Whether the per-game columns hold it as a byte a game (score, theoretical, moves). */
    public boolean stored() {
        return column != null;
    }

    /** The byte column, whole, by game id (values unsigned); only for a {@link #stored} field. */
    public byte[] column(GameColumns g) {
        if (column == null) {
            throw new IllegalArgumentException(this + " is not a stored column");
        }
        return column.apply(g);
    }

    /** Whether every value is one range of ids (per file) that the catalog knows: no postings read. */
    public boolean fromCatalog() {
        return catalogRange != null;
    }

    /** Whether a range of values is whole files (a year), which a query of other files skips. */
    public boolean picksFiles() {
        return this == YEAR;
    }

    /** Whether some games have no value (an unknown theoretical score), for which no comparison holds. */
    public boolean mayBeUnknown() {
        return this == THEORETICAL;
    }

    /** What a range of its values reads, for {@code explain}. */
    public String access() {
        return access != null ? access : word() + " postings, a key range";
    }

    /** Its postings' field. */
    public Field term() {
        if (term == null) {
            throw Faults.of(ErrorCode.QUERY, this + " has no postings");
        }
        return term;
    }

    /** The games whose value lies in {@code [low, high)}, as longs so that ends past the field's range are fine. */
    public RoaringBitmap range(long low, long high, IndexReader r) {
        long min = fromCatalog() ? Integer.MIN_VALUE : 0;
        long max = fromCatalog() ? (long) Integer.MAX_VALUE + 1 : 256;
        low = Math.max(low, min);
        high = Math.min(high, max);
        if (low >= high) {
            return new RoaringBitmap();
        }
        if (catalogRange != null) {
            return catalogRange.read(r, low, high);
        }
        byte[] a = low == min ? null : Terms.small((int) low);
        byte[] z = high == max ? null : Terms.small((int) high);
        return r.termRange(term(), a, z);
    }

    /** The games of each value. */
    public TreeMap<Integer, RoaringBitmap> valuesOf(IndexReader r) {
        if (catalogValues != null) {
            return catalogValues.read(r);
        }
        return new TreeMap<>(r.valuesOf(term()));
    }

    /** Whether the import writes a term of it for each game (its value from the record, {@link #termOf}). */
    public boolean termPerGame() {
        return termValue != null;
    }

    /** The value of its term for a game's record (for {@link #termPerGame} numbers). */
    public int termOf(WthorGame g) {
        return termValue.applyAsInt(g);
    }

    /** Whether solitaires have it (year, record, and their game's real score). */
    public boolean ofSolitaires() {
        return solitaireValue != null;
    }

    /** Its value for a solitaire (for {@link #ofSolitaires} numbers). */
    public int value(SolitaireRow s) {
        return solitaireValue.applyAsInt(s);
    }

    private static RoaringBitmap idRange(IndexReader r, long from, long to) {
        RoaringBitmap b = new RoaringBitmap();
        b.add(Math.max(0, from), Math.max(0, to));
        b.and(r.all());
        return b;
    }

    private static RoaringBitmap recordRange(IndexReader r, long from, long to) {
        RoaringBitmap b = new RoaringBitmap();
        for (FileRow file : r.catalog().gameFiles()) {
            long lo = Math.max(0, from);
            long hi = Math.min(file.games(), to);
            if (lo < hi) {
                b.add(file.firstId() + lo, file.firstId() + hi);
            }
        }
        return b;
    }
}
