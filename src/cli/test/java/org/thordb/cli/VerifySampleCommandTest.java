package org.thordb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.engine.Engine;
import org.thordb.testing.UnevenStore;
import org.thordb.usecase.Verify;

/**
 * {@code thordb verify --db S --sample N --seed K} checks the files its seed draws: the same on every
 * run (it once drew them by the clock, whatever {@code --seed} said), and what the library's
 * {@code usecase.Verify} says, word for word.
 */
class VerifySampleCommandTest {
    @TempDir
    Path tmp;

    @Test
    void theSeedDrawsTheSampleOnEveryRun() {
        Path db = UnevenStore.make(tmp, 40, 21L);
        Set<String> said = new TreeSet<>();
        for (int seed = 1; seed <= 8; seed++) {
            CommandsTest.Run a = CommandsTest.run("verify", "--db", db.toString(), "--sample", "1", "--seed", String.valueOf(seed));
            CommandsTest.Run b = CommandsTest.run("verify", "--db", db.toString(), "--sample", "1", "--seed", String.valueOf(seed));
            assertEquals(0, a.status(), a.err());
            assertEquals(a.out(), b.out(), "seed " + seed);
            String expected;
            try (Engine e = Engine.openReadOnly(db)) {
                expected = Verify.store(e, false, 1, seed, line -> { }).describe(false);
            }
            assertEquals(List.of(expected), a.lines(), "seed " + seed);
            said.add(a.out());
        }
        assertTrue(said.size() > 1, "eight seeds drew one file each, not always the same: " + said);
    }
}
