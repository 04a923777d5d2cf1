package io.benchsuite.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The serving stacks' metric names, as their recorded expositions (benchsuite-metrics' test resources) hold them. */
final class ServingStackNames {
    private static final Path RECORDED = Path.of("..", "benchsuite-metrics", "src", "test", "resources", "server-metrics");

    private ServingStackNames() {}

    /** Whether a name is a serving stack's rather than benchsuite's own. */
    static boolean isServerName(String name) {
        return name.startsWith("vllm:") || name.startsWith("sglang:") || name.startsWith("llamacpp:")
                || name.startsWith("trtllm_") || name.startsWith("tgi_");
    }

    /** Every sample name in the recorded expositions. */
    static Set<String> recorded() {
        Set<String> names = new TreeSet<>();
        Pattern sample = Pattern.compile("(?m)^([a-zA-Z_:][a-zA-Z0-9_:]*)[{ ]");
        try (Stream<Path> files = Files.list(RECORDED)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".txt")).toList()) {
                Matcher m = sample.matcher(Files.readString(f));
                while (m.find()) names.add(m.group(1));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return names;
    }
}
