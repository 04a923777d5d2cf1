package io.benchsuite.test;

import static io.benchsuite.api.util.Checks.notNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchsuite.api.result.RunSummary;
import io.benchsuite.core.LatencyHistograms;
import io.benchsuite.core.RunResult;
import io.benchsuite.core.report.Json;
import io.benchsuite.core.report.ReportJson;
import io.benchsuite.core.report.ReportWriters;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;

/**
 * Saves runs as baseline files and loads them back, so CI can compare every new run to a reference.
 *
 * <p>A baseline file is JSON: the run's {@code report.json} without its time series and listener
 * sections, plus {@code "baselineVersion": }{@value #VERSION}. It keeps the encoded lossless
 * histograms, so a comparison of any percentile is exact. {@link #load} also accepts a plain
 * {@code report.json} (or the directory holding one) as a baseline.
 */
public final class Baselines {
    /** Version of the baseline file format; bumped on an incompatible change. */
    public static final int VERSION = 1;

    private static final List<String> KEPT = List.of("schemaVersion", "tool", "run", "backend", "config", "seed",
            "environment", "requests", "rate", "ttft", "itl", "tpot", "e2e", "ttftFromSend", "scheduleLag",
            "dispatchLag", "slotWait", "throughput", "goodput", "tokens", "errors", "histograms");

    private Baselines() {}

    /**
     * Writes {@code result} as a baseline file at {@code file} (parent directories created, written
     * atomically) and returns the baseline.
     *
     * @throws UncheckedIOException when the file cannot be written
     */
    public static Baseline save(RunResult result, Path file) {
        notNull(result, "result");
        notNull(file, "file");
        ObjectNode report = ReportJson.build(result);
        ObjectNode doc = Json.MAPPER.createObjectNode();
        doc.put("baselineVersion", VERSION);
        for (String key : KEPT) {
            if (report.has(key)) doc.set(key, report.get(key));
        }
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) Files.createDirectories(parent);
            ReportWriters.atomicWrite(file, Json.MAPPER.writeValueAsString(doc) + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the baseline " + file + ": " + e.getMessage(), e);
        }
        return Baseline.of(result).at(file);
    }

    /**
     * Reads a baseline file, a {@code report.json}, or a run's output directory.
     *
     * @throws UncheckedIOException when it cannot be read
     * @throws IllegalArgumentException naming the file and the problem when it is not a baseline
     *         (not JSON, a newer version, no histograms)
     */
    public static Baseline load(Path path) {
        notNull(path, "path");
        Path file = Files.isDirectory(path) ? path.resolve(ReportWriters.REPORT_JSON) : path;
        JsonNode doc;
        try {
            doc = Json.MAPPER.readTree(file.toFile());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalArgumentException("baseline " + file + " is not valid JSON: " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the baseline " + file + ": " + e.getMessage(), e);
        }
        if (!(doc instanceof ObjectNode root)) {
            throw new IllegalArgumentException("baseline " + file + " is not a JSON object");
        }
        int version = root.path("baselineVersion").asInt(0);
        if (version > VERSION) {
            throw new IllegalArgumentException("baseline " + file + " has baselineVersion " + version
                    + "; this benchsuite reads up to " + VERSION + " (upgrade benchsuite-test or re-record the baseline)");
        }
        if (!root.path("histograms").isObject() || !root.path("requests").isObject()) {
            throw new IllegalArgumentException("baseline " + file
                    + " holds no 'histograms' or 'requests' block: save it with Baselines.save or give a report.json");
        }
        LatencyHistograms histograms = ReportJson.histograms(root);
        JsonNode r = root.path("requests");
        RunSummary.Counts counts = new RunSummary.Counts(r.path("scheduled").asLong(), r.path("warmup").asLong(),
                r.path("cooldown").asLong(), r.path("measured").asLong(), r.path("succeeded").asLong(),
                r.path("failed").asLong(), r.path("cancelled").asLong(), r.path("waitedForSlot").asLong(),
                r.path("connectionRetries").asLong());
        JsonNode t = root.path("throughput");
        RunSummary.Throughput throughput = new RunSummary.Throughput(number(t, "requestsPerSecond"),
                number(t, "outputTokensPerSecond"), number(t, "totalTokensPerSecond"));
        String name = root.path("run").path("name").asText("unnamed");
        return new Baseline(name, instant(root.path("run").path("endedAt").asText(null)), histograms, counts,
                throughput, number(root.path("rate"), "measuredSeconds"), file);
    }

    private static double number(JsonNode parent, String key) {
        JsonNode n = parent.path(key);
        return n.isNumber() ? n.asDouble() : Double.NaN;
    }

    private static Instant instant(String text) {
        if (text == null) return Instant.EPOCH;
        try {
            return Instant.parse(text);
        } catch (DateTimeParseException e) {
            return Instant.EPOCH;
        }
    }
}
