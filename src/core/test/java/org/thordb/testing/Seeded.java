package org.thordb.testing;

import java.util.Random;
import java.util.SplittableRandom;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;

/**
 * The random seed behind every randomized test: new for each test JVM (each module's run of the
 * build) unless {@code -Dthordb.seed=N} names one (then every run draws the same), and printed
 * with any failure so that the failing run can be made again. A test asks for its
 * generator as a parameter ({@link SplittableRandom}, {@link Random}, or the {@code long} seed
 * itself, annotated {@link Seed}); each test method draws from the run's seed mixed with its own
 * name, so tests do not share one stream and one test's changes do not shift another's draws.
 *
 * <p>Usage: {@code @ExtendWith(Seeded.class) class T { @Test void t(SplittableRandom rnd) { … } }}
 */
public final class Seeded implements ParameterResolver, TestExecutionExceptionHandler {
    /** The property that fixes the run's seed. */
    public static final String PROPERTY = "thordb.seed";

    private static final long RUN_SEED = drawRunSeed();

    private static long drawRunSeed() {
        String fixed = System.getProperty(PROPERTY);
        if (fixed != null && !fixed.isBlank()) {
            return Long.parseLong(fixed.strip());
        }
        return new SplittableRandom().nextLong() >>> 1; // a positive number reads better in a command line
    }

    /** The run's seed: {@code -Dthordb.seed} or a new one each run. */
    public static long runSeed() {
        return RUN_SEED;
    }

    /** Marks a {@code long} parameter that takes the test's seed. */
    @java.lang.annotation.Retention(java.lang.annotation.RetentionPolicy.RUNTIME)
    @java.lang.annotation.Target(java.lang.annotation.ElementType.PARAMETER)
    public @interface Seed {
    }

    /** The seed of one test: the run's, mixed with the test's class and method names. */
    public static long seedOf(ExtensionContext context) {
        String name = context.getRequiredTestClass().getName() + "#" + context.getRequiredTestMethod().getName();
        return mix(RUN_SEED ^ name.hashCode() * 0x9E3779B97F4A7C15L);
    }

    /** The seed of a named part of a test (a case of a parameterized test, a base it makes). */
    public static long seedOf(String name) {
        return mix(RUN_SEED ^ name.hashCode() * 0x9E3779B97F4A7C15L);
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return (z ^ (z >>> 31)) >>> 1;
    }

    @Override
    public boolean supportsParameter(ParameterContext p, ExtensionContext e) {
        Class<?> t = p.getParameter().getType();
        return t == SplittableRandom.class || t == Random.class || t == long.class && p.isAnnotated(Seed.class);
    }

    @Override
    public Object resolveParameter(ParameterContext p, ExtensionContext e) {
        long seed = seedOf(e);
        Class<?> t = p.getParameter().getType();
        return t == SplittableRandom.class ? new SplittableRandom(seed) : t == Random.class ? new Random(seed) : seed;
    }

    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable thrown) throws Throwable {
        if (thrown instanceof org.opentest4j.TestAbortedException) {
            throw thrown; // a skip (an assumption), not a failure: no seed to replay
        }
        String how = "run seed " + RUN_SEED + " (this test's: " + seedOf(context) + "); run again with -D" + PROPERTY + "="
                + RUN_SEED;
        System.err.println(context.getDisplayName() + " failed with " + how);
        thrown.addSuppressed(new AssertionError(how));
        throw thrown;
    }
}
