package org.thordb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The command line on its way to being the library's embedder, as the server is (issue 67): the
 * classes that still name a type below the library's front ({@code org.thordb} and its errors),
 * read from their class files. The list only shrinks: a class that reaches below and is not on it
 * fails, and so does one on it that no longer does (take it off). When the list is empty the
 * command line becomes a named module that requires {@code org.thordb} and nothing more.
 */
class CommandLineBoundaryTest {
    private static final Pattern TYPE = Pattern.compile("org/thordb/((?:[a-z0-9]+/)*)[A-Z][A-Za-z0-9_$]*");

    /** The packages of thordb an embedder may name: the library's exported ones, and the adapters'. */
    private static final Set<String> ALLOWED = Set.of("org.thordb", "org.thordb.error", "org.thordb.cli", "org.thordb.web");

    /** The classes (top-level) that still reach below the front, 2026-12-07. */
    private static final Set<String> NOT_YET = Set.of();

    @Test
    void onlyTheListedClassesStillReachBelowTheLibrarysFront() throws Exception {
        Path classes = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        TreeMap<String, TreeSet<String>> below = new TreeMap<>();
        int read = 0;
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                read++;
                String top = f.getFileName().toString().replaceAll("\\$.*|\\.class$", "");
                Matcher m = TYPE.matcher(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1));
                while (m.find()) {
                    String pkg = ("org/thordb/" + m.group(1)).replaceAll("/$", "").replace('/', '.');
                    if (!ALLOWED.contains(pkg)) {
                        below.computeIfAbsent(top, k -> new TreeSet<>()).add(pkg);
                    }
                }
            }
        }
        assertTrue(read > 40, "the command line's classes were read: " + read);
        TreeSet<String> unlisted = new TreeSet<>(below.keySet());
        unlisted.removeAll(NOT_YET);
        assertEquals(Set.of(), unlisted, "classes that reach below the front and are not on the list: " + below);
        TreeSet<String> done = new TreeSet<>(NOT_YET);
        done.removeAll(below.keySet());
        assertEquals(Set.of(), done, "classes on the list that no longer reach below the front: take them off");
        System.out.println("CommandLineBoundaryTest: " + below.size() + " classes still reach below the front: " + below);
    }
}
