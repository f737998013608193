package org.thordb.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import org.thordb.ExportFormat;
import org.thordb.ExportOptions;
import org.thordb.Game;
import org.thordb.Query;
import org.thordb.QueryResult;
import org.thordb.ThorDb;
import picocli.CommandLine.Command;

/**
 * {@code thordb train-startup} (hidden): runs every common path once on a small generated base in
 * a temporary folder, so that {@code tools/thordb} can record the classes it loads in a class-data
 * sharing archive and start later runs faster.
 *
 * <p>Usage: {@code java -XX:ArchiveClassesAtExit=src/cli/target/thordb.jsa -jar src/cli/target/thordb.jar train-startup}
 */
@Command(name = "train-startup", hidden = true, description = "Exercise the common paths once (for the start-up archive).")
public final class TrainCommand implements Callable<Integer> {
    @Override
    public Integer call() throws IOException {
        // the command line's models, kept beside the jar (tools/thordb names the file), then used by
        // every step below so that the archive holds their path
        String models = System.getProperty("thordb.commands.write");
        if (models != null) {
            CommandModels.write(Path.of(models));
            System.setProperty(CommandModels.PROPERTY, models);
        }
        Path dir = Files.createTempDirectory("thordb-train");
        try {
            // every command's model, and a command line parsed: a run makes only its own command's
            ThordbCommand.commandLine().parseArgs("count", "--db", dir.toString(), "year", "=", "2000");
            Path base = dir.resolve("base");
            // 1,200 games: the start is reached by 1,000 or more, so that optimize makes the
            // explorer's books and an exploration reads them, as on a real base
            ThorDb.writeSampleBase(base, "TRAIN", 2000, 1, 1200, 1L);
            Path db = dir.resolve("db");
            // the one-shot commands as a user runs them, through Main.run with their store opened
            // ahead as main opens it: a class a run meets that the archive lacks is looked for
            // through every jar of the class path (a millisecond a jar opened)
            step(0, "import", "--db", db.toString(), "--no-progress", base.toString());
            // a club's game under the name of one of the base's players, its words the other way
            // round: one player in two spellings, joined as the FFO base's are
            String player;
            try (ThorDb e = ThorDb.builder(db).readOnly().open(); QueryResult r = e.query(Query.parse("year = 2000"))) {
                Game g = r.iterator().next();
                player = g.black();
                String[] words = player.split(" ");
                String reversed = words.length == 2 ? words[1] + " " + words[0] : player;
                StringBuilder pgn = new StringBuilder("[Event \"Club\"]\n[Date \"2001.05.12\"]\n[Black \"" + reversed
                        + "\"]\n[White \"" + g.white() + "\"]\n\n");
                String moves = g.moves();
                for (int i = 0; 2 * i < moves.length(); i++) {
                    pgn.append(i % 2 == 0 ? (i / 2 + 1) + ". " : "").append(moves, 2 * i, 2 * i + 2).append(' ');
                }
                Files.writeString(dir.resolve("club.pgn"), pgn.append("\n").toString());
            }
            step(0, "import", "--db", db.toString(), "--no-progress", "--base", "CLUB", dir.resolve("club.pgn").toString());
            step(0, "optimize", "--db", db.toString());
            for (List<String> args : List.of(List.of("count", "year = 2000"), List.of("query", "--limit", "20", "year = 2000"),
                    List.of("query", "--sort", "-score", "--limit", "3", "player ~ \"a\""), List.of("explore", "f5d6c3"), List.of("explore", "f5"),
                    List.of("explain", "position = f5d6c3"), List.of("stats", "--by", "year", "--where", "year = 2000"),
                    List.of("report", player), List.of("count", "bad query ("))) {
                Stores.openAhead(db);
                List<String> a = new ArrayList<>(args);
                a.addAll(1, List.of("--db", db.toString()));
                step(a.contains("bad query (") ? 2 : 0, a.toArray(String[]::new));
            }
            try (ThorDb e = ThorDb.open(db)) {
                for (String q : List.of("year = 2000 and result = draw", "player ~ \"a\" or not opening = f5d6",
                        "position = f5d6c3", "theoretical > score", "moves in 10..59")) {
                    try (QueryResult r = e.query(Query.parse(q))) {
                        r.stream().limit(3).forEach(g -> g.json());
                    }
                    e.explain(q);
                }
                e.exportGames(Query.parse("year = 2000"), dir.resolve("out"), ExportFormat.CSV, ExportOptions.defaults());
                // the explorer's path: the exploration, the estimates' search, the exact solver
                for (String line : List.of("f5d6c3", "f5d6c3d3c4f4f6f3e6e7d7c6")) {
                    e.explore("", line);
                    e.values(line);
                }
                try (QueryResult r = e.query(Query.parse("moves = 60"))) { // one game's end, solved
                    r.stream().findFirst().ifPresent(g -> e.values(g.moves().substring(0, 2 * 46)));
                }
            }
        } finally {
            try (var s = Files.walk(dir)) {
                for (Path p : (Iterable<Path>) s.sorted(Comparator.reverseOrder())::iterator) {
                    Files.deleteIfExists(p);
                }
            }
        }
        return 0;
    }

    /** Runs a command line as a user would, its output dropped; a status other than {@code expected} is this run's failure. */
    private static void step(int expected, String... args) {
        StringWriter err = new StringWriter();
        int status = Main.run(new PrintWriter(Writer.nullWriter()), new PrintWriter(err), args);
        if (status != expected) {
            throw new IllegalStateException("train-startup: 'thordb " + String.join(" ", args) + "' ended with " + status
                    + " (expected " + expected + "): " + err.toString().strip());
        }
    }
}
