package org.thordb.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.thordb.engine.Engine;
import org.thordb.ingest.Importer;
import org.thordb.sample.SampleBase;
import org.thordb.testing.SharedData;

/**
 * A small store of real games for the tests that ask every surface one question: the FFO's 2014
 * and 2015 files when {@code ../shared/data} is there (said otherwise), else a generated base.
 *
 * <p>Usage: {@code Path store = SmallRealStore.make(tmp, "MyTest");}
 */
final class SmallRealStore {
    private SmallRealStore() {
    }

    /** Imports the games into {@code tmp/store} and returns that folder. */
    static Path make(Path tmp, String who) throws IOException {
        Path files = tmp.resolve("files");
        Files.createDirectories(files);
        Path ffo = SharedData.root().resolve("wthor");
        if (Files.isDirectory(ffo)) {
            for (String f : List.of("WTH_2014.wtb", "WTH_2015.wtb", "WTHOR.JOU", "WTHOR.TRN")) {
                Files.copy(ffo.resolve(f), files.resolve(f));
            }
        } else {
            System.out.println(who + ": " + ffo + " not found: on a generated base");
            SampleBase.write(files, "CLUB", 2014, 2, 400, 9L);
        }
        Path store = tmp.resolve("store");
        try (Engine w = Engine.open(store)) {
            w.importFiles(List.of(files), Importer.Options.defaults(), m -> { });
        }
        return store;
    }
}
