package org.thordb.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What a project that depends on thordb-core gets: the library's own dependencies and nothing of
 * the command line or the web server; and the README's dependency block is the one this project
 * uses.
 */
class EmbedderClasspathIT {
    @Test
    void anEmbeddersRuntimeClassPathHasNoCommandLineOrServerJars() throws Exception {
        List<Path> jars;
        try (Stream<Path> s = Files.list(Path.of("examples/target/embedder-lib"))) {
            jars = s.sorted().toList();
        }
        long bytes = 0;
        for (Path j : jars) {
            bytes += Files.size(j);
            String n = j.getFileName().toString();
            for (String banned : List.of("javalin", "jetty", "kotlin", "picocli", "jline", "progressbar", "slf4j",
                    "websocket", "thordb-cli", "thordb-server")) {
                assertTrue(!n.contains(banned), n + " is on an embedder's class path");
            }
        }
        assertTrue(jars.stream().anyMatch(j -> j.getFileName().toString().startsWith("thordb-core-")), jars.toString());
        assertTrue(jars.stream().anyMatch(j -> j.getFileName().toString().startsWith("rocksdbjni-")), jars.toString());
        System.out.printf("EmbedderClasspathIT: %d jars, %.1f MB: %s%n", jars.size(), bytes / 1e6,
                jars.stream().map(j -> j.getFileName().toString()).toList());
    }

    @Test
    void theReadmesDependencyBlockIsTheOneTheExamplesUse() throws Exception {
        String pom = Files.readString(Path.of("examples/pom.xml"), StandardCharsets.UTF_8);
        Matcher m = Pattern.compile("<!-- begin: the README's dependency block -->\\s*(.*?)\\s*<!-- end",
                Pattern.DOTALL).matcher(pom);
        assertTrue(m.find(), "the block in examples/pom.xml");
        String readme = Files.readString(Path.of("README.md"), StandardCharsets.UTF_8);
        Matcher r = Pattern.compile("```xml\\n(.*?)```", Pattern.DOTALL).matcher(readme);
        assertTrue(r.find(), "the README shows a dependency block");
        assertEquals(m.group(1).replaceAll("\\s+", " ").strip(), r.group(1).replaceAll("\\s+", " ").strip());
    }
}
