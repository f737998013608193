package org.thordb;

import java.io.PrintWriter;
import java.nio.file.Path;
import org.thordb.cli.Main;

/**
 * A child process for {@link FollowingAnotherProcessTest}: {@code thordb import} of each file
 * given, one command a file, then {@code thordb optimize}, as a user's shell loop would run them
 * (in one JVM, so that the test's time goes to the store, not to starting JVMs). After each command
 * it prints one line, flushed at once, so that the test knows when each landed.
 *
 * <p>Usage: {@code java -cp … org.thordb.ImportFilesOneByOne STORE FILE…}
 */
public final class ImportFilesOneByOne {
    private ImportFilesOneByOne() {
    }

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(new java.io.StringWriter());
        PrintWriter err = new PrintWriter(System.err, true);
        String db = args[0];
        for (int i = 1; i < args.length; i++) {
            int status = Main.run(out, err, "import", "--no-progress", "--db", db, args[i]);
            if (status != 0) {
                System.exit(status);
            }
            System.out.println("imported " + Path.of(args[i]).getFileName());
            System.out.flush();
        }
        System.out.println("optimizing");
        System.out.flush();
        int status = Main.run(out, err, "optimize", "--db", db);
        System.out.println("optimized");
        System.out.flush();
        System.exit(status);
    }
}
