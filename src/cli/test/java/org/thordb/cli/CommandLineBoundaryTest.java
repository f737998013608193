package org.thordb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.module.ModuleDescriptor;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.thordb.ThorDb;
import org.thordb.testing.ModuleBoundary;

/**
 * The command line and the REPL are the library's embedder and nothing more (issue 67), as the
 * server is: a named module, {@code org.thordb.cli}, that requires {@code org.thordb}, and whose
 * compiled classes name no type of a package the library keeps to itself ({@link ModuleBoundary}
 * reads the class files, not the build's settings).
 */
class CommandLineBoundaryTest {
    @Test
    void theCommandLineIsANamedModuleOnTheLibrarysExportedPackagesAlone() {
        ModuleDescriptor cli = ModuleBoundary.descriptor(Main.class);
        ModuleDescriptor core = ModuleBoundary.descriptor(ThorDb.class);
        assertEquals("org.thordb.cli", cli.name());
        assertEquals("org.thordb", core.name());
        Set<String> required = cli.requires().stream().map(ModuleDescriptor.Requires::name).collect(Collectors.toSet());
        assertTrue(required.contains("org.thordb") && required.contains("org.thordb.web"), required.toString());
        assertTrue(cli.exports().isEmpty(), "a program, not a library: it exports nothing " + cli.exports());
        assertTrue(cli.opens().stream().allMatch(o -> o.targets().equals(Set.of("info.picocli"))),
                "opened to picocli alone: " + cli.opens());

        Set<String> exported = ModuleBoundary.exported(core);
        assertTrue(exported.contains("org.thordb") && !exported.contains("org.thordb.engine"), exported.toString());
        Set<String> allowed = new TreeSet<>(exported);
        allowed.add("org.thordb.cli");
        allowed.add("org.thordb.web"); // the server's exported package: thordb serve starts it
        ModuleBoundary.Scan s = ModuleBoundary.scan(Main.class, allowed);
        assertTrue(s.read() > 40, "the command line's classes were read: " + s.read());
        assertEquals(new TreeMap<>(), s.below(), "classes of the command line that reach below the library's front");
    }
}
