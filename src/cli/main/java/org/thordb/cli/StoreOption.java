package org.thordb.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The {@code --db DIR} option shared by the commands that use a store. Without it the store is
 * {@code THORDB_DB} when set, else {@code store/} of the checkout ({@code THORDB_HOME}, set by
 * {@code tools/thordb}), else {@code store/} of the working folder.
 *
 * <p>Usage: {@code @Mixin StoreOption store; ... ThorDb.open(store.dir());}
 */
public final class StoreOption {
    @Option(names = "--db", paramLabel = "DIR", description = "The store folder (default: $THORDB_DB, or store/ of the checkout).")
    Path db;

    /** The store folder {@code --db} names, or {@code fallback} when it is not given (the demo's own store). */
    public Path dirOr(Path fallback) {
        return db != null ? db : fallback;
    }

    /** The store folder to use. */
    public Path dir() {
        return db != null ? db : defaultDir();
    }

    /** The store folder without {@code --db}: {@code THORDB_DB}, else the checkout's {@code store/}. */
    static Path defaultDir() {
        String env = System.getenv("THORDB_DB");
        if (env != null && !env.isBlank()) {
            return Path.of(env);
        }
        String home = System.getenv("THORDB_HOME");
        return home != null && !home.isBlank() ? Path.of(home, "store") : Path.of("store");
    }
}
