package org.thordb.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Where a command's start goes, step by step: with {@code -Dthordb.startup=true} (through
 * {@code THORDB_JAVA_OPTS}) each step prints its time since {@code main} began, and its thread, on
 * standard error. Off by default, and then it costs one field read a step.
 *
 * <p>Usage: {@code StartupTrace.mark("store open");}
 */
final class StartupTrace {
    private static final boolean ON = Boolean.getBoolean("thordb.startup");
    private static volatile long start;

    private StartupTrace() {
    }

    /** The time {@code main} began. */
    static void begin() {
        start = System.nanoTime();
    }

    /**
     * At the end, with the trace on: the CPU each of the process's threads used (the JVM's own
     * too: compilers, collector), from {@code /proc} where there is one, most first.
     */
    static void threads() {
        if (!ON) {
            return;
        }
        Path tasks = Path.of("/proc/self/task");
        if (!Files.isDirectory(tasks)) {
            return;
        }
        List<String> rows = new ArrayList<>();
        long hz = 100; // the kernel's clock ticks, USER_HZ, 100 on Linux
        try (var s = Files.list(tasks)) {
            for (Path t : s.toList()) {
                try {
                    String stat = Files.readString(t.resolve("stat"));
                    String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
                    if (ticks > 0) {
                        rows.add(String.format("%06d %-18s %5d ms", ticks, name, ticks * 1000 / hz));
                    }
                } catch (IOException | RuntimeException e) {
                    // a thread that ended meanwhile
                }
            }
        } catch (IOException e) {
            return;
        }
        rows.sort(Comparator.reverseOrder());
        for (String r : rows) {
            System.err.println("startup: cpu " + r.substring(7));
        }
    }

    /** A step done. */
    static void mark(String step) {
        if (ON) {
            System.err.printf("startup: %7.1f ms  %-18s %s%n", (System.nanoTime() - start) / 1e6,
                    Thread.currentThread().getName(), step);
        }
    }
}
