package org.thordb.solve;

import org.thordb.fault.Faults;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import org.thordb.othello.Bitboards;

/**
 * A learned evaluation of a position: the sum of one weight for each pattern instance as it
 * stands on the board, per stage of the game (the number of empties), plus a bias. The patterns
 * are the families strong Othello programs use: each corner's 3×3 square, each corner's two 2×5
 * blocks, each edge with its two X-squares, the second, third and fourth lines, and the diagonals
 * of 4 to 8 squares; 46 instances, each family read through the 8 orientations of the board with
 * one extraction of bits, so that every instance of a family shares one table.
 *
 * <p>The weights ({@code evaluation.bin.gz}) are fitted by {@link EvalTrainer} to
 * exact scores of positions of the FFO base (solved by thordb's solver near the end, the stored
 * theoretical score or a search before), so the value estimates the final disc difference under
 * perfect play. It orders the exact solver's moves and is the leaf of the midgame search that
 * estimates moves; it never decides an exact score.
 *
 * <p>Usage: {@code int v = Evaluation.eval(me, opp); // in 1/SCALE discs, for the side to move}
 */
final class Evaluation {
    private Evaluation() {
    }

    /** Values are in 1/SCALE of a disc. */
    static final int SCALE = 32;

    /** The pattern families. */
    enum Family {
        CORNER3(9, "a1 b1 c1 a2 b2 c2 a3 b3 c3"),
        CORNER25(10, "a1 b1 c1 d1 e1 a2 b2 c2 d2 e2"),
        EDGE2X(10, "a1 b1 c1 d1 e1 f1 g1 h1 b2 g2"),
        HV2(8, "a2 b2 c2 d2 e2 f2 g2 h2"),
        HV3(8, "a3 b3 c3 d3 e3 f3 g3 h3"),
        HV4(8, "a4 b4 c4 d4 e4 f4 g4 h4"),
        D8(8, "a1 b2 c3 d4 e5 f6 g7 h8"),
        D7(7, "b1 c2 d3 e4 f5 g6 h7"),
        D6(6, "c1 d2 e3 f4 g5 h6"),
        D5(5, "d1 e2 f3 g4 h5"),
        D4(4, "e1 f2 g3 h4");

        /** How many squares. */
        final int size;
        /** The squares in the order of the extracted bits (bit i is square {@code squares[i]}). */
        final int[] squares;

        Family(int size, String squares) {
            this.size = size;
            this.squares = Arrays.stream(squares.split(" ")).mapToInt(Evaluation::square).toArray();
            if (this.squares.length != size) {
                throw new IllegalStateException(name());
            }
        }

        /** 3^size: the configurations. */
        int states() {
            return POW3[size];
        }
    }

    static final Family[] FAMILIES = Family.values();

    /**
     * Counts the patterns cannot see, each with a weight per value (capped): the mover's and the
     * opponent's legal moves, and their potential mobility (the empty squares beside the other
     * side's discs).
     */
    enum Extra {
        MOBILITY_ME(32), MOBILITY_OPP(32), POTENTIAL_ME(48), POTENTIAL_OPP(48);

        /** How many values (the last one stands for every larger count). */
        final int values;

        Extra(int values) {
            this.values = values;
        }
    }

    static final Extra[] EXTRAS = Extra.values();

    /** The empty squares beside the discs of {@code b}. */
    static long around(long b) {
        long h = ((b << 1) & 0xfefefefefefefefeL) | ((b >>> 1) & 0x7f7f7f7f7f7f7f7fL);
        long x = b | h;
        return h | (x << 8) | (x >>> 8);
    }

    /** The value of each extra count of a position, capped, in the order of {@link Extra}. */
    static void extras(long me, long opp, int[] out, int at) {
        long empty = ~(me | opp);
        out[at] = Math.min(Long.bitCount(Bitboards.legalMoves(me, opp)), 31);
        out[at + 1] = Math.min(Long.bitCount(Bitboards.legalMoves(opp, me)), 31);
        out[at + 2] = Math.min(Long.bitCount(around(opp) & empty), 47);
        out[at + 3] = Math.min(Long.bitCount(around(me) & empty), 47);
    }

    static final int[] POW3 = {1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683, 59049};

    /** The base-3 value of a set of bits: bit i worth 3^i. */
    private static final int[] B3 = new int[1 << 10];

    static {
        for (int x = 0; x < B3.length; x++) {
            int v = 0;
            for (int i = 0; i < 10; i++) {
                if ((x >>> i & 1) != 0) {
                    v += POW3[i];
                }
            }
            B3[x] = v;
        }
    }

    static int square(String name) {
        return (name.charAt(1) - '1') * 8 + (name.charAt(0) - 'a');
    }

    // ---- the 8 orientations of the board: 0 identity, 1 mirror (a↔h), 2 flip (1↔8), 3 both,
    // ---- then the same after the transpose on a1-h8

    /** The board mirrored a↔h: the bits of each byte reversed, in three swaps (Long.reverse is no intrinsic on Java 17). */
    static long mirror(long x) {
        x = ((x >>> 1) & 0x5555555555555555L) | ((x & 0x5555555555555555L) << 1);
        x = ((x >>> 2) & 0x3333333333333333L) | ((x & 0x3333333333333333L) << 2);
        return ((x >>> 4) & 0x0f0f0f0f0f0f0f0fL) | ((x & 0x0f0f0f0f0f0f0f0fL) << 4);
    }

    static long transpose(long x) {
        long t = 0x0f0f0f0f00000000L & (x ^ (x << 28));
        x ^= t ^ (t >>> 28);
        t = 0x3333000033330000L & (x ^ (x << 14));
        x ^= t ^ (t >>> 14);
        t = 0x5500550055005500L & (x ^ (x << 7));
        return x ^ t ^ (t >>> 7);
    }

    /** The board in orientation {@code k}. */
    static long orient(long b, int k) {
        long x = k >= 4 ? transpose(b) : b;
        return switch (k & 3) {
            case 0 -> x;
            case 1 -> mirror(x);
            case 2 -> Long.reverseBytes(x);
            default -> Long.reverseBytes(mirror(x));
        };
    }

    /**
     * For each family, the orientations {@link #eval} reads it in: the board is turned by
     * orientation k, then the family's squares are read where they lie. Each gives a distinct
     * instance, and together every instance the 8 orientations give ({@code EvaluationTest}).
     */
    static final int[][] ORIENTATIONS = {
        {0, 1, 2, 3}, {0, 1, 2, 3, 4, 5, 6, 7}, {0, 2, 4, 6}, {0, 2, 4, 6}, {0, 2, 4, 6}, {0, 2, 4, 6},
        {0, 1}, {0, 1, 2, 3}, {0, 1, 2, 3}, {0, 1, 2, 3}, {0, 1, 2, 3}};
    /** For each family and configuration, the configuration it shares a weight with (its least symmetric twin). */
    static final int[][] CANONICAL = new int[FAMILIES.length][];
    /** The instances: for each family, for each of its orientations, the squares read (in bit order). */
    static final int[][][] INSTANCES = new int[FAMILIES.length][][];

    static {
        for (Family f : FAMILIES) {
            long anchored = 0;
            for (int s : f.squares) {
                anchored |= 1L << s;
            }
            List<int[]> selfMaps = new ArrayList<>();
            for (int k = 0; k < 8; k++) {
                long set = 0;
                int[] read = read(f, k);
                for (int s : read) {
                    set |= 1L << s;
                }
                if (set == anchored && k != 0) { // a symmetry of the family itself: position i reads position perm[i]
                    int[] perm = new int[f.size];
                    for (int i = 0; i < f.size; i++) {
                        perm[i] = indexOf(f.squares, read[i]);
                    }
                    selfMaps.add(perm);
                }
            }
            int[] ks = ORIENTATIONS[f.ordinal()];
            INSTANCES[f.ordinal()] = new int[ks.length][];
            for (int i = 0; i < ks.length; i++) {
                INSTANCES[f.ordinal()][i] = read(f, ks[i]);
            }
            int[] canon = new int[f.states()];
            int[] digits = new int[f.size]; // c's digits, counted up with c (no division: this runs at every start)
            for (int c = 0; c < canon.length; c++) {
                int best = c;
                for (int[] perm : selfMaps) {
                    int d = 0;
                    for (int i = 0; i < f.size; i++) {
                        d += digits[perm[i]] * POW3[i];
                    }
                    best = Math.min(best, d);
                }
                canon[c] = best;
                for (int i = 0; i < f.size && ++digits[i] == 3; i++) {
                    digits[i] = 0;
                }
            }
            CANONICAL[f.ordinal()] = canon;
        }
    }

    /** The squares of the board that orientation k reads as the family's squares, in bit order. */
    static int[] read(Family f, int k) {
        int[] read = new int[f.size];
        for (int i = 0; i < f.size; i++) {
            read[i] = preimage(f.squares[i], k);
        }
        return read;
    }

    private static int indexOf(int[] a, int v) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] == v) {
                return i;
            }
        }
        throw new IllegalStateException("square " + v);
    }

    /** The square that orientation k moves onto square {@code s}. */
    static int preimage(int s, int k) {
        for (int t = 0; t < 64; t++) {
            if (orient(1L << t, k) == 1L << s) {
                return t;
            }
        }
        throw new IllegalStateException();
    }

    /** How many instances, over every family. */
    static final int INSTANCE_COUNT = Arrays.stream(ORIENTATIONS).mapToInt(a -> a.length).sum();

    // ---- reading a family's squares, in bit order, from a board already turned

    static int bits(Family f, long b) {
        return switch (f) {
            case CORNER3 -> (int) ((b & 7) | (b >>> 5 & 0x38) | (b >>> 10 & 0x1C0));
            case CORNER25 -> (int) ((b & 0x1F) | (b >>> 3 & 0x3E0));
            case EDGE2X -> (int) ((b & 0xFF) | (b >>> 1 & 0x100) | (b >>> 5 & 0x200));
            case HV2 -> (int) (b >>> 8 & 0xFF);
            case HV3 -> (int) (b >>> 16 & 0xFF);
            case HV4 -> (int) (b >>> 24 & 0xFF);
            case D8 -> (int) (((b & 0x8040201008040201L) * 0x0101010101010101L) >>> 56);
            case D7 -> (int) (((b & 0x0080402010080402L) * 0x0101010101010101L) >>> 57);
            case D6 -> (int) (((b & 0x0000804020100804L) * 0x0101010101010101L) >>> 58);
            case D5 -> (int) (((b & 0x0000008040201008L) * 0x0101010101010101L) >>> 59);
            case D4 -> (int) (((b & 0x0000000080402010L) * 0x0101010101010101L) >>> 60);
        };
    }

    /** The configuration of a family's squares: digit i is 0 empty, 1 the mover's, 2 the opponent's. */
    static int config(Family f, long me, long opp) {
        return B3[bits(f, me)] + 2 * B3[bits(f, opp)];
    }

    /**
     * Every instance's configuration, in the order families and orientations are listed: what the
     * fit sees of a position.
     */
    static void configs(long me, long opp, int[] out) {
        int n = 0;
        long[] om = new long[8];
        long[] oo = new long[8];
        for (int k = 0; k < 8; k++) {
            om[k] = orient(me, k);
            oo[k] = orient(opp, k);
        }
        for (Family f : FAMILIES) {
            for (int k : ORIENTATIONS[f.ordinal()]) {
                out[n++] = config(f, om[k], oo[k]);
            }
        }
    }

    // ---- the weights

    /** The stage of a position with so many empties (set by the weights file). */
    static int phase(int empties) {
        return Weights.PHASE_OF[empties];
    }

    /**
     * Loads the weights now, on a thread of their own, so that a first estimate does not wait for
     * them (a command line's explorer opens its store meanwhile).
     */
    static void preload() {
        Thread t = new Thread(() -> {
            Weights w = Weights.INSTANCE;
        }, "thordb-evaluation");
        t.setDaemon(true);
        t.start();
    }

    /** The value of the position for the side to move, in 1/{@link #SCALE} of a disc. */
    static int eval(long me, long opp) {
        return eval(me, opp, Bitboards.legalMoves(me, opp));
    }

    /** {@link #eval(long, long)} when the mover's legal moves are known already. */
    static int eval(long me, long opp, long myMoves) {
        int empties = 64 - Long.bitCount(me | opp);
        Weights w = Weights.INSTANCE;
        int ph = w.phaseOf[empties];
        short[][] t = w.tables[ph];
        int v = w.bias[ph];
        long m1 = mirror(me);
        long o1 = mirror(opp);
        long m2 = Long.reverseBytes(me);
        long o2 = Long.reverseBytes(opp);
        long m3 = Long.reverseBytes(m1);
        long o3 = Long.reverseBytes(o1);
        long tm = transpose(me);
        long to = transpose(opp);
        long m5 = mirror(tm);
        long o5 = mirror(to);
        long m6 = Long.reverseBytes(tm);
        long o6 = Long.reverseBytes(to);
        long m7 = Long.reverseBytes(m5);
        long o7 = Long.reverseBytes(o5);
        // the corners: 3×3 in orientations 0-3, 2×5 in all 8, the edges with X-squares and the
        // straight lines in 0, 2, 4, 6 (a family's orientation lists are checked against these)
        short[] c3 = t[0];
        v += c3[cfgCorner3(me, opp)] + c3[cfgCorner3(m1, o1)] + c3[cfgCorner3(m2, o2)] + c3[cfgCorner3(m3, o3)];
        short[] c25 = t[1];
        v += c25[cfgCorner25(me, opp)] + c25[cfgCorner25(m1, o1)] + c25[cfgCorner25(m2, o2)] + c25[cfgCorner25(m3, o3)]
                + c25[cfgCorner25(tm, to)] + c25[cfgCorner25(m5, o5)] + c25[cfgCorner25(m6, o6)] + c25[cfgCorner25(m7, o7)];
        short[] e = t[2];
        v += e[cfgEdge(me, opp)] + e[cfgEdge(m2, o2)] + e[cfgEdge(tm, to)] + e[cfgEdge(m6, o6)];
        short[] h2 = t[3];
        short[] h3 = t[4];
        short[] h4 = t[5];
        v += h2[line(me, opp, 8)] + h2[line(m2, o2, 8)] + h2[line(tm, to, 8)] + h2[line(m6, o6, 8)];
        v += h3[line(me, opp, 16)] + h3[line(m2, o2, 16)] + h3[line(tm, to, 16)] + h3[line(m6, o6, 16)];
        v += h4[line(me, opp, 24)] + h4[line(m2, o2, 24)] + h4[line(tm, to, 24)] + h4[line(m6, o6, 24)];
        // diagonals: the long one in orientations 0 and 1, the others in 0, 1, 2, 3
        v += t[6][diag(me, opp, 0x8040201008040201L, 56)] + t[6][diag(m1, o1, 0x8040201008040201L, 56)];
        v += diag4(t[7], me, opp, m1, o1, m2, o2, m3, o3, 0x0080402010080402L, 57);
        v += diag4(t[8], me, opp, m1, o1, m2, o2, m3, o3, 0x0000804020100804L, 58);
        v += diag4(t[9], me, opp, m1, o1, m2, o2, m3, o3, 0x0000008040201008L, 59);
        v += diag4(t[10], me, opp, m1, o1, m2, o2, m3, o3, 0x0000000080402010L, 60);
        short[][] x = w.extras[ph];
        long empty = ~(me | opp);
        v += x[0][Math.min(Long.bitCount(myMoves), 31)]
                + x[1][Math.min(Long.bitCount(Bitboards.legalMoves(opp, me)), 31)]
                + x[2][Math.min(Long.bitCount(around(opp) & empty), 47)]
                + x[3][Math.min(Long.bitCount(around(me) & empty), 47)];
        return v;
    }

    private static int cfgCorner3(long m, long o) {
        return B3[(int) ((m & 7) | (m >>> 5 & 0x38) | (m >>> 10 & 0x1C0))]
                + 2 * B3[(int) ((o & 7) | (o >>> 5 & 0x38) | (o >>> 10 & 0x1C0))];
    }

    private static int cfgCorner25(long m, long o) {
        return B3[(int) ((m & 0x1F) | (m >>> 3 & 0x3E0))] + 2 * B3[(int) ((o & 0x1F) | (o >>> 3 & 0x3E0))];
    }

    private static int cfgEdge(long m, long o) {
        return B3[(int) ((m & 0xFF) | (m >>> 1 & 0x100) | (m >>> 5 & 0x200))]
                + 2 * B3[(int) ((o & 0xFF) | (o >>> 1 & 0x100) | (o >>> 5 & 0x200))];
    }

    private static int line(long m, long o, int shift) {
        return B3[(int) (m >>> shift & 0xFF)] + 2 * B3[(int) (o >>> shift & 0xFF)];
    }

    private static int diag(long m, long o, long mask, int shift) {
        return B3[(int) (((m & mask) * 0x0101010101010101L) >>> shift)]
                + 2 * B3[(int) (((o & mask) * 0x0101010101010101L) >>> shift)];
    }

    private static int diag4(short[] w, long m0, long o0, long m1, long o1, long m2, long o2, long m3, long o3,
                             long mask, int shift) {
        return w[diag(m0, o0, mask, shift)] + w[diag(m1, o1, mask, shift)] + w[diag(m2, o2, mask, shift)]
                + w[diag(m3, o3, mask, shift)];
    }

    /**
     * The CRC-32 of the weights file ({@code evaluation.bin.gz}) this code ships: what a value kept
     * from an earlier search (the store's value book) was searched with. A constant, not read from
     * the file (inflating a megabyte from the jar took a one-shot command 20–30 ms);
     * {@code EvaluationTest} checks that it is the file's, so a new fit cannot ship without it.
     */
    static final long WEIGHTS_CRC = 0x912de288L;

    /** The CRC-32 of the weights file on the class path, read whole (for the test that checks {@link #WEIGHTS_CRC}). */
    static long weightsFileChecksum() throws IOException {
        try (InputStream raw = Evaluation.class.getResourceAsStream(Weights.RESOURCE)) {
            java.util.zip.CRC32 crc = new java.util.zip.CRC32();
            crc.update(raw.readAllBytes());
            return crc.getValue();
        }
    }

    /** The weights file: its stages and, per stage, a bias and every family's table spread over all configurations. */
    static final class Weights {
        static final String RESOURCE = "evaluation.bin.gz";
        static final int MAGIC = 0x54484556; // "THEV"
        static final Weights INSTANCE = load();
        static final int[] PHASE_OF = INSTANCE.phaseOf;

        final int[] phaseOf;
        final int[] bias;
        final short[][][] tables;
        final short[][][] extras;

        Weights(int[] phaseOf, int[] bias, short[][][] tables, short[][][] extras) {
            this.phaseOf = phaseOf;
            this.bias = bias;
            this.tables = tables;
            this.extras = extras;
        }

        private static Weights load() {
            try (InputStream raw = Evaluation.class.getResourceAsStream(RESOURCE)) {
                if (raw == null) {
                    throw Faults.of(ErrorCode.STORE, RESOURCE + " is missing from the class path");
                }
                // read whole, then decoded from memory: a stream read a short at a time takes 0.3 s
                byte[] bytes = new GZIPInputStream(raw, 1 << 16).readAllBytes();
                return read(ByteBuffer.wrap(bytes));
            } catch (IOException | BufferUnderflowException e) {
                throw Faults.of(ErrorCode.IO, "reading " + RESOURCE + ": " + e.getMessage(), e);
            }
        }

        /**
         * Reads the format {@code EvalTrainer} writes (big-endian): magic, the 61 stages by
         * empties, the number of stages, then per stage the bias (int), each family's canonical
         * weights and each extra count's weights (shorts). From a buffer rather than a stream: the
         * 5 M weights at a call each took 120 ms of a command's start.
         */
        static Weights read(ByteBuffer in) throws IOException {
            if (in.getInt() != MAGIC) {
                throw new IOException("not an evaluation weights file");
            }
            int[] phaseOf = new int[61];
            for (int e = 0; e <= 60; e++) {
                phaseOf[e] = in.get() & 0xff;
            }
            int phases = in.get() & 0xff;
            int[] bias = new int[phases];
            short[][][] tables = new short[phases][FAMILIES.length][];
            short[][][] extras = new short[phases][EXTRAS.length][];
            for (int p = 0; p < phases; p++) {
                bias[p] = in.getInt();
                for (Family f : FAMILIES) {
                    int[] canon = CANONICAL[f.ordinal()];
                    short[] t = new short[f.states()];
                    for (int c = 0; c < t.length; c++) {
                        t[c] = canon[c] == c ? in.getShort() : t[canon[c]]; // a twin's canonical is smaller: read already
                    }
                    tables[p][f.ordinal()] = t;
                }
                for (Extra x : EXTRAS) {
                    short[] t = new short[x.values];
                    for (int i = 0; i < t.length; i++) {
                        t[i] = in.getShort();
                    }
                    extras[p][x.ordinal()] = t;
                }
            }
            return new Weights(phaseOf, bias, tables, extras);
        }
    }
}
