package org.thordb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.testing.PlainScan;

/**
 * The command line runs as the named modules it is built as, not only from its jar on the class
 * path: {@code java -p thordb.jar:lib -m org.thordb.cli/org.thordb.cli.Main}, each module resolved
 * by its descriptor (the command line's requires and its opening to picocli, the library's
 * exports, the server's). A one-shot question and the REPL on a piped terminal answer what a
 * plain scan of the files says. It reads the command line's packaged jar, so it runs after {@code
 * package} of {@code src/cli} (as in every {@code mvn verify} of the whole build) and says it was
 * skipped otherwise.
 */
class ModulePathTest {
    @TempDir
    Path tmp;

    private static final Path CLI = Path.of(System.getProperty("user.dir"), "src", "cli", "target");

    private String run(String input, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-p", CLI.resolve("thordb.jar") + java.io.File.pathSeparator + CLI.resolve("lib"),
                "-m", "org.thordb.cli/org.thordb.cli.Main"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("ROCKSDB_SHAREDLIB_DIR", Files.createDirectories(tmp.resolve("native")).toString());
        Process p = pb.start();
        p.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "finished: " + out);
        assertEquals(0, p.exitValue(), String.join(" ", args) + ":\n" + out);
        return out;
    }

    @Test
    void theCommandLineRunsOnTheModulePath() throws Exception {
        Assumptions.assumeTrue(Files.isRegularFile(CLI.resolve("thordb.jar")) && Files.isDirectory(CLI.resolve("lib")),
                "skipped: " + CLI + " has no packaged command line (run mvn package or verify on the whole build)");
        Path files = tmp.resolve("files");
        ThorDb.writeSampleBase(files, "CLUB", 2001, 2, 400, 11L);
        Path store = tmp.resolve("store");
        try (ThorDb db = ThorDb.open(store)) {
            db.importFiles(List.of(files));
        }
        long y2002 = new PlainScan(files).count(g -> g.year() == 2002);
        assertTrue(y2002 > 0);

        assertTrue(run("", "--version").startsWith("thordb "));
        assertEquals(y2002 + "\n", run("", "count", "--db", store.toString(), "year = 2002"));
        String repl = run(":count year = 2002\n:board f5d6c3\n:quit\n", "repl", "--db", store.toString(),
                "--history", tmp.resolve("history").toString());
        assertTrue(repl.contains(y2002 + "\n"), repl);
        assertTrue(repl.contains("O (White) to move, X 5 O 2"), repl);
    }
}
