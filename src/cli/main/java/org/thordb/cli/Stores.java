package org.thordb.cli;

import org.thordb.fault.Faults;
import org.thordb.engine.Engine;
import java.nio.file.Files;
import java.nio.file.Path;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;

/**
 * Opens stores for the commands that only read: read-only, so that they work beside an import
 * running in another process, and with a clear message when there is no store.
 *
 * <p>Usage: {@code try (Engine db = Stores.openForReading(dir)) { ... }}
 */
final class Stores {
    private Stores() {
    }

    static Engine openForReading(Path dir) {
        if (org.thordb.store.StoreFolder.requireNotDamaged(dir).state() == org.thordb.store.StoreFolder.State.NONE) {
            throw Faults.of(ErrorCode.STORE, dir + ": no store here; create one with 'thordb import --db "
                    + dir + " FILES…'");
        }
        return Engine.openReadOnly(dir);
    }
}
