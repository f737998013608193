package org.thordb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.sample.SampleBase;

/**
 * The public API as the module exports it, walked by reflection: every public constructor and
 * method of every exported type, called with good values, then with null in each argument in
 * turn and with bad values (blank and broken queries, negative numbers, paths that are not
 * stores), on an open store, a read-only one, a query result, and again after each is closed.
 * Each call returns or throws a {@link ThorDbException} with a code; any other exception fails, and
 * so does one the front's last guard had to wrap (a bug underneath that escaped its code).
 */
class PublicApiContractTest {
    @TempDir
    Path tmp;

    private final AtomicInteger folders = new AtomicInteger();
    private final List<String> failures = new ArrayList<>();
    private int calls;

    /** The packages the module exports, from its descriptor. */
    static Set<String> exportedPackages() throws Exception {
        Path classes = Path.of(ThorDb.class.getResource("ThorDb.class").toURI()).getParent().getParent().getParent();
        try (InputStream in = Files.newInputStream(classes.resolve("module-info.class"))) {
            ModuleDescriptor d = ModuleDescriptor.read(in);
            assertEquals("org.thordb", d.name());
            return d.exports().stream().filter(e -> !e.isQualified()).map(ModuleDescriptor.Exports::source)
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }

    /** The public types of an exported package (nested ones too), from the compiled classes. */
    static List<Class<?>> publicTypes(String pkg) throws Exception {
        URI where = ThorDb.class.getResource("ThorDb.class").toURI();
        Path dir = Path.of(where).getParent().resolve(Path.of("", pkg.substring("org.thordb".length()).split("\\.")).toString());
        List<Class<?>> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.sorted().toList()) {
                String n = p.getFileName().toString();
                if (!n.endsWith(".class") || n.equals("package-info.class") || n.equals("module-info.class")) {
                    continue;
                }
                if (n.matches(".*\\$\\d.*\\.class")) {
                    continue; // anonymous
                }
                Class<?> c = Class.forName(pkg + "." + n.substring(0, n.length() - 6), false, ThorDb.class.getClassLoader());
                if (Modifier.isPublic(c.getModifiers()) && !c.isAnonymousClass()) {
                    out.add(c);
                }
            }
        }
        return out;
    }

    @Test
    void theModuleExportsOnlyTheFrontAndItsErrors() throws Exception {
        assertEquals(Set.of("org.thordb", "org.thordb.error"), exportedPackages());
        int types = 0;
        for (String p : exportedPackages()) {
            types += publicTypes(p).size();
        }
        System.out.println("PublicApiContractTest: " + types + " public types in the exported packages");
        // a small front, grown by what its embedders need (issue 67): the server's JSON answers and a
        // parsed query, then the command line's (games as rows, solitaires, the report's settings)
        assertTrue(types <= 50, types + " public types");
    }

    @Test
    void everyPublicCallThrowsOnlyThorDbExceptionWhateverItIsGiven() throws Exception {
        Path base = tmp.resolve("base");
        SampleBase.write(base, "SAMPLE", 2001, 2, 40, 7L);
        Path store = tmp.resolve("store");
        try (ThorDb db = ThorDb.open(store)) {
            assertTrue(db.importFiles(List.of(base)).clean());
        }
        Path aFile = Files.writeString(tmp.resolve("not-a-store"), "x");

        Map<Class<?>, List<Supplier<Object>>> good = new LinkedHashMap<>();
        Map<Class<?>, List<Supplier<Object>>> bad = new LinkedHashMap<>();
        good.put(String.class, List.of(() -> "", () -> "year >= 2001"));
        bad.put(String.class, List.of(() -> "((", () -> "player = ", () -> "\u0000\n", () -> "z9z9", () -> "x".repeat(10_000)));
        good.put(int.class, List.of(() -> 0, () -> 3));
        bad.put(int.class, List.of(() -> -1, () -> Integer.MAX_VALUE, () -> Integer.MIN_VALUE));
        good.put(long.class, List.of(() -> 64L << 20));
        bad.put(long.class, List.of(() -> -1L, () -> 0L, () -> Long.MAX_VALUE));
        good.put(double.class, List.of(() -> 0.0));
        bad.put(double.class, List.of(() -> Double.NaN));
        good.put(boolean.class, List.of(() -> false, () -> true));
        good.put(Path.class, List.of(() -> tmp.resolve("out-" + folders.incrementAndGet())));
        bad.put(Path.class, List.of(() -> aFile, () -> tmp.resolve("missing/deeper"), () -> Path.of("/proc/1/mem")));
        good.put(List.class, List.of(() -> List.of(base), List::of));
        bad.put(List.class, List.of(() -> List.of(aFile), () -> List.of(tmp.resolve("missing")), () -> Arrays.asList(base, null)));
        good.put(Sort[].class, List.of(() -> new Sort[0], () -> new Sort[] {SortKey.YEAR.descending()}));
        bad.put(Sort[].class, List.of(() -> new Sort[] {null}));
        good.put(ImportOptions.class, List.of(ImportOptions::defaults, () -> ImportOptions.defaults().strict()));
        good.put(Progress.class, List.of(() -> Progress.NONE, () -> (Progress) (work, done, total) -> { }));
        good.put(Consumer.class, List.of(() -> (Consumer<String>) s -> { }));
        good.put(java.util.function.ObjIntConsumer.class, List.of(() -> (java.util.function.ObjIntConsumer<Path>) (f, n) -> { }));
        good.put(ExportOptions.class, List.of(ExportOptions::defaults, () -> ExportOptions.defaults().replacing(),
                () -> ExportOptions.defaults().notes(s -> { })));
        good.put(byte[].class, List.of(() -> new byte[68]));
        bad.put(byte[].class, List.of(() -> new byte[0]));
        good.put(Throwable.class, List.of(RuntimeException::new));
        good.put(java.io.IOException.class, List.of(() -> new java.io.IOException("disk")));
        good.put(java.util.OptionalLong.class, List.of(java.util.OptionalLong::empty, () -> java.util.OptionalLong.of(4)));
        good.put(java.time.Duration.class, List.of(() -> java.time.Duration.ofMillis(50)));
        bad.put(java.time.Duration.class, List.of(() -> java.time.Duration.ZERO, () -> java.time.Duration.ofSeconds(-1)));
        good.put(Query.class, List.of(() -> Query.ALL, () -> Query.parse("year >= 2001")));
        good.put(JsonAnswers.ExploreSettings.class, List.of(() -> JsonAnswers.ExploreSettings.DEFAULT,
                () -> new JsonAnswers.ExploreSettings(4, false)));
        good.put(JsonAnswers.PrepareSettings.class, List.of(() -> JsonAnswers.PrepareSettings.DEFAULT));
        good.put(JsonAnswers.ReportSettings.class, List.of(() -> JsonAnswers.ReportSettings.DEFAULT));
        // a solve of the start cut off after 50 ms: any position is solved within the limit or said not solved
        // a check of two games at 4 empties: any store's games checked in a moment
        good.put(CheckSettings.class, List.of(() -> new CheckSettings(4, 2, 1, false)));
        good.put(Map.class, List.of(Map::of, () -> Map.of("f5", 2)));
        good.put(Solution.SolveSettings.class, List.of(() -> new Solution.SolveSettings(1, 50, false)));
        good.put(java.util.Optional.class, List.of(java.util.Optional::empty,
                () -> java.util.Optional.of(java.time.LocalDate.of(2001, 1, 1))));
        good.put(java.io.Writer.class, List.of(java.io.StringWriter::new));
        good.put(Group.class, List.of(() -> new Group("x", 1, 1, 0, 0, 100, 2, java.util.OptionalDouble.of(33), 1, 2001, 2001)));
        good.put(java.util.OptionalDouble.class, List.of(java.util.OptionalDouble::empty, () -> java.util.OptionalDouble.of(31.5)));
        good.put(java.util.OptionalInt.class, List.of(java.util.OptionalInt::empty, () -> java.util.OptionalInt.of(40)));

        // the types every exported type is reached through, with the receivers to call them on
        Map<Class<?>, Supplier<List<Object>>> receivers = new LinkedHashMap<>();
        ThorDb writer = ThorDb.open(store);
        receivers.put(ThorDb.class, () -> List.of(writer));
        receivers.put(ImportOptions.class, () -> List.of(ImportOptions.defaults()));
        receivers.put(ExportOptions.class, () -> List.of(ExportOptions.defaults()));
        receivers.put(ThorDb.Builder.class, () -> List.of(ThorDb.builder(store), ThorDb.builder(aFile)));
        receivers.put(JsonAnswers.class, () -> List.of(writer.json()));
        receivers.put(Query.class, () -> List.of(Query.ALL, Query.parse("year >= 2001").everyCopy()));
        receivers.put(JsonAnswers.ExploreSettings.class, () -> List.of(JsonAnswers.ExploreSettings.DEFAULT));

        List<Class<?>> types = new ArrayList<>();
        for (String p : exportedPackages()) {
            types.addAll(publicTypes(p));
        }
        for (Class<?> c : types) {
            // constructors: an exception's own constructors are how one is made, not a call that can fail
            if (!Throwable.class.isAssignableFrom(c)) {
                for (Constructor<?> k : c.getConstructors()) {
                    exercise(k, null, good, bad);
                }
            }
            for (Method m : c.getDeclaredMethods()) {
                if (!Modifier.isPublic(m.getModifiers()) || m.isSynthetic() || languageMade(c, m)) {
                    continue;
                }
                if (Modifier.isStatic(m.getModifiers())) {
                    exercise(m, null, good, bad);
                } else if (receivers.containsKey(c) && !m.getName().equals("close")) {
                    for (Object r : receivers.get(c).get()) {
                        exercise(m, r, good, bad);
                    }
                }
            }
        }
        writer.close();
        // the front and its results, open, read-only, and closed
        try (ThorDb db = ThorDb.open(store)) {
            QueryResult r = db.query("year = 2001");
            for (Method m : QueryResult.class.getDeclaredMethods()) {
                if (Modifier.isPublic(m.getModifiers()) && !m.getName().equals("close")) {
                    exercise(m, r, good, bad);
                }
            }
            r.close();
            for (Method m : QueryResult.class.getDeclaredMethods()) {
                if (Modifier.isPublic(m.getModifiers())) {
                    exercise(m, r, good, bad);
                }
            }
        }
        try (ThorDb ro = ThorDb.builder(store).readOnly().open()) {
            for (Method m : ThorDb.class.getDeclaredMethods()) {
                if (Modifier.isPublic(m.getModifiers()) && !Modifier.isStatic(m.getModifiers()) && !m.getName().equals("close")) {
                    exercise(m, ro, good, bad);
                }
            }
        }
        ThorDb closed = ThorDb.open(store);
        closed.close();
        for (Method m : ThorDb.class.getDeclaredMethods()) {
            if (Modifier.isPublic(m.getModifiers()) && !Modifier.isStatic(m.getModifiers())) {
                exercise(m, closed, good, bad);
            }
        }
        System.out.println("PublicApiContractTest: " + calls + " calls, " + failures.size() + " threw something else");
        assertTrue(calls > 500, calls + " calls");
        assertEquals(List.of(), failures);
    }

    /** Methods the language makes for every enum and record: not thordb's calls. */
    private static boolean languageMade(Class<?> c, Method m) {
        if (c.isEnum() && (m.getName().equals("values") || m.getName().equals("valueOf"))) {
            return true;
        }
        return Set.of("equals", "hashCode", "toString").contains(m.getName());
    }

    /** Calls with good values, then null in each argument, then each bad value in each argument. */
    private void exercise(Executable x, Object receiver, Map<Class<?>, List<Supplier<Object>>> good,
                          Map<Class<?>, List<Supplier<Object>>> bad) {
        Parameter[] ps = x.getParameters();
        for (Parameter p : ps) {
            Class<?> t = p.getType();
            if (!good.containsKey(t) && !t.isEnum()) {
                failures.add(x + ": no good value for a " + t.getName() + " (add one to this test)");
                return;
            }
        }
        List<List<Object>> tries = new ArrayList<>();
        tries.add(goodArgs(ps, good, 0));
        tries.add(goodArgs(ps, good, 1));
        for (int i = 0; i < ps.length; i++) {
            if (!ps[i].getType().isPrimitive()) {
                List<Object> a = goodArgs(ps, good, 0);
                a.set(i, null);
                tries.add(a);
            }
            for (Supplier<Object> b : bad.getOrDefault(ps[i].getType(), List.of())) {
                List<Object> a = goodArgs(ps, good, 0);
                a.set(i, b.get());
                tries.add(a);
            }
        }
        for (List<Object> args : tries) {
            calls++;
            try {
                Object out = x instanceof Method m ? m.invoke(receiver, args.toArray()) : ((Constructor<?>) x).newInstance(args.toArray());
                if (out instanceof AutoCloseable c && !(out instanceof ThorDb && out == receiver)) {
                    c.close();
                }
            } catch (InvocationTargetException e) {
                Throwable t = e.getCause();
                if (!(t instanceof ThorDbException te) || te.code() == null) {
                    failures.add(x.getDeclaringClass().getSimpleName() + "." + x.getName() + args(args) + " threw " + t);
                } else if (te.getCause() != null && !(te.getCause() instanceof java.io.IOException)
                        && String.valueOf(te.getMessage()).startsWith("unexpected ")) {
                    // the front's last guard caught what should have been a ThorDbException underneath
                    failures.add(x.getDeclaringClass().getSimpleName() + "." + x.getName() + args(args) + " reached the"
                            + " front's guard: " + te.getCause());
                }
            } catch (Exception e) {
                failures.add(x + args(args) + ": " + e);
            }
        }
    }

    private static List<Object> goodArgs(Parameter[] ps, Map<Class<?>, List<Supplier<Object>>> good, int pick) {
        List<Object> a = new ArrayList<>();
        for (Parameter p : ps) {
            Class<?> t = p.getType();
            if (t.isEnum()) {
                Object[] cs = t.getEnumConstants();
                a.add(cs[pick % cs.length]);
            } else {
                List<Supplier<Object>> g = good.get(t);
                a.add(g.get(pick % g.size()).get());
            }
        }
        return a;
    }

    private static String args(List<Object> args) {
        return args.stream().map(o -> o == null ? "null" : o instanceof Object[] arr ? Arrays.toString(arr)
                : String.valueOf(o).length() > 40 ? String.valueOf(o).substring(0, 40) + "…" : String.valueOf(o))
                .collect(Collectors.joining(", ", "(", ")"));
    }

    /** The codes a caller switches on are all there. */
    @Test
    void errorCodesAreStable() {
        assertTrue(Arrays.asList(ErrorCode.values()).containsAll(List.of(ErrorCode.BAD_FILE, ErrorCode.BAD_RECORD,
                ErrorCode.QUERY, ErrorCode.CLOSED, ErrorCode.READ_ONLY, ErrorCode.LOCKED, ErrorCode.CORRUPT)));
    }
}
