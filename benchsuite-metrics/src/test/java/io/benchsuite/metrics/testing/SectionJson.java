package io.benchsuite.metrics.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchsuite.core.report.json.ReportJson;
import java.io.IOException;
import java.io.UncheckedIOException;

/** A report section as {@code report.json} holds it, read back as a plain tree for assertions on the written text. */
public final class SectionJson {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private SectionJson() {}

    public static JsonNode of(Object section) {
        try {
            return MAPPER.readTree(ReportJson.write(section));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
