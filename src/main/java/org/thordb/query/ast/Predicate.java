package org.thordb.query.ast;

import java.util.Locale;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.index.Field;
import org.thordb.index.IndexReader;
import org.thordb.index.Postings;
import org.thordb.index.Terms;
import org.thordb.othello.Position;
import org.thordb.store.Catalog;
import org.thordb.store.FileRow;
import org.thordb.store.NameIndex;

/**
 * One condition on a game, the leaf of a query. Each kind is a record that knows how the indexes
 * answer it ({@link #lookup}), what that reads ({@link #access}, for {@code explain}) and how it is
 * written ({@link #text}); {@link QueryField} knows how each is parsed. A new kind is a new record
 * here, which the compiler then asks for every one of these.
 *
 * <p>Usage: {@code RoaringBitmap draws = new Predicate.ResultMatch(Predicate.Outcome.DRAW).lookup(reader);}
 */
public sealed interface Predicate extends Expr permits Predicate.NameMatch, Predicate.BaseMatch,
        Predicate.Numeric, Predicate.FieldCompare, Predicate.ResultMatch,
        Predicate.OpeningMatch, Predicate.PositionMatch, Predicate.FlagMatch, Predicate.RegistryMatch, Predicate.BoardSize,
        Predicate.Position10Match, BoardCondition {

    /** The games this predicate holds for, from the indexes of a reader. */
    RoaringBitmap lookup(IndexReader r);

    /** What the indexes read to answer it, in words. */
    String access(Catalog c);

    /**
     * Whether it holds for whole files (a base, a year): the other parts of a conjunction then
     * need read only those files' entries.
     */
    default boolean picksFiles() {
        return false;
    }

    /** The fields holding a name. */
    enum NameField { PLAYER, BLACK, WHITE, TOURNAMENT }

    /** The numeric fields. */
    enum NumField {
        /** The year of the game's file. */
        YEAR,
        /** Black's discs at the end, as stored. */
        SCORE,
        /** Black's discs after perfect play from the file's depth, as stored. */
        THEORETICAL,
        /** The number of moves played. */
        MOVES,
        /** The game's id in the store. */
        ID,
        /** The game's record number in its file, from 0. */
        RECORD;

        /** The field as written in a query. */
        public String word() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** Whether every value is one range of ids (per file) that the catalog knows: no postings read. */
        boolean fromCatalog() {
            return this == YEAR || this == ID || this == RECORD;
        }
    }

    /** Comparison operators. */
    enum Op {
        EQ("="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">=");

        private final String symbol;

        Op(String symbol) {
            this.symbol = symbol;
        }

        /** The operator as written. */
        public String symbol() {
            return symbol;
        }

        /** The operator with its sides swapped: {@code a < b} is {@code b > a}. */
        public Op swapped() {
            return switch (this) {
                case EQ, NE -> this;
                case LT -> GT;
                case LE -> GE;
                case GT -> LT;
                case GE -> LE;
            };
        }

        /** Whether {@code a op b}. */
        public boolean test(int a, int b) {
            return switch (this) {
                case EQ -> a == b;
                case NE -> a != b;
                case LT -> a < b;
                case LE -> a <= b;
                case GT -> a > b;
                case GE -> a >= b;
            };
        }
    }

    /** The outcomes of {@code result =}. */
    enum Outcome { BLACK, WHITE, DRAW }

    /** A name equal to (case-insensitive) or containing ({@code ~}) a text. */
    record NameMatch(NameField field, boolean substring, String name) implements Predicate {
        @Override
        public RoaringBitmap lookup(IndexReader r) {
            Postings.Union out = new Postings.Union();
            for (Catalog.Base b : r.catalog().bases()) {
                NameIndex names = field == NameField.TOURNAMENT ? b.tournamentIndex() : b.playerIndex();
                for (int number : names.matching(name, substring)) {
                    byte[] term = Terms.name(b.id(), number);
                    switch (field) {
                        case PLAYER -> {
                            r.addTerm(Field.BLACK, term, out);
                            r.addTerm(Field.WHITE, term, out);
                        }
                        case BLACK -> r.addTerm(Field.BLACK, term, out);
                        case WHITE -> r.addTerm(Field.WHITE, term, out);
                        case TOURNAMENT -> r.addTerm(Field.TOURNAMENT, term, out);
                    }
                }
            }
            return out.result();
        }

        @Override
        public String access(Catalog c) {
            int names = 0;
            for (Catalog.Base b : c.bases()) {
                names += (field == NameField.TOURNAMENT ? b.tournamentIndex() : b.playerIndex()).matching(name, substring).length;
            }
            String idx = switch (field) {
                case PLAYER -> "black and white postings";
                case BLACK -> "black postings";
                case WHITE -> "white postings";
                case TOURNAMENT -> "tournament postings";
            };
            return idx + " of " + names + (names == 1 ? " name" : " names");
        }

        @Override
        public String text() {
            return field.name().toLowerCase(Locale.ROOT) + (substring ? " ~ " : " = ") + quote(name);
        }
    }

    /** The base is the one named. */
    record BaseMatch(String name) implements Predicate {
        @Override
        public RoaringBitmap lookup(IndexReader r) {
            Catalog.Base base = r.catalog().base(name);
            return base == null ? new RoaringBitmap() : r.segments(f -> f.base() == base.id());
        }

        @Override
        public String access(Catalog c) {
            return "the base's files, id ranges from the catalog";
        }

        @Override
        public boolean picksFiles() {
            return true;
        }

        @Override
        public String text() {
            return "base = " + quote(name);
        }
    }

    /** A numeric field against numbers: what the indexes read is the field's, and years pick whole files. */
    sealed interface Numeric extends Predicate permits NumCompare, NumRange {
        /** The field compared. */
        NumField field();

        @Override
        default String access(Catalog c) {
            return numericAccess(field());
        }

        @Override
        default boolean picksFiles() {
            return field() == NumField.YEAR;
        }
    }

    /** A numeric field compared with a number. */
    record NumCompare(NumField field, Op op, int value) implements Numeric {
        @Override
        public RoaringBitmap lookup(IndexReader r) {
            long v = value;
            return switch (op) {
                case EQ -> range(field, v, v + 1, r);
                case NE -> RoaringBitmap.andNot(r.all(), range(field, v, v + 1, r));
                case LT -> range(field, Long.MIN_VALUE, v, r);
                case LE -> range(field, Long.MIN_VALUE, v + 1, r);
                case GT -> range(field, v + 1, Long.MAX_VALUE, r);
                case GE -> range(field, v, Long.MAX_VALUE, r);
            };
        }

        @Override
        public String text() {
            return field.word() + " " + op.symbol() + " " + value;
        }
    }

    /** A numeric field within {@code low..high}, both included. */
    record NumRange(NumField field, int low, int high) implements Numeric {
        @Override
        public RoaringBitmap lookup(IndexReader r) {
            return range(field, low, (long) high + 1, r);
        }

        @Override
        public String text() {
            return field.word() + " in " + low + ".." + high;
        }
    }

    /** Two numeric fields of the same game compared: {@code theoretical > score}. */
    record FieldCompare(NumField left, Op op, NumField right) implements Predicate {
        @Override
        public RoaringBitmap lookup(IndexReader r) {
            return fieldCompare(this, r);
        }

        @Override
        public String access(Catalog c) {
            return left.word() + " and " + right.word() + " postings, value by value";
        }

        @Override
        public String text() {
            return left.word() + " " + op.symbol() + " " + right.word();
        }
    }

    /** The result from the stored score. */
    record ResultMatch(Outcome outcome) implements Predicate {
        @Override
        public RoaringBitmap lookup(IndexReader r) {
            return r.term(Field.RESULT, Terms.small(outcome.ordinal()));
        }

        @Override
        public String access(Catalog c) {
            return "result postings";
        }

        @Override
        public String text() {
            return "result = " + outcome.name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * A player's registry record: {@code country = JPN}, {@code born < 1980}, for either player or,
     * with {@code (black)}/{@code (white)}, one colour. Players without a record (or without that
     * field) match neither {@code =} nor {@code !=}.
     *
     * @param colour "black", "white", or null for either player
     * @param country the country compared (for {@code country}), or null
     * @param op the operator
     * @param year the birth year compared (for {@code born})
     */
    record RegistryMatch(String colour, String country, Op op, int year) implements Predicate {
        /** Whether a record matches. */
        public boolean test(org.thordb.store.PlayerRecord r) {
            if (r == null) {
                return false;
            }
            if (country != null) {
                return r.country() != null && (op == Op.EQ) == r.country().equals(country);
            }
            return r.birthYear() != 0 && op.test(r.birthYear(), year);
        }

        @Override
        public RoaringBitmap lookup(IndexReader r) {
            Postings.Union out = new Postings.Union();
            for (Catalog.Base b : r.catalog().bases()) {
                for (java.util.Map.Entry<Integer, org.thordb.store.PlayerRecord> e : b.registry().entrySet()) {
                    if (test(e.getValue())) {
                        byte[] term = Terms.name(b.id(), e.getKey());
                        if (colour == null || colour.equals("black")) {
                            r.addTerm(Field.BLACK, term, out);
                        }
                        if (colour == null || colour.equals("white")) {
                            r.addTerm(Field.WHITE, term, out);
                        }
                    }
                }
            }
            return out.result();
        }

        @Override
        public String access(Catalog c) {
            int n = 0;
            for (Catalog.Base b : c.bases()) {
                n += (int) b.registry().values().stream().filter(this::test).count();
            }
            return (colour == null ? "black and white" : colour) + " postings of " + n + " registered "
                    + (n == 1 ? "player" : "players");
        }

        @Override
        public String text() {
            String f = (country != null ? "country" : "born") + (colour == null ? "" : "(" + colour + ")");
            return f + " " + op.symbol() + " " + (country != null ? country : String.valueOf(year));
        }
    }

    /** The games of one board size: {@code board = 8} or {@code board = 10}. */
    record BoardSize(int side) implements Predicate {
        @Override
        public RoaringBitmap lookup(IndexReader r) {
            return r.segments(f -> f.side() == side);
        }

        @Override
        public String access(Catalog c) {
            return "the " + side + "×" + side + " files, id ranges from the catalog";
        }

        @Override
        public boolean picksFiles() {
            return true;
        }

        @Override
        public String text() {
            return "board = " + side;
        }
    }

    /**
     * A 10×10 position reached, in any of the 8 orientations of the 10×10 board, with its side to
     * move: written as a 10×10 line ({@code g6e4…}), whose first move tells the board.
     *
     * @param bits the board ({@link org.thordb.othello.Board10#bits()})
     * @param sideToMove 1 Black, 2 White, 0 nobody
     * @param written the line as written
     */
    record Position10Match(long[] bits, int sideToMove, String written) implements Predicate {
        @Override
        public RoaringBitmap lookup(IndexReader r) {
            return r.position10(bits, sideToMove);
        }

        @Override
        public String access(Catalog c) {
            return "10×10 position entries, each game replayed to check it";
        }

        @Override
        public String text() {
            return "position = " + written;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Position10Match m && java.util.Arrays.equals(m.bits, bits) && m.sideToMove == sideToMove;
        }

        @Override
        public int hashCode() {
            return java.util.Arrays.hashCode(bits) * 31 + sideToMove;
        }
    }

    /** The yes-or-no fields. */
    enum Flag {
        /** The game's whole move list, up to symmetry, is an earlier game's ({@link org.thordb.index.Duplicates}). */
        DUPLICATE,
        /** The game is damaged: an illegal move, bad move bytes, an unknown name number. */
        DAMAGED
    }

    /** A yes-or-no field equal to true or false. */
    record FlagMatch(Flag flag, boolean value) implements Predicate {
        @Override
        public RoaringBitmap lookup(IndexReader r) {
            RoaringBitmap yes = switch (flag) {
                case DUPLICATE -> org.thordb.index.Duplicates.of(r).later().clone();
                case DAMAGED -> r.term(Field.DAMAGED, new byte[0]);
            };
            return value ? yes : RoaringBitmap.andNot(r.all(), yes);
        }

        @Override
        public String access(Catalog c) {
            return switch (flag) {
                case DUPLICATE -> "the duplicate groups (one scan of the whole-game postings per store state, then"
                        + " the records of games sharing one)";
                case DAMAGED -> "damaged postings";
            } + (value ? "" : ", taken from every game");
        }

        @Override
        public String text() {
            return flag.name().toLowerCase(Locale.ROOT) + " = " + value;
        }
    }

    /**
     * The game begins with these moves, under the 4 symmetries of the start position of its board:
     * an 8×8 line, or a 10×10 one (squares row × 10 + column), which only 10×10 games can begin with.
     */
    record OpeningMatch(int[] line, String moves, int side) implements Predicate {
        /** An 8×8 opening. */
        public OpeningMatch(int[] line, String moves) {
            this(line, moves, 8);
        }

        @Override
        public RoaringBitmap lookup(IndexReader r) {
            return r.opening(line, side);
        }

        @Override
        public String access(Catalog c) {
            int depth = side == 10 ? Terms.OPENING_DEPTH_10 : Terms.OPENING_DEPTH;
            String what = side == 10 ? "10×10 opening postings of " : "opening postings of ";
            return line.length <= depth ? what + line.length + " moves"
                    : what + depth + (side == 10 ? " moves" : " moves and the position index") + ", then the records";
        }

        @Override
        public String text() {
            return "opening = " + moves;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof OpeningMatch m && m.side == side && java.util.Arrays.equals(m.line, line);
        }

        @Override
        public int hashCode() {
            return java.util.Arrays.hashCode(line);
        }
    }

    /** The game reaches this position, in any orientation and move order. */
    record PositionMatch(Position position, String written) implements Predicate {
        @Override
        public RoaringBitmap lookup(IndexReader r) {
            return r.position(position);
        }

        @Override
        public String access(Catalog c) {
            return "position postings and fingerprint blocks (" + (position.discs() - 4) + " moves in), candidates replayed";
        }

        @Override
        public String text() {
            return "position = " + (written.length() > 60 ? quote(written) : written);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof PositionMatch m && m.position.equals(position);
        }

        @Override
        public int hashCode() {
            return position.hashCode();
        }
    }

    // ---- shared by the records above

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static String numericAccess(NumField f) {
        return switch (f) {
            case YEAR -> "the years' files, id ranges from the catalog";
            case ID -> "an id range";
            case RECORD -> "one id range a file, from the catalog";
            case SCORE, THEORETICAL, MOVES -> f.word() + " postings, a key range";
        };
    }

    private static Field termField(NumField f) {
        return switch (f) {
            case SCORE -> Field.SCORE;
            case THEORETICAL -> Field.THEORETICAL;
            case MOVES -> Field.MOVES;
            case YEAR -> Field.YEAR;
            case ID, RECORD -> throw new IllegalArgumentException(f + " has no postings");
        };
    }

    /** The games whose field lies in [low, high), as longs so that ends past the field's range are fine. */
    private static RoaringBitmap range(NumField f, long low, long high, IndexReader r) {
        long min = f.fromCatalog() ? Integer.MIN_VALUE : 0;
        long max = f.fromCatalog() ? (long) Integer.MAX_VALUE + 1 : 256;
        low = Math.max(low, min);
        high = Math.min(high, max);
        if (low >= high) {
            return new RoaringBitmap();
        }
        long from = low;
        long to = high;
        switch (f) {
            case YEAR -> { // every game of a file has its year: ranges of ids, no postings
                return r.segments(s -> s.year() >= from && s.year() < to);
            }
            case ID -> {
                RoaringBitmap b = new RoaringBitmap();
                b.add(Math.max(0, from), Math.max(0, to));
                b.and(r.all());
                return b;
            }
            case RECORD -> {
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
            default -> {
                byte[] a = low == min ? null : Terms.small((int) low);
                byte[] z = high == max ? null : Terms.small((int) high);
                return r.termRange(termField(f), a, z);
            }
        }
    }

    /**
     * {@code a op b}: for each value v of a, its games that have b (op swapped) v. Both fields are
     * read once, grouped by value; the unions of b's values below and above v are cumulative.
     */
    private static RoaringBitmap fieldCompare(FieldCompare c, IndexReader r) {
        java.util.TreeMap<Integer, RoaringBitmap> left = valuesOf(c.left(), r);
        java.util.TreeMap<Integer, RoaringBitmap> right = valuesOf(c.right(), r);
        int n = right.size();
        int[] values = new int[n];
        RoaringBitmap[] upTo = new RoaringBitmap[n]; // games with b <= values[i]
        RoaringBitmap[] from = new RoaringBitmap[n]; // games with b >= values[i]
        int i = 0;
        RoaringBitmap acc = new RoaringBitmap();
        for (java.util.Map.Entry<Integer, RoaringBitmap> e : right.entrySet()) {
            values[i] = e.getKey();
            acc = RoaringBitmap.or(acc, e.getValue());
            upTo[i++] = acc;
        }
        acc = new RoaringBitmap();
        for (int j = n - 1; j >= 0; j--) {
            acc = RoaringBitmap.or(acc, right.get(values[j]));
            from[j] = acc;
        }
        RoaringBitmap all = r.all();
        RoaringBitmap out = new RoaringBitmap();
        for (java.util.Map.Entry<Integer, RoaringBitmap> e : left.entrySet()) {
            int v = e.getKey();
            int at = java.util.Arrays.binarySearch(values, v);
            int below = at >= 0 ? at - 1 : -at - 2; // last index with value < v
            int above = at >= 0 ? at + 1 : -at - 1; // first index with value > v
            RoaringBitmap eq = at >= 0 ? right.get(v) : new RoaringBitmap();
            RoaringBitmap b = switch (c.op()) { // a op b, with a = v
                case EQ -> eq;
                case NE -> RoaringBitmap.andNot(all, eq);
                case LT -> above < n ? from[above] : new RoaringBitmap();
                case LE -> at >= 0 ? from[at] : above < n ? from[above] : new RoaringBitmap();
                case GT -> below >= 0 ? upTo[below] : new RoaringBitmap();
                case GE -> at >= 0 ? upTo[at] : below >= 0 ? upTo[below] : new RoaringBitmap();
            };
            out.or(RoaringBitmap.and(e.getValue(), b));
        }
        return out;
    }

    /** The games of each value of a numeric field. */
    private static java.util.TreeMap<Integer, RoaringBitmap> valuesOf(NumField f, IndexReader r) {
        java.util.TreeMap<Integer, RoaringBitmap> out = new java.util.TreeMap<>();
        switch (f) {
            case ID -> r.all().forEach((int id) -> out.put(id, RoaringBitmap.bitmapOf(id)));
            case RECORD -> {
                for (FileRow file : r.catalog().gameFiles()) {
                    for (int k = 0; k < file.games(); k++) {
                        out.computeIfAbsent(k, x -> new RoaringBitmap()).add(file.firstId() + k);
                    }
                }
            }
            default -> out.putAll(r.valuesOf(termField(f)));
        }
        return out;
    }
}
