package io.benchsuite.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code ```java} block of the README compiles against the published artifacts (this module's
 * test class path: benchsuite-junit, benchsuite-sim and what they bring, JUnit). A block that declares
 * a type compiles as pasted; a block of statements compiles inside a method, its imports kept on top.
 */
class ReadmeJavaSnippetsTest {
    private static final Pattern TYPE_DECLARATION = Pattern.compile(
            "(?m)^(@\\w+.*\\n)*(public\\s+)?(final\\s+|abstract\\s+)?(class|record|interface|enum)\\s+\\w+");

    @Test
    void everyJavaBlockCompiles(@TempDir Path out) throws IOException {
        List<String> blocks = ReadmeBlocks.blocks("java");
        assertThat(blocks).as("java blocks in README.md").hasSizeGreaterThanOrEqualTo(2);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> options = List.of("--release", "17", "-proc:none", "-d", out.toString(), "-classpath", testClassPath());
        List<String> errors = new ArrayList<>();
        for (int i = 0; i < blocks.size(); i++) { // one at a time: two blocks may declare the same class
            DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
            JavaFileObject source = source("ReadmeSnippet" + (i + 1), blocks.get(i));
            boolean ok = javac.getTask(null, null, diagnostics, options, null, List.of(source)).call();
            diagnostics.getDiagnostics().stream().filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
                    .map(d -> d.getSource().getName() + ":" + d.getLineNumber() + ": " + d.getMessage(Locale.ROOT))
                    .forEach(errors::add);
            if (!ok && errors.isEmpty()) errors.add(source.getName() + ": did not compile");
        }
        assertThat(errors).as("README java blocks that do not compile").isEmpty();
    }

    @Test
    void aBlockOfStatementsIsWrappedAndABrokenOneFails(@TempDir Path out) {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> options = List.of("--release", "17", "-proc:none", "-d", out.toString(), "-classpath", testClassPath());
        JavaFileObject good = source("Good", "import java.time.Duration;\n\nDuration d = Duration.ofSeconds(1);\nSystem.out.println(d);\n");
        JavaFileObject bad = source("Bad", "RunResult result = runner.benchmark().run();\n");
        assertThat(javac.getTask(null, null, null, options, null, List.of(good)).call()).isTrue();
        assertThat(javac.getTask(null, null, new DiagnosticCollector<>(), options, null, List.of(bad)).call())
                .as("a snippet with undefined names (no imports) does not compile").isFalse();
    }

    /** A compilation unit for {@code block}: as is when it declares a type, else its statements in a method. */
    static JavaFileObject source(String name, String block) {
        String code;
        if (TYPE_DECLARATION.matcher(block).find()) {
            code = block;
        } else {
            StringBuilder imports = new StringBuilder();
            StringBuilder body = new StringBuilder();
            for (String line : block.split("\n", -1)) {
                (line.startsWith("import ") ? imports : body).append(line).append('\n');
            }
            code = imports + "class " + name + " {\n void snippet() throws Exception {\n" + body + " }\n}\n";
        }
        String unit = code;
        return new SimpleJavaFileObject(URI.create("string:///" + name + ".java"), JavaFileObject.Kind.SOURCE) {
            @Override
            public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                return unit;
            }
        };
    }

    /** The test class path (Surefire's manifest-only jar hides it from {@code java.class.path}). */
    static String testClassPath() {
        String path = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return List.of(path.split(File.pathSeparator)).stream().filter(p -> Files.exists(Path.of(p)))
                .collect(Collectors.joining(File.pathSeparator));
    }
}
