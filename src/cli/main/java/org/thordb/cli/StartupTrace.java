package org.thordb.cli;

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
        java.nio.file.Path tasks = java.nio.file.Path.of("/proc/self/task");
        if (!java.nio.file.Files.isDirectory(tasks)) {
            return;
        }
        java.util.List<String> rows = new java.util.ArrayList<>();
        long hz = 100; // the kernel's clock ticks, USER_HZ, 100 on Linux
        try (var s = java.nio.file.Files.list(tasks)) {
            for (java.nio.file.Path t : s.toList()) {
                try {
                    String stat = java.nio.file.Files.readString(t.resolve("stat"));
                    String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
                    if (ticks > 0) {
                        rows.add(String.format("%06d %-18s %5d ms", ticks, name, ticks * 1000 / hz));
                    }
                } catch (java.io.IOException | RuntimeException e) {
                    // a thread that ended meanwhile
                }
            }
        } catch (java.io.IOException e) {
            return;
        }
        rows.sort(java.util.Comparator.reverseOrder());
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
