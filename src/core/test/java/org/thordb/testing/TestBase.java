package org.thordb.testing;

import org.thordb.engine.Engine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.thordb.ingest.Importer;
import org.thordb.sample.SampleBase;

/**
 * A base the read-only tests run on, with its plain scan and the names they ask about: the
 * generated sample base (always there, so a clone alone tests the whole product) or the FFO base
 * of {@code ../shared/data/wthor} (skipped, with the reason, when missing). Each is imported once
 * per test JVM and removed when the JVM ends.
 *
 * @param label "sample" or "ffo", for messages
 * @param files the folder of WTHOR files imported
 * @param db the store
 * @param scan the plain scan of the same files
 */
public record TestBase(String label, Path files, Engine db, PlainScan scan) {
    /** The sample's first year, its years, and its games a year: 15,000 games over 1984–2013. */
    public static final int SAMPLE_FIRST_YEAR = 1984;
    private static final int SAMPLE_YEARS = 30;
    private static final int SAMPLE_GAMES_PER_YEAR = 500;
    private static TestBase sample;

    /** The generated sample base: random legal games, made and imported on first use. */
    public static synchronized TestBase sample() {
        if (sample == null) {
            try {
                Path root = Files.createTempDirectory("thordb-sample-base");
                Path files = root.resolve("files");
                SampleBase.write(files, "CLUB", SAMPLE_FIRST_YEAR, SAMPLE_YEARS, SAMPLE_GAMES_PER_YEAR, 20261123L);
                Engine db = Engine.open(root.resolve("db"));
                db.importFiles(List.of(files), Importer.Options.defaults(), m -> { });
                sample = kept("sample", root, files, db);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return sample;
    }

    private static TestBase merged;

    /**
     * The games of an 8×8 year file written again under the same name into {@code dir}, dated
     * 2030-01-01: a newer release of the year, which an import takes in place of the old one.
     */
    public static Path newerRelease(Path old, int year, Path dir) throws IOException {
        Path release = dir.resolve(old.getFileName().toString());
        Files.createDirectories(dir);
        try (org.thordb.wthor.WthorReader r = org.thordb.wthor.WthorReader.open(old);
             org.thordb.wthor.WthorWriter w = org.thordb.wthor.WthorWriter.create(release,
                     org.thordb.wthor.WthorKind.GAMES_8, org.thordb.wthor.WthorHeader.forGames(
                             java.time.LocalDate.of(2030, 1, 1), r.header().n1(), year, 8, r.header().depth()))) {
            r.games().forEach(w::write);
        }
        return release;
    }

    private static final Map<Path, org.thordb.ThorDb> FRONTS = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * The library's front on this base's store, read-only (as {@code thordb serve} opens it), kept
     * for the test run like the base: what an embedder such as the web server is given.
     */
    public org.thordb.ThorDb front() {
        return frontOf(db);
    }

    /**
     * {@link #front()} of a store kept for the test run (a base's, or one a test keeps open to its
     * end): opened once, closed when the JVM ends.
     */
    public static org.thordb.ThorDb frontOf(Engine db) {
        return FRONTS.computeIfAbsent(db.path(), p -> {
            org.thordb.ThorDb f = org.thordb.ThorDb.builder(p).readOnly().open();
            Runtime.getRuntime().addShutdownHook(new Thread(f::close));
            return f;
        });
    }

    /** A base made under {@code root}, kept for the test run: closed and deleted when the JVM ends. */
    private static TestBase kept(String label, Path root, Path files, Engine db) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            db.close();
            Folders.delete(root);
        }));
        return new TestBase(label, files, db, new PlainScan(files));
    }

    /**
     * The same sample games in a store that holds every state merged entries can be in: the
     * first 20 years merged by {@code optimize}, the last 10 imported after it (entries of their
     * own), and 1990 replaced by a newer release of the same games (its old ids still in the
     * merged entries, masked). Every answer must be the sample's.
     */
    public static synchronized TestBase merged() {
        if (merged == null) {
            try {
                Path root = Files.createTempDirectory("thordb-merged-base");
                Path files = root.resolve("files");
                List<Path> written = SampleBase.write(files, "CLUB", SAMPLE_FIRST_YEAR, SAMPLE_YEARS,
                        SAMPLE_GAMES_PER_YEAR, 20261123L);
                List<Path> years = written.stream().filter(f -> f.toString().endsWith(".wtb")).sorted().toList();
                List<Path> first = new java.util.ArrayList<>(written.stream().filter(f -> !f.toString().endsWith(".wtb")).toList());
                first.addAll(years.subList(0, 20));
                Engine db = Engine.open(root.resolve("db"));
                db.importFiles(first, Importer.Options.defaults(), m -> { });
                db.optimize(false, m -> { });
                db.importFiles(years.subList(20, years.size()), Importer.Options.defaults(), m -> { });
                Path old = years.stream().filter(f -> f.getFileName().toString().contains("1990")).findFirst().orElseThrow();
                db.importFiles(List.of(newerRelease(old, 1990, root.resolve("release"))), Importer.Options.defaults(), m -> { });
                if (!db.catalog().staleIds() || db.catalog().groups().size() != 1) {
                    throw new IllegalStateException("the merged sample is not in the state it is meant to be");
                }
                merged = kept("merged", root, files, db);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return merged;
    }

    /** The FFO base, or a skipped test when {@code ../shared/data/wthor} is missing. */
    public static TestBase real() {
        return new TestBase("ffo", SharedData.dir("wthor"), RealStore.db(), RealStore.scan());
    }

    /** The player with the most games. */
    public String player() {
        return mostCommon(true, 0);
    }

    /** The player with the second most games. */
    public String otherPlayer() {
        return mostCommon(true, 1);
    }

    /** The tournament with the most games. */
    public String tournament() {
        return mostCommon(false, 0);
    }

    /** A part of a name, lower case, for {@code ~}: its first word's first four letters. */
    public static String part(String name) {
        String w = name.split(" ")[0];
        return w.substring(0, Math.min(4, w.length())).toLowerCase(Locale.ROOT);
    }

    private String mostCommon(boolean players, int rank) {
        Map<String, Integer> n = new HashMap<>();
        for (PlainScan.Game g : scan.games()) {
            if (players) {
                n.merge(g.black(), 1, Integer::sum);
                n.merge(g.white(), 1, Integer::sum);
            } else {
                n.merge(g.tournament(), 1, Integer::sum);
            }
        }
        return n.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed()
                .thenComparing(Map.Entry.comparingByKey())).skip(rank).findFirst().orElseThrow().getKey();
    }

    @Override
    public String toString() {
        return label;
    }

}
