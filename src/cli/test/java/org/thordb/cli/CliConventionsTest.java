package org.thordb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.thordb.sample.SampleBase;
import picocli.CommandLine;

/**
 * The command line as people expect it: help on every command, shell completion, an explicitly
 * named file that is not imported is an error, exported files readable as any new file, and
 * nothing on standard output when a query fails.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CliConventionsTest {
    private Path dir;
    private Path db;
    private Path sample;

    @BeforeAll
    void base() throws Exception {
        dir = Files.createTempDirectory("thordb-cli-conventions");
        sample = dir.resolve("sample");
        SampleBase.write(sample, "SAMPLE", 2000, 2, 100, 5L);
        db = dir.resolve("db");
        assertEquals(0, CommandsTest.run("import", "--no-progress", "--db", db.toString(), sample.toString()).status());
    }

    /** Every visible subcommand, from the command model: a new one is covered by these tests at once. */
    private static List<String> commands() {
        List<String> out = new ArrayList<>();
        ThordbCommand.commandLine().getSubcommands().forEach((name, cl) -> {
            if (!cl.getCommandSpec().usageMessage().hidden()) {
                out.add(name);
            }
        });
        return out;
    }

    @Test
    void eachCommandIsMadeAloneWhenAskedForAndItsNameIsItsAnnotations() {
        assertEquals(ThordbCommand.SUBCOMMANDS.size(), ThordbCommand.NAMES.size());
        for (int i = 0; i < ThordbCommand.NAMES.size(); i++) {
            String name = ThordbCommand.NAMES.get(i);
            assertEquals(ThordbCommand.SUBCOMMANDS.get(i).getAnnotation(picocli.CommandLine.Command.class).name(), name);
            java.util.Map<String, picocli.CommandLine> alone = ThordbCommand.commandLine(
                    new String[] {"--debug", name, "--help"}).getSubcommands();
            if (name.equals("help") || name.equals("completion")) { // these need every command
                assertEquals(ThordbCommand.NAMES, List.copyOf(alone.keySet()));
            } else {
                assertEquals(List.of(name), List.copyOf(alone.keySet()));
                // the same help as in the whole command line: nothing of a command depends on the others
                assertEquals(ThordbCommand.commandLine().getSubcommands().get(name).getUsageMessage(),
                        alone.get(name).getUsageMessage(), name);
            }
        }
        assertEquals(ThordbCommand.NAMES, List.copyOf(ThordbCommand.commandLine(new String[] {"cuont"}).getSubcommands().keySet()));
    }

    @Test
    void everyCommandAnswersHelpWithItsUsageAndExamples() {
        List<String> commands = commands();
        assertTrue(commands.containsAll(List.of("import", "query", "count", "explain", "export", "repl", "explore", "demo",
                "info", "dump", "verify", "help", "completion")), commands.toString());
        CommandsTest.Run top = CommandsTest.run("--help");
        assertEquals(0, top.status(), top.err());
        assertTrue(top.out().startsWith("Usage: thordb"), top.out());
        // the top help lists each command with its description's first part: a whole sentence
        ThordbCommand.commandLine().getSubcommands().forEach((name, cl) -> {
            String[] d = cl.getCommandSpec().usageMessage().description();
            assertTrue(d.length > 0 && d[0].strip().endsWith("."), name + "'s first description line is a sentence: "
                    + String.join(" | ", d));
        });
        // picocli warns on System.err itself (a '%' in an example read as a format): caught here
        java.io.PrintStream realErr = System.err;
        java.io.ByteArrayOutputStream picocliWarnings = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(picocliWarnings, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            helpOfEachCommand(commands);
        } finally {
            System.setErr(realErr);
        }
        assertEquals("", picocliWarnings.toString(java.nio.charset.StandardCharsets.UTF_8), "picocli's own warnings");
    }

    private static void helpOfEachCommand(List<String> commands) {
        for (String c : commands) {
            for (String flag : List.of("--help", "-h")) {
                CommandsTest.Run r = CommandsTest.run(c, flag);
                assertEquals(0, r.status(), c + " " + flag + ": " + r.err());
                // picocli's help command puts its one-line description first
                assertTrue(r.out().startsWith("Usage: thordb " + c) || c.equals("help")
                        && r.out().contains("\nUsage: thordb help"), c + ": " + r.out());
                assertEquals("", r.err(), c + " " + flag);
            }
            if (!c.equals("help")) {
                CommandsTest.Run r = CommandsTest.run(c, "--help");
                assertTrue(r.out().contains("\nExamples:\n  thordb "), c + " ends with examples: " + r.out());
                CommandsTest.Run viaHelp = CommandsTest.run("help", c);
                assertEquals(0, viaHelp.status());
                assertEquals(r.out(), viaHelp.out(), "thordb help " + c + " is " + c + " --help");
            }
        }
    }

    @Test
    void completionScriptsComeFromTheCommandModelAndLoadInBash() throws Exception {
        CommandsTest.Run bash = CommandsTest.run("completion", "bash");
        assertEquals(0, bash.status(), bash.err());
        for (String c : commands()) {
            assertTrue(bash.out().contains(c), "the script knows " + c);
        }
        assertTrue(bash.out().contains("--moves") && bash.out().contains("--where"), "and the options");
        CommandsTest.Run zsh = CommandsTest.run("completion", "zsh");
        assertEquals(0, zsh.status());
        assertTrue(zsh.out().contains("ZSH_VERSION") && zsh.out().contains("bashcompinit"), "zsh loads it through bashcompinit");
        CommandsTest.Run fish = CommandsTest.run("completion", "fish");
        assertEquals(2, fish.status());
        assertEquals("thordb: no completion for the shell 'fish': bash or zsh", fish.err().strip());
        // a real bash loads it and registers the completion function
        Path script = Files.writeString(dir.resolve("thordb.bash"), bash.out());
        Process p = new ProcessBuilder("bash", "-c", "source " + script + " && complete -p thordb").redirectErrorStream(true).start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), said);
        assertTrue(said.contains("complete -o default -F _complete_thordb thordb"), said);
    }

    @Test
    void aFileNamedAloneThatIsNotImportedIsAnErrorAndAFolderCountsItsOthers() throws Exception {
        Path notes = Files.writeString(dir.resolve("notes.txt"), "not games\n");
        Path store = dir.resolve("import-db");
        CommandsTest.Run r = CommandsTest.run("import", "--no-progress", "--db", store.toString(), notes.toString());
        assertEquals(2, r.status(), r.out());
        assertEquals("thordb: " + notes + ": not a file thordb imports (WTHOR games .wtb .wtd, names .JOU .TRN;"
                + " text games: GGF, PGN, transcripts, Logistello's book, eOthello's CSV, MOVES:/RESULT: records)",
                r.err().strip());
        assertEquals("", r.out());
        Path folder = dir.resolve("folder");
        SampleBase.write(folder, "CLUB", 2001, 1, 30, 6L);
        Files.writeString(folder.resolve("README.txt"), "a note beside the games\n");
        Files.writeString(folder.resolve("games.pgn"), "1. f5 *\n");
        CommandsTest.Run f = CommandsTest.run("import", "--no-progress", "--db", store.toString(), folder.toString());
        assertEquals(0, f.status(), f.err());
        // games.pgn holds a game (its content decides, a transcript line): a base of its own; the note is passed over
        assertTrue(f.out().contains("4 files looked at: 4 imported (31 games") && f.out().contains("1 other file of the folders passed over"),
                f.out());
        CommandsTest.Run both = CommandsTest.run("import", "--no-progress", "--db", store.toString(), folder.toString(),
                notes.toString());
        assertEquals(2, both.status(), "an unimportable file named beside a folder still fails, before anything is written");
    }

    @Test
    void exportedFilesGetThePermissionsOfAnyNewFile() throws Exception {
        Path out = dir.resolve("export");
        CommandsTest.Run wthor = CommandsTest.run("export", "--db", db.toString(), "--out", out.toString(), "year = 2000");
        assertEquals(0, wthor.status(), wthor.err());
        CommandsTest.Run csv = CommandsTest.run("export", "--db", db.toString(), "--format", "csv", "--out",
                out.resolve("csv").toString(), "year = 2000");
        assertEquals(0, csv.status(), csv.err());
        Set<PosixFilePermission> fresh = Files.getPosixFilePermissions(Files.createFile(out.resolve("fresh")));
        assertTrue(fresh.contains(PosixFilePermission.OWNER_READ) && fresh.contains(PosixFilePermission.OWNER_WRITE));
        List<Path> written = new ArrayList<>();
        try (var s = Files.walk(out)) {
            s.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().equals("fresh")).forEach(written::add);
        }
        assertTrue(written.size() >= 4, written.toString()); // SAMPLE_2000.wtb, .JOU, .TRN, games.csv
        for (Path p : written) {
            assertEquals(fresh, Files.getPosixFilePermissions(p), p.toString());
        }
    }

    @Test
    void aFailedQueryPrintsNothingOnStandardOutput() {
        for (List<String> args : List.of(List.of("position = \"abc\""), List.of("year = "),
                List.of("--sort", "colour", "year = 2000"), List.of("--format", "xml", "year = 2000"),
                List.of("--limit", "-1", "year = 2000"))) {
            List<String> all = new ArrayList<>(List.of("query", "--db", db.toString()));
            all.addAll(args);
            CommandsTest.Run r = CommandsTest.run(all.toArray(String[]::new));
            assertEquals(2, r.status(), args.toString());
            assertEquals("", r.out(), args + " printed on standard output");
            assertTrue(r.err().startsWith("thordb: ") && r.err().strip().lines().count() == 1, r.err());
        }
    }
}
