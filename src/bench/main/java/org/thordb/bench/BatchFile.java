package org.thordb.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.thordb.othello.Notation;

/**
 * Writes the batch file of position queries for {@code tools/bench whole}: {@code position = LINE}
 * for each of {@link BenchData#batchLines}, the batch {@link BatchBench} answers in process; and
 * makes sure the base's store exists before the timed runs.
 */
public final class BatchFile {
    private BatchFile() {
    }

    /** {@code BatchFile BASE OUT}. */
    public static void main(String[] args) throws IOException {
        String base = args[0];
        Path out = Path.of(args[1]);
        List<String> lines = new ArrayList<>();
        for (int[] line : BenchData.batchLines(base, BatchBench.QUERIES)) {
            lines.add("position = " + Notation.line(line));
        }
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.write(out, lines);
        BenchData.store(base);
        System.out.println(BenchData.files(base) + "\t" + BenchData.store(base));
    }
}
