package org.thordb.cli;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.IAnnotatedElement;
import picocli.CommandLine.Model.IGetter;
import picocli.CommandLine.Model.ISetter;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ScopeType;

/**
 * The command line's parsing models, made once from the annotations and kept in a file beside the
 * jar ({@code tools/thordb} makes it with the start-up archive), so that a one-shot command's start
 * reads no annotation: reading them spins a proxy class per annotation type and scans
 * {@code Object}'s methods, 15 ms of {@code count}'s 145. The file holds what parsing needs (each
 * option's names, field, type, arity, split, defaults), not the help: arguments the kept model does
 * not parse, and any asking for help or the version, go to the annotated command line, which
 * answers as it always did. A command the file cannot describe whole (an argument group, a
 * converter of its own, a nested mixin) is left out of it. {@code CommandModelsTest} checks that
 * every kept model parses what the annotations parse, to the same values.
 *
 * <p>Usage: {@code CommandLine cl = CommandModels.commandLine(Path.of("thordb.commands"), args); // or null}
 */
final class CommandModels {
    private CommandModels() {
    }

    /** The system property that names the file ({@code tools/thordb} sets it when the file is there). */
    static final String PROPERTY = "thordb.commands";

    private static final String MAGIC = "thordb-commands 3";

    /**
     * The jar these classes come from, as its size and time of last change ({@code ""} for a
     * folder of classes): the file holds the stamp of the jar it was written from and is read only
     * by that jar, so a jar replaced without it (a stale file beside it) falls back to the annotations.
     */
    static String jarStamp() {
        try {
            Path jar = Path.of(CommandModels.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!Files.isRegularFile(jar)) {
                return "";
            }
            return Files.size(jar) + "@" + Files.getLastModifiedTime(jar).toMillis();
        } catch (Exception e) { // no code source, or not a file: no stamp
            return "";
        }
    }

    /** Writes the models of every subcommand the file can describe; returns their names. */
    static List<String> write(Path file) throws IOException {
        List<String> kept = new ArrayList<>();
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(tmp)))) {
            out.writeUTF(MAGIC);
            out.writeUTF(jarStamp());
            CommandLine all = ThordbCommand.commandLine();
            CommandSpec root = all.getCommandSpec();
            writeArgs(out, root, root);
            for (String name : ThordbCommand.NAMES) {
                CommandLine sub = all.getSubcommands().get(name);
                // help and completion speak of every command: the annotations' whole command line answers them
                if (sub == null || name.equals("help") || name.equals("completion") || !describable(sub.getCommandSpec())) {
                    continue;
                }
                out.writeBoolean(true);
                out.writeUTF(name);
                out.writeUTF(sub.getCommandSpec().userObject().getClass().getName());
                writeArgs(out, sub.getCommandSpec(), root);
                kept.add(name);
            }
            out.writeBoolean(false);
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return kept;
    }

    /** Whether a command's parsing is all options and positionals on fields of it or of its mixins. */
    private static boolean describable(CommandSpec c) {
        if (!c.argGroups().isEmpty() || !c.unmatchedArgsBindings().isEmpty() || !c.parentCommandElements().isEmpty()
                || !c.subcommands().isEmpty()) {
            return false;
        }
        for (CommandSpec m : c.mixins().values()) {
            if (!m.mixins().isEmpty() && !isHelpMixin(m) || !m.specElements().isEmpty() || !m.argGroups().isEmpty()) {
                return false;
            }
        }
        for (ArgSpec a : c.args()) {
            if (a.inherited() || a.isOption() && (((OptionSpec) a).usageHelp() || ((OptionSpec) a).versionHelp())) {
                continue;
            }
            if (!(a.userObject() instanceof Field) || a.converters().length > 0 || a.interactive()) {
                return false;
            }
            if (path(c, a) == null) {
                return false;
            }
        }
        return true;
    }

    private static boolean isHelpMixin(CommandSpec m) {
        return m.options().stream().allMatch(o -> o.usageHelp() || o.versionHelp());
    }

    /** The field an argument sets, as {@code field} of the command or {@code mixin.field} of one of its mixins. */
    private static String path(CommandSpec c, ArgSpec a) {
        Field f = (Field) a.userObject();
        if (f.getDeclaringClass().isInstance(c.userObject())) {
            return f.getName();
        }
        for (var e : c.mixins().entrySet()) {
            if (e.getValue().args().contains(a)) {
                IAnnotatedElement at = c.mixinAnnotatedElements().get(e.getKey());
                if (at == null || !(at.userObject() instanceof Field mf) || !mf.getDeclaringClass().isInstance(c.userObject())) {
                    return null;
                }
                return mf.getName() + "." + f.getName();
            }
        }
        return null;
    }

    private static void writeArgs(DataOutputStream out, CommandSpec c, CommandSpec root) throws IOException {
        List<ArgSpec> args = new ArrayList<>();
        for (ArgSpec a : c.args()) {
            boolean help = a.isOption() && (((OptionSpec) a).usageHelp() || ((OptionSpec) a).versionHelp());
            if (!help && !(a.inherited() && c != root)) {
                args.add(a);
            }
        }
        out.writeInt(args.size());
        for (ArgSpec a : args) {
            Arg.of(a, path(c, a)).write(out);
        }
        // the field that holds the command's model (@Spec), if any
        String spec = null;
        for (IAnnotatedElement e : c.specElements()) {
            spec = e.getName();
        }
        writeNullable(out, spec);
        // the mixins' fields and classes, made before their options are bound
        out.writeInt(c.mixins().size());
        for (var e : c.mixins().entrySet()) {
            IAnnotatedElement at = c.mixinAnnotatedElements().get(e.getKey());
            out.writeUTF(at == null ? "" : at.getName());
            out.writeUTF(e.getValue().userObject().getClass().getName());
        }
    }

    private static void writeNullable(DataOutputStream out, String s) throws IOException {
        out.writeBoolean(s != null);
        if (s != null) {
            out.writeUTF(s);
        }
    }

    private static String readNullable(DataInputStream in) throws IOException {
        return in.readBoolean() ? in.readUTF() : null;
    }

    /**
     * The command line for {@code args} from the kept models: the root and the one subcommand the
     * arguments name; null when the file is not there or unreadable, when it has not that command,
     * or when the arguments ask for help or the version (the annotated command line answers those).
     */
    static CommandLine commandLine(Path file, String[] args) {
        String name = null;
        for (String a : args) {
            if (a.equals("-h") || a.equals("--help") || a.equals("-V") || a.equals("--version")) {
                return null;
            }
            if (name == null && !a.startsWith("-")) {
                name = a;
            }
        }
        if (name == null || file == null || !Files.isRegularFile(file)) {
            return null;
        }
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
            if (!in.readUTF().equals(MAGIC) || !in.readUTF().equals(jarStamp())) {
                return null; // another version's file, or another jar's
            }
            ThordbCommand root = new ThordbCommand();
            CommandSpec rootSpec = CommandSpec.wrapWithoutInspection(root);
            rootSpec.name("thordb");
            readArgs(in, rootSpec, root);
            while (in.readBoolean()) {
                String sub = in.readUTF();
                String type = in.readUTF();
                if (!sub.equals(name)) {
                    skipCommand(in);
                    continue;
                }
                Object command = Class.forName(type).getDeclaredConstructor().newInstance();
                CommandSpec subSpec = CommandSpec.wrapWithoutInspection(command);
                readArgs(in, subSpec, command);
                rootSpec.addSubcommand(sub, subSpec);
                return new CommandLine(rootSpec);
            }
            return null;
        } catch (IOException | ReflectiveOperationException | RuntimeException e) {
            return null; // the annotations answer instead
        }
    }

    private static void skipCommand(DataInputStream in) throws IOException, ReflectiveOperationException {
        readArgs(in, null, null);
    }

    /** Reads a command's arguments and binds them to {@code target}'s fields ({@code spec} null: skips them). */
    private static void readArgs(DataInputStream in, CommandSpec spec, Object target) throws IOException, ReflectiveOperationException {
        int n = in.readInt();
        List<Arg> read = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            read.add(Arg.read(in));
        }
        String specField = readNullable(in);
        int mixins = in.readInt();
        List<String[]> mixinFields = new ArrayList<>();
        for (int i = 0; i < mixins; i++) {
            mixinFields.add(new String[] {in.readUTF(), in.readUTF()});
        }
        if (spec == null) {
            return;
        }
        for (String[] m : mixinFields) { // each mixin's object, made as picocli makes it
            if (m[0].isEmpty()) {
                continue;
            }
            Field f = field(target.getClass(), m[0]);
            if (f.get(target) == null) {
                f.set(target, Class.forName(m[1]).getDeclaredConstructor().newInstance());
            }
        }
        for (Arg r : read) {
            r.addTo(spec, binding(target, r.path()));
        }
        if (specField != null) {
            field(target.getClass(), specField).set(target, spec);
        }
    }

    /**
     * What parsing needs of one option or positional, written and read back field for field.
     *
     * @param names an option's names (none for a positional)
     * @param index a positional's index ({@code ""} for an option)
     * @param path the field it sets: {@code field}, or {@code mixin.field}
     */
    private record Arg(String[] names, boolean inherit, boolean negatable, String index, String path, String type,
                       String[] aux, String arity, String split, boolean required, String defaultValue, String fallback,
                       String label) {
        static Arg of(ArgSpec a, String path) {
            Class<?>[] at = a.auxiliaryTypes();
            String[] aux = new String[at.length];
            for (int k = 0; k < at.length; k++) {
                aux[k] = at[k].getName();
            }
            if (a instanceof OptionSpec o) {
                return new Arg(o.names(), o.scopeType() == ScopeType.INHERIT, o.negatable(), "", path, a.type().getName(),
                        aux, a.arity().originalValue(), a.splitRegex(), a.required(), a.defaultValue(), o.fallbackValue(),
                        a.paramLabel());
            }
            return new Arg(new String[0], false, false, ((PositionalParamSpec) a).index().originalValue(), path,
                    a.type().getName(), aux, a.arity().originalValue(), a.splitRegex(), a.required(), a.defaultValue(), null,
                    a.paramLabel());
        }

        boolean option() {
            return names.length > 0;
        }

        void write(DataOutputStream out) throws IOException {
            writeStrings(out, names);
            out.writeBoolean(inherit);
            out.writeBoolean(negatable);
            out.writeUTF(index);
            out.writeUTF(path);
            out.writeUTF(type);
            writeStrings(out, aux);
            out.writeUTF(arity);
            out.writeUTF(split);
            out.writeBoolean(required);
            writeNullable(out, defaultValue);
            writeNullable(out, fallback);
            out.writeUTF(label);
        }

        static Arg read(DataInputStream in) throws IOException {
            return new Arg(readStrings(in), in.readBoolean(), in.readBoolean(), in.readUTF(), in.readUTF(), in.readUTF(),
                    readStrings(in), in.readUTF(), in.readUTF(), in.readBoolean(), readNullable(in), readNullable(in),
                    in.readUTF());
        }

        /** Adds it to {@code spec}, bound to the field {@code b}, its initial value the field's own as for an annotated field. */
        void addTo(CommandSpec spec, Binding b) throws ClassNotFoundException {
            Class<?>[] auxTypes = new Class<?>[aux.length];
            for (int k = 0; k < aux.length; k++) {
                auxTypes[k] = classOf(aux[k]);
            }
            if (option()) {
                OptionSpec.Builder o = OptionSpec.builder(names).type(classOf(type)).auxiliaryTypes(auxTypes).arity(arity)
                        .splitRegex(split).required(required).defaultValue(defaultValue).paramLabel(label).getter(b)
                        .setter(b).initialValue(b.get()).negatable(negatable);
                if (fallback != null) {
                    o.fallbackValue(fallback);
                }
                if (inherit) {
                    o.scopeType(ScopeType.INHERIT);
                }
                spec.addOption(o.build());
            } else {
                spec.addPositional(PositionalParamSpec.builder().index(index).type(classOf(type)).auxiliaryTypes(auxTypes)
                        .arity(arity).splitRegex(split).required(required).defaultValue(defaultValue).paramLabel(label)
                        .getter(b).setter(b).initialValue(b.get()).build());
            }
        }
    }

    private static void writeStrings(DataOutputStream out, String[] s) throws IOException {
        out.writeInt(s.length);
        for (String x : s) {
            out.writeUTF(x);
        }
    }

    private static String[] readStrings(DataInputStream in) throws IOException {
        String[] s = new String[in.readInt()];
        for (int k = 0; k < s.length; k++) {
            s[k] = in.readUTF();
        }
        return s;
    }

    private static Class<?> classOf(String name) throws ClassNotFoundException {
        switch (name) {
            case "boolean": return boolean.class;
            case "int": return int.class;
            case "long": return long.class;
            case "double": return double.class;
            case "float": return float.class;
            case "short": return short.class;
            case "byte": return byte.class;
            case "char": return char.class;
            default: return Class.forName(name);
        }
    }

    private static Field field(Class<?> c, String name) throws NoSuchFieldException {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            try {
                Field f = k.getDeclaredField(name);
                f.setAccessible(true);
                return f;
            } catch (NoSuchFieldException e) {
                // its superclass's, maybe
            }
        }
        throw new NoSuchFieldException(c.getName() + "." + name);
    }

    /** A field of the command, or of one of its mixins ({@code store.db}), read and written by reflection. */
    private static Binding binding(Object target, String path) throws ReflectiveOperationException {
        int dot = path.indexOf('.');
        Object owner = target;
        String name = path;
        if (dot > 0) {
            owner = field(target.getClass(), path.substring(0, dot)).get(target);
            name = path.substring(dot + 1);
        }
        return new Binding(owner, field(owner.getClass(), name));
    }

    /** picocli's way into a field, without its annotations. */
    private static final class Binding implements IGetter, ISetter {
        private final Object owner;
        private final Field field;

        Binding(Object owner, Field field) {
            this.owner = owner;
            this.field = field;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> T get() {
            try {
                return (T) field.get(owner);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> T set(T value) {
            try {
                T old = (T) field.get(owner);
                if (value != null || !field.getType().isPrimitive()) {
                    field.set(owner, value);
                }
                return old;
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
