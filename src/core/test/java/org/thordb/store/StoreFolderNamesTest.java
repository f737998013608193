package org.thordb.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The names a store's folder is read by, without a regular expression: a manifest's number, the
 * logs, and a schema compared field by field.
 */
class StoreFolderNamesTest {
    @TempDir
    Path tmp;

    @Test
    void aManifestIsMANIFESTThenDigitsAndNothingElse() {
        assertEquals(12, StoreFolder.manifestNumber("MANIFEST-000012"));
        assertEquals(0, StoreFolder.manifestNumber("MANIFEST-0"));
        assertEquals(-1, StoreFolder.manifestNumber("MANIFEST-"));
        assertEquals(-1, StoreFolder.manifestNumber("MANIFEST-12a"));
        assertEquals(-1, StoreFolder.manifestNumber("MANIFEST-12.dbtmp"));
        assertEquals(-1, StoreFolder.manifestNumber("manifest-12"));
        assertEquals(-1, StoreFolder.manifestNumber("MANIFEST-\u0661\u0662")); // Arabic-Indic digits: not ASCII
        assertEquals(-1, StoreFolder.manifestNumber("MANIFEST-" + "9".repeat(19))); // beyond a long's digits
        assertEquals(-1, StoreFolder.manifestNumber("xMANIFEST-12"));
    }

    @Test
    void theFolderIsJudgedByItsNames() throws Exception {
        Path d = tmp.resolve("s");
        Files.createDirectories(d);
        Files.writeString(d.resolve("MANIFEST-000007"), "");
        Files.writeString(d.resolve("000009.log"), "");
        Files.writeString(d.resolve("CURRENT"), "MANIFEST-000007\n");
        assertEquals(StoreFolder.State.STORE, StoreFolder.inspect(d).state());
        Files.writeString(d.resolve("CURRENT"), "MANIFEST-7x\n");
        StoreFolder.Inspection bad = StoreFolder.inspect(d);
        assertEquals(StoreFolder.State.DAMAGED, bad.state());
        assertEquals("its CURRENT file does not name a manifest, though MANIFEST-000007, 0 table files and 1 log are here",
                bad.why());
        Files.delete(d.resolve("CURRENT"));
        Files.writeString(d.resolve("MANIFEST-000003"), "");
        Files.writeString(d.resolve("x.log"), ""); // not a store's log
        assertEquals("its CURRENT file is missing, though MANIFEST-000003, MANIFEST-000007, 0 table files and 1 log are here",
                StoreFolder.inspect(d).why());
    }

    @Test
    void aSchemaEqualsAnotherFieldByField() {
        Catalog.Schema a = new Catalog.Schema(3, 20, 16, 4096, "splitmix");
        assertEquals(a, new Catalog.Schema(3, 20, 16, 4096, "splitmix"));
        assertEquals(a.hashCode(), new Catalog.Schema(3, 20, 16, 4096, "splitmix").hashCode());
        assertNotEquals(a, new Catalog.Schema(4, 20, 16, 4096, "splitmix"));
        assertNotEquals(a, new Catalog.Schema(3, 21, 16, 4096, "splitmix"));
        assertNotEquals(a, new Catalog.Schema(3, 20, 17, 4096, "splitmix"));
        assertNotEquals(a, new Catalog.Schema(3, 20, 16, 4097, "splitmix"));
        assertNotEquals(a, new Catalog.Schema(3, 20, 16, 4096, "other"));
        assertNotEquals(a, new Catalog.Schema(3, 20, 16, 4096, null));
        assertEquals(new Catalog.Schema(3, 20, 16, 4096, null), new Catalog.Schema(3, 20, 16, 4096, null));
    }
}
