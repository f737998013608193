package org.thordb.solve;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.thordb.othello.Bitboards;
import org.thordb.othello.Position;
import org.thordb.othello.Side;

/**
 * The explorer's estimates against labels of their own positions, beyond the exact solver's
 * reach: for each row of an {@link EvalLabels} file (positions of games no fit saw, labelled by a
 * selective search to the end), the value the explorer gives the position (its best move's
 * estimate, {@link Estimator.Budget#explorer}) beside the label, and what the move it ranks first
 * loses against the label: the label less the selective search's value of the position that move
 * leads to (searched once per position and kept in a file beside the labels, so that runs with
 * other weights share them). Prints, by empties, the positions, the mean absolute error, the
 * first move's mean loss and the estimates' mean depth. The weights are those on the class path:
 * a directory before the core's with another {@code org/thordb/solve/evaluation.bin.gz} measures
 * those.
 *
 * <p>Usage: {@code java -cp … org.thordb.solve.EstimateCheck LABELS.bin [CHILDREN.bin]} (without
 * the children's file, no loss: a child costs a search as long as the label's)
 */
public final class EstimateCheck {
    private EstimateCheck() {
    }

    /** Up to this many empties a child is solved exactly, above by a selective search: as the labels were ({@code EvalLabels}' EXACT_EMPTIES, 14). */
    static final int EXACT_MAX = Integer.getInteger("exactMax", 14);

    /**
     * The selectivity of the children's searches above {@link #EXACT_MAX}, which must be the labels'
     * ({@code -Dselectivity}, by default 4: ProbCut at 3.3 deviations, within 0.17 discs of the exact
     * score at 24 empties, where 0 errs by 3.2; docs/performance.md).
     */
    static final int SELECTIVITY = Integer.getInteger("selectivity", 4);

    /** One count of empties: its positions, the mean absolute error, the first move's mean loss and the mean depth. */
    record Level(int empties, int positions, double error, double loss, double depth) {
    }

    public static void main(String[] args) throws IOException {
        List<Level> levels = measure(Path.of(args[0]), args.length > 1 ? Path.of(args[1]) : null);
        System.out.println("empties | positions | mean absolute error | first move's loss | mean depth");
        System.out.println("---|---|---|---|---");
        double[] all = new double[4];
        for (Level l : levels) {
            all[0] += l.positions();
            all[1] += l.error() * l.positions();
            all[2] += l.loss() * l.positions();
            all[3] += l.depth() * l.positions();
            System.out.println(String.format(Locale.ROOT, "%d | %d | %.2f | %.2f | %.1f", l.empties(), l.positions(),
                    l.error(), l.loss(), l.depth()));
        }
        System.out.println(String.format(Locale.ROOT, "all | %.0f | %.2f | %.2f | %.1f", all[0], all[1] / all[0],
                all[2] / all[0], all[3] / all[0]));
    }

    /**
     * Measures the estimates of every labelled position; children's labels are read from, and added
     * to, {@code children} (null: the first move's loss is not measured, NaN, and no child searched).
     */
    static List<Level> measure(Path labels, Path children) throws IOException {
        List<long[]> boards = new ArrayList<>();
        List<int[]> meta = new ArrayList<>(); // label, game, empties
        EvalTrainer.read(labels, boards, meta); // the rows as the trainer reads them
        Map<Position, Integer> known = new HashMap<>(); // a child's label, from its own mover's side
        if (children != null && Files.exists(children)) {
            try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(children)))) {
                while (true) {
                    try {
                        long me = in.readLong();
                        long opp = in.readLong();
                        known.put(Position.of(me, opp, Side.BLACK), (int) in.readByte());
                    } catch (EOFException end) {
                        break;
                    }
                }
            }
        }
        Solver.preload();
        Estimator.preload();
        TranspositionTable table = new TranspositionTable(20);
        ParallelSearch selective = new ParallelSearch(table, new SolveControl(0, 0), 1);
        Map<Integer, double[]> by = new TreeMap<>(); // n, abs, loss, depth
        try (DataOutputStream kept = children == null ? null : new DataOutputStream(Files.newOutputStream(children,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND))) {
            for (int i = 0; i < boards.size(); i++) {
                long[] r = boards.get(i);
                Position p = Position.of(r[0], r[1], Side.BLACK);
                int e = meta.get(i)[2];
                int label = meta.get(i)[0];
                Estimator.Estimates est = Estimator.searchAfresh(p, Estimator.Budget.explorer(e));
                // the move ranked first, as the explorer shows it (the estimates come best first)
                Map.Entry<Integer, Integer> top = est.scores().entrySet().iterator().next();
                int move = top.getKey();
                int value = top.getValue();
                long f = Bitboards.flipsOnEmpty(r[0], r[1], move);
                long nextMe = r[1] & ~f;
                long nextOpp = r[0] | f | 1L << move;
                int after;
                if (kept == null) {
                    after = Integer.MIN_VALUE; // not measured
                } else if (Bitboards.legalMoves(nextMe, nextOpp) != 0) {
                    after = -childLabel(nextMe, nextOpp, known, selective, kept);
                } else if (Bitboards.legalMoves(nextOpp, nextMe) != 0) {
                    after = childLabel(nextOpp, nextMe, known, selective, kept);
                } else {
                    after = -EndgameSearch.finalScore(nextMe, nextOpp);
                }
                double[] s = by.computeIfAbsent(e, k -> new double[4]);
                s[0]++;
                s[1] += Math.abs(value - label);
                s[2] += after == Integer.MIN_VALUE ? Double.NaN : Math.max(0, label - after);
                s[3] += est.depth();
            }
        }
        List<Level> levels = new ArrayList<>();
        for (Map.Entry<Integer, double[]> b : by.entrySet()) {
            double[] s = b.getValue();
            levels.add(new Level(b.getKey(), (int) s[0], s[1] / s[0], s[2] / s[0], s[3] / s[0]));
        }
        return levels;
    }

    /** A child's selective label from its mover's side, searched once and kept. */
    private static int childLabel(long me, long opp, Map<Position, Integer> known, ParallelSearch selective,
                                  DataOutputStream kept) throws IOException {
        Position key = Position.of(me, opp, Side.BLACK);
        Integer v = known.get(key);
        if (v == null) {
            // as EvalLabels labels: exactly up to its exact empties, selectively above
            v = 64 - Long.bitCount(me | opp) <= EXACT_MAX ? selective.root(me, opp, -64, 64, new int[1])
                    : selective.selective(me, opp, SELECTIVITY, new int[1]);
            known.put(key, v);
            kept.writeLong(me);
            kept.writeLong(opp);
            kept.writeByte(v);
            kept.flush();
        }
        return v;
    }
}
