package org.thordb.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The root command: holds the global options and lists the subcommands.
 *
 * <p>Usage: {@code new CommandLine(new ThordbCommand()).execute("--version");}
 */
@Command(name = "thordb", mixinStandardHelpOptions = true, versionProvider = ThordbCommand.Version.class,
        scope = ScopeType.INHERIT, // -h/--help and -V/--version on every subcommand too
        description = "An embedded, indexed store for Othello game databases in the WTHOR format.",
        footerHeading = "%nExamples:%n",
        footer = {"  thordb import ../shared/data/wthor", "  thordb query 'player = \"Tastet Marc\" and opening = f5d6'",
            "  thordb help explore", "", "Shell completion: source <(thordb completion bash)"},
        subcommands = {HelpCommand.class, CompletionCommand.class, ImportCommand.class, SolveCommand.class, QueryCommand.class, CountCommand.class, ExplainCommand.class, ExportCommand.class, RemoveCommand.class, OptimizeCommand.class, DuplicatesCommand.class, PlayersCommand.class, SolitairesCommand.class, OpeningsCommand.class, StatsCommand.class, ServeCommand.class, ReplCommand.class, ExploreCommand.class, DemoCommand.class,
            TrainCommand.class,
            InfoCommand.class, DumpCommand.class,
            VerifyCommand.class, TheoreticalCommand.class})
public final class ThordbCommand implements Runnable {

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
        Properties p = new Properties();
        try (InputStream in = ThordbCommand.class.getResourceAsStream("/org/thordb/version.properties")) {
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
