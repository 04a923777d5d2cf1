package io.benchsuite.cli;

import io.benchsuite.api.backend.Secret;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A run specification as a flat map from key path to value text, found by reflection: records by their components,
 * sealed types by the subtype present, optionals, lists and maps by their items, and live objects (sources, scorers,
 * the backend configuration) by their fields. Two specs are the same run when their maps are equal; a {@link Secret}
 * is its reference ({@code secret:env:NAME}), never its value, so secrets compare by reference.
 *
 * <p>It also records, for every path of the record tree (list indices folded to {@code [*]}), the values seen, so
 * that a generator of specs can be checked to vary every field: a component added to any record shows up as a path
 * with one value.
 */
final class SpecValues {
    /** Values seen per record-tree path, over every spec flattened with this instance. */
    final Map<String, Set<String>> seen = new TreeMap<>();
    /** The subtypes seen per path whose declared type is sealed. */
    final Map<String, Set<String>> subtypes = new TreeMap<>();
    /** The sealed types declared per path, for checking that every subtype was seen. */
    final Map<String, Class<?>> sealedAt = new TreeMap<>();

    /** The flat form of {@code spec}, recording the values seen. */
    Map<String, String> flatten(Object spec) {
        Map<String, String> out = new TreeMap<>();
        walk(spec, spec.getClass(), "", "", true, out, new IdentityHashMap<>(), 0);
        return out;
    }

    private void walk(Object o, Type declared, String path, String coveragePath, boolean recordTree, Map<String, String> out,
                      IdentityHashMap<Object, Boolean> onPath, int depth) {
        Class<?> raw = raw(declared);
        if (recordTree && raw != null && raw.isSealed() && o != null) {
            sealedAt.put(coveragePath, raw);
            subtypes.computeIfAbsent(coveragePath, k -> new TreeSet<>()).add(o.getClass().getSimpleName());
        }
        if (o == null || isLeaf(o)) {
            leaf(o == null ? "null" : text(o), path, coveragePath, recordTree, out);
            return;
        }
        if (depth > 12 || onPath.containsKey(o)) {
            out.put(path, "<" + o.getClass().getSimpleName() + ">");
            return;
        }
        onPath.put(o, true);
        try {
            if (o instanceof Optional<?> opt) {
                leaf(opt.isPresent() ? "present" : "empty", path + "#present", coveragePath + "#present", recordTree, out);
                if (opt.isPresent()) walk(opt.get(), typeArg(declared, 0), path, coveragePath, recordTree, out, onPath, depth + 1);
            } else if (o instanceof Collection<?> c) {
                leaf(Integer.toString(c.size()), path + "#size", coveragePath + "#size", recordTree, out);
                int i = 0;
                for (Object item : c) {
                    walk(item, typeArg(declared, 0), path + "[" + i++ + "]", coveragePath + "[*]", recordTree, out, onPath, depth + 1);
                }
            } else if (o instanceof Map<?, ?> m) {
                leaf(Integer.toString(m.size()), path + "#size", coveragePath + "#size", recordTree, out);
                Map<String, Object> sorted = new TreeMap<>();
                m.forEach((k, v) -> sorted.put(String.valueOf(k), v));
                if (recordTree) leaf(String.join(",", sorted.keySet()), path + "#keys", coveragePath + "#keys", true, out);
                sorted.forEach((k, v) -> walk(v, typeArg(declared, 1), path + "{" + k + "}", coveragePath + "{*}", recordTree,
                        out, onPath, depth + 1));
            } else if (o.getClass().isRecord()) {
                if (!recordTree || raw == null || raw != o.getClass()) out.put(path + "#type", o.getClass().getName());
                for (RecordComponent rc : o.getClass().getRecordComponents()) {
                    Object v = value(rc, o);
                    String sub = (path.isEmpty() ? "" : path + ".") + rc.getName();
                    String cov = (coveragePath.isEmpty() ? "" : coveragePath + ".")
                            + (raw != null && raw.isSealed() ? o.getClass().getSimpleName() + ":" : "") + rc.getName();
                    walk(v, rc.getGenericType(), sub, cov, recordTree, out, onPath, depth + 1);
                }
            } else {
                // a live object (a source, a scorer, the backend configuration): its fields, compared but not a field of the spec
                if (recordTree && raw != null && !raw.isSealed() && (raw.isInterface() || Modifier.isAbstract(raw.getModifiers()))) {
                    leaf(o.getClass().getName(), path + "#class", coveragePath + "#class", true, out); // which implementation
                }
                out.put(path + "#type", o.getClass().getName());
                for (Class<?> c = o.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
                    if (c.getModule().isNamed()) break;
                    for (Field f : c.getDeclaredFields()) {
                        if (Modifier.isStatic(f.getModifiers()) || f.isSynthetic()) continue;
                        f.setAccessible(true);
                        Object v;
                        try {
                            v = f.get(o);
                        } catch (IllegalAccessException e) {
                            throw new AssertionError(e);
                        }
                        walk(v, f.getGenericType(), path + "." + c.getSimpleName() + "." + f.getName(), "", false, out, onPath,
                                depth + 1);
                    }
                }
            }
        } finally {
            onPath.remove(o);
        }
    }

    private void leaf(String value, String path, String coveragePath, boolean recordTree, Map<String, String> out) {
        out.put(path, value);
        if (recordTree) seen.computeIfAbsent(coveragePath, k -> new TreeSet<>()).add(value);
    }

    private static boolean isLeaf(Object o) {
        return o instanceof CharSequence || o instanceof Number || o instanceof Boolean || o instanceof Character
                || o instanceof Enum<?> || o instanceof Secret || o instanceof Class<?> || o.getClass().isArray()
                || o.getClass().isSynthetic() || o.getClass().getName().contains("$$Lambda")
                || o.getClass().getModule().isNamed() && !(o instanceof Optional<?>) && !(o instanceof Collection<?>)
                && !(o instanceof Map<?, ?>); // the JDK's own values (Duration, Path, URI) by their text
    }

    private static String text(Object o) {
        if (o.getClass().isSynthetic() || o.getClass().getName().contains("$$Lambda")) return "<function>";
        if (o instanceof Secret s) return s.toString(); // its reference: a value given literally reads secret:command-line
        if (o instanceof Enum<?> e) return e.getDeclaringClass().getSimpleName() + "." + e.name();
        if (o.getClass().isArray()) {
            StringBuilder b = new StringBuilder("[");
            for (int i = 0; i < Array.getLength(o); i++) b.append(i == 0 ? "" : ",").append(Array.get(o, i));
            return b.append(']').toString();
        }
        return o.toString();
    }

    private static Object value(RecordComponent rc, Object record) {
        try {
            rc.getAccessor().setAccessible(true);
            return rc.getAccessor().invoke(record);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError("cannot read " + rc, e);
        }
    }

    private static Class<?> raw(Type t) {
        if (t instanceof Class<?> c) return c;
        if (t instanceof ParameterizedType p && p.getRawType() instanceof Class<?> c) return c;
        return null;
    }

    private static Type typeArg(Type t, int i) {
        if (t instanceof ParameterizedType p && p.getActualTypeArguments().length > i) return p.getActualTypeArguments()[i];
        return Object.class;
    }

    /**
     * The record-tree paths that the specs flattened so far did not vary: a path with one value, a sealed type with a
     * subtype never seen. {@code exempt} maps a path to why it cannot vary from the surface under test.
     */
    Map<String, String> notVaried(Map<String, String> exempt) {
        Map<String, String> out = new LinkedHashMap<>();
        seen.forEach((path, values) -> {
            if (values.size() < 2 && !exempt.containsKey(path)) out.put(path, "always " + values);
        });
        sealedAt.forEach((path, type) -> {
            Set<String> missing = new TreeSet<>();
            for (Class<?> sub : type.getPermittedSubclasses()) {
                if (!subtypes.getOrDefault(path, Set.of()).contains(sub.getSimpleName())) missing.add(sub.getSimpleName());
            }
            if (!missing.isEmpty() && !exempt.containsKey(path + "<>")) out.put(path + "<>", "no " + missing);
        });
        return out;
    }
}
