package org.thordb;

import org.thordb.engine.Engine;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * After {@code package}: the library jar comes with its sources and Javadoc jars, for IDE users
 * (run by Failsafe in {@code mvn verify}); the Javadoc is the module's exported API alone.
 */
class PackagingIT {
    @Test
    void sourcesAndJavadocJarsAreBuiltBesideTheLibrary() throws Exception {
        Path target = Path.of("src/core/target");
        String jar = "thordb-core-" + System.getProperty("thordb.version", "0.1.0-SNAPSHOT");
        assertTrue(Files.exists(target.resolve(jar + ".jar")));
        try (JarFile sources = new JarFile(target.resolve(jar + "-sources.jar").toFile())) {
            assertNotNull(sources.getEntry("org/thordb/ThorDb.java"));
            assertNotNull(sources.getEntry("org/thordb/othello/opening-names.txt"));
        }
        try (JarFile javadoc = new JarFile(target.resolve(jar + "-javadoc.jar").toFile())) {
            assertNotNull(javadoc.getEntry("index.html"));
            assertNotNull(javadoc.getEntry("org.thordb/org/thordb/ThorDb.html"));
            assertNotNull(javadoc.getEntry("org.thordb/org/thordb/error/ThorDbException.html"));
            // the published Javadoc is the exported API: no internal package
            java.util.List<String> internal = javadoc.stream().map(java.util.zip.ZipEntry::getName)
                    .filter(n -> n.matches("org\\.thordb/org/thordb/(?!error/)[a-z]+/.*")).limit(5).toList();
            assertTrue(internal.isEmpty(), internal.toString());
        }
    }
}
