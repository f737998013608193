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
        assertTrue(jars.stream().anyMatch(j -> j.getFileName().toString().startsWith("thordb-rocksdbjni-")), jars.toString());
        System.out.printf("EmbedderClasspathIT: %d jars, %.1f MB: %s%n", jars.size(), bytes / 1e6,
                jars.stream().map(j -> j.getFileName().toString()).toList());
    }

    /** The README's list of runtime jars is the build's: each jar it names is there, and no other. */
    @Test
    void theReadmeListsEveryRuntimeJar() throws Exception {
        String readme = Files.readString(Path.of("README.md"), StandardCharsets.UTF_8);
        Matcher block = Pattern.compile("<!-- begin: runtime jars -->(.*?)<!-- end: runtime jars -->", Pattern.DOTALL)
                .matcher(readme);
        assertTrue(block.find(), "the README lists the runtime jars");
        java.util.TreeSet<String> listed = new java.util.TreeSet<>();
        Matcher jar = Pattern.compile("`([^`\\s]+\\.jar)`").matcher(block.group(1));
        while (jar.find()) {
            listed.add(jar.group(1));
        }
        java.util.TreeSet<String> built = new java.util.TreeSet<>();
        try (Stream<Path> s = Files.list(Path.of("examples/target/embedder-lib"))) {
            s.map(p -> p.getFileName().toString()).filter(n -> !n.startsWith("thordb-core-")).forEach(built::add);
        }
        assertEquals(built, listed, "the README's runtime jars against examples/target/embedder-lib");
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
