package io.benchsuite.api.compat;

import static org.assertj.core.api.Assertions.assertThat;

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

/**
 * A published API as text, checked against a signature baseline kept in the repository: every public
 * and protected type and member of a package tree, one line each. A line that disappears (a removed
 * or changed signature) breaks users and plugins compiled against an earlier version; a line that
 * appears grows the API. Either way the check fails until the baseline is updated on purpose with
 * {@code -Dapi.dump=true}, so an API change is a reviewed diff of that file. Used by the API module's
 * own test and, through its test jar, by the modules that publish an SPI.
 */
public final class ApiSignatures {
    private ApiSignatures() {}

    /**
     * Fails unless {@code now} equals the baseline file's lines, naming the lines removed and added;
     * with {@code -Dapi.dump=true} writes {@code now} to the baseline first.
     *
     * @param now the current signatures
     * @param baseline the baseline file, relative to the module
     * @param module the module's directory name, for the command that updates the baseline
     */
    public static void assertMatchesBaseline(List<String> now, Path baseline, String module) throws IOException {
        String update = "update " + baseline + " with mvn -pl " + module + " test -Dtest=<this test> -Dapi.dump=true";
        if (Boolean.getBoolean("api.dump")) {
            if (baseline.getParent() != null) Files.createDirectories(baseline.getParent());
            Files.write(baseline, now, StandardCharsets.UTF_8);
        }
        assertThat(baseline).as("the API baseline; create it with -Dapi.dump=true").exists();
        List<String> lines = Files.readAllLines(baseline, StandardCharsets.UTF_8);
        List<String> removed = new ArrayList<>(lines);
        removed.removeAll(now);
        List<String> added = new ArrayList<>(now);
        added.removeAll(lines);
        assertThat(removed).as("signatures removed or changed since the baseline (incompatible for users compiled against "
                + "it; if intended, " + update + ")").isEmpty();
        assertThat(added).as("signatures added to the API but not to its baseline (review them, then " + update + ")")
                .isEmpty();
    }

    /**
     * One line per public and protected type and member under {@code packagePrefix}, read from the
     * classes directory or jar holding {@code anchor}; {@code .internal.} packages are left out.
     *
     * @param anchor a class of the checked code, to find its classes directory
     * @param packagePrefix e.g. {@code io.benchsuite.api.}
     * @return the lines, types in name order, each followed by its members in order
     */
    public static List<String> of(Class<?> anchor, String packagePrefix)
            throws IOException, URISyntaxException, ClassNotFoundException {
        Path root = Path.of(anchor.getProtectionDomain().getCodeSource().getLocation().toURI());
        TreeSet<String> names = new TreeSet<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(p -> p.toString().endsWith(".class")).forEach(p -> {
                String n = root.relativize(p).toString().replace('/', '.').replace('\\', '.');
                n = n.substring(0, n.length() - ".class".length());
                if (n.startsWith(packagePrefix) && !n.endsWith("package-info") && !n.contains(".internal.")) names.add(n);
            });
        }
        List<String> lines = new ArrayList<>();
        for (String n : names) {
            Class<?> c = Class.forName(n, false, anchor.getClassLoader());
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
