package org.thordb.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The root command: holds the global options and lists the subcommands.
 *
 * <p>Usage: {@code ThordbCommand.commandLine(args).execute(args);}
 */
@Command(name = "thordb", mixinStandardHelpOptions = true, versionProvider = ThordbCommand.Version.class,
        scope = ScopeType.INHERIT, // -h/--help and -V/--version on every subcommand too
        description = "An embedded, indexed store for Othello game databases in the WTHOR format.",
        footerHeading = "%nExamples:%n",
        footer = {"  thordb import ../shared/data/wthor", "  thordb query 'player = \"Tastet Marc\" and opening = f5d6'",
            "  thordb help explore", "", "Shell completion: source <(thordb completion bash)"})
public final class ThordbCommand implements Runnable {
    static {
        // picocli's factory looks for Groovy's closures on the class path when it is first used: a
        // class that is not there is looked for in every jar, 19 ms of every command's start.
        // thordb has no Groovy, so the look is switched off (unless the caller set it otherwise).
        if (System.getProperty("picocli.disable.closures") == null) {
            System.setProperty("picocli.disable.closures", "true");
        }
    }

    /**
     * The subcommands, in the order help lists them. They are not in the annotation: picocli makes
     * every listed command (its options read by reflection, its fields initialised) before it looks
     * at the arguments, which was most of a one-shot command's start-up (0.6 s for
     * {@code --version}); {@link #commandLine} adds only the one asked for.
     */
    static final List<Class<?>> SUBCOMMANDS = List.of(HelpCommand.class, CompletionCommand.class, ImportCommand.class,
            SolveCommand.class, QueryCommand.class, CountCommand.class, ExplainCommand.class, ExportCommand.class,
            RemoveCommand.class, UndoCommand.class, ReleasesCommand.class, OptimizeCommand.class, DuplicatesCommand.class, PlayersCommand.class,
            SolitairesCommand.class, OpeningsCommand.class, StatsCommand.class, ReportCommand.class, PrepareCommand.class, ServeCommand.class, ReplCommand.class,
            ExploreCommand.class, DemoCommand.class, TrainCommand.class, InfoCommand.class, DumpCommand.class,
            VerifyCommand.class, TheoreticalCommand.class);
    /**
     * Their names, in the same order (reading each class's annotation to find the one asked for
     * cost more than the rest of choosing it); {@code CliConventionsTest} checks that they are the
     * annotations' names.
     */
    static final List<String> NAMES = List.of("help", "completion", "import", "solve", "query", "count", "explain",
            "export", "remove", "undo", "releases", "optimize", "duplicates", "players", "solitaires", "openings", "stats", "report", "prepare", "serve", "repl",
            "explore", "demo", "train-startup", "info", "dump", "verify", "theoretical");

    /** The whole command line, every subcommand made: for help, completion and tests. */
    public static CommandLine commandLine() {
        return commandLine(null);
    }

    /**
     * The command line for these arguments: with only the subcommand they name when they name one
     * (its help, errors and options are its own, so nothing differs), else with every subcommand
     * (the root's help and version, {@code help}, {@code completion}, a misspelt name's suggestions).
     */
    public static CommandLine commandLine(String[] args) {
        CommandLine cl = new CommandLine(new ThordbCommand());
        StartupTrace.mark("picocli: the root's model made");
        String asked = args == null ? null : commandName(args);
        int at = asked == null || asked.equals("help") || asked.equals("completion") ? -1 : NAMES.indexOf(asked);
        Class<?> only = at < 0 ? null : SUBCOMMANDS.get(at);
        for (Class<?> c : SUBCOMMANDS) {
            if (only == null || c == only) {
                cl.addSubcommand(c);
            }
        }
        return cl;
    }

    /** The first argument that is not an option: the root's options take no value. */
    private static String commandName(String[] args) {
        for (String a : args) {
            if (!a.startsWith("-")) {
                return a;
            }
        }
        return null;
    }

    @Option(names = "--debug", scope = ScopeType.INHERIT, description = "Print stack traces with errors.")
    boolean debug;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** The version, from the build. */
    public static String version() {
        // the jar's manifest says it (read already, as the launcher opened the jar); the resource
        // below is a look through the class path, 3 ms when a subcommand inherits the version
        String v = ThordbCommand.class.getPackage().getImplementationVersion();
        if (v != null) {
            return v;
        }
        Properties p = new Properties();
        // beside this class: a named module holds resources in its own package only
        try (InputStream in = ThordbCommand.class.getResourceAsStream("version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            return "unknown";
        }
        return p.getProperty("version", "unknown");
    }

    /** Gives picocli the version line. */
    public static final class Version implements IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"thordb " + version()};
        }
    }
}
