package org.thordb.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.thordb.Solution;
import org.thordb.Solution.ObfPosition;
import org.thordb.Solution.SolveSettings;
import org.thordb.ThorDb;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code thordb solve (LINE | --moves LINE | --board "<64 squares> X" | --obf FILE) [--all-moves]
 * [--format table|jsonl]}: each position's exact score under perfect play (the final disc difference
 * for the side to move, empties to the winner), a best move, the nodes, time and speed; with
 * {@code --all-moves} every legal move's score. An {@code .obf} line carries the expected scores:
 * each answer says whether it agrees, and the command exits 1 when one does not.
 *
 * <p>Usage: {@code thordb solve --obf ../shared/data/ffo/fforum-1-19.obf}
 */
@Command(name = "solve", description = "Solve positions exactly: the score under perfect play and a best move.",
        footerHeading = "%nExamples:%n", footer = {"  thordb solve --obf ../shared/data/ffo/fforum-1-19.obf",
            "  thordb solve --all-moves --board '--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X'",
            "  thordb solve --format jsonl f5d6c3d3c4f4f6f3e6e7d7g6f7c5c6c7c8b6b5e3h6e8d8b8b4a5d2f8a4a3b3a2a7d1e2e1f1g1f2g3"})
public final class SolveCommand implements Callable<Integer> {

    static final class Source {
        @Option(names = "--moves", paramLabel = "LINE", description = "The position after these moves (f5d6c3…).")
        String moves;

        @Option(names = "--board", paramLabel = "BOARD", description = "64 squares a1…h8 (X O -) and the side to move.")
        String board;

        @Option(names = "--obf", paramLabel = "FILE", description = "Positions with their expected scores, one a line (Edax's .obf).")
        Path obf;
    }

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Source source;

    @Parameters(arity = "0..*", paramLabel = "LINE", description = "The position after these moves, as plain words.")
    List<String> line = new ArrayList<>();

    @Option(names = "--all-moves", description = "The exact score of every legal move.")
    boolean allMoves;

    @Option(names = "--format", defaultValue = "table", description = "table or jsonl (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(names = "--threads", paramLabel = "N", description = "Threads searching (default: every core).")
    Integer threads;

    @Option(names = "--max-seconds", paramLabel = "S", description = "Give up a position after this long: not solved.")
    Double maxSeconds;

    @Spec
    CommandSpec spec;

    /** One position to solve (a line or a board), with what the file expects of it (null: nothing). */
    private record Task(String label, String position, ObfPosition expected) {
    }

    private List<Task> tasks() {
        List<Task> out = new ArrayList<>();
        if (!line.isEmpty() && source != null) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "give the position once: a line, --moves, --board or --obf");
        }
        if (source != null && source.obf != null) {
            for (ObfPosition o : ThorDb.readObf(source.obf)) {
                out.add(new Task(source.obf.getFileName() + ":" + o.line(), o.board(), o));
            }
            return out;
        }
        String p = !line.isEmpty() ? String.join("", line)
                : source == null ? "" : source.board != null ? source.board : source.moves;
        out.add(new Task("position", p, null));
        return out;
    }

    @Override
    public Integer call() throws IOException {
        if (!format.equals("table") && !format.equals("jsonl")) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "unknown format '" + SafeText.of(format) + "': table or jsonl");
        }
        if (maxSeconds != null && !(maxSeconds > 0)) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--max-seconds takes a time above 0, not " + maxSeconds);
        }
        if (threads != null && threads < 1) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--threads takes 1 or more, not " + threads);
        }
        List<Task> tasks = tasks();
        PrintWriter out = spec.commandLine().getOut();
        SolveSettings settings = new SolveSettings(threads == null ? 0 : threads,
                maxSeconds == null ? 0 : Math.max(1, (long) (maxSeconds * 1000)), allMoves);
        if (format.equals("table")) {
            out.printf("%-22s %6s %5s %6s %14s %9s %7s  %s%n", "position", "score", "best", "black", "nodes", "ms", "Mn/s",
                    tasks.get(0).expected() != null ? "expected" : "");
        }
        int disagree = 0;
        int unsolved = 0;
        long nodes = 0;
        long nanos = 0;
        for (Task t : tasks) {
            Solution r = ThorDb.solve(t.position(), settings);
            nodes += r.nodes();
            nanos += r.nanos();
            Boolean agrees = null;
            if (t.expected() != null && r.solved()) {
                agrees = agrees(t.expected(), r);
                disagree += agrees ? 0 : 1;
            }
            unsolved += r.solved() ? 0 : 1;
            if (format.equals("jsonl")) {
                out.println(json(t, r, agrees));
            } else {
                out.println(row(t, r, agrees));
            }
            out.flush();
        }
        if (format.equals("table") && tasks.size() > 1) {
            out.printf("%d positions, %d solved%s, %,d nodes in %.2f s (%.1f M nodes/s)%n", tasks.size(),
                    tasks.size() - unsolved, tasks.get(0).expected() == null ? ""
                            : ", " + (tasks.size() - unsolved - disagree) + " agree, " + disagree + " differ",
                    nodes, nanos / 1e9, nanos == 0 ? 0 : nodes * 1e3 / nanos);
        }
        return disagree > 0 || unsolved > 0 ? 1 : 0;
    }

    /** Whether the solve agrees with the file: the score, the best move's listed score, and with --all-moves each move's. */
    private boolean agrees(ObfPosition want, Solution r) {
        if (want.score().isEmpty()) {
            return r.best() == null;
        }
        int score = want.score().getAsInt();
        if (score != r.score() || !Integer.valueOf(score).equals(want.moveScores().get(r.best()))) {
            return false;
        }
        if (allMoves) {
            for (Map.Entry<String, Integer> e : want.moveScores().entrySet()) {
                if (!e.getValue().equals(r.moveScores().get(e.getKey()))) {
                    return false;
                }
            }
        }
        return true;
    }

    private static String signed(int v) {
        return v > 0 ? "+" + v : Integer.toString(v);
    }

    private String row(Task t, Solution r, Boolean agrees) {
        if (!r.solved()) {
            return String.format("%-22s %6s %5s %6s %,14d %9.0f %7.1f  not solved (limit reached)", t.label(), "", "", "",
                    r.nodes(), r.nanos() / 1e6, r.nodesPerSecond() / 1e6);
        }
        StringBuilder s = new StringBuilder(String.format("%-22s %6s %5s %6d %,14d %9.0f %7.1f", t.label(), signed(r.score()),
                r.best() == null ? "-" : r.best(), r.blackDiscs(), r.nodes(), r.nanos() / 1e6,
                r.nodesPerSecond() / 1e6));
        if (agrees != null) {
            s.append("  ").append(signed(t.expected().score().orElse(0)))
                    .append(agrees ? " agrees" : " DIFFERS");
        }
        if (allMoves) {
            StringBuilder moves = new StringBuilder();
            r.moveScores().forEach((sq, v) -> moves.append(moves.length() == 0 ? "" : " ").append(sq)
                    .append(':').append(signed(v)));
            s.append("\n    ").append(moves);
        }
        return s.toString();
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private static ObjectNode json(Task t, Solution r, Boolean agrees) {
        ObjectNode n = JSON.createObjectNode();
        n.put("position", r.board()).put("label", t.label()).put("solved", r.solved());
        if (r.solved()) {
            n.put("score", r.score()).put("best", r.best()).put("black", r.blackDiscs());
        }
        n.put("nodes", r.nodes()).put("ms", r.nanos() / 1e6).put("nodesPerSecond", Math.round(r.nodesPerSecond()));
        if (!r.moveScores().isEmpty()) {
            ObjectNode m = n.putObject("moves");
            r.moveScores().forEach(m::put);
        }
        if (agrees != null) {
            n.put("expected", t.expected().score().isPresent() ? (Integer) t.expected().score().getAsInt() : null)
                    .put("agrees", agrees);
        }
        return n;
    }
}
