package io.benchsuite.api.compat;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.backend.Backend;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The published API, checked against a signature baseline kept in the repository ({@code api/benchsuite-api.api}):
 * every public and protected type and member of {@code io.benchsuite.api}, one line each. A line that disappears
 * (a removed or changed signature) breaks users and plugins compiled against an earlier version; a line that
 * appears grows the API. Either way the build fails until the baseline is updated on purpose, so an API change
 * is a reviewed diff of that file:
 *
 * <pre>mvn -pl benchsuite-api test -Dtest=ApiSignatureTest -Dapi.dump=true</pre>
 */
class ApiSignatureTest {

    private static final Path BASELINE = Path.of("api", "benchsuite-api.api");

    @Test
    void thePublicApiMatchesItsBaseline() throws Exception {
        List<String> now = signatures();
        if (Boolean.getBoolean("api.dump")) {
            Files.createDirectories(BASELINE.getParent());
            Files.write(BASELINE, now, StandardCharsets.UTF_8);
        }
        assertThat(BASELINE).as("the API baseline; create it with -Dapi.dump=true").exists();
        List<String> baseline = Files.readAllLines(BASELINE, StandardCharsets.UTF_8);
        List<String> removed = new ArrayList<>(baseline);
        removed.removeAll(now);
        List<String> added = new ArrayList<>(now);
        added.removeAll(baseline);
        assertThat(removed).as("signatures removed or changed since the baseline (incompatible for users compiled against "
                + "it; if intended, update api/benchsuite-api.api with -Dapi.dump=true)").isEmpty();
        assertThat(added).as("signatures added to the API but not to its baseline (review them, then update "
                + "api/benchsuite-api.api with -Dapi.dump=true)").isEmpty();
    }

    @Test
    void theSignaturesSayWhatAUserCompilesAgainst() throws Exception {
        List<String> s = signatures();
        assertThat(s).contains("public interface io.benchsuite.api.backend.Backend extends java.lang.AutoCloseable",
                "  public static io.benchsuite.api.backend.RequestExtras io.benchsuite.api.backend.RequestExtras.none()");
        assertThat(s).noneMatch(l -> l.contains(".internal."));
        assertThat(s).noneMatch(l -> l.contains("private "));
    }

    static List<String> signatures() throws IOException, URISyntaxException, ClassNotFoundException {
        Path root = Path.of(Backend.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        TreeSet<String> names = new TreeSet<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(p -> p.toString().endsWith(".class")).forEach(p -> {
                String n = root.relativize(p).toString().replace('/', '.').replace('\\', '.');
                n = n.substring(0, n.length() - ".class".length());
                if (n.startsWith("io.benchsuite.api.") && !n.endsWith("package-info") && !n.contains(".internal.")) names.add(n);
            });
        }
        List<String> lines = new ArrayList<>();
        for (String n : names) {
            Class<?> c = Class.forName(n, false, ApiSignatureTest.class.getClassLoader());
            if (!visible(c)) continue;
            String kind = c.isAnnotation() ? "@interface" : c.isInterface() ? "interface" : c.isEnum() ? "enum" : c.isRecord() ? "record" : "class";
            boolean fin = Modifier.isFinal(c.getModifiers()) && kind.equals("class");
            boolean abs = Modifier.isAbstract(c.getModifiers()) && kind.equals("class");
            lines.add("public " + (abs ? "abstract " : "") + (fin ? "final " : "") + kind + " " + c.getName().replace('$', '.')
                    + supertypes(c));
            TreeSet<String> members = new TreeSet<>();
            for (Constructor<?> k : c.getDeclaredConstructors()) {
                if (exposed(k.getModifiers()) && !k.isSynthetic()) members.add("  " + k.toGenericString());
            }
            for (Method m : c.getDeclaredMethods()) {
                if (exposed(m.getModifiers()) && !m.isSynthetic() && !m.isBridge()) members.add("  " + m.toGenericString());
            }
            for (Field f : c.getDeclaredFields()) {
                if (exposed(f.getModifiers()) && !f.isSynthetic()) members.add("  " + f.toGenericString());
            }
            // synchronized is an implementation detail, not part of what callers compile against
            members.forEach(m -> lines.add(m.replace('$', '.').replace("synchronized ", "")));
        }
        return lines;
    }

    private static String supertypes(Class<?> c) {
        StringBuilder b = new StringBuilder();
        if (c.getSuperclass() != null && c.getSuperclass() != Object.class && !c.isEnum() && !c.isRecord()) {
            b.append(" extends ").append(c.getGenericSuperclass().getTypeName());
        }
        var interfaces = c.getGenericInterfaces();
        for (int i = 0; i < interfaces.length; i++) {
            b.append(i == 0 ? (c.isInterface() ? " extends " : " implements ") : ", ").append(interfaces[i].getTypeName());
        }
        return b.toString();
    }

    /** Public, and every enclosing class public: reachable by a user. */
    private static boolean visible(Class<?> c) {
        for (Class<?> k = c; k != null; k = k.getEnclosingClass()) {
            if (!Modifier.isPublic(k.getModifiers()) || k.isAnonymousClass() || k.isLocalClass()) return false;
        }
        return true;
    }

    private static boolean exposed(int modifiers) {
        return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
    }
}
