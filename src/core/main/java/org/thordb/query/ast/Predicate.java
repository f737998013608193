package org.thordb.query.ast;

import java.util.Locale;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.index.Field;
import org.thordb.index.GameColumns;
import org.thordb.index.GameName;
import org.thordb.index.GameNumber;
import org.thordb.index.IndexReader;
import org.thordb.index.Postings;
import org.thordb.index.Terms;
import org.thordb.othello.Position;
import org.thordb.store.Catalog;
import org.thordb.store.FileRow;
import org.thordb.store.NameIndex;
import org.thordb.store.SolitaireRow;

/**
 * One condition on a game, the leaf of a query. Each kind is a record that knows how the indexes
 * answer it ({@link #lookup}), what that reads ({@link #access}, for {@code explain}), how a
 * solitaire is tested ({@link #solitaireTest}) and how it is written ({@link #text});
 * {@link QueryField} knows how each is parsed. A new kind is a new record here, which the compiler
 * then asks for every one of these. What a game's numbers and names are (their postings, columns
 * and values) is not spelt out here but in {@link org.thordb.index.GameNumber} and
 * {@link org.thordb.index.GameName}.
 *
 * <p>Usage: {@code RoaringBitmap draws = new Predicate.ResultMatch(Predicate.Outcome.DRAW).lookup(reader);}
 */
public sealed interface Predicate extends Expr permits Predicate.Columnar, Predicate.BaseMatch,
        Predicate.OpeningMatch, Predicate.PositionMatch, Predicate.FlagMatch, Predicate.BoardSize,
        Predicate.Position10Match, BoardCondition {

    /** The games this predicate holds for, from the indexes of a reader. */
    RoaringBitmap lookup(IndexReader r);

    /** What the indexes read to answer it, in words. */
    String access(Catalog c);

    /**
     * The test of a solitaire (a position of a game, with the game's names, year, record and real
     * score), with names resolved once for the catalog: a query over solitaires asks each of its
     * predicates for this ({@code SolitaireFilter}).
     *
     * @throws org.thordb.error.ThorDbException {@link org.thordb.error.ErrorCode#QUERY} for a
     *     question solitaires cannot answer
     */
    default java.util.function.Predicate<SolitaireRow> solitaireTest(Catalog c) {
        throw new org.thordb.error.ThorDbException(org.thordb.error.ErrorCode.QUERY, "'" + text() + "' is not a"
                + " question about solitaires; they have year, record, score, player, black, white, tournament, base,"
                + " country, born, damaged, position and the board's fields (empties, pattern, board, discs, corners, square)");
    }

    /**
     * How many games a lookup gives at most, told by its postings' headers without decoding them
     * (a short list's count, a Roaring bitmap's container counts), or −1 when that costs as much
     * as the lookup: a conjunction then reads the parts that say, smallest first, each through
     * the games the parts before it leave.
     */
    default long indexEstimate(IndexReader r) {
        return -1;
    }

    /**
     * Whether it holds for whole files (a base, a year): the other parts of a conjunction then
     * need read only those files' entries.
     */
    default boolean picksFiles() {
        return false;
    }

    /**
     * A predicate the per-game columns ({@link GameColumns}) can answer a game at a time: the
     * planner reads it there, in one pass or on the games a conjunction's other parts leave, when
     * its postings would be many entries (a substring of thousands of names, a comparison over many
     * values, one field against another).
     */
    sealed interface Columnar extends Predicate permits NameMatch, Numeric, FieldCompare, ResultMatch, RegistryMatch {
        /** The test of one game, with names and registry records resolved once for the catalog. */
        GameTest test(Catalog c, GameColumns columns);

        /** How many postings entries a lookup on this reader reads, at most (a term's entry per segment). */
        long entries(IndexReader r);

        /** Whether the columns can answer it at all (a year or an id is the catalog's, not a column's). */
        default boolean columnar() {
            return true;
        }

        /**
         * How many games a lookup on this reader adds up beyond its entries, at most: a comparison of
         * two fields reads every game's postings of both.
         */
        default long idsRead(IndexReader r) {
            return 0;
        }
    }

    /**
     * The test of the games of one file at a time: what depends on the file (its base's names, its
     * year) is looked up once, so the test of a game reads only its columns.
     */
    @FunctionalInterface
    interface GameTest {
        /** The test of the games of file {@code f}. */
        java.util.function.IntPredicate in(FileRow f);
    }

    /**
     * A game test that can also mark a range of games itself, in one loop over the columns: a pass
     * over ten million games then makes no call a game (in a one-shot process the JVM compiles
     * each call site once and cannot inline a test that differs query to query).
     */
    interface RangeTest extends java.util.function.IntPredicate {
        /** Sets the bit of each game of {@code [from, to)} that holds, in {@code words} (bit = id). */
        void mark(int from, int to, long[] words);
    }

    /** A numeric field of the games of one file: what depends on the file is looked up once. */
    @FunctionalInterface
    interface GameValue {
        /** The field of the games of file {@code f}, by game id. */
        java.util.function.IntUnaryOperator in(FileRow f);
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
    record NameMatch(GameName field, boolean substring, String name) implements Columnar {
        @Override
        public GameTest test(Catalog c, GameColumns g) {
            boolean[][] hit = new boolean[maxBase(c) + 1][];
            for (Catalog.Base b : c.bases()) {
                hit[b.id()] = numbers(field.names(b).matching(name, substring));
            }
            char[][] columns = field.columns(g);
            return f -> {
                boolean[] h = f.base() < hit.length ? hit[f.base()] : null;
                if (h == null) {
                    return id -> false;
                }
                return new NameRangeTest(h, columns[0], columns.length > 1 ? columns[1] : null);
            };
        }

        @Override
        public long entries(IndexReader r) {
            long n = 0;
            for (Catalog.Base b : r.catalog().bases()) {
                int matched = field.names(b).matching(name, substring).length;
                if (matched > 0) {
                    n += (long) matched * r.segmentCount(f -> f.base() == b.id()) * field.terms().length;
                }
            }
            return n;
        }

        @Override
        public long indexEstimate(IndexReader r) {
            long n = 0;
            int terms = 0;
            for (Catalog.Base b : r.catalog().bases()) {
                for (int number : field.names(b).matching(name, substring)) {
                    if (++terms > 64) {
                        return -1; // many names: reading their headers is most of a lookup
                    }
                    byte[] term = Terms.name(b.id(), number);
                    for (Field postings : field.terms()) {
                        n += r.termCount(postings, term);
                    }
                }
            }
            return n;
        }

        @Override
        public RoaringBitmap lookup(IndexReader r) {
            Postings.Union out = r.union();
            for (Catalog.Base b : r.catalog().bases()) {
                for (int number : field.names(b).matching(name, substring)) {
                    byte[] term = Terms.name(b.id(), number);
                    for (Field postings : field.terms()) {
                        r.addTerm(postings, term, out);
                    }
                }
            }
            return r.live(out.result());
        }

        @Override
        public String access(Catalog c) {
            int names = 0;
            for (Catalog.Base b : c.bases()) {
                names += field.names(b).matching(name, substring).length;
            }
            return field.access() + " of " + names + (names == 1 ? " name" : " names");
        }

        @Override
        public String text() {
            return field.word() + (substring ? " ~ " : " = ") + quote(name);
        }

        @Override
        public java.util.function.Predicate<SolitaireRow> solitaireTest(Catalog c) {
            return s -> {
                Catalog.Base b = c.base(s.base());
                if (b == null) {
                    return false;
                }
                long[] mine = field.numbers(s);
                for (int n : field.names(b).matching(name, substring)) {
                    for (long x : mine) {
                        if (x == n) {
                            return true;
                        }
                    }
                }
                return false;
            };
        }
    }

    /** Whether one name column (or either of two: a player is Black or White) holds a number that matches. */
    record NameRangeTest(boolean[] hit, char[] one, char[] other) implements RangeTest {
        @Override
        public boolean test(int id) {
            return hit[one[id]] || other != null && hit[other[id]];
        }

        @Override
        public void mark(int from, int to, long[] words) {
            boolean[] h = hit;
            char[] a = one;
            if (other == null) {
                for (int id = from; id < to; id++) {
                    if (h[a[id]]) {
                        words[id >>> 6] |= 1L << id;
                    }
                }
                return;
            }
            char[] b = other;
            for (int id = from; id < to; id++) {
                if (h[a[id]] | h[b[id]]) {
                    words[id >>> 6] |= 1L << id;
                }
            }
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

        @Override
        public java.util.function.Predicate<SolitaireRow> solitaireTest(Catalog c) {
            return s -> {
                Catalog.Base b = c.base(name);
                return b != null && b.id() == s.base();
            };
        }
    }

    /** A numeric field against numbers: what the indexes read is the field's, and years pick whole files. */
    sealed interface Numeric extends Columnar permits NumCompare, NumRange {
        /** The field compared. */
        GameNumber field();

        /** The values that hold, as {@code [low, high)} (longs, so that ends past the field's are fine), and whether it is their complement. */
        long[] bounds();

        @Override
        default boolean columnar() {
            return field().stored();
        }

        @Override
        default GameTest test(Catalog c, GameColumns g) {
            long[] b = bounds();
            long low = b[0];
            long high = b[1];
            boolean not = b[2] != 0;
            // a column's values are 0..255: the test is a table of which hold
            boolean[] holds = new boolean[256];
            for (int v = 0; v < 256; v++) {
                holds[v] = (v >= low && v < high) != not;
            }
            byte[] column = field().column(g);
            java.util.function.IntPredicate t = field().mayBeUnknown()
                    ? id -> holds[column[id] & 0xff] && g.theoreticalKnown(id) // unknown is no value
                    : id -> holds[column[id] & 0xff];
            return f -> t;
        }

        @Override
        default long entries(IndexReader r) {
            if (field().fromCatalog()) {
                return 0;
            }
            long[] b = bounds();
            long values = Math.max(0, Math.min(b[1], 65) - Math.max(b[0], 0)); // scores and move counts are 0..64
            if (b[2] != 0) {
                values = 65 - values; // read as a range, then taken from every game: count what a complement reads
            }
            return values * r.segmentCount(f -> true);
        }

        @Override
        default String access(Catalog c) {
            return field().access();
        }

        @Override
        default java.util.function.Predicate<SolitaireRow> solitaireTest(Catalog c) {
            GameNumber f = field();
            if (!f.ofSolitaires()) {
                throw new org.thordb.error.ThorDbException(org.thordb.error.ErrorCode.QUERY, f.word() + " is not a field"
                        + " of solitaires; they have year, record and score (their game's real score)");
            }
            long[] b = bounds();
            boolean not = b[2] != 0;
            return s -> {
                long v = f.value(s);
                return (v >= b[0] && v < b[1]) != not;
            };
        }

        @Override
        default boolean picksFiles() {
            return field().picksFiles();
        }
    }

    /** A numeric field compared with a number. */
    record NumCompare(GameNumber field, Op op, int value) implements Numeric {
        @Override
        public long[] bounds() {
            long v = value;
            return switch (op) {
                case EQ -> new long[] {v, v + 1, 0};
                case NE -> new long[] {v, v + 1, 1};
                case LT -> new long[] {Long.MIN_VALUE, v, 0};
                case LE -> new long[] {Long.MIN_VALUE, v + 1, 0};
                case GT -> new long[] {v + 1, Long.MAX_VALUE, 0};
                case GE -> new long[] {v, Long.MAX_VALUE, 0};
            };
        }

        @Override
        public RoaringBitmap lookup(IndexReader r) {
            long v = value;
            RoaringBitmap out = switch (op) {
                case EQ -> field.range(v, v + 1, r);
                case NE -> RoaringBitmap.andNot(r.all(), field.range(v, v + 1, r));
                case LT -> field.range(Long.MIN_VALUE, v, r);
                case LE -> field.range(Long.MIN_VALUE, v + 1, r);
                case GT -> field.range(v + 1, Long.MAX_VALUE, r);
                case GE -> field.range(v, Long.MAX_VALUE, r);
            };
            return knownOnly(field, out, r);
        }

        @Override
        public String text() {
            return field.word() + " " + op.symbol() + " " + value;
        }
    }

    /** A numeric field within {@code low..high}, both included. */
    record NumRange(GameNumber field, int low, int high) implements Numeric {
        @Override
        public long[] bounds() {
            return new long[] {low, (long) high + 1, 0};
        }

        @Override
        public RoaringBitmap lookup(IndexReader r) {
            return knownOnly(field, field.range(low, (long) high + 1, r), r);
        }

        @Override
        public String text() {
            return field.word() + " in " + low + ".." + high;
        }
    }

    /** Two numeric fields of the same game compared: {@code theoretical > score}. */
    record FieldCompare(GameNumber left, Op op, GameNumber right) implements Columnar {
        @Override
        public GameTest test(Catalog c, GameColumns g) {
            GameValue left = column(left(), g);
            GameValue right = column(right(), g);
            boolean theoretical = left().mayBeUnknown() || right().mayBeUnknown();
            if (left().stored() && right().stored()) { // two columns of the games: one loop
                ColumnsCompare both = new ColumnsCompare(left().column(g), op, right().column(g),
                        theoretical ? g : null);
                return f -> both;
            }
            return f -> {
                java.util.function.IntUnaryOperator a = left.in(f);
                java.util.function.IntUnaryOperator b = right.in(f);
                if (theoretical) { // an unknown theoretical score compares with nothing
                    java.util.function.IntPredicate cmp = compare(op, a, b);
                    return id -> g.theoreticalKnown(id) && cmp.test(id);
                }
                return compare(op, a, b);
            };
        }

        private static java.util.function.IntPredicate compare(Op op, java.util.function.IntUnaryOperator a,
                                                               java.util.function.IntUnaryOperator b) {
            return switch (op) { // one lambda an operator: no switch a game
                case EQ -> id -> a.applyAsInt(id) == b.applyAsInt(id);
                case NE -> id -> a.applyAsInt(id) != b.applyAsInt(id);
                case LT -> id -> a.applyAsInt(id) < b.applyAsInt(id);
                case LE -> id -> a.applyAsInt(id) <= b.applyAsInt(id);
                case GT -> id -> a.applyAsInt(id) > b.applyAsInt(id);
                case GE -> id -> a.applyAsInt(id) >= b.applyAsInt(id);
            };
        }

        @Override
        public long entries(IndexReader r) {
            int segments = r.segmentCount(f -> true);
            return (left.fromCatalog() ? 0 : 65L * segments) + (right.fromCatalog() ? 0 : 65L * segments);
        }

        @Override
        public long idsRead(IndexReader r) {
            return 4 * r.catalog().games(); // both fields' games read, then united value by value
        }

        @Override
        public RoaringBitmap lookup(IndexReader r) {
            RoaringBitmap out = fieldCompare(this, r);
            return knownOnly(left, knownOnly(right, out, r), r);
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
    /**
     * Two byte columns compared game by game ({@code theoretical > score}); with {@code known} set,
     * a game whose theoretical score is unknown compares with nothing.
     */
    record ColumnsCompare(byte[] left, Op op, byte[] right, GameColumns known) implements RangeTest {
        /** The outcomes of {@code Integer.signum(left - right) + 1} that hold: bit 0 less, 1 equal, 2 greater. */
        private int outcomes() {
            return switch (op) {
                case EQ -> 0b010;
                case NE -> 0b101;
                case LT -> 0b001;
                case LE -> 0b011;
                case GT -> 0b100;
                case GE -> 0b110;
            };
        }

        @Override
        public boolean test(int id) {
            return (known == null || known.theoreticalKnown(id))
                    && (outcomes() >>> (Integer.signum((left[id] & 0xff) - (right[id] & 0xff)) + 1) & 1) != 0;
        }

        @Override
        public void mark(int from, int to, long[] words) {
            int holds = outcomes();
            byte[] a = left;
            byte[] b = right;
            for (int id = from; id < to; id++) {
                if ((holds >>> (Integer.signum((a[id] & 0xff) - (b[id] & 0xff)) + 1) & 1) != 0) {
                    words[id >>> 6] |= 1L << id;
                }
            }
            if (known != null) { // then the unknown ones cleared, a word at a time
                known.keepKnown(from, to, words);
            }
        }
    }

    record ResultMatch(Outcome outcome) implements Columnar {
        @Override
        public GameTest test(Catalog c, GameColumns g) {
            int code = outcome.ordinal();
            java.util.function.IntPredicate t = id -> g.result(id) == code;
            return f -> t;
        }

        @Override
        public long entries(IndexReader r) {
            return r.segmentCount(f -> true);
        }

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
    record RegistryMatch(String colour, String country, Op op, int year) implements Columnar {
        @Override
        public GameTest test(Catalog c, GameColumns g) {
            boolean[][] hit = new boolean[maxBase(c) + 1][];
            for (Catalog.Base b : c.bases()) {
                hit[b.id()] = numbers(b.registry().entrySet().stream().filter(e -> test(e.getValue()))
                        .mapToInt(java.util.Map.Entry::getKey).toArray());
            }
            boolean black = colour == null || colour.equals("black");
            boolean white = colour == null || colour.equals("white");
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
                long players = b.registry().values().stream().filter(this::test).count();
                if (players > 0) {
                    n += players * r.segmentCount(f -> f.base() == b.id()) * (colour == null ? 2 : 1);
                }
            }
            return n;
        }

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
            Postings.Union out = r.union();
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
            return r.live(out.result());
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

        @Override
        public java.util.function.Predicate<SolitaireRow> solitaireTest(Catalog c) {
            boolean black = colour == null || colour.equals("black");
            boolean white = colour == null || colour.equals("white");
            return s -> {
                Catalog.Base b = c.base(s.base());
                if (b == null) {
                    return false;
                }
                return black && test(b.record((int) s.solitaire().blackPlayer()))
                        || white && test(b.record((int) s.solitaire().whitePlayer()));
            };
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
        DAMAGED,
        /** The game's theoretical score is known ({@code theoretical = known}; see {@link org.thordb.index.TheoreticalKnown}). */
        THEORETICAL_KNOWN,
        /**
         * Not a condition but how copies count ({@code copies = all}: every copy; {@code copies =
         * once}: the default, {@link org.thordb.index.Copies}): holds for every game.
         */
        EVERY_COPY
    }

    /** A yes-or-no field equal to true or false. */
    record FlagMatch(Flag flag, boolean value) implements Predicate {
        @Override
        public RoaringBitmap lookup(IndexReader r) {
            if (flag == Flag.EVERY_COPY) {
                return r.all();
            }
            RoaringBitmap yes = switch (flag) {
                case EVERY_COPY -> r.all();
                case DUPLICATE -> org.thordb.index.Duplicates.of(r).later().clone();
                case DAMAGED -> r.term(Field.DAMAGED, new byte[0]);
                case THEORETICAL_KNOWN -> org.thordb.index.TheoreticalKnown.of(r).bitmap().clone();
            };
            return value ? yes : RoaringBitmap.andNot(r.all(), yes);
        }

        @Override
        public String access(Catalog c) {
            return switch (flag) {
                case DUPLICATE -> "the duplicate groups (one scan of the whole-game postings per store state, then"
                        + " the records of games sharing one)";
                case DAMAGED -> "damaged postings";
                case THEORETICAL_KNOWN -> "the files that say their theoretical scores, and the games text sources gave one";
                case EVERY_COPY -> "nothing (a setting: " + (value ? "every copy of a game counts" : "each game counts once") + ")";
            } + (value || flag == Flag.EVERY_COPY ? "" : ", taken from every game");
        }

        @Override
        public String text() {
            if (flag == Flag.THEORETICAL_KNOWN) {
                return "theoretical = " + (value ? "known" : "unknown");
            }
            if (flag == Flag.EVERY_COPY) {
                return "copies = " + (value ? "all" : "once");
            }
            return flag.name().toLowerCase(Locale.ROOT) + " = " + value;
        }

        @Override
        public java.util.function.Predicate<SolitaireRow> solitaireTest(Catalog c) {
            if (flag != Flag.DAMAGED) {
                return Predicate.super.solitaireTest(c);
            }
            return s -> (s.damaged() || s.contradicted()) == value;
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
        public long indexEstimate(IndexReader r) {
            return r.openingCount(line, side);
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
        public long indexEstimate(IndexReader r) {
            return r.positionEntriesCount(position);
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
        public java.util.function.Predicate<SolitaireRow> solitaireTest(Catalog c) {
            Position want = position.canonical();
            return s -> solitairePosition(s).canonical().equals(want);
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

    private static int maxBase(Catalog c) {
        int max = 0;
        for (Catalog.Base b : c.bases()) {
            max = Math.max(max, b.id());
        }
        return max;
    }

    /** A name number's flag (null when none is set): numbers are u16. */
    private static boolean[] numbers(int[] set) {
        if (set.length == 0) {
            return null;
        }
        boolean[] h = new boolean[1 << 16];
        for (int n : set) {
            h[n] = true;
        }
        return h;
    }

    /** A numeric field of a game, from the columns (or its file, or its id). */
    private static GameValue column(GameNumber f, GameColumns g) {
        return file -> id -> f.value(g, id);
    }

    private static String quote(String s) {
        return QueryField.literal(s);
    }

    /**
     * {@code a op b}: for each value v of a, its games that have b (op swapped) v. Both fields are
     * read once, grouped by value; the unions of b's values below and above v are cumulative.
     */
    private static RoaringBitmap fieldCompare(FieldCompare c, IndexReader r) {
        java.util.TreeMap<Integer, RoaringBitmap> left = c.left().valuesOf(r);
        java.util.TreeMap<Integer, RoaringBitmap> right = c.right().valuesOf(r);
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

    /** A theoretical comparison holds for known scores only: an unknown one is no value, not 0. */
    private static RoaringBitmap knownOnly(GameNumber field, RoaringBitmap games, IndexReader r) {
        if (!field.mayBeUnknown()) {
            return games;
        }
        return RoaringBitmap.and(games, org.thordb.index.TheoreticalKnown.of(r).bitmap());
    }

    /** A solitaire's position with its side to move as stored. */
    static Position solitairePosition(SolitaireRow s) {
        org.thordb.wthor.WthorSolitaire w = s.solitaire();
        return new Position(w.blackDiscs(), w.whiteDiscs(), w.toMove() == 1 ? org.thordb.othello.Side.BLACK
                : org.thordb.othello.Side.WHITE);
    }
}
