package org.thordb.index;

import org.roaringbitmap.RoaringBitmap;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.function.BiConsumer;
import org.roaringbitmap.BitSetUtil;

/**
 * When each game's disc went onto each square of the border, and when each square between corners
 * became stable, as bit slices: for a pattern at a move or a range of moves, the games in which,
 * in one of the pattern's orientations, every border square it gives a disc is taken by the
 * range's last move, every border square it gives empty is still empty at its first (and, over a
 * range, each of the first taken before each of the second), and every square it gives a colour
 * that nothing can have changed since was taken by that colour: a corner, or a square beside which
 * on its edge the pattern gives an empty one (a disc of the border is flipped only along its edge,
 * between two discs). A disc the pattern joins to a corner along its edge by discs of its colour
 * ({@link #chained}: the border round a corner, {@code XXX?????X???????X}) counts from when it
 * became stable, so joined, instead: such a run can never be flipped, so it shows at a move exactly
 * when each of its discs became stable in its colour by then. A square once taken stays taken, so
 * this is a necessary condition, and for a pattern of the border alone whose every disc keeps its
 * colour or is so joined ({@link #exact}) a sufficient one too; with squares inside the border
 * ({@link #exactOnBorder}) it is exactly the games whose border fits, in each orientation apart
 * ({@link #fits}). It is worked out 64 games at a time without looking at any game's moves.
 * At ten million random games it leaves 2.1% of them for the border of a corner at move 30 before
 * the stable squares (the edge index, which knows no move, leaves 87%), and 0.66%, the answer, with them.
 *
 * <p>Made once per store state by a replay of the {@link MoveTable}'s games (each move's colour as
 * the board checks find it, passes included), about 61.5 bytes a game in memory only, and shared
 * like the table: for each of the 28 border squares, for each group of 64 games, six words, the bits
 * of the number of moves after which the square is taken (1 to 60; 63 for never), bit 0 first; the
 * same for when each of the 24 squares between corners became stable; and for each square a word a
 * group, its games in which Black took it (became stable in Black's colour). A square's groups
 * follow one another, and a query works out a block of groups test by test, so that each test
 * reads one stream of words. The same replay keeps each game's board after {@link #CHECKPOINT}
 * moves (16 bytes a game more), so that a board looked at from there on is replayed from there.
 *
 * <p>Usage: {@code RoaringBitmap maybe = BorderPlies.of(reader).possible(new long[] {black, white, empty}, 30, 30);}
 */
public final class BorderPlies {
    private static final PerCatalog<BorderPlies> MADE = new PerCatalog<>();

    /** Bits of a square's number: 1 to 60 moves, 63 never. */
    private static final int BITS = 6;
    private static final int NEVER = 63;
    /** Each square's place among the border's 28, in square order (−1 inside). */
    private static final int[] PLACE = new int[64];
    /** Each non-corner border square's place among those 24, in square order (−1 elsewhere). */
    private static final int[] SIDE_PLACE = new int[64];
    /** The colour words of the squares between corners follow those of the 28 border squares. */
    private static final int STABLE_BLACK = 28;
    /** The squares of each of the four edges. */
    private static final long[] EDGE_SQUARES = {0xFFL, 0xFFL << 56, 0x0101010101010101L, 0x8080808080808080L};
    /** The four edges, each its squares from one corner to the other (in {@link #line}'s order). */
    private static final int[][] EDGES = EdgePatterns.EDGES;
    /** Each border square's neighbours along its edge (none for a corner, which no move flips). */
    private static final long[] ALONG = new long[64];

    static {
        int n = 0;
        int m = 0;
        for (int sq = 0; sq < 64; sq++) {
            PLACE[sq] = (EdgePatterns.BORDER >>> sq & 1) != 0 ? n++ : -1;
            int row = sq >>> 3;
            int column = sq & 7;
            boolean corner = (row == 0 || row == 7) && (column == 0 || column == 7);
            SIDE_PLACE[sq] = PLACE[sq] >= 0 && !corner ? m++ : -1;
            if (PLACE[sq] >= 0 && !corner) {
                ALONG[sq] = row == 0 || row == 7 ? 1L << (sq - 1) | 1L << (sq + 1) : 1L << (sq - 8) | 1L << (sq + 8);
            }
        }
    }

    /**
     * The squares of {@code discs} whose colour is the one they were taken by wherever the empty
     * squares {@code empty} are empty: corners, and squares beside which on their edge one of
     * {@code empty} lies (a disc of the border flips only along its edge, between two discs, and
     * an empty square then never stood beside it).
     */
    static long keptColour(long discs, long empty) {
        long out = 0;
        for (long m = discs & EdgePatterns.BORDER; m != 0; m &= m - 1) {
            int sq = Long.numberOfTrailingZeros(m);
            if ((CORNERS >>> sq & 1) != 0 || (ALONG[sq] & empty) != 0) {
                out |= 1L << sq;
            }
        }
        return out;
    }

    /**
     * The squares between corners of a pattern's discs ({@code black}, {@code white}) joined to a
     * corner along their edge by discs it gives of their colour, the corner's included: such a
     * run of one colour from a corner can never be flipped (a flip along the edge needs a disc of
     * the other colour at its far end, and the corner is the run's end), so the pattern shows them
     * at a move exactly when each became stable by then in its colour ({@link #possible}).
     */
    static long chained(long black, long white) {
        long out = 0;
        for (int[] edge : EDGES) {
            for (long colour : new long[] {black, white}) {
                for (int i = 0; i < 8 && (colour >>> edge[i] & 1) != 0; i++) { // from one corner
                    out |= 1L << edge[i];
                }
                for (int i = 7; i >= 0 && (colour >>> edge[i] & 1) != 0; i--) { // from the other
                    out |= 1L << edge[i];
                }
            }
        }
        return out & ~CORNERS;
    }

    /**
     * The discs of {@code discs} (one colour's) that can never be flipped once the board shows them
     * all: corners, and discs of the border joined to a corner along their edge by discs of {@code
     * discs} ({@link #chained}).
     */
    public static long stableOnceShown(long discs) {
        return discs & CORNERS | chained(discs & EdgePatterns.BORDER, 0);
    }

    /**
     * Whether {@link #possible} is exactly the games that show a pattern (three masks an
     * orientation: Black's squares, White's, the empty ones) at one of the moves asked, among those
     * that have that many moves: every orientation gives squares of the border alone, a disc at
     * least, and every disc it gives keeps the colour it was taken by ({@link #keptColour}) or is
     * joined to a corner by discs of its colour ({@link #chained}).
     */
    public static boolean exact(long[] masks) {
        for (int o = 0; o < masks.length / 3; o++) {
            if (((masks[3 * o] | masks[3 * o + 1] | masks[3 * o + 2]) & ~EdgePatterns.BORDER) != 0) {
                return false;
            }
        }
        return exactOnBorder(masks);
    }

    /**
     * Whether {@link #possible} is exactly the games whose border shows a pattern's border at one
     * of the moves asked, among those that have that many moves: as {@link #exact}, whatever the
     * pattern gives inside the border (which the slices do not look at).
     */
    public static boolean exactOnBorder(long[] masks) {
        for (int o = 0; o < masks.length / 3; o++) {
            long discs = (masks[3 * o] | masks[3 * o + 1]) & EdgePatterns.BORDER;
            long known = keptColour(discs, masks[3 * o + 2]) | chained(masks[3 * o] & EdgePatterns.BORDER, masks[3 * o + 1] & EdgePatterns.BORDER);
            if (discs == 0 || (known & discs) != discs) {
                return false;
            }
        }
        return masks.length >= 3;
    }

    private final int games;
    /**
     * For each border square, for each group of 64 games, its six slices: a square's groups one
     * after another, so that a query reads each square it asks about in one stream (the groups of
     * all squares one after another made it skip through memory in steps the processor does not
     * fetch ahead: four times slower for the border round a corner).
     */
    private final long[][] slices;
    /** For each of the 24 squares between corners, for each group, the six slices of when it became stable. */
    private final long[][] stable;
    /**
     * For each border square, a word a group: its games in which Black took it; then for each square
     * between corners, its games in which it became stable in Black's colour.
     */
    private final long[][] colours;

    /**
     * The move after which each game's board is kept ({@link #boards}): a board looked at from
     * this move on is replayed from there (most patterns ask about the middle game).
     */
    public static final int CHECKPOINT = 20;
    /** Each game's board after {@link #CHECKPOINT} moves: Black's discs, White's (nothing for a shorter game). */
    private final long[] boards;
    /** For each group of 64 games, those in which White is presumed to play the next move there. */
    private final long[] whiteNext;

    private BorderPlies(int games, long[][] slices, long[][] stable, long[][] colours, long[] boards, long[] whiteNext) {
        this.games = games;
        this.slices = slices;
        this.stable = stable;
        this.colours = colours;
        this.boards = boards;
        this.whiteNext = whiteNext;
    }

    /** Black's discs in game {@code id} after {@link #CHECKPOINT} moves (the game has as many). */
    public long blackAtCheckpoint(int id) {
        return boards[2 * id];
    }

    /** White's discs in game {@code id} after {@link #CHECKPOINT} moves. */
    public long whiteAtCheckpoint(int id) {
        return boards[2 * id + 1];
    }

    /** Whether White is presumed to play move {@link #CHECKPOINT} + 1 of game {@code id} (as {@link MoveTable#step} presumes). */
    public boolean whiteNextAtCheckpoint(int id) {
        return (whiteNext[id >>> 6] >>> id & 1) != 0;
    }

    /** The slices of a reader's store state: made from its move table the first time, then shared. */
    public static BorderPlies of(IndexReader r) {
        return MADE.get(r.catalog(), () -> of(MoveTable.of(r), r.catalog().nextGameId()));
    }

    /** The slices of a reader's store state when they are made already, else null (nothing is replayed). */
    public static BorderPlies ifMade(IndexReader r) {
        return MADE.ifMade(r.catalog());
    }

    /** The slices of the games {@code 0} to {@code games − 1} of a move table. */
    static BorderPlies of(GameMoves t, int games) {
        int groups = (games + 63) >>> 6;
        long[][] slices = new long[28][groups * BITS];
        long[][] stable = new long[24][groups * BITS];
        long[][] colours = new long[28 + 24][groups];
        long[] boards = new long[2 * games];
        long[] whiteNext = new long[groups];
        inHalves(groups, (lo, hi) -> fill(t, games, slices, stable, colours, boards, whiteNext, lo, hi)); // a replay of ten million games: seconds
        return new BorderPlies(games, slices, stable, colours, boards, whiteNext);
    }

    /**
     * {@code part} over the groups {@code 0} to {@code groups − 1}: in two halves side by side when
     * they are many (the machines this runs on have two cores or more), else at once.
     */
    private static void inHalves(int groups, BiConsumer<Integer, Integer> part) {
        if (groups < 4096) {
            part.accept(0, groups);
            return;
        }
        int half = groups / 2;
        ForkJoinTask<?> low = ForkJoinPool.commonPool()
                .submit(() -> part.accept(0, half));
        part.accept(half, groups);
        low.join();
    }

    private static final VarHandle EIGHT =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** The slices of the groups {@code fromGroup} to {@code toGroup − 1}: their games replayed, as the board checks replay them. */
    private static void fill(GameMoves t, int games, long[][] slices, long[][] stable, long[][] colours,
                             long[] boards, long[] whiteNext, int fromGroup, int toGroup) {
        byte[] moves = t.moves();
        byte[] at = new byte[28 * 64]; // a group's numbers, square by square
        byte[] stableAt = new byte[24 * 64]; // and when the squares between corners became stable
        int[] runs = new int[8]; // a game's runs from each corner along each edge, squares between corners
        long[] start = MoveTable.startState();
        long[] state = new long[3];
        for (int g = fromGroup; g < toGroup; g++) {
            Arrays.fill(at, (byte) NEVER);
            Arrays.fill(stableAt, (byte) NEVER);
            long[] black = new long[28]; // a group's border squares taken by Black, a bit a game
            long[] stableBlack = new long[24]; // a group's squares between corners stable in Black's colour
            for (int i = 0; i < 64; i++) {
                int id = g * 64 + i;
                if (id >= games || t.side(id) != 8) {
                    continue;
                }
                int off = t.offset(id);
                int n = t.moveCount(id);
                System.arraycopy(start, 0, state, 0, 3);
                Arrays.fill(runs, 0);
                for (int k = 0; k < n; k++) {
                    int sq = moves[off + k];
                    MoveTable.step(state, sq); // a pass seen as the board checks see it: the colours are right
                    if (k + 1 == CHECKPOINT) {
                        boards[2 * id] = state[0];
                        boards[2 * id + 1] = state[1];
                        whiteNext[g] |= state[2] << i;
                    }
                    int p = PLACE[sq];
                    if (p >= 0) {
                        at[p * 64 + i] = (byte) (k + 1);
                        if (state[2] == 1) { // Black moved: White is presumed next
                            black[p] |= 1L << i;
                        }
                        // only a move on an edge changes its discs: the runs from its corners looked at again
                        for (int e = 0; e < 4; e++) {
                            if ((EDGE_SQUARES[e] >>> sq & 1) != 0) {
                                stable(e, state, k + 1, i, stableAt, stableBlack, runs);
                            }
                        }
                    }
                }
            }
            // each square's 64 numbers turned into six words: eight games' bits gathered at a time
            for (int p = 0; p < 28; p++) {
                for (int b = 0; b < BITS; b++) {
                    slices[p][g * BITS + b] = gather(at, p * 64, b);
                }
                colours[p][g] = black[p];
            }
            for (int p = 0; p < 24; p++) {
                for (int b = 0; b < BITS; b++) {
                    stable[p][g * BITS + b] = gather(stableAt, p * 64, b);
                }
                colours[STABLE_BLACK + p][g] = stableBlack[p];
            }
        }
    }

    /** Bit {@code b} of the 64 numbers from {@code from} on, as a word: eight games' bits gathered at a time. */
    private static long gather(byte[] numbers, int from, int b) {
        long word = 0;
        for (int j = 0; j < 8; j++) {
            long eight = (long) EIGHT.get(numbers, from + j * 8); // game j * 8 + i in byte i
            long bit = (eight >>> b) & 0x0101010101010101L;
            word |= ((bit * 0x0102040810204080L) >>> 56) << (8 * j);
        }
        return word;
    }

    /**
     * After move {@code ply} of game {@code i} of a group, which was on edge {@code e}: the squares
     * of the edge newly joined to one of its corners by discs of their colour are stable from then
     * on ({@code runs}: the game's runs so far, squares between corners, two an edge).
     */
    private static void stable(int e, long[] state, int ply, int i, byte[] stableAt, long[] stableBlack, int[] runs) {
        int black = line(e, state[0]);
        int white = line(e, state[1]);
        // the runs from each end of the edge's eight squares, as bit operations: few branches (a
        // square by square walk took 20 ns a move on an edge, most of it in branches mispredicted)
        int low = (black & 1) != 0 ? black : white;
        int high = (black & 0x80) != 0 ? black : white;
        int fromLow = Math.min(6, Integer.numberOfTrailingZeros(~low) - 1); // squares between corners
        int fromHigh = Math.min(6, Integer.numberOfLeadingZeros(~(high << 24)) - 1);
        if (fromLow > runs[2 * e]) { // a run from a corner only grows: its squares so far are stable already
            mark(e, runs[2 * e] + 1, fromLow, false, (black & 1) != 0, ply, i, stableAt, stableBlack);
            runs[2 * e] = fromLow;
        }
        if (fromHigh > runs[2 * e + 1]) {
            mark(e, runs[2 * e + 1] + 1, fromHigh, true, (black & 0x80) != 0, ply, i, stableAt, stableBlack);
            runs[2 * e + 1] = fromHigh;
        }
    }

    /** The squares {@code first} to {@code last} from one end of edge {@code e}, from the far end when {@code high}, stable from move {@code ply} in one colour. */
    private static void mark(int e, int first, int last, boolean high, boolean black, int ply, int i, byte[] stableAt, long[] stableBlack) {
        for (int j = first; j <= last; j++) {
            int p = SIDE_PLACE[EDGES[e][high ? 7 - j : j]];
            if (stableAt[p * 64 + i] == NEVER) { // or from the edge's other end already
                stableAt[p * 64 + i] = (byte) ply;
                stableBlack[p] |= (black ? 1L : 0) << i;
            }
        }
    }

    /** Edge {@code e}'s squares of {@code discs}, in its order, as eight bits. */
    private static int line(int e, long discs) {
        return switch (e) {
            case 0 -> (int) (discs & 0xFF);
            case 1 -> (int) (discs >>> 56);
            case 2 -> (int) ((discs & 0x0101010101010101L) * 0x0102040810204080L >>> 56);
            default -> (int) ((discs >>> 7 & 0x0101010101010101L) * 0x0102040810204080L >>> 56);
        };
    }

    /**
     * The games that can show a pattern's border at one of the moves {@code from} to {@code to}:
     * in one of its orientations (three masks each: Black's squares, White's and the empty ones),
     * each border square given a disc taken within the first {@code to} moves, each given empty
     * not taken within the first {@code from}, each of the first taken before each of the second,
     * and each given a colour it keeps ({@link #keptColour}) taken by that colour; a disc joined to
     * a corner by discs of its colour ({@link #chained}) stable in that colour instead of taken,
     * with the same bounds. Squares inside the border are not looked at.
     *
     * @return the games, or null when no orientation gives a square of the border (nothing to say)
     */
    public RoaringBitmap possible(long[] masks, int from, int to) {
        Query q = query(masks, from, to);
        return q == null ? null : BitSetUtil.bitmapOf(possible(q, false)[0]);
    }

    /**
     * {@link #possible}, with the games of each orientation apart: a game is then replayed in the
     * orientations its border fits only (at ten million games, one in most of them).
     *
     * <p>Usage: {@code Fits f = plies.fits(masks, 20, 40, true); int o = f.orientations(id);}
     */
    public static final class Fits {
        private final RoaringBitmap games;
        /** For each orientation, a word for each group of 64 games, bit {@code i} for its game {@code i}. */
        private final long[][] byOrientation;
        private final BorderPlies plies;

        private Fits(RoaringBitmap games, long[][] byOrientation, BorderPlies plies) {
            this.games = games;
            this.byOrientation = byOrientation;
            this.plies = plies;
        }

        /** The slices these came from (whose boards after {@link #CHECKPOINT} moves a replay may start from). */
        public BorderPlies plies() {
            return plies;
        }

        /** The games of every orientation. */
        public RoaringBitmap games() {
            return games;
        }

        /** The orientations game {@code id} fits, a bit each. */
        public int orientations(int id) {
            int out = 0;
            for (int o = 0; o < byOrientation.length; o++) {
                out |= (int) (byOrientation[o][id >>> 6] >>> id & 1) << o;
            }
            return out;
        }
    }

    /**
     * {@link #possible}, with each orientation's games apart when {@code apart} (else {@link
     * Fits#orientations} is not to be asked); null when no orientation gives a square of the border.
     */
    public Fits fits(long[] masks, int from, int to, boolean apart) {
        Query q = query(masks, from, to);
        if (q == null) {
            return null;
        }
        long[][] each = possible(q, apart);
        return new Fits(BitSetUtil.bitmapOf(each[0]), Arrays.copyOfRange(each, 1, each.length), this);
    }

    /** A pattern's question to the slices; null when no orientation gives a border square. */
    private static Query query(long[] masks, int from, int to) {
        int orientations = masks.length / 3;
        int[][] taken = new int[orientations][];
        int[][] joined = new int[orientations][];
        int[][] empty = new int[orientations][];
        int[][] blackKept = new int[orientations][];
        int[][] whiteKept = new int[orientations][];
        boolean any = false;
        for (int o = 0; o < orientations; o++) {
            long black = masks[3 * o] & EdgePatterns.BORDER;
            long white = masks[3 * o + 1] & EdgePatterns.BORDER;
            // a disc joined to a corner by discs of its colour: when it became stable, and in which colour
            long chain = chained(black, white);
            long kept = keptColour(black | white, masks[3 * o + 2]) & ~chain;
            taken[o] = places((black | white) & ~chain, PLACE, 0);
            joined[o] = places(chain, SIDE_PLACE, 0);
            empty[o] = places(masks[3 * o + 2] & EdgePatterns.BORDER, PLACE, 0);
            blackKept[o] = concat(places(black & kept, PLACE, 0), places(black & chain, SIDE_PLACE, STABLE_BLACK));
            whiteKept[o] = concat(places(white & kept, PLACE, 0), places(white & chain, SIDE_PLACE, STABLE_BLACK));
            any |= taken[o].length + joined[o].length + empty[o].length > 0;
        }
        if (!any) {
            return null;
        }
        int first = Math.min(from, MoveTable.MOVES);
        int last = Math.min(to, MoveTable.MOVES); // never (63) is above every move
        return new Query(taken, joined, empty, blackKept, whiteKept, first, last);
    }

    /** The words of every orientation's games, then (when {@code apart}) of each. */
    private long[][] possible(Query q, boolean apart) {
        int groups = (games + 63) >>> 6;
        long[][] out = new long[apart ? 1 + q.taken().length : 1][groups];
        inHalves(groups, (lo, hi) -> fill(out, lo, hi, q));
        return out;
    }

    private static final long CORNERS = 0x8100000000000081L;

    /**
     * A pattern's orientations as places: the squares given a disc (of {@link #slices}, when each
     * was taken), those joined to a corner (of {@link #stable}, when each became stable), those
     * given empty (of {@link #slices}), and the colour words (of {@link #colours}) that must be
     * Black's and White's; the window's first and last moves.
     */
    private record Query(int[][] taken, int[][] stable, int[][] empty, int[][] blackKept, int[][] whiteKept, int from, int to) {
    }

    /** Groups worked out together: each test then reads one stream of its square's words (24 KB). */
    private static final int BLOCK = 512;

    /**
     * The groups {@code fromGroup} to {@code toGroup − 1} into {@code out}, a block of groups at a
     * time, test by test: a test reads its square's words of the block's groups in one stream.
     * (Group by group, a pattern in four orientations reads forty streams side by side, more than
     * the processor fetches ahead: the border round a corner took four times as long.)
     */
    private void fill(long[][] outs, int fromGroup, int toGroup, Query q) {
        long[] out = outs[0];
        long[][] s = slices;
        long[][] st = stable;
        long[][] cs = colours;
        long[] fits = new long[BLOCK];
        for (int lo = fromGroup; lo < toGroup; lo += BLOCK) {
            int hi = Math.min(toGroup, lo + BLOCK);
            for (int o = 0; o < q.taken().length; o++) {
                Arrays.fill(fits, -1L);
                // the cheap tests first, and the orientation left as soon as no game of the block is left
                boolean left = true;
                for (int c : q.blackKept()[o]) {
                    long[] colour = cs[c];
                    for (int g = lo; g < hi; g++) {
                        fits[g - lo] &= colour[g]; // the colour it was taken by, or became stable in
                    }
                }
                for (int c : q.whiteKept()[o]) {
                    long[] colour = cs[c];
                    for (int g = lo; g < hi; g++) {
                        fits[g - lo] &= ~colour[g];
                    }
                }
                for (int p : q.taken()[o]) {
                    left = left && atMost(fits, s[p], lo, hi, q.to(), false);
                }
                for (int p : q.stable()[o]) {
                    left = left && atMost(fits, st[p], lo, hi, q.to(), false);
                }
                for (int p : q.empty()[o]) {
                    left = left && atMost(fits, s[p], lo, hi, q.from(), true);
                }
                if (q.to() > q.from()) {
                    // over a range, at one move of it: each square taken (or stable) before each one still empty
                    for (int e : q.empty()[o]) {
                        for (int t : q.taken()[o]) {
                            left = left && less(fits, s[t], s[e], lo, hi);
                        }
                        for (int t : q.stable()[o]) {
                            left = left && less(fits, st[t], s[e], lo, hi);
                        }
                    }
                }
                if (left) {
                    for (int g = lo; g < hi; g++) {
                        out[g] |= fits[g - lo];
                    }
                    if (outs.length > 1) {
                        System.arraycopy(fits, 0, outs[1 + o], lo, hi - lo);
                    }
                }
            }
        }
        if (toGroup * 64 > games) {
            for (long[] words : outs) {
                words[toGroup - 1] &= -1L >>> (toGroup * 64 - games); // the last group's bits past the last game
            }
        }
    }

    /**
     * {@code fits} of the groups {@code lo} to {@code hi − 1} kept where a game's number in the six
     * slices of {@code s} is at most {@code limit} (above it when {@code above}); false when no game is left.
     */
    private static boolean atMost(long[] fits, long[] s, int lo, int hi, int limit, boolean above) {
        long flip = above ? -1L : 0;
        long left = 0;
        for (int g = lo; g < hi; g++) {
            long f = fits[g - lo] & (atMost(s, g * BITS, limit) ^ flip);
            fits[g - lo] = f;
            left |= f;
        }
        return left != 0;
    }

    /** {@code fits} of the groups {@code lo} to {@code hi − 1} kept where a game's number in {@code s} is below its number in {@code t}. */
    private static boolean less(long[] fits, long[] s, long[] t, int lo, int hi) {
        long left = 0;
        for (int g = lo; g < hi; g++) {
            long f = fits[g - lo] & less(s, t, g * BITS);
            fits[g - lo] = f;
            left |= f;
        }
        return left != 0;
    }

    /** The games of a group whose number in the six slices at {@code at} is at most {@code limit} (0 to 63). */
    private static long atMost(long[] s, int at, int limit) {
        // from the highest bit down: below the limit once a bit of it is 1 where the number's is 0
        long less = 0;
        long equal = -1L;
        for (int b = BITS - 1; b >= 0; b--) {
            long x = s[at + b];
            if ((limit >>> b & 1) != 0) {
                less |= equal & ~x;
                equal &= x;
            } else {
                equal &= ~x;
            }
        }
        return less | equal;
    }

    /** The games of a group whose number in the six slices of {@code s} at {@code at} is below the one in {@code t}. */
    private static long less(long[] s, long[] t, int at) {
        long less = 0;
        long equal = -1L;
        for (int bit = BITS - 1; bit >= 0; bit--) {
            long x = s[at + bit];
            long y = t[at + bit];
            less |= equal & ~x & y;
            equal &= ~(x ^ y);
        }
        return less;
    }

    /** The places of {@code squares}, from {@code at} on. */
    private static int[] places(long squares, int[] place, int at) {
        int[] out = new int[Long.bitCount(squares)];
        int i = 0;
        for (long m = squares; m != 0; m &= m - 1) {
            out[i++] = at + place[Long.numberOfTrailingZeros(m)];
        }
        return out;
    }

    private static int[] concat(int[] a, int[] b) {
        int[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** The bytes the slices take (for the figures). */
    public long bytes() {
        long words = 0;
        for (long[][] table : new long[][][] {slices, stable, colours}) {
            for (long[] column : table) {
                words += column.length;
            }
        }
        return 8L * (words + boards.length + whiteNext.length);
    }
}
