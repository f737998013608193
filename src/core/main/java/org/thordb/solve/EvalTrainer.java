package org.thordb.solve;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPOutputStream;

/**
 * Fits {@link Evaluation}'s weights to the positions {@link EvalLabels} labelled, and writes
 * {@code evaluation.bin.gz}. One fit per stage of the game (a range of empties), by gradient
 * descent on the squared error where each weight's step is its summed error over how often it is
 * seen (plus a damping that keeps rare configurations near zero), a few hundred passes. A tenth of
 * the games (by number) is held out, and each stage's error on them is printed beside the error of
 * always guessing the stage's mean (and, with {@code -Dresidual=true}, beside the error of the
 * weights on the class path, which are then corrected rather than replaced: see {@link #RESIDUAL}).
 *
 * <p>Usage: {@code java -cp … org.thordb.solve.EvalTrainer OUT.bin.gz PHASE_WIDTH EPOCHS LABELS.bin…}
 */
public final class EvalTrainer {
    private EvalTrainer() {
    }

    /** Where each family's canonical weights start in one stage's vector. */
    static final int[] OFFSET = new int[Evaluation.FAMILIES.length + Evaluation.EXTRAS.length + 1];

    static {
        for (Evaluation.Family f : Evaluation.FAMILIES) {
            OFFSET[f.ordinal() + 1] = OFFSET[f.ordinal()] + f.states();
        }
        int n = Evaluation.FAMILIES.length;
        for (Evaluation.Extra x : Evaluation.EXTRAS) {
            OFFSET[n + x.ordinal() + 1] = OFFSET[n + x.ordinal()] + x.values;
        }
    }

    static final int WEIGHTS = OFFSET[OFFSET.length - 1];

    /** The features of a position: its pattern instances and its extra counts. */
    static final int FEATURES = Evaluation.INSTANCE_COUNT + Evaluation.EXTRAS.length;

    static final boolean USE_EXTRAS = Boolean.parseBoolean(System.getProperty("extras", "true"));

    /**
     * With {@code -Dresidual=true}: the weights on the class path are kept and only corrected,
     * each stage fitted to what they miss ({@code label - eval}) with the ridge pulling the
     * correction to zero, so that new labels of a few stages refine the weights fitted on many
     * more positions rather than replace them. Stages without labels keep their weights.
     */
    static final boolean RESIDUAL = Boolean.getBoolean("residual");

    /**
     * With {@code -Dstages=FROM-TO}: only those stages are fitted; the others keep the weights on
     * the class path (the stages must then be theirs), so that labels of a few stages refit them
     * alone.
     */
    static final boolean SOME_STAGES = System.getProperty("stages") != null;
    static final int STAGES_FROM = stageBound(0);
    static final int STAGES_TO = stageBound(1);

    private static int stageBound(int which) {
        return !SOME_STAGES ? (which == 0 ? 0 : Integer.MAX_VALUE)
                : Integer.parseInt(System.getProperty("stages").split("-")[which]);
    }

    /** One stage's current weights as the fit lays them out (canonical configurations, then extras), in 1/SCALE discs. */
    static short[] current(int phase) {
        Evaluation.Weights w = Evaluation.Weights.INSTANCE;
        short[] out = new short[WEIGHTS];
        for (Evaluation.Family f : Evaluation.FAMILIES) {
            short[] t = w.tables[phase][f.ordinal()];
            System.arraycopy(t, 0, out, OFFSET[f.ordinal()], t.length);
        }
        int n = Evaluation.FAMILIES.length;
        for (Evaluation.Extra x : Evaluation.EXTRAS) {
            short[] t = w.extras[phase][x.ordinal()];
            System.arraycopy(t, 0, out, OFFSET[n + x.ordinal()], t.length);
        }
        return out;
    }

    /** Positions of one stage: boards, labels, whether held out. */
    static final class Set {
        final List<long[]> boards = new ArrayList<>();
        final List<int[]> meta = new ArrayList<>(); // label, game, empties
    }

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[0]);
        int width = Integer.parseInt(args[1]);
        int epochs = Integer.parseInt(args[2]);
        double damping = Double.parseDouble(System.getProperty("damping", "8"));
        int window = Integer.getInteger("window", 1);
        int[] phaseOf = new int[61];
        for (int e = 0; e <= 60; e++) {
            phaseOf[e] = e / width;
        }
        int phases = phaseOf[60] + 1;
        if ((RESIDUAL || SOME_STAGES)
                && !java.util.Arrays.equals(phaseOf, Evaluation.Weights.INSTANCE.phaseOf)) {
            throw new IllegalArgumentException("-Dresidual and -Dstages need the stages of the weights on the class path (a width of "
                    + (Evaluation.Weights.INSTANCE.phaseOf[2] == 1 ? 2 : "another") + ")");
        }
        List<long[]> boards = new ArrayList<>();
        List<int[]> meta = new ArrayList<>();
        for (int i = 3; i < args.length; i++) {
            read(Path.of(args[i]), boards, meta);
        }
        System.err.println(boards.size() + " positions");
        int[][] biasOut = new int[phases][1];
        short[][] weightsOut = new short[phases][];
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(
                Integer.getInteger("threads", 2));
        List<java.util.concurrent.Future<String>> reports = new ArrayList<>();
        for (int p = 0; p < phases; p++) {
            int phase = p;
            reports.add(pool.submit(() -> {
                int lo = Integer.MAX_VALUE;
                int hi = -1;
                for (int e = 0; e <= 60; e++) {
                    if (phaseOf[e] == phase) {
                        lo = Math.min(lo, e);
                        hi = Math.max(hi, e);
                    }
                }
                if (phase < STAGES_FROM || phase > STAGES_TO) { // not refitted: the weights on the class path
                    weightsOut[phase] = current(phase);
                    biasOut[phase][0] = Evaluation.Weights.INSTANCE.bias[phase];
                    return String.format(Locale.ROOT, "empties %2d-%2d: kept", lo, hi);
                }
                return fit(boards, meta, lo - window, hi + window, lo, hi, epochs, damping, biasOut[phase],
                        weightsOut[phase] = new short[WEIGHTS]);
            }));
        }
        for (var f : reports) {
            try {
                System.err.println(f.get());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
        pool.shutdown();
        try (OutputStream raw = Files.newOutputStream(out);
             DataOutputStream o = new DataOutputStream(new java.io.BufferedOutputStream(new GZIPOutputStream(raw)))) {
            o.writeInt(Evaluation.Weights.MAGIC);
            for (int e = 0; e <= 60; e++) {
                o.writeByte(phaseOf[e]);
            }
            o.writeByte(phases);
            for (int p = 0; p < phases; p++) {
                o.writeInt(biasOut[p][0]);
                for (Evaluation.Family f : Evaluation.FAMILIES) {
                    int[] canon = Evaluation.CANONICAL[f.ordinal()];
                    for (int c = 0; c < f.states(); c++) {
                        if (canon[c] == c) {
                            o.writeShort(weightsOut[p][OFFSET[f.ordinal()] + c]);
                        }
                    }
                }
                for (Evaluation.Extra x : Evaluation.EXTRAS) {
                    for (int i = 0; i < x.values; i++) {
                        o.writeShort(weightsOut[p][OFFSET[Evaluation.FAMILIES.length + x.ordinal()] + i]);
                    }
                }
            }
        }
        System.err.println("wrote " + out + " (" + Files.size(out) + " bytes)");
    }

    static void read(Path file, List<long[]> boards, List<int[]> meta) throws IOException {
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 20))) {
            while (true) {
                int game;
                try {
                    game = in.readInt();
                } catch (EOFException e) {
                    return;
                }
                long me = in.readLong();
                long opp = in.readLong();
                int empties = in.readUnsignedByte();
                int label = in.readByte();
                in.readByte();
                boards.add(new long[] {me, opp});
                meta.add(new int[] {label, game, empties});
            }
        }
    }

    /** {@code out = A v}: each position's sum of its weights' values and the bias's. */
    static void times(int[] feat, int nf, int n, double[] v, double[] out) {
        double b = v[WEIGHTS];
        for (int i = 0; i < n; i++) {
            double s = b;
            int o = i * nf;
            for (int k = 0; k < nf; k++) {
                s += v[feat[o + k]];
            }
            out[i] = s;
        }
    }

    /** {@code out = A^T r}: each weight's sum of the residuals of the positions it appears in. */
    static void transposeTimes(int[] feat, int nf, int n, double[] r, double[] out) {
        java.util.Arrays.fill(out, 0);
        double b = 0;
        for (int i = 0; i < n; i++) {
            double ri = r[i];
            b += ri;
            int o = i * nf;
            for (int k = 0; k < nf; k++) {
                out[feat[o + k]] += ri;
            }
        }
        out[WEIGHTS] = b;
    }

    static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    /** Whether a game is held out of the fit. */
    static boolean heldOut(int game) {
        return game % 10 == 0;
    }

    /** The features of a position: each instance's weight index (canonical configuration, offset by family). */
    static void features(long me, long opp, int[] configs, int[] out) {
        Evaluation.configs(me, opp, configs);
        int n = 0;
        for (Evaluation.Family f : Evaluation.FAMILIES) {
            int[] canon = Evaluation.CANONICAL[f.ordinal()];
            for (int k = 0; k < Evaluation.ORIENTATIONS[f.ordinal()].length; k++) {
                out[n] = OFFSET[f.ordinal()] + canon[configs[n]];
                n++;
            }
        }
        if (USE_EXTRAS) {
            Evaluation.extras(me, opp, out, n);
            for (Evaluation.Extra x : Evaluation.EXTRAS) {
                out[n + x.ordinal()] += OFFSET[Evaluation.FAMILIES.length + x.ordinal()];
            }
        } else {
            for (Evaluation.Extra x : Evaluation.EXTRAS) {
                out[n + x.ordinal()] = OFFSET[Evaluation.FAMILIES.length + x.ordinal()]; // always value 0: folds into the bias
            }
        }
    }

    /** Fits one stage on positions with {@code from..to} empties; reports the error on held-out positions with {@code lo..hi}. */
    static String fit(List<long[]> boards, List<int[]> meta, int from, int to, int lo, int hi, int epochs, double damping,
                      int[] biasOut, short[] weightsOut) {
        int nf = FEATURES;
        int[] configs = new int[nf];
        List<Integer> train = new ArrayList<>();
        List<Integer> test = new ArrayList<>();
        for (int i = 0; i < boards.size(); i++) {
            int[] m = meta.get(i);
            if (heldOut(m[1])) {
                if (m[2] >= lo && m[2] <= hi) {
                    test.add(i);
                }
            } else if (m[2] >= from && m[2] <= to) {
                train.add(i);
            }
        }
        int n = train.size();
        int[] feat = new int[n * nf];
        float[] y = new float[n];
        double mean = 0;
        for (int i = 0; i < n; i++) {
            long[] b = boards.get(train.get(i));
            int[] f = new int[nf];
            features(b[0], b[1], configs, f);
            System.arraycopy(f, 0, feat, i * nf, nf);
            y[i] = meta.get(train.get(i))[0] - (RESIDUAL ? Evaluation.eval(b[0], b[1]) / (float) Evaluation.SCALE : 0);
            mean += meta.get(train.get(i))[0];
        }
        mean = n == 0 ? 0 : mean / n;
        // conjugate gradients on the least squares with a ridge (CGLS): minimise |A w - y|^2 + lambda |w|^2,
        // A a row a position with a 1 for each instance's weight and one for the bias (weight WEIGHTS)
        int m = WEIGHTS + 1;
        double lambda = damping;
        double[] x = new double[m];
        double[] r = new double[n];
        for (int i = 0; i < n; i++) {
            r[i] = y[i];
        }
        double[] sv = new double[m];
        transposeTimes(feat, nf, n, r, sv);
        double[] p = sv.clone();
        double gamma = dot(sv, sv);
        double[] q = new double[n];
        for (int it = 0; it < epochs && gamma > 1e-9; it++) {
            times(feat, nf, n, p, q);
            double delta = dot(q, q) + lambda * dot(p, p);
            double alpha = gamma / delta;
            for (int j = 0; j < m; j++) {
                x[j] += alpha * p[j];
            }
            for (int i = 0; i < n; i++) {
                r[i] -= alpha * q[i];
            }
            transposeTimes(feat, nf, n, r, sv);
            for (int j = 0; j < m; j++) {
                sv[j] -= lambda * x[j];
            }
            double g = dot(sv, sv);
            double beta = g / gamma;
            gamma = g;
            for (int j = 0; j < m; j++) {
                p[j] = sv[j] + beta * p[j];
            }
        }
        double trainAbs = 0;
        for (int i = 0; i < n; i++) {
            trainAbs += Math.abs(r[i]);
        }
        trainAbs /= Math.max(1, n);
        double bias = x[WEIGHTS];
        float[] w = new float[WEIGHTS];
        for (int j = 0; j < WEIGHTS; j++) {
            w[j] = (float) x[j];
        }
        int phase = Evaluation.phase(lo);
        short[] before = RESIDUAL ? current(phase) : new short[WEIGHTS];
        biasOut[0] = (int) Math.round(bias * Evaluation.SCALE) + (RESIDUAL ? Evaluation.Weights.INSTANCE.bias[phase] : 0);
        for (int j = 0; j < WEIGHTS; j++) {
            weightsOut[j] = (short) Math.max(Short.MIN_VALUE, Math.min(Short.MAX_VALUE, Math.round(w[j] * Evaluation.SCALE) + before[j]));
        }
        double oldAbs = 0;
        // held-out error, with the weights as stored (rounded)
        double abs = 0;
        double sq = 0;
        double absMean = 0;
        int[] f = new int[nf];
        for (int i : test) {
            long[] b = boards.get(i);
            features(b[0], b[1], configs, f);
            double s = biasOut[0];
            for (int k = 0; k < nf; k++) {
                s += weightsOut[f[k]];
            }
            s /= Evaluation.SCALE;
            double yv = meta.get(i)[0];
            oldAbs += Math.abs(Evaluation.eval(b[0], b[1]) / (double) Evaluation.SCALE - yv);
            abs += Math.abs(s - yv);
            sq += (s - yv) * (s - yv);
            absMean += Math.abs(mean - yv);
        }
        int t = Math.max(1, test.size());
        return String.format(Locale.ROOT, "empties %2d-%2d: %8d train (error %.2f), %7d held out: mean abs error %.2f (rms %.2f), guessing the mean %.2f, the weights on the class path %.2f",
                lo, hi, n, trainAbs, test.size(), abs / t, Math.sqrt(sq / t), absMean / t, oldAbs / t);
    }
}
