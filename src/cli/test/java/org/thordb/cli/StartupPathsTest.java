package org.thordb.cli;

import org.thordb.usecase.Games;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.ThorDb;
import org.thordb.engine.Engine;
import org.thordb.engine.StoredGame;

/**
 * What the one-shot commands' fast start must not change: a command run as a user runs it (a
 * process of its own, its store opened ahead on a second thread) answers and fails as the same
 * command run in this JVM; the game table is the one printf made; numbers are written alike in
 * every locale; and the start-up archive's training runs every step it names.
 */
class StartupPathsTest {
    @TempDir
    Path tmp;

    record Ran(int status, String out, String err) {
    }

    /** The command line in a process of its own, through {@code Main.main}, as {@code tools/thordb} runs it. */
    private static Ran child(String... args) throws IOException, InterruptedException {
        return child(List.of(), args);
    }

    /** {@link #child(String...)} with these JVM options ({@code -Dthordb.commands=…}). */
    private static Ran child(List<String> jvm, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(jvm);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        byte[] err = p.getErrorStream().readAllBytes();
        return new Ran(p.waitFor(), new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
    }

    private static Ran here(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.run(new PrintWriter(out), new PrintWriter(err), args);
        return new Ran(status, out.toString(), err.toString());
    }

    @Test
    void aStoreOpenedAheadAnswersAndFailsAsTheCommandDoesInThisJvm() throws Exception {
        Path store = SmallRealStore.make(tmp, "StartupPathsTest");
        for (String[] args : List.of(new String[] {"count", "--db", store.toString(), "year = 2015"},
                new String[] {"query", "--db", store.toString(), "--limit", "5", "year = 2014"},
                new String[] {"explore", "--db", store.toString(), "f5d6"})) {
            Ran c = child(args);
            Ran h = here(args);
            assertEquals(0, c.status(), String.join(" ", args) + ": " + c.err());
            assertEquals(h.out(), c.out(), String.join(" ", args));
        }
        Path none = tmp.resolve("no-store");
        Ran c = child("count", "--db", none.toString(), "year > 0");
        Ran h = here("count", "--db", none.toString(), "year > 0");
        assertEquals(2, c.status());
        assertEquals(h.err(), c.err());
        assertEquals(List.of("thordb: " + none + ": no store here; create one with 'thordb import --db " + none + " FILES…'"),
                c.err().lines().toList());
        Ran bad = child("count", "--db", store.toString(), "year = = 2");
        assertEquals(2, bad.status());
        assertEquals(here("count", "--db", store.toString(), "year = = 2").err(), bad.err());
    }

    @Test
    void theKeptCommandModelsAnswerAsTheAnnotationsDo() throws Exception {
        Path store = SmallRealStore.make(tmp, "StartupPathsTest");
        Path models = tmp.resolve("thordb.commands");
        CommandModels.write(models);
        List<String> jvm = List.of("-D" + CommandModels.PROPERTY + "=" + models);
        for (String[] args : List.of(new String[] {"count", "--db", store.toString(), "year = 2015"},
                new String[] {"--debug", "count", "--db", store.toString(), "year", "=", "2014"},
                new String[] {"query", "--db", store.toString(), "--limit", "5", "--sort", "-score", "year = 2014"},
                new String[] {"query", "--db=" + store, "--format", "jsonl", "--limit", "2", "year = 2015"},
                new String[] {"stats", "--db", store.toString(), "--by", "year"},
                new String[] {"count", "--db", store.toString(), "year = = 2"},
                new String[] {"count", "--db", store.toString(), "--frobnicate", "year = 2015"},
                new String[] {"query", "--db", store.toString(), "--limit", "many", "year = 2015"},
                new String[] {"count", "--help"})) {
            Ran kept = child(jvm, args);
            Ran plain = here(args);
            assertEquals(plain.status(), kept.status(), String.join(" ", args) + ": " + kept.err());
            assertEquals(plain.out(), kept.out(), String.join(" ", args));
            assertEquals(plain.err(), kept.err(), String.join(" ", args));
        }
    }

    @Test
    void theGameTableIsTheOnePrintfMade() throws Exception {
        Path store = SmallRealStore.make(tmp, "StartupPathsTest");
        List<StoredGame> games = new ArrayList<>();
        try (Engine e = Engine.openReadOnly(store)) {
            for (StoredGame g : Games.of(e, Games.select(e, "year = 2014"))) {
                games.add(g);
                if (games.size() == 50) {
                    break;
                }
            }
        }
        StringWriter s = new StringWriter();
        PrintWriter out = new PrintWriter(s);
        var w = GameRows.numberedTable(out, 1);
        try (ThorDb lib = ThorDb.builder(store).readOnly().open()) {
            for (StoredGame g : games) { // the same games, as the front gives them
                w.accept(GameRows.Row.of(lib.game(g.id()).orElseThrow()));
            }
        }
        out.flush();
        // the format the table had, by printf
        StringBuilder want = new StringBuilder(String.format(Locale.US, "%4s ", "#"));
        want.append(String.format(Locale.US, "%-10s %4s %6s  %-19s %-19s %-25s %5s %4s  %s%n", "base", "year", "record", "black",
                "white", "tournament", "score", "theo", "moves"));
        int n = 1;
        for (StoredGame g : games) {
            want.append(String.format(Locale.US, "%4d ", n++));
            want.append(String.format(Locale.US, "%-10s %4d %6d  %-19s %-19s %-25s %5d %4s  %s%s%n", SafeText.fit(g.base(), 10),
                    g.year(), g.record(), SafeText.fit(g.black(), 19), SafeText.fit(g.white(), 19),
                    SafeText.fit(g.tournament(), 25), g.score(), g.theoreticalKnown() ? String.valueOf(g.theoretical()) : "-",
                    g.moves(), g.damage() == null ? "" : "  [damaged]"));
        }
        assertEquals(50, games.size());
        assertEquals(want.toString(), s.toString());
    }

    @Test
    void numbersAreWrittenAlikeInEveryLocale() throws Exception {
        Path store = SmallRealStore.make(tmp, "StartupPathsTest");
        Locale before = Locale.getDefault();
        Locale beforeFormat = Locale.getDefault(Locale.Category.FORMAT);
        try {
            Locale.setDefault(Locale.FRANCE);
            Ran french = here("explore", "--db", store.toString(), "f5d6");
            Locale.setDefault(Locale.US);
            Ran english = here("explore", "--db", store.toString(), "f5d6");
            assertEquals(0, french.status(), french.err());
            // the scores are written with a decimal point: a comma would be the French locale's
            assertTrue(Pattern.compile(" \\d+\\.\\d ").matcher(french.out()).find(), french.out());
            assertFalse(Pattern.compile(" \\d+,\\d ").matcher(french.out()).find(), french.out());
            assertEquals(english.out(), french.out());
        } finally {
            Locale.setDefault(before);
            Locale.setDefault(Locale.Category.FORMAT, beforeFormat);
        }
    }

    @Test
    void theStartUpArchivesTrainingRunsEveryStepItNames() {
        // each step is a command line that must end as it says (TrainCommand.step throws otherwise),
        // the second time through the command models it writes, as tools/thordb has it run
        Ran r = here("train-startup");
        assertEquals(0, r.status(), r.err());
        assertEquals("", r.err());
        Path models = tmp.resolve("thordb.commands");
        String before = System.getProperty(CommandModels.PROPERTY);
        System.setProperty("thordb.commands.write", models.toString());
        try {
            Ran withModels = here("train-startup");
            assertEquals(0, withModels.status(), withModels.err());
            assertTrue(Files.size(models) > 1000, "the models were written");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            System.clearProperty("thordb.commands.write");
            if (before == null) {
                System.clearProperty(CommandModels.PROPERTY);
            } else {
                System.setProperty(CommandModels.PROPERTY, before);
            }
        }
    }
}
