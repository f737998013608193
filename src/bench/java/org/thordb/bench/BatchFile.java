package org.thordb.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.thordb.othello.Notation;

/**
 * Writes a batch file of position queries for {@code tools/bench batch}: {@code position = LINE}
 * for the first moves of random games of the FFO base, at random lengths.
 */
public final class BatchFile {
    private BatchFile() {
    }

    /** {@code BatchFile OUT N}. */
    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[0]);
        int n = Integer.parseInt(args[1]);
        List<int[]> games = BenchData.games("ffo");
        Random rnd = new Random(7);
        List<String> lines = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int[] g = games.get(rnd.nextInt(games.size()));
            int len = 1 + rnd.nextInt(g.length);
            lines.add("position = " + Notation.line(java.util.Arrays.copyOf(g, len)));
        }
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.write(out, lines);
        // make sure the store exists before the timed runs
        BenchData.store("ffo");
    }
}
