package org.thordb.cli;

import org.thordb.engine.Engine;
import org.thordb.engine.MatchedGames;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.Callable;
import org.thordb.export.Exporter;
import org.thordb.ingest.Importer;
import org.thordb.sample.SampleBase;
import picocli.CommandLine.Command;
import java.util.Comparator;
import org.thordb.engine.StoredGame;
import org.thordb.othello.Position;
import org.thordb.usecase.Explore;

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
        Path dir = Files.createTempDirectory("thordb-train");
        // every command's model, and a command line parsed: a run makes only its own command's
        ThordbCommand.commandLine().parseArgs("count", "--db", dir.toString(), "year", "=", "2000");
        try {
            Path base = dir.resolve("base");
            SampleBase.write(base, "TRAIN", 2000, 1, 300, 1L);
            try (Engine db = Engine.open(dir.resolve("db"))) {
                db.importFiles(List.of(base), Importer.Options.defaults(), m -> { });
                for (String q : List.of("year = 2000 and result = draw", "player ~ \"a\" or not opening = f5d6",
                        "position = f5d6c3", "theoretical > score", "moves in 10..59")) {
                    try (MatchedGames r = db.query(q)) {
                        r.stream().limit(3).forEach(g -> g.moves());
                    }
                    db.explain(q);
                }
                new Exporter(db, dir.resolve("out"), Exporter.Format.CSV, false, LocalDate.now()).export("year = 2000");
                // the explorer's path: the exploration, the estimates' search, the exact solver
                for (String line : List.of("f5d6c3", "f5d6c3d3c4f4f6f3e6e7d7c6")) {
                    Position p = Position.afterLine(line);
                    Explore.of(db, p, "", Explore.Settings.DEFAULT);
                }
                for (StoredGame g : db.games(db.select("moves = 60"))) { // one game's end, solved
                    Explore.of(db, Position.afterLine(g.moves().substring(0, 2 * 46)),
                            "", Explore.Settings.DEFAULT);
                    break;
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
}
