package org.thordb.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.thordb.ThorDb;

/**
 * The server is the library's embedder and nothing more: a named module that requires
 * {@code org.thordb}, whose compiled classes name no type of a package the library keeps to
 * itself. Read from the class files themselves (every {@code org/thordb/…} name in them), not
 * from the build's settings, so a flag that let the compiler in below the front would fail here.
 */
class ModuleBoundaryTest {
    private static final Pattern TYPE = Pattern.compile("org/thordb/((?:[a-z0-9]+/)*)[A-Z][A-Za-z0-9_$]*");

    @Test
    void theServerIsANamedModuleOnTheLibrarysExportedPackagesAlone() throws Exception {
        ModuleDescriptor server = descriptor(WebServer.class);
        ModuleDescriptor core = descriptor(ThorDb.class);
        assertEquals("org.thordb.web", server.name());
        assertEquals("org.thordb", core.name());
        assertTrue(server.requires().stream().anyMatch(r -> r.name().equals("org.thordb")), server.requires().toString());

        Set<String> exported = core.exports().stream().filter(e -> !e.isQualified()).map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toCollection(TreeSet::new));
        assertTrue(exported.contains("org.thordb") && !exported.contains("org.thordb.engine"), exported.toString());
        assertTrue(core.exports().stream().noneMatch(ModuleDescriptor.Exports::isQualified),
                "no package is exported to the server alone: " + core.exports());

        TreeMap<String, String> below = new TreeMap<>(); // a package of the library the server must not name, and where
        int read = 0;
        try (Stream<Path> files = Files.walk(location(WebServer.class))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                read++;
                String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
                Matcher m = TYPE.matcher(text);
                while (m.find()) {
                    String pkg = ("org/thordb/" + m.group(1)).replaceAll("/$", "").replace('/', '.');
                    if (!pkg.equals("org.thordb.web") && !exported.contains(pkg)) {
                        below.putIfAbsent(pkg, f.getFileName() + " names " + m.group());
                    }
                }
            }
        }
        assertTrue(read >= 5, "the server's classes were read: " + read);
        assertFalse(!below.isEmpty(), "the server reaches below the library's front: " + below);
    }

    private static ModuleDescriptor descriptor(Class<?> c) throws URISyntaxException {
        return ModuleFinder.of(location(c)).findAll().iterator().next().descriptor();
    }

    private static Path location(Class<?> c) throws URISyntaxException {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    }
}
