package org.thordb.index;

import org.roaringbitmap.RoaringBitmap;

/**
 * When each game's disc went onto each square of the border, as bit slices: for a pattern at a
 * move or a range of moves, the games in which, in one of the pattern's orientations, every border
 * square it gives a disc is taken by the range's last move, every border square it gives empty is
 * still empty at its first (and, over a range, each of the first taken before each of the second),
 * and every square it gives a colour that nothing can have changed since it was taken was taken
 * by that colour: a corner, or a square beside which on its edge the pattern gives an empty one (a
 * disc of the border is flipped only along its edge, between two discs). A square once taken stays
 * taken, so this is a necessary condition, and for a pattern of the border alone whose every disc
 * keeps its colour so ({@link #exact}: an edge {@code -X????X-}) a sufficient one too; it is worked
 * out 64 games at a time without looking at any game's moves. At ten million random games it
 * leaves 2.1% of them for the border of a corner at move 30 (the edge index, which knows no move,
 * leaves 87%).
 *
 * <p>Made once per store state by a replay of the {@link MoveTable}'s games (each move's colour as
 * the board checks find it, passes included), about 24.5 bytes a game in memory only, and shared
 * like the table. For each group of 64 games: for each of the 28 border squares six words, the bits
 * of the number of moves after which the square is taken (1 to 60; 63 for never), bit 0 first; then
 * a word for each border square, its games in which Black took it (24.5 bytes a game). The groups
 * follow one another, so a query reads its slices in one stream.
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
    /** A group's words: six for each border square, then one for each (its games in which Black took it). */
    private static final int GROUP = 28 * BITS + 28;
    /** Each border square's neighbours along its edge (none for a corner, which no move flips). */
    private static final long[] ALONG = new long[64];

    static {
        int n = 0;
        for (int sq = 0; sq < 64; sq++) {
            PLACE[sq] = (EdgePatterns.BORDER >>> sq & 1) != 0 ? n++ : -1;
            int row = sq >>> 3;
            int column = sq & 7;
            boolean corner = (row == 0 || row == 7) && (column == 0 || column == 7);
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
     * Whether {@link #possible} is exactly the games that show a pattern (three masks an
     * orientation: Black's squares, White's, the empty ones) at one of the moves asked, among those
     * that have that many moves: every orientation gives squares of the border alone, a disc at
     * least, and every disc it gives keeps the colour it was taken by ({@link #keptColour}).
     */
    public static boolean exact(long[] masks) {
        for (int o = 0; o < masks.length / 3; o++) {
            long discs = masks[3 * o] | masks[3 * o + 1];
            long given = discs | masks[3 * o + 2];
            if (discs == 0 || (given & ~EdgePatterns.BORDER) != 0 || keptColour(discs, masks[3 * o + 2]) != discs) {
                return false;
            }
        }
        return masks.length >= 3;
    }

    private final int games;
    /** For each group of 64 games, for each border square, its six slices. */
    private final long[] slices;

    private BorderPlies(int games, long[] slices) {
        this.games = games;
        this.slices = slices;
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
        long[] slices = new long[groups * GROUP];
        inHalves(groups, (lo, hi) -> fill(t, games, slices, lo, hi)); // a replay of ten million games: seconds
        return new BorderPlies(games, slices);
    }

    /**
     * {@code part} over the groups {@code 0} to {@code groups − 1}: in two halves side by side when
     * they are many (the machines this runs on have two cores or more), else at once.
     */
    private static void inHalves(int groups, java.util.function.BiConsumer<Integer, Integer> part) {
        if (groups < 4096) {
            part.accept(0, groups);
            return;
        }
        int half = groups / 2;
        java.util.concurrent.ForkJoinTask<?> low = java.util.concurrent.ForkJoinPool.commonPool()
                .submit(() -> part.accept(0, half));
        part.accept(half, groups);
        low.join();
    }

    private static final java.lang.invoke.VarHandle EIGHT =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

    /** The slices of the groups {@code fromGroup} to {@code toGroup − 1}: their games replayed, as the board checks replay them. */
    private static void fill(GameMoves t, int games, long[] slices, int fromGroup, int toGroup) {
        byte[] moves = t.moves();
        byte[] at = new byte[28 * 64]; // a group's numbers, square by square
        long[] start = MoveTable.startState();
        long[] state = new long[3];
        for (int g = fromGroup; g < toGroup; g++) {
            java.util.Arrays.fill(at, (byte) NEVER);
            long[] black = new long[28]; // a group's border squares taken by Black, a bit a game
            for (int i = 0; i < 64; i++) {
                int id = g * 64 + i;
                if (id >= games || t.side(id) != 8) {
                    continue;
                }
                int off = t.offset(id);
                int n = t.moveCount(id);
                System.arraycopy(start, 0, state, 0, 3);
                for (int k = 0; k < n; k++) {
                    int sq = moves[off + k];
                    MoveTable.step(state, sq); // a pass seen as the board checks see it: the colours are right
                    int p = PLACE[sq];
                    if (p >= 0) {
                        at[p * 64 + i] = (byte) (k + 1);
                        if (state[2] == 1) { // Black moved: White is presumed next
                            black[p] |= 1L << i;
                        }
                    }
                }
            }
            // each square's 64 numbers turned into six words: eight games' bits gathered at a time
            int base = g * GROUP;
            for (int p = 0; p < 28; p++) {
                for (int b = 0; b < BITS; b++) {
                    long word = 0;
                    for (int j = 0; j < 8; j++) {
                        long eight = (long) EIGHT.get(at, p * 64 + j * 8); // game j * 8 + i in byte i
                        long bit = (eight >>> b) & 0x0101010101010101L;
                        word |= ((bit * 0x0102040810204080L) >>> 56) << (8 * j);
                    }
                    slices[base + p * BITS + b] = word;
                }
            }
            System.arraycopy(black, 0, slices, base + 28 * BITS, 28);
        }
    }

    /**
     * The games that can show a pattern's border at one of the moves {@code from} to {@code to}:
     * in one of its orientations (three masks each: Black's squares, White's and the empty ones),
     * each border square given a disc taken within the first {@code to} moves, each given empty
     * not taken within the first {@code from}, each of the first taken before each of the second,
     * and each given a colour it keeps ({@link #keptColour}) taken by that colour. Squares inside
     * the border are not looked at.
     *
     * @return the games, or null when no orientation gives a square of the border (nothing to say)
     */
    public RoaringBitmap possible(long[] masks, int from, int to) {
        int orientations = masks.length / 3;
        int[][] taken = new int[orientations][];
        int[][] empty = new int[orientations][];
        int[][] blackKept = new int[orientations][];
        int[][] whiteKept = new int[orientations][];
        boolean any = false;
        for (int o = 0; o < orientations; o++) {
            taken[o] = places((masks[3 * o] | masks[3 * o + 1]) & EdgePatterns.BORDER, PLACE);
            empty[o] = places(masks[3 * o + 2] & EdgePatterns.BORDER, PLACE);
            long kept = keptColour(masks[3 * o] | masks[3 * o + 1], masks[3 * o + 2]);
            blackKept[o] = places(masks[3 * o] & kept, PLACE);
            whiteKept[o] = places(masks[3 * o + 1] & kept, PLACE);
            any |= taken[o].length + empty[o].length > 0;
        }
        if (!any) {
            return null;
        }
        int first = Math.min(from, MoveTable.MOVES);
        int last = Math.min(to, MoveTable.MOVES); // never (63) is above every move
        Query q = new Query(taken, empty, blackKept, whiteKept, first, last);
        int groups = (games + 63) >>> 6;
        long[] out = new long[groups];
        inHalves(groups, (lo, hi) -> fill(out, lo, hi, q));
        return org.roaringbitmap.BitSetUtil.bitmapOf(out);
    }

    private static final long CORNERS = 0x8100000000000081L;

    /** A pattern's orientations as places: the border squares taken, those empty, those of each colour that keep it. */
    private record Query(int[][] taken, int[][] empty, int[][] blackKept, int[][] whiteKept, int from, int to) {
    }

    private void fill(long[] out, int fromGroup, int toGroup, Query q) {
        long[] s = slices;
        for (int g = fromGroup; g < toGroup; g++) {
            int base = g * GROUP;
            long any = 0;
            for (int o = 0; o < q.taken().length; o++) {
                // the cheap tests first, and each orientation left as soon as no game of the group is
                // left (most groups, for a pattern that asks much: the corners' colours and squares)
                long fits = -1L;
                for (int c : q.blackKept()[o]) {
                    fits &= s[base + 28 * BITS + c]; // the colour it has is the one it was taken by
                }
                for (int c : q.whiteKept()[o]) {
                    fits &= ~s[base + 28 * BITS + c];
                }
                for (int p : q.taken()[o]) {
                    if (fits == 0) {
                        break;
                    }
                    fits &= atMost(s, base + p * BITS, q.to());
                }
                for (int p : q.empty()[o]) {
                    if (fits == 0) {
                        break;
                    }
                    fits &= ~atMost(s, base + p * BITS, q.from());
                }
                if (q.to() > q.from()) {
                    // over a range, at one move of it: each square taken before each one still empty
                    for (int t : q.taken()[o]) {
                        for (int e : q.empty()[o]) {
                            if (fits == 0) {
                                break;
                            }
                            fits &= less(s, base + t * BITS, base + e * BITS);
                        }
                    }
                }
                any |= fits;
            }
            int past = (g + 1) * 64 - games; // the last group's bits past the last game
            out[g] = past > 0 ? any & (-1L >>> past) : any;
        }
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

    /** The games of a group whose number at {@code a} is below the one at {@code b}. */
    private static long less(long[] s, int a, int b) {
        long less = 0;
        long equal = -1L;
        for (int bit = BITS - 1; bit >= 0; bit--) {
            long x = s[a + bit];
            long y = s[b + bit];
            less |= equal & ~x & y;
            equal &= ~(x ^ y);
        }
        return less;
    }

    private static int[] places(long squares, int[] place) {
        int[] out = new int[Long.bitCount(squares)];
        int i = 0;
        for (long m = squares; m != 0; m &= m - 1) {
            out[i++] = place[Long.numberOfTrailingZeros(m)];
        }
        return out;
    }

    /** The bytes the slices take (for the figures). */
    public long bytes() {
        return 8L * slices.length;
    }
}
