package org.thordb.bench;

import java.nio.file.Path;
import java.util.Locale;
import org.thordb.ThorDb;

/**
 * The first calls on a fresh library handle, in a fresh JVM as an embedder's program starts (no
 * class-data archive of thordb's): the open, then the first {@code count("")}, the first
 * {@code count} of a query and the first page of it, each timed alone; one line of JSON. Run in a
 * new process each time by {@code tools/bench startup}.
 *
 * <p>Usage: {@code java -cp … org.thordb.bench.FirstCall STORE 'player = "Tastet Marc"'}
 */
public final class FirstCall {
    private FirstCall() {
    }

    public static void main(String[] args) {
        Path store = Path.of(args[0]);
        String query = args.length > 1 ? args[1] : "year = 1990";
        long t0 = System.nanoTime();
        try (ThorDb db = ThorDb.builder(store).readOnly().open()) {
            long t1 = System.nanoTime();
            long all = db.count("");
            long t2 = System.nanoTime();
            long some = db.count(query);
            long t3 = System.nanoTime();
            int page = db.page(query, 0, 20).games().size();
            long t4 = System.nanoTime();
            System.out.printf(Locale.ROOT, "{\"openMs\": %.2f, \"firstCountAllMs\": %.2f, \"firstCountQueryMs\": %.2f,"
                    + " \"firstPageMs\": %.2f, \"games\": %d, \"matched\": %d, \"page\": %d}%n", (t1 - t0) / 1e6,
                    (t2 - t1) / 1e6, (t3 - t2) / 1e6, (t4 - t3) / 1e6, all, some, page);
        }
    }
}
