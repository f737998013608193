package org.thordb.bench;

import org.thordb.engine.Engine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.thordb.ingest.Importer;
import org.thordb.othello.Replay;

/**
 * Import of a text source (eOthello's CSV, Logistello's book, the PGN of 1990) into a store
 * opened before the measurement, in process: read, convert, replay, index and commit every game
 * of the file ({@code importFile}), and the same with the store's close, which waits for the
 * flush of the memtables to table files ({@code importFileAndClose}). Games per second is the file's games (2,000; 2,986 for the PGN)
 * divided by the time. {@code scan} is the baseline in the same run: one plain pass that reads the
 * file's lines, parses each game's moves and replays it to its end, the least any use of the
 * file costs.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 40)
@Measurement(iterations = 30)
@Fork(value = 1, jvmArgs = {"-Xmx2g"})
public class TextImportBench {
    @Param({"eothello", "logistello", "pgn"})
    public String source;

    private Path file;
    private Path dir;
    private Engine db;

    @Setup(Level.Trial)
    public void file() {
        Path data = Path.of(System.getenv().getOrDefault("THORDB_SHARED_DATA", "../shared/data"));
        file = switch (source) {
            case "eothello" -> data.resolve("text/eothello-first2000.csv");
            case "logistello" -> data.resolve("text/logbook-first2000.gam");
            default -> data.resolve("pgn/WTH_1990.pgn");
        };
        if (!Files.exists(file)) {
            throw new IllegalStateException(file + " not found (../shared/data)");
        }
    }

    @Setup(Level.Invocation)
    public void freshStore() throws IOException {
        Files.createDirectories(BenchData.work());
        dir = Files.createTempDirectory(BenchData.work(), "text-import-");
        db = Engine.open(dir);
    }

    @TearDown(Level.Invocation)
    public void dropStore() throws IOException {
        db.close();
        try (var s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s.sorted(java.util.Comparator.reverseOrder())::iterator) {
                Files.delete(p);
            }
        }
    }

    /** The baseline: read the lines, parse each game's squares, replay it. */
    @Benchmark
    public long scan() throws IOException {
        long positions = 0;
        StringBuilder pgn = new StringBuilder();
        for (String line : Files.readAllLines(file, java.nio.charset.StandardCharsets.ISO_8859_1)) {
            String moves;
            switch (source) {
                case "eothello" -> {
                    int c = line.lastIndexOf(',');
                    if (c < 0 || line.startsWith("eOthello")) {
                        continue;
                    }
                    moves = line.substring(c + 1);
                }
                case "logistello" -> moves = line.substring(0, Math.max(0, line.indexOf(':')));
                default -> {
                    if (line.startsWith("[")) {
                        if (pgn.length() > 0) {
                            positions += replay(pgn);
                            pgn.setLength(0);
                        }
                        continue;
                    }
                    pgn.append(line).append(' ');
                    continue;
                }
            }
            positions += replay(moves);
        }
        if (pgn.length() > 0) {
            positions += replay(pgn);
        }
        return positions;
    }

    private static long replay(CharSequence moves) {
        long[] state = Replay.startState();
        int n = 0;
        for (int i = 0; i + 1 < moves.length(); i++) {
            char c = Character.toLowerCase(moves.charAt(i));
            char r = moves.charAt(i + 1);
            if (c >= 'a' && c <= 'h' && r >= '1' && r <= '8') {
                if (Replay.step(state, (r - '1') * 8 + (c - 'a'))) {
                    n++;
                }
                i++;
            }
        }
        return n + 1;
    }

    /**
     * The import call alone: when it returns, every game is committed (a synced log write) and
     * queryable; the memtables' flush to table files it starts goes on in the background.
     */
    @Benchmark
    public long importFile() {
        return db.importFiles(List.of(file), Importer.Options.defaults(), m -> { }).games();
    }

    /** The import and the close of the store, which waits for that flush: everything on disk in tables. */
    @Benchmark
    public long importFileAndClose() {
        long n = db.importFiles(List.of(file), Importer.Options.defaults(), m -> { }).games();
        db.close();
        return n;
    }
}
