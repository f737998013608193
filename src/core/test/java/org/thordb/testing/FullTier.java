package org.thordb.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A test class of the full tier: it reads the full FFO base of {@code ../shared/data} (or falls back
 * on a generated one), or takes seconds. {@code mvn verify} runs the fast tier first (every class
 * without this mark: no full base, about a minute on two cores), then the full tier (surefire's
 * {@code full-tier} execution, {@code pom.xml}).
 *
 * <p>Usage: {@code @FullTier class OptimizeRealTest { … }}
 */
@Tag("full")
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface FullTier {
}
