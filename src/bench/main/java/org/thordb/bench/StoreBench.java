package org.thordb.bench;

import org.thordb.engine.Engine;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What the benchmarks that ask a store share: the store of a base opened read-only, and closed
 * when the trial ends. A {@code scan} baseline asks it once to check its own answer, then closes it.
 *
 * <p>Usage: {@code public class MyBench extends StoreBench { @Setup public void open() { openStore("ffo"); } }}
 */
@State(Scope.Benchmark)
public abstract class StoreBench {
    /** The open store, or null. */
    protected Engine db;

    /** Opens the store of a base (imported first when missing). */
    protected void openStore(String base) {
        db = Engine.openReadOnly(BenchData.store(base));
    }

    /** Closes the store, if open. */
    protected void closeStore() {
        if (db != null) {
            db.close();
            db = null;
        }
    }

    @TearDown
    public void close() {
        closeStore();
    }
}
