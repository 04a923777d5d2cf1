package io.benchsuite.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The core's package graph, read from its sources: every reference to another core package (import
 * or fully qualified name, comments excluded) is an edge. The graph must have no cycle, the engine
 * must not know the report, and nothing outside {@code core.internal} and the facade may use an
 * internal package.
 */
class PackageDependenciesTest {
    private static final String ROOT = "io.benchsuite.core";
    private static final Pattern REFERENCE = Pattern.compile("\\b(io\\.benchsuite\\.core(?:\\.[a-z]\\w*)*)\\.[A-Z]");
    private static final Pattern COMMENTS = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);

    private static Map<String, Set<String>> graph() throws IOException {
        Path src = Path.of("src/main/java");
        Map<String, Set<String>> edges = new TreeMap<>();
        try (Stream<Path> files = Files.walk(src)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String pkg = src.relativize(f.getParent()).toString().replace('/', '.').replace('\\', '.');
                Set<String> out = edges.computeIfAbsent(pkg, k -> new TreeSet<>());
                String code = COMMENTS.matcher(Files.readString(f)).replaceAll("");
                Matcher m = REFERENCE.matcher(code);
                while (m.find()) {
                    if (!m.group(1).equals(pkg)) out.add(m.group(1));
                }
            }
        }
        return edges;
    }

    @Test
    void thePackagesFormNoCycle() throws IOException {
        Map<String, Set<String>> g = graph();
        assertThat(g).containsKeys(ROOT, ROOT + ".run", ROOT + ".internal.engine", ROOT + ".report.model");
        List<String> cycles = new ArrayList<>();
        for (String start : g.keySet()) {
            // a path from one of start's dependencies back to start is a cycle through start
            Deque<List<String>> todo = new ArrayDeque<>();
            for (String next : g.getOrDefault(start, Set.of())) todo.add(List.of(start, next));
            Set<String> seen = new TreeSet<>();
            while (!todo.isEmpty()) {
                List<String> path = todo.poll();
                String last = path.get(path.size() - 1);
                if (last.equals(start)) {
                    cycles.add(String.join(" -> ", path));
                    break;
                }
                if (!seen.add(last)) continue;
                for (String next : g.getOrDefault(last, Set.of())) {
                    List<String> longer = new ArrayList<>(path);
                    longer.add(next);
                    todo.add(longer);
                }
            }
        }
        assertThat(cycles).as("package cycles in %s", g).isEmpty();
    }

    @Test
    void theEngineKnowsNothingOfTheReportAndOnlyTheFacadeUsesInternals() throws IOException {
        Map<String, Set<String>> g = graph();
        g.forEach((pkg, deps) -> {
            if (pkg.startsWith(ROOT + ".internal") || pkg.equals(ROOT + ".run")) {
                assertThat(deps).as("%s depends on", pkg).noneMatch(d -> d.startsWith(ROOT + ".report"));
            }
            if (!pkg.startsWith(ROOT + ".internal") && !pkg.equals(ROOT)) {
                assertThat(deps).as("%s depends on", pkg).noneMatch(d -> d.startsWith(ROOT + ".internal"));
            }
        });
        assertThat(g.get(ROOT + ".run")).as("the run contract depends on the API only").isEmpty();
    }
}
