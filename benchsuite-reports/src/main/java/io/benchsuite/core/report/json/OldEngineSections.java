package io.benchsuite.core.report.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import io.benchsuite.core.report.model.EngineSnapshotSection;
import io.benchsuite.core.report.model.EngineSnapshotSection.Compilation;
import io.benchsuite.core.report.model.EngineSnapshotSection.Energy;
import io.benchsuite.core.report.model.EngineSnapshotSection.Fragmentation;
import io.benchsuite.core.report.model.EngineSnapshotSection.MemoryTraffic;
import io.benchsuite.core.report.model.EngineSnapshotSection.PrefixCache;
import io.benchsuite.core.report.model.EngineSnapshotSection.Second;
import io.benchsuite.core.report.model.EngineSnapshotSection.Stages;
import io.benchsuite.core.report.model.UnknownSection;
import io.benchsuite.core.run.ReportSection;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the two blocks reports wrote before the {@code engineSnapshot} section into it: {@code engine} (the
 * differences of the engine's running totals over the run: request stages, prefix-cache hit rate, energy, memory traffic)
 * and {@code device} (the engine's devices since its start: memory and its curve, fragmentation, energy, compiled
 * code). Where both give a figure, the {@code engine} block's, over the run, is taken. Only the simulator wrote
 * these blocks, under the backend name {@code sim}; another name reads as an engine's own figures.
 */
final class OldEngineSections {
    /** The key of the old block of the engine's running totals. */
    static final String ENGINE = "engine";
    /** The key of the old block of the engine's devices. */
    static final String DEVICE = "device";

    private static final ObjectMapper TREES = new ObjectMapper();

    private OldEngineSections() {}

    /**
     * The sections with an old {@code engine} and {@code device} block replaced by one {@code engineSnapshot}
     * section, in the place of the first of them; unchanged when there is none, or the report has the new section.
     */
    static Map<String, ReportSection> upgrade(Map<String, ReportSection> sections) {
        JsonNode engine = tree(sections.get(ENGINE)), device = tree(sections.get(DEVICE));
        if ((engine.isMissingNode() && device.isMissingNode()) || sections.containsKey(EngineSnapshotSection.KEY)) return sections;
        Map<String, ReportSection> out = new LinkedHashMap<>();
        for (Map.Entry<String, ReportSection> e : sections.entrySet()) {
            boolean old = e.getKey().equals(ENGINE) || e.getKey().equals(DEVICE);
            if (old && !out.containsKey(EngineSnapshotSection.KEY)) out.put(EngineSnapshotSection.KEY, read(engine, device));
            if (!old) out.put(e.getKey(), e.getValue());
        }
        return out;
    }

    private static JsonNode tree(ReportSection s) {
        return s instanceof UnknownSection u && u.value() instanceof Map<?, ?> ? TREES.valueToTree(u.value()) : MissingNode.getInstance();
    }

    /**
     * One section from the old blocks.
     *
     * @param engine the {@code engine} block (a missing node when the report has none)
     * @param device the {@code device} block (a missing node when the report has none)
     */
    static EngineSnapshotSection read(JsonNode engine, JsonNode device) {
        String source = text(engine, "source", text(device, "source", ""));
        double seconds = first(num(engine, "deviceSeconds"), num(device, "elapsedSeconds"));
        JsonNode frag = device.path("kvCacheFragmentation"), prefix = device.path("prefixCache"), energy = device.path("energy");
        double hitRate = first(num(engine, "prefixCacheHitRate"), num(prefix, "hitRate"));
        Energy e = engine.isMissingNode()
                ? new Energy(num(energy, "joules"), num(energy, "joulesPerOutputToken"), energy.path("outputTokens").asLong(),
                num(energy, "meanPowerW"), num(energy, "peakPowerW"))
                : new Energy(num(engine, "energyJoules"), num(engine, "energyPerOutputToken"), engine.path("generationTokens").asLong(),
                num(engine, "averagePowerWatts"), num(energy, "peakPowerW"));
        double capacity = first(num(device, "memoryCapacityBytes"), num(engine, "memoryCapacityBytes"));
        double peak = first(num(device, "peakMemoryBytes"), num(engine, "peakMemoryBytes"));
        return new EngineSnapshotSection(source, "sim".equals(source) ? EngineSnapshotSection.SIMULATOR : EngineSnapshotSection.ENGINE,
                text(engine, "device", text(device, "device", "")), device.path("devices").asInt(1), capacity,
                num(device, "weightBytes"), peak, first(num(device, "peakMemoryShare"), peak / capacity), num(device, "reservedBytes"),
                new Fragmentation(num(frag, "end"), first(num(frag, "mean"), num(engine, "meanKvFragmentation")), num(frag, "max")),
                new PrefixCache(prefix.path("queryTokens").asLong(), prefix.path("hitTokens").asLong(), hitRate), e,
                new Stages(engine.path("requests").asLong(), num(engine, "queueMs"), num(engine, "prefillMs"), num(engine, "decodeMs"),
                        num(engine, "e2eMs")),
                num(device, "meanUtilisation"), first(num(engine, "busyShare"), num(device, "busyShare")), seconds,
                new MemoryTraffic(num(engine, "memoryTrafficBytes"), num(engine, "peakMemoryBandwidth"),
                        num(engine, "kvReadEntropyBits"), num(engine, "kvBlocks")),
                compilation(device.path("compilation")), series(device.path("timeSeries")));
    }

    private static Compilation compilation(JsonNode c) {
        if (c.isMissingNode() || text(c, "mode", "").isEmpty()) return Compilation.UNKNOWN;
        return new Compilation(text(c, "mode", ""), c.path("compilations").asLong(), c.path("recompilations").asLong(),
                num(c, "recompileRatio"), num(c, "compileMs"), c.path("maxCapturedBatch").asInt(), c.path("steps").asLong(),
                c.path("graphRequests").asLong(), c.path("graphHits").asLong(), num(c, "hitRate"), c.path("eagerSteps").asLong());
    }

    private static List<Second> series(JsonNode s) {
        List<Second> out = new ArrayList<>();
        for (JsonNode n : s) out.add(new Second(n.path("second").asLong(), num(n, "memoryBytes")));
        return out;
    }

    private static double first(double a, double b) {
        return Double.isFinite(a) ? a : b;
    }

    /** A number, or NaN where the block has none ({@code null}: a figure the engine did not know). */
    private static double num(JsonNode n, String field) {
        JsonNode v = n.path(field);
        return v.isNumber() ? v.asDouble() : Double.NaN;
    }

    private static String text(JsonNode n, String field, String otherwise) {
        JsonNode v = n.path(field);
        return v.isTextual() ? v.asText() : otherwise;
    }
}
