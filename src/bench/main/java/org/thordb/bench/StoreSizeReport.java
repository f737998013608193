package org.thordb.bench;

import org.thordb.engine.Engine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Store size against the raw WTHOR bytes, per key space, for each base: not a timing, so a plain
 * program rather than a JMH benchmark. Run by {@code tools/bench size}.
 */
public final class StoreSizeReport {
    private StoreSizeReport() {
    }

    /** Prints one block per base named in the arguments (default: ffo). */
    public static void main(String[] args) throws IOException {
        String[] bases = args.length == 0 ? new String[] {"ffo"} : args;
        for (String base : bases) {
            Path files = BenchData.files(base);
            long raw = 0;
            try (Stream<Path> s = Files.list(files)) {
                for (Path p : (Iterable<Path>) s::iterator) {
                    String n = p.getFileName().toString().toLowerCase();
                    if (n.endsWith(".wtb") || n.endsWith(".jou") || n.endsWith(".trn")) {
                        raw += Files.size(p);
                    }
                }
            }
            try (Engine db = Engine.openReadOnly(BenchData.store(base))) {
                Map<String, Long> sizes = db.sizes();
                long total = sizes.get("total");
                System.out.printf("%s: %d games, raw WTHOR %,d bytes, store %,d bytes = %.2f x raw%n", base,
                        db.catalog().games(), raw, total, total / (double) raw);
                sizes.forEach((k, v) -> {
                    if (!k.equals("total")) {
                        System.out.printf("  %-13s %,13d bytes  %5.1f%%%n", k, v, 100.0 * v / total);
                    }
                });
            }
        }
    }
}
