package org.thordb.solve;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.thordb.bench.BenchData;
import org.thordb.othello.Replay;

/**
 * Fits {@link PatternEval}'s weights and writes {@code pattern-eval.bin.gz}: every position of every
 * finished game of the FFO base with 8 to 30 empties, from the side to move, against the game's
 * final disc difference (empties to the winner), by stochastic gradient descent on the squared
 * error, one fit per stage; a tenth of the games is held out and its error printed beside the
 * error of always guessing the mean. The values only order the solver's moves.
 *
 * <p>Usage: {@code java -cp … org.thordb.solve.EvalTrainer src/core/main/resources/org/thordb/solve/pattern-eval.bin.gz}
 */
public final class EvalTrainer {
    private EvalTrainer() {
    }

    private static final int FEATURES = 24;
    private static final int EPOCHS = 12;

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args.length > 0 ? args[0] : "src/core/main/resources/org/thordb/solve/pattern-eval.bin.gz");
        List<int[]> games = BenchData.games("ffo");
        int ph = PatternEval.PHASES;
        List<List<int[]>> featList = new java.util.ArrayList<>();
        List<List<Float>> labelList = new java.util.ArrayList<>();
        List<List<Boolean>> heldList = new java.util.ArrayList<>();
        for (int p = 0; p < ph; p++) {
            featList.add(new java.util.ArrayList<>());
            labelList.add(new java.util.ArrayList<>());
            heldList.add(new java.util.ArrayList<>());
        }
        int gi = 0;
        for (int[] g : games) {
            gi++;
            long[] st = Replay.startState();
            long[][] boards = new long[61][];
            int n = 0;
            boolean ok = true;
            for (int sq : g) {
                if (!Replay.step(st, sq)) {
                    ok = false;
                    break;
                }
                n++;
                if (st[2] != 2) {
                    boards[n] = new long[] {st[0], st[1], st[2]};
                }
            }
            if (!ok || st[2] != 2) {
                continue; // unfinished: no final score
            }
            int black = Long.bitCount(st[0]);
            int white = Long.bitCount(st[1]);
            int e = 64 - black - white;
            int diff = black > white ? black - white + e : black < white ? black - white - e : 0;
            for (int k = 1; k <= n; k++) {
                if (boards[k] == null) {
                    continue;
                }
                long me = boards[k][2] == 0 ? boards[k][0] : boards[k][1];
                long opp = boards[k][2] == 0 ? boards[k][1] : boards[k][0];
                int empties = 64 - Long.bitCount(me | opp);
                if (empties < 8 || empties > 30) {
                    continue;
                }
                int p = PatternEval.phase(empties);
                int[] f = new int[FEATURES];
                PatternEval.features(me, opp, f);
                featList.get(p).add(f);
                labelList.get(p).add((float) (boards[k][2] == 0 ? diff : -diff));
                heldList.get(p).add(gi % 10 == 0);
            }
        }
        int[][][] feats = new int[ph][][];
        float[][] labels = new float[ph][];
        boolean[][] held = new boolean[ph][];
        for (int p = 0; p < ph; p++) {
            int c = featList.get(p).size();
            feats[p] = featList.get(p).toArray(new int[0][]);
            labels[p] = new float[c];
            held[p] = new boolean[c];
            for (int i = 0; i < c; i++) {
                labels[p][i] = labelList.get(p).get(i);
                held[p][i] = heldList.get(p).get(i);
            }
        }
        try (OutputStream o = Files.newOutputStream(out);
             DataOutputStream d = new DataOutputStream(new java.io.BufferedOutputStream(new GZIPOutputStream(o)))) {
            for (int p = 0; p < ph; p++) {
                float[][] w = fit(feats[p], labels[p], held[p], p);
                for (float[] t : w) {
                    for (float v : t) {
                        d.writeShort((short) Math.max(Short.MIN_VALUE, Math.min(Short.MAX_VALUE,
                                Math.round(v * PatternEval.SCALE))));
                    }
                }
            }
        }
        System.out.println("wrote " + out + " (" + Files.size(out) + " bytes)");
    }

    /** One stage's weights: edge, second line, corner tables, the scalars (bias, mobility, odd), diagonal and block tables. */
    private static float[][] fit(int[][] f, float[] y, boolean[] held, int phase) {
        float[] edge = new float[PatternEval.LINE_STATES];
        float[] line2 = new float[PatternEval.LINE_STATES];
        float[] corner = new float[PatternEval.CORNER_STATES];
        float[] sc = new float[PatternEval.SCALARS];
        float[] diag = new float[PatternEval.LINE_STATES];
        float[] block = new float[PatternEval.BLOCK_STATES];
        int n = y.length;
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Random rnd = new Random(phase);
        double mean = 0;
        int train = 0;
        for (int i = 0; i < n; i++) {
            if (!held[i]) {
                mean += y[i];
                train++;
            }
        }
        mean /= Math.max(1, train);
        sc[0] = (float) mean;
        for (int epoch = 0; epoch < EPOCHS; epoch++) {
            float lr = 0.004f * (EPOCHS - epoch) / EPOCHS + 0.0005f;
            for (int i = n - 1; i > 0; i--) {
                int j = rnd.nextInt(i + 1);
                int t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
            for (int i : order) {
                if (held[i]) {
                    continue;
                }
                int[] x = f[i];
                float err = predict(x, edge, line2, corner, sc, diag, block) - y[i];
                float g = lr * err;
                for (int k = 0; k < 4; k++) {
                    edge[x[k]] -= g + lr * 1e-3f * edge[x[k]];
                    line2[x[4 + k]] -= g + lr * 1e-3f * line2[x[4 + k]];
                    corner[x[8 + k]] -= g + lr * 1e-3f * corner[x[8 + k]];
                }
                for (int k = 0; k < 2; k++) {
                    diag[x[14 + k]] -= g + lr * 1e-3f * diag[x[14 + k]];
                }
                for (int k = 0; k < 8; k++) {
                    block[x[16 + k]] -= g + lr * 1e-3f * block[x[16 + k]];
                }
                sc[0] -= g * 0.1f;
                sc[1] -= g * x[12] * 0.05f;
                sc[2] -= g * x[13] * 0.1f;
            }
        }
        double se = 0;
        double base = 0;
        int m = 0;
        for (int i = 0; i < n; i++) {
            if (held[i]) {
                double e = predict(f[i], edge, line2, corner, sc, diag, block) - y[i];
                se += e * e;
                base += (mean - y[i]) * (mean - y[i]);
                m++;
            }
        }
        System.out.printf(Locale.ROOT, "stage %d: %,d positions, held-out error %.2f discs (the mean alone %.2f)%n", phase, n,
                Math.sqrt(se / m), Math.sqrt(base / m));
        return new float[][] {edge, line2, corner, sc, diag, block};
    }

    private static float predict(int[] x, float[] edge, float[] line2, float[] corner, float[] sc, float[] diag,
            float[] block) {
        float v = sc[0] + sc[1] * x[12] + sc[2] * x[13] + diag[x[14]] + diag[x[15]];
        for (int k = 0; k < 8; k++) {
            v += block[x[16 + k]];
        }
        for (int k = 0; k < 4; k++) {
            v += edge[x[k]] + line2[x[4 + k]] + corner[x[8 + k]];
        }
        return v;
    }
}
