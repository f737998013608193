package org.thordb.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.sample.SampleBase;

/**
 * Every Java snippet of the README and of {@code docs/}, every Javadoc example of the exported
 * packages, and the examples' own sources, compiled
 * as one module that {@code requires org.thordb} on the module path an embedder gets (so a
 * snippet that reaches an internal package does not compile), and each snippet that prints run
 * in a folder holding {@code wthor/} (the FFO base when it is there, else a sample base) and
 * {@code store/}, as the docs' snippets expect. A snippet cannot rot.
 */
class DocSnippetsIT {
    @TempDir
    Path tmp;

    /** A snippet: where it is, and its text. */
    record Snippet(String where, String code) {
    }

    static List<Snippet> snippets() throws Exception {
        List<Path> docs = new ArrayList<>(List.of(Path.of("README.md")));
        try (Stream<Path> s = Files.list(Path.of("docs"))) {
            s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        List<Snippet> out = new ArrayList<>();
        Pattern block = Pattern.compile("(?m)^```java\\n(.*?)^```", Pattern.DOTALL);
        for (Path d : docs) {
            String text = Files.readString(d, StandardCharsets.UTF_8);
            Matcher m = block.matcher(text);
            while (m.find()) {
                int line = text.substring(0, m.start()).split("\n", -1).length;
                out.add(new Snippet(d + ":" + line, m.group(1)));
            }
        }
        // the Javadoc's examples of the exported packages (their <pre>{@code …}</pre> blocks) too
        Pattern pre = Pattern.compile("<pre>\\{@code\\n(.*?)\\}</pre>", Pattern.DOTALL);
        for (String pkg : List.of("org/thordb", "org/thordb/error")) {
            try (Stream<Path> s = Files.list(Path.of("src/core/main/java").resolve(pkg))) {
                for (Path p : s.filter(x -> x.toString().endsWith(".java")).sorted().toList()) {
                    String text = Files.readString(p, StandardCharsets.UTF_8);
                    Matcher m = pre.matcher(text);
                    while (m.find()) {
                        int line = text.substring(0, m.start()).split("\n", -1).length;
                        String code = m.group(1).replaceAll("(?m)^\\s*\\* ?", "").replace("{@literal @}", "@")
                                .replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
                        if (!code.contains("ThorDb db") && code.matches("(?s).*\\bdb\\..*")) {
                            // an example of a call on a handle: on one opened as the README opens it
                            code = "try (ThorDb db = ThorDb.open(Path.of(\"store\"))) {\n" + code + "}\n";
                        }
                        out.add(new Snippet(p + ":" + line, code));
                    }
                }
            }
        }
        return out;
    }

    private static final String IMPORTS = "import java.nio.file.*;\nimport java.util.*;\nimport org.thordb.*;\n"
            + "import org.thordb.error.*;\n";

    @Test
    void everySnippetCompilesAgainstTheExportedApiAndThoseThatPrintRun() throws Exception {
        List<Snippet> snippets = snippets();
        assertTrue(snippets.size() >= 3, "the README and docs have their Java snippets: " + snippets.size());
        Path src = Files.createDirectories(tmp.resolve("src"));
        Files.writeString(src.resolve("module-info.java"), "module org.thordb.snippets {\n    requires org.thordb;\n}\n");
        List<String> files = new ArrayList<>(List.of(src.resolve("module-info.java").toString()));
        List<String> mains = new ArrayList<>();
        for (int i = 0; i < snippets.size(); i++) {
            Snippet s = snippets.get(i);
            String pkg = "snippets.s" + i;
            Path dir = Files.createDirectories(src.resolve(pkg.replace('.', '/')));
            String code = s.code();
            String unit;
            String main;
            Matcher type = Pattern.compile("(?m)^(public )?(final )?(class|record|interface|enum) (\\w+)").matcher(code);
            if (type.find()) {
                unit = "// " + s.where() + "\npackage " + pkg + ";\n" + IMPORTS + code;
                main = code.contains("static void main") ? type.group(4) : null;
            } else {
                unit = "// " + s.where() + "\npackage " + pkg + ";\n" + IMPORTS
                        + "public class Snippet {\n    public static void main(String[] args) throws Exception {\n"
                        + code + "\n    }\n}\n";
                main = "Snippet";
            }
            Path file = dir.resolve((main == null ? type.group(4) : main) + ".java");
            Files.writeString(file, unit);
            files.add(file.toString());
            if (main != null && code.contains("System.out")) {
                mains.add(pkg + "." + main);
            }
        }
        // the examples' own programs, in the same module: they too use nothing but the exported API
        try (Stream<Path> s = Files.walk(Path.of("examples/main/java"))) {
            for (Path p : s.filter(x -> x.toString().endsWith(".java")).toList()) {
                Path to = src.resolve(Path.of("examples/main/java").relativize(p).toString());
                Files.createDirectories(to.getParent());
                Files.copy(p, to);
                files.add(to.toString());
            }
        }
        Path lib = Path.of("examples/target/embedder-lib");
        assertTrue(Files.isDirectory(lib), lib + " (made by the package phase)");
        Path classes = Files.createDirectories(tmp.resolve("classes"));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "--module-path", lib.toString(), "-Xlint:-options"));
        args.addAll(files);
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        int status = javac.run(null, new PrintStream(said, true, StandardCharsets.UTF_8),
                new PrintStream(said, true, StandardCharsets.UTF_8), args.toArray(String[]::new));
        assertEquals(0, status, "javac: " + said.toString(StandardCharsets.UTF_8));

        // a folder as the snippets expect it: wthor/ and a store/ made of it
        Path work = Files.createDirectories(tmp.resolve("work"));
        Path ffo = Path.of(System.getenv().getOrDefault("THORDB_SHARED_DATA", "../shared/data")).resolve("wthor");
        if (Files.isDirectory(ffo)) {
            Files.createSymbolicLink(work.resolve("wthor"), ffo.toAbsolutePath());
        } else {
            System.out.println("DocSnippetsIT: ../shared/data/wthor not found: the snippets run on a sample base");
            SampleBase.write(work.resolve("wthor"), "WTHOR", 2000, 3, 200, 5L);
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        for (String m : mains) {
            Process p = new ProcessBuilder(java, "--module-path", classes + File.pathSeparator + lib.toAbsolutePath(),
                    "-m", "org.thordb.snippets/" + m).directory(work.toFile()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(5, TimeUnit.MINUTES), m);
            assertEquals(0, p.exitValue(), m + " said:\n" + out);
            assertTrue(!out.isBlank(), m + " printed nothing");
            System.out.println("DocSnippetsIT: ran " + m + ":\n" + out.lines().limit(6).map(l -> "    " + l).reduce("", (a, b) -> a + b + "\n"));
        }
        assertTrue(!mains.isEmpty(), "a snippet that prints ran");
    }
}
