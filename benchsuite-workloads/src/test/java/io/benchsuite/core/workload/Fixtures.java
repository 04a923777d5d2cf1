package io.benchsuite.core.workload;

import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.SourceContext;
import io.benchsuite.api.workload.source.WorkloadSource;
import io.benchsuite.core.prompt.Tokenizers;
import java.io.ByteArrayInputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Inputs and helpers shared by the workload tests. */
final class Fixtures {
    private Fixtures() {}

    static final SourceContext CONTEXT = new SourceContext(Tokenizers.cl100k(), SeedChain.fromLong(42).scenario("default"));

    /**
     * A test resource of this package as a file input; read as a stream when it sits in this module's test
     * jar, as it does for the engine's and analysis' tests once the jar is packaged.
     */
    static DataInput resource(String name) {
        if (!"file".equals(Fixtures.class.getResource(name).getProtocol())) {
            return DataInput.of(name, () -> Fixtures.class.getResourceAsStream(name));
        }
        try {
            return DataInput.of(Path.of(Fixtures.class.getResource(name).toURI()));
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Text as an input named {@code name}. */
    static DataInput text(String name, String content) {
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        return DataInput.of(name, () -> new ByteArrayInputStream(bytes));
    }

    /** Every plan of {@code source}, at most {@code max}. */
    static List<RequestPlan> plans(WorkloadSource source, int max) {
        List<RequestPlan> out = new ArrayList<>();
        try (PlanCursor c = source.open(CONTEXT)) {
            while (out.size() < max) {
                Optional<RequestPlan> p = c.next();
                if (p.isEmpty()) break;
                out.add(p.get());
            }
        }
        return out;
    }

    static int tokens(String text) {
        return CONTEXT.tokenizer().countTokens(text);
    }

    /** The shared real traces (outside the repository), when this checkout has them. */
    static Optional<Path> sharedTrace(String file) {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path p = dir.resolve("shared/data/traces").resolve(file);
            if (Files.isRegularFile(p)) return Optional.of(p);
            Path sibling = dir.resolveSibling("shared").resolve("data/traces").resolve(file);
            if (Files.isRegularFile(sibling)) return Optional.of(sibling);
        }
        return Optional.empty();
    }
}
