package org.thordb.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where the real files of {@code ../shared/data/} are. Tests that need them call {@link #dir(String)},
 * which skips the test, with the reason, when the folder is not there.
 */
public final class SharedData {
    private SharedData() {
    }

    /** Where the real files come from, said with every test skipped for want of them. */
    static final String WHERE = "the real files live in ../shared/data or $THORDB_SHARED_DATA: the FFO's WTHOR base"
            + " in wthor/ (WTH_1977.wtb to WTH_2015.wtb, WTHOR.JOU, WTHOR.TRN: www.ffothello.org/informatique/la-base-wthor/);"
            + " see README.md, 'Run the tests'";

    /** The data folder: {@code THORDB_SHARED_DATA}, or {@code ../shared/data} from the project. */
    public static Path root() {
        String env = System.getenv("THORDB_SHARED_DATA");
        return env != null ? Path.of(env) : Path.of(System.getProperty("user.dir")).resolve("../shared/data").normalize();
    }

    /**
     * Whether the FFO base is there: for {@code @EnabledIf} on classes that read it in
     * {@code @BeforeAll}, so that without it their tests are reported as skipped (an assumption in
     * {@code @BeforeAll} makes them vanish from the count instead).
     */
    public static boolean hasWthor() {
        Path d = root().resolve("wthor");
        if (!Files.isDirectory(d)) {
            System.err.println("skipped: " + d + " not found (" + WHERE + ")");
            return false;
        }
        return true;
    }

    /** A sub-folder of the data, or a skipped test when it is missing. */
    public static Path dir(String name) {
        Path d = root().resolve(name);
        if (!Files.isDirectory(d)) {
            String why = "skipped: " + d + " not found (" + WHERE + ")";
            System.err.println(why);
            assumeTrue(false, why);
        }
        return d;
    }

    /** The files of a data folder whose names end with one of the endings (case-insensitive), sorted. */
    public static List<Path> files(String name, String... endings) {
        try (Stream<Path> s = Files.list(dir(name))) {
            return s.filter(p -> {
                String n = p.getFileName().toString().toLowerCase();
                for (String e : endings) {
                    if (n.endsWith(e)) {
                        return true;
                    }
                }
                return false;
            }).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
