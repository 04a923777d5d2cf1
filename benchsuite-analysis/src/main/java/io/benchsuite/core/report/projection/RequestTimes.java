package io.benchsuite.core.report.projection;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchsuite.core.report.ReportWriters;
import io.benchsuite.core.report.RequestLogWriter;
import io.benchsuite.core.report.json.InvalidReportException;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The device-side times of a run's measured, successful requests, read from its {@code requests.jsonl}: TTFT from
 * send, TPOT and E2E from send (end − sent), in nanoseconds. Client-side waiting is left out on purpose: it does not
 * depend on the device.
 *
 * @param index the request's index
 * @param outputTokens its output tokens
 * @param ttftFromSendNanos TTFT from the actual send
 * @param tpotNanos TPOT, NaN with fewer than 2 tokens
 * @param e2eFromSendNanos end − sent
 */
record RequestTimes(long index, int outputTokens, double ttftFromSendNanos, double tpotNanos, double e2eFromSendNanos) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The measured, successful requests of an output directory (a torn last line is skipped). */
    static List<RequestTimes> read(Path dir) {
        Path log = dir.resolve(ReportWriters.REQUESTS_JSONL);
        if (!Files.isRegularFile(log)) throw new InvalidReportException(log, "not found: a projection needs the run's request log", null);
        List<RequestTimes> out = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(log, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                if (line.isBlank()) continue;
                JsonNode n;
                try {
                    n = JSON.readTree(line);
                } catch (IOException torn) {
                    continue;
                }
                JsonNode window = n.has(RequestLogWriter.WINDOW) ? n.path(RequestLogWriter.WINDOW) : n.path(RequestLogWriter.OLD_WINDOW);
                if (!"measured".equals(window.asText()) || !"success".equals(n.path("outcome").asText())) continue;
                if (!n.path("ttftFromSendMs").isNumber()) continue;
                double tpot = n.path("tpotMs").isNumber() ? n.path("tpotMs").asDouble() * 1e6 : Double.NaN;
                double e2e = n.path("endOffsetMs").asDouble() * 1e6 - n.path("sentOffsetMs").asDouble() * 1e6;
                out.add(new RequestTimes(n.path("index").asLong(), n.path("outputTokens").asInt(),
                        n.path("ttftFromSendMs").asDouble() * 1e6, tpot, e2e));
            }
        } catch (IOException e) {
            throw new InvalidReportException(log, "cannot be read: " + e.getMessage(), e);
        }
        return out;
    }
}
