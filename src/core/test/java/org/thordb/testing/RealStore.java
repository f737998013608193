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

    private static Engine withText;

    /**
     * The FFO base with every text source of {@code ../shared/data} beside it: the PGN of 1990
     * (the same games, with no theoretical score), Logistello's book, eOthello's CSV and the GGF
     * games, each a base of its own; imported once per test JVM, for tests that only read it.
     */
    public static synchronized Engine withTextSources() {
        if (withText == null) {
            Path wthor = SharedData.dir("wthor");
            Path data = wthor.getParent();
            try {
                Path dir = Files.createTempDirectory("thordb-real-text");
                withText = Engine.open(dir);
                org.thordb.ingest.ImportReport r = withText.importFiles(List.of(wthor, data.resolve("pgn/WTH_1990.pgn"),
                        data.resolve("text/logbook-first2000.gam"), data.resolve("text/eothello-first2000.csv"),
                        data.resolve("ggf/test-games.ggf")), Importer.Options.defaults(), m -> { });
                if (!r.clean()) {
                    throw new IllegalStateException("the shared data did not import cleanly: " + r.summary());
                }
                Engine opened = withText;
                Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                    opened.close();
                    Folders.delete(dir);
                }));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return withText;
    }

    /** The plain scan of the same files. */
    public static synchronized PlainScan scan() {
        if (scan == null) {
            scan = new PlainScan(SharedData.dir("wthor"));
        }
        return scan;
    }
}
