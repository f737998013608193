package org.thordb.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import org.thordb.error.ThorDbException;
import picocli.CommandLine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.thordb.ThorDb;

/**
 * The {@code thordb} command line: {@code thordb dump FILE…}, {@code thordb verify FILE…}, and more.
 * Errors go to stderr in one line each, with a stack trace only under {@code --debug}.
 *
 * <p>Usage: {@code int status = Main.run(out, err, "verify", "WTH_2015.wtb");}
 */
public final class Main {
    private Main() {
    }

    /** Runs the command line and exits with its status. */
    public static void main(String[] args) {
        StartupTrace.begin();
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            // the version alone needs no command line parsed: picocli's model of the root command
            // (its classes are Java 5 class files, which the start-up archive cannot hold) would be
            // most of the run
            try {
                OutputStream o = CheckedOutput.standardOutput();
                o.write(("thordb " + ThordbCommand.version() + System.lineSeparator()).getBytes(StandardCharsets.UTF_8));
                o.flush();
            } catch (ThorDbException | CommandFailure | IOException | UncheckedIOException e) { // a full standard output: one line, a failure
                System.err.println("thordb: " + oneLine(e));
                System.exit(2);
            }
            System.exit(0);
        }
        Path ahead = readsStore(args);
        if (ahead != null) {
            // on the second core while picocli makes its model and reads the arguments
            Stores.openAhead(ahead);
        } else if (opensStore(args)) {
            ThorDb.prepareInBackground(); // the same, for the store's classes and the parser
        }
        // every write to standard output checked: a failure is an error, never a silent exit 0
        PrintWriter out = new PrintWriter(new OutputStreamWriter(CheckedOutput.standardOutput(), StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        int status = run(out, err, args);
        err.flush();
        StartupTrace.mark("done, exit " + status);
        StartupTrace.threads();
        System.exit(status);
    }

    /** The commands that read a store: only they gain from its classes and the parser made ahead. */
    private static final Set<String> STORE_COMMANDS = Set.of("query", "count", "explain", "explore",
            "stats", "report", "prepare", "players", "openings", "repl", "serve", "export", "info", "verify", "theoretical", "solitaires",
            "duplicates", "import", "remove", "undo", "releases", "optimize");

    /** The one-shot questions (and the REPL): their store is opened ahead, read-only. */
    private static final Set<String> READ_COMMANDS = Set.of("query", "count", "explain", "explore",
            "stats", "report", "prepare", "repl");

    /**
     * The store a read command will open (its {@code --db}, else the default one), or null for any
     * other command, or arguments that ask for help: found by a look at the arguments, not a parse
     * (a wrong guess only opens a store the command does not take).
     */
    /** A command line's command (null when none) and its {@code --db} (null when not given). */
    record Asked(String command, Path db) {
    }

    /** The command and store a command line names, read before picocli reads it. */
    static Asked asked(String[] args) {
        String command = null;
        Path db = null;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--")) {
                break;
            }
            if (a.equals("--db") && i + 1 < args.length) {
                db = Path.of(args[++i]);
            } else if (a.startsWith("--db=")) {
                db = Path.of(a.substring("--db=".length()));
            } else if (command == null && !a.startsWith("-")) {
                command = a;
            }
        }
        return new Asked(command, db);
    }

    static Path readsStore(String[] args) {
        if (!opensStore(args)) {
            return null;
        }
        try {
            Asked a = asked(args);
            if (a.command() == null || !READ_COMMANDS.contains(a.command())) {
                return null;
            }
            return a.db() != null ? a.db() : StoreOption.defaultDir();
        } catch (RuntimeException e) { // a path the system refuses: the command says so itself
            return null;
        }
    }

    private static boolean opensStore(String[] args) {
        for (String a : args) {
            if (a.equals("-h") || a.equals("--help") || a.equals("-V") || a.equals("--version")) {
                return false;
            }
        }
        for (String a : args) {
            if (!a.startsWith("-")) {
                return STORE_COMMANDS.contains(a);
            }
        }
        return false;
    }

    /** Runs the command line with the given streams and returns its exit status. */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        // numbers are written one way whatever the user's locale (12.5, never 12,5), as the API
        // writes them: a script reads every surface alike. US English, not the root locale: for it
        // printf formats without loading a locale's digits and separators (6 ms of a first answer)
        Locale.setDefault(Locale.Category.FORMAT, Locale.US);
        CommandLine cl = kept(args);
        if (cl == null) {
            cl = ThordbCommand.commandLine(args);
        }
        StartupTrace.mark("command line's model made");
        ThordbCommand root = cl.getCommand();
        cl.setOut(out);
        cl.setErr(err);
        cl.setExecutionExceptionHandler((e, line, parsed) -> {
            boolean debug = root.debug || Arrays.asList(args).contains("--debug"); // inherited: may follow the subcommand
            if (debug) {
                e.printStackTrace(err);
            } else {
                err.println("thordb: " + oneLine(e));
            }
            err.flush();
            return said(e) ? 2 : 3;
        });
        int status;
        // help and version are printed by picocli itself, outside the handler above: into a buffer
        // first, so that a full standard output is one line and a failure, not a stack trace
        List<String> a = Arrays.asList(args);
        boolean help = args.length == 0 || a.contains("-h") || a.contains("--help") || a.contains("-V")
                || a.contains("--version") || a.get(0).equals("help");
        StringWriter buffered = help ? new StringWriter() : null;
        if (help) {
            cl.setOut(new PrintWriter(buffered));
        }
        try {
            status = cl.execute(args);
            if (help) {
                out.print(buffered);
                out.flush();
            }
        } catch (ThorDbException | CommandFailure | UncheckedIOException e) {
            // picocli's own printing (help, version, usage errors) is outside the handler above: a full
            // standard output there is one line and a failure too, never a trace
            err.println("thordb: " + oneLine(e));
            err.flush();
            return 2;
        } catch (OutOfMemoryError e) {
            // no input is meant to get here (every reader has its caps); if one does, one line, not a trace
            err.println("thordb: out of memory: the Java heap (" + Runtime.getRuntime().maxMemory() / (1 << 20)
                    + " MB) is too small for this work; give it more with THORDB_JAVA_OPTS=-Xmx4g");
            err.flush();
            return 3;
        }
        try {
            out.flush();
        } catch (ThorDbException | CommandFailure | UncheckedIOException e) { // the last of what a command printed did not reach its output
            err.println("thordb: " + oneLine(e));
            status = status == 0 ? 2 : status;
        }
        if (out.checkError()) { // a writer the caller gave that keeps its failures to itself
            err.println("thordb: the output could not be written whole");
            status = status == 0 ? 2 : status;
        }
        err.flush();
        return status;
    }

    /**
     * The command line from the models kept beside the jar ({@link CommandModels}), when
     * {@code tools/thordb} names them and they parse these arguments; else null, and the
     * annotations answer (their help, their errors, word for word).
     */
    private static CommandLine kept(String[] args) {
        String file = System.getProperty(CommandModels.PROPERTY);
        if (file == null || file.isBlank()) {
            return null;
        }
        CommandLine cl = CommandModels.commandLine(Path.of(file), args);
        if (cl == null) {
            return null;
        }
        try {
            cl.parseArgs(args); // the command parses them again as it runs
            return cl;
        } catch (CommandLine.PicocliException e) {
            return null;
        }
    }

    /**
     * Whether an error is one the command line says in its own words (status 2): the library's, its
     * own, and an output that failed ({@link CheckedOutput}); anything else is a bug (status 3).
     */
    static boolean said(Throwable e) {
        return e instanceof ThorDbException || e instanceof CommandFailure || e instanceof UncheckedIOException;
    }

    /** The message of an error, on one line. */
    static String oneLine(Throwable e) {
        String m = said(e) ? e.getMessage() : e.toString();
        if (m == null) {
            m = e.getClass().getSimpleName();
        }
        return m.replaceAll("[\\r\\n]+", " ");
    }
}
