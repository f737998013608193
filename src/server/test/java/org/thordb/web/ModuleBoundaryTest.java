package org.thordb.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.module.ModuleDescriptor;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.thordb.ThorDb;
import org.thordb.testing.ModuleBoundary;

/**
 * The server is the library's embedder and nothing more: a named module that requires
 * {@code org.thordb}, whose compiled classes name no type of a package the library keeps to
 * itself. Read from the class files themselves ({@link ModuleBoundary}), not from the build's
 * settings, so a flag that let the compiler in below the front would fail here.
 */
class ModuleBoundaryTest {
    @Test
    void theServerIsANamedModuleOnTheLibrarysExportedPackagesAlone() {
        ModuleDescriptor server = ModuleBoundary.descriptor(WebServer.class);
        ModuleDescriptor core = ModuleBoundary.descriptor(ThorDb.class);
        assertEquals("org.thordb.web", server.name());
        assertEquals("org.thordb", core.name());
        assertTrue(server.requires().stream().anyMatch(r -> r.name().equals("org.thordb")), server.requires().toString());

        Set<String> exported = ModuleBoundary.exported(core);
        assertTrue(exported.contains("org.thordb") && !exported.contains("org.thordb.engine"), exported.toString());
        assertTrue(core.exports().stream().noneMatch(ModuleDescriptor.Exports::isQualified),
                "no package is exported to the server alone: " + core.exports());

        Set<String> allowed = new TreeSet<>(exported);
        allowed.add("org.thordb.web");
        ModuleBoundary.Scan s = ModuleBoundary.scan(WebServer.class, allowed);
        assertTrue(s.read() >= 5, "the server's classes were read: " + s.read());
        assertEquals(new TreeMap<>(), s.below(), "the server reaches below the library's front");
    }
}
