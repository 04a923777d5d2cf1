package io.benchsuite.rules;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Finds the public methods no main code calls: ones nobody calls (to delete) and ones only tests call (to
 * make package-private). It errs towards silence: a method that overrides or implements one of a supertype
 * (the project's or a library's, or a supertype it cannot load), one with an annotation kept at run time (a
 * framework calls it: picocli, Jackson, JMH, JUnit), {@code main}, an enum's {@code values}/{@code valueOf},
 * a record's accessors and bean getters ({@code getX()}, {@code boolean isX()}, which Jackson reads) are never reported. A call counts when its site names the declaring class or a
 * subtype of it, with the same name and descriptor; calls from inside the class count as main code's.
 */
final class UnusedPublicMethods {
    private final Map<String, CompiledClass> types = new HashMap<>();
    private final Map<String, List<Caller>> callsByMethod = new HashMap<>();
    private final Map<String, Set<String>> libraryMethods = new HashMap<>();
    private final ClassLoader libraries;

    private record Caller(String owner, CompiledClass from, boolean test) {}

    /**
     * @param main every main class of the repository (they call, and give the type hierarchy)
     * @param tests every test class (they call)
     * @param libraries loads the library types the classes extend, to tell their overrides
     */
    UnusedPublicMethods(Collection<CompiledClass> main, Collection<CompiledClass> tests, ClassLoader libraries) {
        this.libraries = libraries;
        for (CompiledClass c : main) types.put(c.name, c);
        for (CompiledClass c : tests) types.putIfAbsent(c.name, c);
        index(main, false);
        index(tests, true);
    }

    private void index(Collection<CompiledClass> classes, boolean test) {
        for (CompiledClass c : classes) {
            for (CompiledClass.Reference r : c.references) {
                callsByMethod.computeIfAbsent(r.name() + r.descriptor(), k -> new ArrayList<>()).add(new Caller(r.owner(), c, test));
            }
        }
    }

    /**
     * One line per reported method of {@code checked}: where it is, and what to do.
     *
     * @param fileOf the source file of a class, as the message names it
     */
    List<String> find(Collection<CompiledClass> checked, Function<CompiledClass, String> fileOf) {
        List<String> findings = new ArrayList<>();
        for (CompiledClass c : checked) {
            if (c.is(Opcodes.ACC_ANNOTATION) || c.is(Opcodes.ACC_SYNTHETIC)) continue;
            for (CompiledClass.Method m : c.methods) {
                if (!reportable(c, m)) continue;
                Set<String> mainCallers = new TreeSet<>();
                Set<String> testCallers = new TreeSet<>();
                for (Caller caller : callsByMethod.getOrDefault(m.name() + m.descriptor(), List.of())) {
                    if (!caller.owner().equals(c.name) && !isSubtype(caller.owner(), c.name)) continue;
                    (caller.test() ? testCallers : mainCallers).add(caller.from().binaryName());
                }
                if (!mainCallers.isEmpty()) continue;
                String where = fileOf.apply(c) + ": " + c.binaryName() + "." + m.name() + m.descriptor();
                findings.add(testCallers.isEmpty()
                        ? where + " is public and nobody calls it: delete it"
                        : where + " is public and only tests call it (" + String.join(", ", testCallers) + "): make it package-private");
            }
        }
        return findings;
    }

    private boolean reportable(CompiledClass c, CompiledClass.Method m) {
        if (!m.is(Opcodes.ACC_PUBLIC) || m.is(Opcodes.ACC_SYNTHETIC) || m.is(Opcodes.ACC_BRIDGE) || m.annotatedAtRuntime()) return false;
        if (m.name().startsWith("<")) return false; // constructors and initialisers
        boolean isStatic = m.is(Opcodes.ACC_STATIC);
        if (isStatic && m.name().equals("main") && m.descriptor().equals("([Ljava/lang/String;)V")) return false;
        if (c.is(Opcodes.ACC_ENUM) && isStatic && (m.name().equals("values") || m.name().equals("valueOf"))) return false;
        if (m.descriptor().startsWith("()") && c.recordComponents.contains(m.name() + m.descriptor().substring(2))) return false;
        if (m.descriptor().startsWith("()") && (m.name().matches("get[A-Z].*") || m.descriptor().equals("()Z") && m.name().matches("is[A-Z].*"))) {
            return false; // a bean property: Jackson writes it without a call in the code
        }
        return isStatic || !overrides(c, m);
    }

    /** Whether a supertype of {@code c} declares an instance method of that name and arity; yes when one cannot be read. */
    private boolean overrides(CompiledClass c, CompiledClass.Method m) {
        int arity = Type.getArgumentTypes(m.descriptor()).length;
        Deque<String> pending = new ArrayDeque<>(supertypes(c));
        Set<String> seen = new HashSet<>();
        while (!pending.isEmpty()) {
            String type = pending.pop();
            if (!seen.add(type)) continue;
            CompiledClass own = types.get(type);
            if (own == null) {
                Set<String> declared = libraryMethods.computeIfAbsent(type, this::libraryInstanceMethods);
                if (declared == null || declared.contains(m.name() + "/" + arity)) return true;
                continue;
            }
            for (CompiledClass.Method candidate : own.methods) {
                if (candidate.name().equals(m.name()) && !candidate.is(Opcodes.ACC_STATIC) && !candidate.is(Opcodes.ACC_PRIVATE)
                        && Type.getArgumentTypes(candidate.descriptor()).length == arity) return true;
            }
            pending.addAll(supertypes(own));
        }
        return false;
    }

    private static List<String> supertypes(CompiledClass c) {
        List<String> out = new ArrayList<>(c.interfaces);
        if (c.superName != null) out.add(c.superName);
        return out;
    }

    /** {@code name/arity} of every instance method a library type and its supertypes declare; null when it does not load. */
    private Set<String> libraryInstanceMethods(String internalName) {
        Class<?> type;
        try {
            type = Class.forName(internalName.replace('/', '.'), false, libraries);
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
        Set<String> out = new HashSet<>();
        Deque<Class<?>> pending = new ArrayDeque<>(List.of(type));
        try {
            while (!pending.isEmpty()) {
                Class<?> t = pending.pop();
                for (Method method : t.getDeclaredMethods()) {
                    if (!Modifier.isStatic(method.getModifiers())) out.add(method.getName() + "/" + method.getParameterCount());
                }
                if (t.getSuperclass() != null) pending.add(t.getSuperclass());
                pending.addAll(List.of(t.getInterfaces()));
            }
        } catch (LinkageError e) {
            return null; // a signature names a class that is not on the class path
        }
        return out;
    }

    private boolean isSubtype(String type, String ancestor) {
        Deque<String> pending = new ArrayDeque<>(List.of(type));
        Set<String> seen = new HashSet<>();
        while (!pending.isEmpty()) {
            CompiledClass c = types.get(pending.pop());
            if (c == null || !seen.add(c.name)) continue;
            for (String s : supertypes(c)) {
                if (s.equals(ancestor)) return true;
                pending.add(s);
            }
        }
        return false;
    }
}
