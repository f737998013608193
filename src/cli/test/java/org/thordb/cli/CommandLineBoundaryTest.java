package org.thordb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * The command line and the REPL are the library's embedder and nothing more (issue 67), as the
 * server is: a named module, {@code org.thordb.cli}, that requires {@code org.thordb}, and whose
 * compiled classes name no type of a package the library keeps to itself. Read from the class files
 * themselves (every {@code org/thordb/…} name in them), not from the build's settings, so a flag that
 * let the compiler in below the front would fail here.
 */
class CommandLineBoundaryTest {
    private static final Pattern TYPE = Pattern.compile("org/thordb/((?:[a-z0-9]+/)*)[A-Z][A-Za-z0-9_$]*");

    @Test
    void theCommandLineIsANamedModuleOnTheLibrarysExportedPackagesAlone() throws Exception {
        ModuleDescriptor cli = descriptor(Main.class);
        ModuleDescriptor core = descriptor(ThorDb.class);
        assertEquals("org.thordb.cli", cli.name());
        assertEquals("org.thordb", core.name());
        Set<String> required = cli.requires().stream().map(ModuleDescriptor.Requires::name).collect(Collectors.toSet());
        assertTrue(required.contains("org.thordb") && required.contains("org.thordb.web"), required.toString());
        assertTrue(cli.exports().isEmpty(), "a program, not a library: it exports nothing " + cli.exports());
        assertTrue(cli.opens().stream().allMatch(o -> o.targets().equals(Set.of("info.picocli"))),
                "opened to picocli alone: " + cli.opens());

        Set<String> exported = core.exports().stream().filter(e -> !e.isQualified()).map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toCollection(TreeSet::new));
        assertTrue(exported.contains("org.thordb") && !exported.contains("org.thordb.engine"), exported.toString());
        Set<String> allowed = new TreeSet<>(exported);
        allowed.add("org.thordb.cli");
        allowed.add("org.thordb.web"); // the server's exported package: thordb serve starts it

        TreeMap<String, TreeSet<String>> below = new TreeMap<>(); // a class, and the packages below the front it names
        int read = 0;
        try (Stream<Path> files = Files.walk(location(Main.class))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                read++;
                String top = f.getFileName().toString().replaceAll("\\$.*|\\.class$", "");
                Matcher m = TYPE.matcher(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1));
                while (m.find()) {
                    String pkg = ("org/thordb/" + m.group(1)).replaceAll("/$", "").replace('/', '.');
                    if (!allowed.contains(pkg)) {
                        below.computeIfAbsent(top, k -> new TreeSet<>()).add(pkg);
                    }
                }
            }
        }
        assertTrue(read > 40, "the command line's classes were read: " + read);
        assertEquals(new TreeMap<>(), below, "classes of the command line that reach below the library's front");
    }

    private static ModuleDescriptor descriptor(Class<?> c) throws URISyntaxException {
        return ModuleFinder.of(location(c)).findAll().iterator().next().descriptor();
    }

    private static Path location(Class<?> c) throws URISyntaxException {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    }
}
