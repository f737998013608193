package org.thordb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The command line's models kept beside the jar ({@link CommandModels}) parse what the annotations
 * parse, to the same values, for every command they keep: each option alone and all of them
 * together, the query's words, the root's {@code --debug} before and after the command; what one
 * refuses the other refuses (and then the annotations answer); help and the version are always the
 * annotations'.
 */
class CommandModelsTest {
    @TempDir
    Path tmp;

    /** A value of an option's type that the annotations accept. */
    private static String sample(ArgSpec a) {
        Class<?> t = a.type();
        if (t == int.class || t == Integer.class || t == long.class || t == Long.class) {
            return "7";
        }
        if (t == double.class || t == Double.class) {
            return "0.5";
        }
        if (t.isEnum()) {
            return t.getEnumConstants()[0].toString();
        }
        if (t == Path.class) {
            return "some/where";
        }
        if (List.class.isAssignableFrom(t) && a.auxiliaryTypes().length > 0 && a.auxiliaryTypes()[0] == Path.class) {
            return "some/where";
        }
        return "abc";
    }

    /** Each argument's value after parsing, named: the comparison of two models' parses. */
    private static List<String> values(CommandLine cl, String name) {
        List<String> out = new ArrayList<>();
        CommandSpec sub = cl.getSubcommands().get(name).getCommandSpec();
        for (ArgSpec a : sub.args()) {
            if (a.isOption() && (((OptionSpec) a).usageHelp() || ((OptionSpec) a).versionHelp())) {
                continue;
            }
            String key = a.isOption() ? ((OptionSpec) a).longestName() : "positional " + a.paramLabel();
            out.add(key + " = " + Objects.toString((Object) a.getValue()));
        }
        out.sort(null);
        return out;
    }

    private static List<List<String>> argumentLists(CommandSpec sub, String name) {
        List<List<String>> lists = new ArrayList<>();
        List<String> positional = new ArrayList<>();
        for (ArgSpec a : sub.positionalParameters()) {
            positional.add(sample(a));
            if (a.arity().max() > 1) {
                positional.add("and");
                positional.add("more");
            }
        }
        List<String> all = new ArrayList<>(List.of(name));
        for (OptionSpec o : sub.options()) {
            if (o.usageHelp() || o.versionHelp() || o.inherited()) {
                continue;
            }
            List<String> one = new ArrayList<>(List.of(name));
            one.add(o.longestName());
            all.add(o.longestName());
            if (o.arity().min() > 0) {
                one.add(sample(o));
                all.add(sample(o));
            }
            one.addAll(positional);
            lists.add(one);
            List<String> glued = new ArrayList<>(List.of(name));
            if (o.arity().min() > 0 && o.longestName().startsWith("--")) {
                glued.add(o.longestName() + "=" + sample(o));
                glued.addAll(positional);
                lists.add(glued);
            }
        }
        all.addAll(positional);
        lists.add(all);
        List<String> plain = new ArrayList<>(List.of(name));
        plain.addAll(positional);
        lists.add(plain);
        List<String> debugFirst = new ArrayList<>(List.of("--debug"));
        debugFirst.addAll(plain);
        lists.add(debugFirst);
        List<String> debugAfter = new ArrayList<>(plain);
        debugAfter.add(1, "--debug");
        lists.add(debugAfter);
        List<String> unknown = new ArrayList<>(plain);
        unknown.add(1, "--no-such-option");
        lists.add(unknown);
        lists.add(List.of(name, "--db"));
        return lists;
    }

    @Test
    void everyKeptModelParsesWhatItsAnnotationsParse() throws Exception {
        Path file = tmp.resolve("thordb.commands");
        List<String> kept = CommandModels.write(file);
        // the one-shot questions are kept (explore has an argument group: its annotations answer it)
        assertTrue(kept.containsAll(List.of("count", "query", "explain", "stats", "report", "prepare", "import", "export")),
                kept.toString());
        assertFalse(kept.contains("help") || kept.contains("completion") || kept.contains("explore"), kept.toString());
        int compared = 0;
        for (String name : kept) {
            CommandSpec annotatedSub = ThordbCommand.commandLine(new String[] {name}).getSubcommands().get(name).getCommandSpec();
            for (List<String> args : argumentLists(annotatedSub, name)) {
                String[] a = args.toArray(String[]::new);
                CommandLine annotated = ThordbCommand.commandLine(a);
                CommandLine fast = CommandModels.commandLine(file, a);
                assertNotNull(fast, name + " is kept");
                String annotatedError = null;
                String fastError = null;
                try {
                    annotated.parseArgs(a);
                } catch (CommandLine.PicocliException e) {
                    annotatedError = e.getClass().getSimpleName();
                }
                try {
                    fast.parseArgs(a);
                } catch (CommandLine.PicocliException e) {
                    fastError = e.getClass().getSimpleName();
                }
                assertEquals(annotatedError == null, fastError == null, args + ": " + annotatedError + " / " + fastError);
                if (annotatedError == null) {
                    assertEquals(values(annotated, name), values(fast, name), args.toString());
                    assertEquals(((ThordbCommand) annotated.getCommand()).debug, ((ThordbCommand) fast.getCommand()).debug,
                            args.toString());
                    compared++;
                }
            }
        }
        assertTrue(compared > 50, compared + " parses compared");
    }

    @Test
    void helpTheVersionAndWhatTheModelsRefuseAreTheAnnotations() throws Exception {
        Path file = tmp.resolve("thordb.commands");
        CommandModels.write(file);
        assertNull(CommandModels.commandLine(file, new String[] {"count", "--help"}));
        assertNull(CommandModels.commandLine(file, new String[] {"query", "-V"}));
        assertNull(CommandModels.commandLine(file, new String[] {"no-such-command"}));
        assertNull(CommandModels.commandLine(tmp.resolve("missing"), new String[] {"count", "x"}));
        // through Main: with and without the models, the same words for a refused argument and for help
        String before = System.getProperty(CommandModels.PROPERTY);
        try {
            for (String[] args : List.of(new String[] {"count", "--no-such-option", "year", "=", "1"},
                    new String[] {"count", "--help"}, new String[] {"query", "--limit", "x", "year > 0"},
                    new String[] {"count", "--db"})) {
                System.clearProperty(CommandModels.PROPERTY);
                String[] plain = run(args);
                System.setProperty(CommandModels.PROPERTY, file.toString());
                String[] kept = run(args);
                assertEquals(plain[0], kept[0], String.join(" ", args));
                assertEquals(plain[1], kept[1], String.join(" ", args));
                assertEquals(plain[2], kept[2], String.join(" ", args));
                assertFalse(plain[1].isEmpty() && plain[2].isEmpty(), String.join(" ", args));
            }
        } finally {
            if (before == null) {
                System.clearProperty(CommandModels.PROPERTY);
            } else {
                System.setProperty(CommandModels.PROPERTY, before);
            }
        }
    }

    @Test
    void aFileWrittenByAnotherJarIsNotRead() throws Exception {
        Path file = tmp.resolve("thordb.commands");
        CommandModels.write(file);
        assertNotNull(CommandModels.commandLine(file, new String[] {"count", "x"}));
        // the same models under another jar's stamp: the annotations answer instead
        Path other = tmp.resolve("other.commands");
        try (DataInputStream in = new DataInputStream(Files.newInputStream(file));
             DataOutputStream out = new DataOutputStream(Files.newOutputStream(other))) {
            out.writeUTF(in.readUTF());
            in.readUTF();
            out.writeUTF("12345@67890");
            in.transferTo(out);
        }
        assertNull(CommandModels.commandLine(other, new String[] {"count", "x"}));
    }

    private static String[] run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.run(new PrintWriter(out), new PrintWriter(err), args);
        return new String[] {String.valueOf(status), out.toString(), err.toString()};
    }
}
