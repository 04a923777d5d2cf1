package io.benchsuite.core.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchsuite.api.result.LatencyStats;
import io.benchsuite.api.result.RunSummary;
import io.benchsuite.api.util.Durations;
import io.benchsuite.api.workload.Arrival;
import io.benchsuite.api.workload.LoadModel;
import io.benchsuite.api.workload.Workload;
import io.benchsuite.core.Environment;
import io.benchsuite.core.LatencyHistograms;
import io.benchsuite.core.RunInfo;
import io.benchsuite.core.RunResult;
import io.benchsuite.core.SecondSample;
import java.util.Map;

/**
 * The {@code report.json} document. Schema version {@value #SCHEMA_VERSION}; every latency block
 * ({@code ttft}, {@code itl}, {@code tpot}, {@code e2e}, ...) has {@code count}, {@code mean},
 * {@code p50}, {@code p90}, {@code p95}, {@code p99}, {@code p999}, {@code min}, {@code max},
 * {@code stddev} in milliseconds; values that could not be measured are {@code null}.
 */
public final class ReportJson {
    /** Bumped on any incompatible change of the document's shape. */
    public static final int SCHEMA_VERSION = 1;

    /** Top-level keys written by the core; listener sections may not use them. */
    public static final java.util.Set<String> RESERVED_KEYS = java.util.Set.of("schemaVersion", "tool", "run", "backend",
            "config", "seed", "environment", "requests", "rate", "ttft", "itl", "tpot", "e2e", "ttftFromSend",
            "scheduleLag", "dispatchLag", "slotWait", "throughput", "goodput", "tokens", "errors", "timeSeries",
            "histograms");

    private ReportJson() {}

    /** The report document of a run. */
    public static ObjectNode build(RunResult r) {
        ObjectNode root = Json.MAPPER.createObjectNode();
        root.put("schemaVersion", SCHEMA_VERSION);
        RunInfo info = r.info();
        Environment env = info.environment();

        ObjectNode tool = root.putObject("tool");
        tool.put("name", "benchsuite");
        tool.put("version", env.toolVersion());
        tool.put("commit", env.toolCommit());

        ObjectNode run = root.putObject("run");
        run.put("name", info.name());
        run.put("status", r.status().name().toLowerCase(java.util.Locale.ROOT));
        run.put("startedAt", info.startedAt().toString());
        run.put("endedAt", r.endedAt().toString());
        ObjectNode labels = run.putObject("labels");
        info.labels().forEach(labels::put);

        ObjectNode backend = root.putObject("backend");
        backend.put("name", info.backend().name());
        backend.put("model", info.backend().model());
        backend.put("endpoint", info.backend().endpoint());
        ObjectNode details = backend.putObject("details");
        info.backend().details().forEach(details::put);

        ObjectNode config = root.putObject("config");
        config.set("workload", workload(info.workload()));
        config.put("slo", info.slo().describe());
        config.put("tokenizer", info.tokenizer());
        ObjectNode bc = config.putObject("backend");
        info.backendConfig().forEach(bc::put);

        ObjectNode seed = root.putObject("seed");
        seed.put("source", info.seed().source());
        seed.put("root", info.seed().rootHex());
        seed.put("scenario", info.scenario().name());
        seed.put("scenarioSeed", info.scenario().hex());

        ObjectNode e = root.putObject("environment");
        e.put("java", env.javaVersion());
        e.put("javaVendor", env.javaVendor());
        e.put("vm", env.vm());
        e.put("os", env.os());
        e.put("arch", env.arch());
        e.put("cpus", env.cpus());
        e.put("maxHeapBytes", env.maxHeapBytes());

        RunSummary s = r.summary();
        ObjectNode requests = root.putObject("requests");
        RunSummary.Counts c = s.counts();
        requests.put("scheduled", c.scheduled());
        requests.put("warmup", c.warmup());
        requests.put("cooldown", c.cooldown());
        requests.put("measured", c.measured());
        requests.put("succeeded", c.succeeded());
        requests.put("failed", c.failed());
        requests.put("cancelled", c.cancelled());
        requests.put("waitedForSlot", c.waitedForSlot());
        requests.put("connectionRetries", c.connectionRetries());
        Json.put(requests, "errorRate", c.errorRate());

        ObjectNode rate = root.putObject("rate");
        Json.put(rate, "target", s.targetRate());
        Json.put(rate, "scheduled", s.scheduledRate());
        Json.put(rate, "achieved", s.achievedRate());
        Json.put(rate, "achievedOverTarget", s.achievedRate() / s.targetRate());
        Json.put(rate, "achievedOverScheduled", s.achievedRate() / s.scheduledRate());
        Json.put(rate, "measuredSeconds", s.measuredSeconds());

        root.set("ttft", latency(s.ttft()));
        root.set("itl", latency(s.itl()));
        root.set("tpot", latency(s.tpot()));
        root.set("e2e", latency(s.e2e()));
        root.set("ttftFromSend", latency(s.ttftFromSend()));
        root.set("scheduleLag", latency(s.scheduleLag()));
        root.set("dispatchLag", latency(s.dispatchLag()));
        root.set("slotWait", latency(s.slotWait()));

        ObjectNode tp = root.putObject("throughput");
        Json.put(tp, "requestsPerSecond", s.throughput().requestsPerSecond());
        Json.put(tp, "outputTokensPerSecond", s.throughput().outputTokensPerSecond());
        Json.put(tp, "totalTokensPerSecond", s.throughput().totalTokensPerSecond());

        ObjectNode gp = root.putObject("goodput");
        gp.put("slo", s.goodput().slo().describe());
        gp.put("met", s.goodput().met());
        Json.put(gp, "requestsPerSecond", s.goodput().requestsPerSecond());
        Json.put(gp, "fraction", s.goodput().fraction());

        ObjectNode tokens = root.putObject("tokens");
        tokens.put("input", s.tokens().input());
        tokens.put("output", s.tokens().output());
        tokens.put("serverReportedRequests", s.tokens().serverReportedRequests());
        tokens.put("streamedOutput", s.tokens().streamedOutput());
        tokens.put("serverOutput", s.tokens().serverOutput());

        ObjectNode errors = root.putObject("errors");
        ObjectNode byKind = errors.putObject("byKind");
        s.errorsByKind().forEach(byKind::put);
        ArrayNode samples = errors.putArray("samples");
        for (RunResult.ErrorSample sample : r.errorSamples()) {
            ObjectNode o = samples.addObject();
            o.put("kind", sample.kind());
            o.put("index", sample.index());
            o.put("message", sample.message());
        }

        ArrayNode series = root.putArray("timeSeries");
        for (SecondSample t : r.timeSeries()) {
            ObjectNode o = series.addObject();
            o.put("second", t.second());
            Json.put(o, "targetRate", t.targetRate());
            o.put("scheduled", t.scheduled());
            o.put("sent", t.sent());
            o.put("completed", t.completed());
            o.put("failed", t.failed());
            o.put("outputTokens", t.outputTokens());
            Json.put(o, "activeRequests", t.activeRequests());
            Json.put(o, "ttftP50Ms", t.ttftP50Millis());
            Json.put(o, "ttftP99Ms", t.ttftP99Millis());
            Json.put(o, "e2eP50Ms", t.e2eP50Millis());
            Json.put(o, "e2eP99Ms", t.e2eP99Millis());
        }

        r.sections().forEach(root::set);

        ObjectNode hist = root.putObject("histograms");
        hist.put("encoding", "HdrHistogram compressed, base64, nanoseconds");
        for (Map.Entry<String, String> h : r.histograms().encode().entrySet()) hist.put(h.getKey(), h.getValue());
        return root;
    }

    /** A latency block. */
    public static ObjectNode latency(LatencyStats l) {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("count", l.count());
        Json.put(o, "mean", l.mean());
        Json.put(o, "p50", l.p50());
        Json.put(o, "p90", l.p90());
        Json.put(o, "p95", l.p95());
        Json.put(o, "p99", l.p99());
        Json.put(o, "p999", l.p999());
        Json.put(o, "min", l.min());
        Json.put(o, "max", l.max());
        Json.put(o, "stddev", l.stddev());
        return o;
    }

    private static ObjectNode workload(Workload w) {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("name", w.name());
        if (w.load() instanceof LoadModel.OpenLoop open) {
            o.put("mode", "open");
            Arrival a = open.arrival();
            o.put("arrival", a.describe());
            o.put("profile", open.rate().describe());
            o.put("maxConcurrency", open.maxConcurrency());
        } else {
            LoadModel.ClosedLoop closed = (LoadModel.ClosedLoop) w.load();
            o.put("mode", "closed");
            o.put("users", closed.users().describe());
            o.put("thinkTime", Durations.format(closed.thinkTime()));
        }
        o.put("inputTokens", w.inputTokens().describe());
        o.put("outputTokens", w.outputTokens().describe());
        if (w.duration() != null) o.put("duration", Durations.format(w.duration()));
        o.put("maxRequests", w.maxRequests());
        o.put("warmup", Durations.format(w.warmup()));
        o.put("cooldown", Durations.format(w.cooldown()));
        o.put("stream", w.stream());
        return o;
    }

    /** Used by tests and the histogram merge: decodes the {@code histograms} block. */
    public static LatencyHistograms histograms(ObjectNode report) {
        Map<String, String> m = new java.util.LinkedHashMap<>();
        report.path("histograms").fields().forEachRemaining(f -> {
            if (!f.getKey().equals("encoding")) m.put(f.getKey(), f.getValue().asText());
        });
        return LatencyHistograms.decode(m);
    }

    /**
     * Reads the {@code report.json} of an output directory (or the file itself when {@code path} is a file or ends in {@code .json}).
     *
     * @throws InvalidReportException naming the file, when it is missing, unreadable, not JSON, not a
     *     benchsuite report or of a newer schema than this version understands
     */
    public static ObjectNode read(java.nio.file.Path path) {
        java.nio.file.Path file = java.nio.file.Files.isRegularFile(path) || path.toString().endsWith(".json")
                ? path : path.resolve(ReportWriters.REPORT_JSON);
        if (!java.nio.file.Files.isRegularFile(file)) throw new InvalidReportException(file, "not found (is this a benchsuite output directory?)", null);
        com.fasterxml.jackson.databind.JsonNode tree;
        try {
            tree = Json.MAPPER.readTree(file.toFile());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new InvalidReportException(file, "not valid JSON: " + e.getOriginalMessage(), e);
        } catch (java.io.IOException e) {
            throw new InvalidReportException(file, "cannot be read: " + e.getMessage(), e);
        }
        if (!(tree instanceof ObjectNode root)) throw new InvalidReportException(file, "does not hold a JSON object", null);
        com.fasterxml.jackson.databind.JsonNode v = root.get("schemaVersion");
        if (v == null || !v.isInt()) throw new InvalidReportException(file, "has no integer schemaVersion; not a benchsuite report", null);
        if (v.asInt() > SCHEMA_VERSION) {
            throw new InvalidReportException(file, "has schemaVersion " + v.asInt() + "; this benchsuite reads up to " + SCHEMA_VERSION, null);
        }
        try {
            histograms(root);
        } catch (IllegalArgumentException e) {
            throw new InvalidReportException(file, e.getMessage(), e);
        }
        return root;
    }
}
