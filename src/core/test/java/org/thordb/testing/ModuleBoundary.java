package org.thordb.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
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

/**
 * What an embedder module's class files name of thordb: read from the bytes themselves (every
 * {@code org/thordb/…} type name in them), not from the build's settings, so that a flag letting
 * the compiler in below the library's front shows here. The server's and the command line's
 * boundary tests use it.
 *
 * <p>Usage: {@code ModuleBoundary.Scan s = ModuleBoundary.scan(WebServer.class, allowed);}
 */
public final class ModuleBoundary {
    private static final Pattern TYPE = Pattern.compile("org/thordb/((?:[a-z0-9]+/)*)[A-Z][A-Za-z0-9_$]*");

    private ModuleBoundary() {
    }

    /**
     * A module's classes read.
     *
     * @param read the class files read
     * @param below each top-level class that names a package not allowed, with those packages
     */
    public record Scan(int read, TreeMap<String, TreeSet<String>> below) {
    }

    /** The descriptor of the module a class was loaded from (its jar or classes folder). */
    public static ModuleDescriptor descriptor(Class<?> c) {
        return ModuleFinder.of(location(c)).findAll().iterator().next().descriptor();
    }

    /** The packages a module exports to every module. */
    public static Set<String> exported(ModuleDescriptor m) {
        return m.exports().stream().filter(e -> !e.isQualified()).map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /** Reads every class file of the module a class came from, for thordb packages outside {@code allowed}. */
    public static Scan scan(Class<?> c, Set<String> allowed) {
        TreeMap<String, TreeSet<String>> below = new TreeMap<>();
        int read = 0;
        try (Stream<Path> files = Files.walk(location(c))) {
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
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Scan(read, below);
    }

    private static Path location(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
