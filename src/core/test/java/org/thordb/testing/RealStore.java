package org.thordb.testing;

import org.thordb.engine.Engine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.thordb.ingest.Importer;

/**
 * The FFO base of {@code ../shared/data/wthor} imported once per test JVM, for the tests that
 * only read it, with its plain scan; closed and removed when the JVM ends. Skips the test, with the
 * reason, when the data is missing.
 */
public final class RealStore {
    private RealStore() {
    }

    private static Engine db;
    private static PlainScan scan;

    /** The store, imported on first use. */
    public static synchronized Engine db() {
        if (db == null) {
            Path base = SharedData.dir("wthor");
            try {
                Path dir = Files.createTempDirectory("thordb-real-shared");
                db = Engine.open(dir);
                db.importFiles(List.of(base), Importer.Options.defaults(), m -> { });
                Engine opened = db;
                Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                    opened.close();
                    Folders.delete(dir);
                }));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return db;
    }

    /** The plain scan of the same files. */
    public static synchronized PlainScan scan() {
        if (scan == null) {
            scan = new PlainScan(SharedData.dir("wthor"));
        }
        return scan;
    }
}
