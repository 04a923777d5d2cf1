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
 * The package graph of the modules {@code benchsuite-core} gathers (and of the API), read from their
 * sources: every reference to another benchsuite package (import or fully qualified name, comments and
 * strings excluded) is an edge. The graph must have no cycle; no package of a lower module may refer to a
 * higher one (Maven's module dependencies keep the build honest, this keeps the sources honest and names
 * the offending package); the engine must not know the HTML report; and nothing outside
 * {@code core.internal} and the facade may use an internal package.
 */
class PackageDependenciesTest {
    private static final String CORE = "io.benchsuite.core";
    private static final Pattern REFERENCE = Pattern.compile("\\b(io\\.benchsuite\\.(?:core|api)(?:\\.[a-z]\\w*)*)\\.[A-Z]");
    /** Comments and string literals, whichever starts first (a message may name a class of a higher module). */
    private static final Pattern COMMENTS = Pattern.compile("\"(?:[^\"\\\\\\n]|\\\\.)*\"|/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);

    /** Each module and the modules it may use (itself included), lowest first. */
    private static final Map<String, Set<String>> ALLOWED = Map.of(
            "api", Set.of("api"),
            "workloads", Set.of("api", "workloads"),
            "reports", Set.of("api", "reports"),
            "engine", Set.of("api", "workloads", "reports", "engine"),
            "analysis", Set.of("api", "workloads", "reports", "engine", "analysis"));

    /** A package's module and the packages it refers to. */
    private record Node(String module, Set<String> uses) {}

    private static Map<String, Node> graph() throws IOException {
        Map<String, Node> nodes = new TreeMap<>();
        for (String module : ALLOWED.keySet()) {
            Path src = Path.of("..", "benchsuite-" + module, "src", "main", "java");
            assertThat(src).as("sources of benchsuite-%s", module).isDirectory();
            try (Stream<Path> files = Files.walk(src)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    String pkg = src.relativize(f.getParent()).toString().replace('/', '.').replace('\\', '.');
                    Node node = nodes.computeIfAbsent(pkg, k -> new Node(module, new TreeSet<>()));
                    assertThat(node.module()).as("package %s lives in one module", pkg).isEqualTo(module);
                    String code = COMMENTS.matcher(Files.readString(f)).replaceAll("");
                    Matcher m = REFERENCE.matcher(code);
                    while (m.find()) {
                        if (!m.group(1).equals(pkg)) node.uses().add(m.group(1));
                    }
                }
            }
        }
        return nodes;
    }

    @Test
    void thePackagesFormNoCycle() throws IOException {
        Map<String, Node> g = graph();
        assertThat(g).containsKeys(CORE, "io.benchsuite.api.run", CORE + ".run", CORE + ".internal.engine",
                CORE + ".report.model", CORE + ".workload", CORE + ".sweep");
        List<String> cycles = new ArrayList<>();
        for (String start : g.keySet()) {
            // a path from one of start's dependencies back to start is a cycle through start
            Deque<List<String>> todo = new ArrayDeque<>();
            for (String next : g.get(start).uses()) todo.add(List.of(start, next));
            Set<String> seen = new TreeSet<>();
            while (!todo.isEmpty()) {
                List<String> path = todo.poll();
                String last = path.get(path.size() - 1);
                if (last.equals(start)) {
                    cycles.add(String.join(" -> ", path));
                    break;
                }
                if (!seen.add(last) || !g.containsKey(last)) continue;
                for (String next : g.get(last).uses()) {
                    List<String> longer = new ArrayList<>(path);
                    longer.add(next);
                    todo.add(longer);
                }
            }
        }
        assertThat(cycles).as("package cycles in %s", g).isEmpty();
    }

    @Test
    void noPackageOfALowerModuleRefersToAHigherOne() throws IOException {
        Map<String, Node> g = graph();
        List<String> upward = new ArrayList<>();
        g.forEach((pkg, node) -> {
            for (String used : node.uses()) {
                Node target = g.get(used);
                if (target == null) {
                    if (used.startsWith(CORE)) upward.add(pkg + " -> " + used + " (in no module below)");
                } else if (!ALLOWED.get(node.module()).contains(target.module())) {
                    upward.add(pkg + " (" + node.module() + ") -> " + used + " (" + target.module() + ")");
                }
            }
        });
        assertThat(upward).isEmpty();
    }

    @Test
    void theEngineKnowsNothingOfTheHtmlReportAndOnlyTheFacadeUsesInternals() throws IOException {
        Map<String, Node> g = graph();
        g.forEach((pkg, node) -> {
            if (node.module().equals("engine")) {
                assertThat(node.uses()).as("%s depends on", pkg).noneMatch(d -> d.startsWith(CORE + ".report.html"));
            }
            if (pkg.startsWith(CORE + ".internal")) {
                // the loop reads and fills section records, and formats nothing
                assertThat(node.uses()).as("%s depends on", pkg)
                        .noneMatch(d -> d.startsWith(CORE + ".report") && !d.equals(CORE + ".report.model"));
            }
            if (!pkg.startsWith(CORE + ".internal") && !pkg.equals(CORE)) {
                assertThat(node.uses()).as("%s depends on", pkg).noneMatch(d -> d.startsWith(CORE + ".internal"));
            }
        });
        assertThat(g.get(CORE + ".run").uses()).as("the run result depends on the API only")
                .allMatch(d -> d.startsWith("io.benchsuite.api"));
        assertThat(g.get("io.benchsuite.api.run").uses()).as("what listeners see of a run is API")
                .allMatch(d -> d.startsWith("io.benchsuite.api"));
    }
}
