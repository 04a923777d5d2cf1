package io.benchsuite.metrics.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Reads the captured {@code /metrics} fixtures under {@code src/test/resources/server-metrics}. */
final class Fixtures {
    private Fixtures() {}

    static String text(String name) {
        try (InputStream in = Fixtures.class.getResourceAsStream("/server-metrics/" + name)) {
            if (in == null) throw new IllegalArgumentException("no fixture " + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static PrometheusText parsed(String name) {
        return PrometheusText.parse(text(name));
    }
}
