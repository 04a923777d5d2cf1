package io.benchsuite.benchmarks.workload;

import io.benchsuite.api.seed.SeedChain;
import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.SourceContext;
import io.benchsuite.core.prompt.Tokenizers;
import io.benchsuite.core.workload.DataInput;
import io.benchsuite.core.workload.MooncakeTraceSource;
import io.benchsuite.core.workload.TraceOptions;
import java.io.BufferedWriter;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * Replays a large Mooncake-format trace (generated, 1 GiB by default) through the trace source and
 * reports the heap left after garbage collection while it reads: flat, whatever the file's size,
 * because the source reads one line at a time. Run it with a small heap to make the point, e.g.
 * <pre>
 * java -Xmx128m -cp benchsuite-benchmarks/target/benchmarks.jar \
 *     io.benchsuite.benchmarks.workload.TraceReplayMemoryHarness 1g /tmp/large-trace.jsonl
 * </pre>
 * Arguments: the size of the trace to generate ({@code 1g}, {@code 200m}), and where to write it
 * (reused when it already has that size). The generated records look like the real trace's
 * (timestamps in ms, 24 to 600 input tokens, mostly under 64, hash ids from a pool of 2,000 blocks) but are short,
 * so the run measures reading, not prompt building.
 */
public final class TraceReplayMemoryHarness {
    private TraceReplayMemoryHarness() {}

    public static void main(String[] args) throws IOException {
        long size = parseSize(args.length > 0 ? args[0] : "1g");
        Path file = Path.of(args.length > 1 ? args[1] : System.getProperty("java.io.tmpdir") + "/benchsuite-large-trace.jsonl");
        if (!Files.exists(file) || Files.size(file) < size) generate(file, size);
        long bytes = Files.size(file);
        SourceContext context = new SourceContext(Tokenizers.cl100k(), SeedChain.fromLong(1).scenario("harness"));
        MooncakeTraceSource source = new MooncakeTraceSource(DataInput.of(file), TraceOptions.defaults());
        long start = System.nanoTime();
        long plans = 0;
        long tokens = 0;
        long expected = bytes / 90; // about 90 bytes a generated line: report ten times along the way
        long every = Math.max(1, expected / 10);
        StringBuilder along = new StringBuilder();
        try (PlanCursor cursor = source.open(context)) {
            for (Optional<RequestPlan> p = cursor.next(); p.isPresent(); p = cursor.next()) {
                plans++;
                tokens += p.get().inputTokens();
                if (plans % every == 0) {
                    along.append(String.format(Locale.ROOT, " %.1f", heapAfterLastGc() / 1048576.0));
                }
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf(Locale.ROOT, "trace %s: %.0f MiB, %d requests, %d prompt tokens%n", file, bytes / 1048576.0, plans, tokens);
        System.out.printf(Locale.ROOT, "read in %.1f s: %.0f requests/s, %.1f MiB/s%n", seconds, plans / seconds,
                bytes / 1048576.0 / seconds);
        System.out.printf(Locale.ROOT, "max heap %.0f MiB; heap left after the latest collection, every tenth of the way (MiB):%s%n",
                Runtime.getRuntime().maxMemory() / 1048576.0, along);
    }

    /** The heap in use right after the most recent collection, summed over heap pools. */
    private static long heapAfterLastGc() {
        long used = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() != MemoryType.HEAP) continue;
            MemoryUsage u = pool.getCollectionUsage();
            if (u != null) used += u.getUsed();
        }
        return used;
    }

    private static void generate(Path file, long size) throws IOException {
        System.out.printf(Locale.ROOT, "writing %.0f MiB of trace to %s%n", size / 1048576.0, file);
        SplittableRandom random = new SplittableRandom(7);
        long written = 0;
        long ms = 0;
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            while (written < size) {
                ms += random.nextInt(40);
                int in = 24 + random.nextInt(577);
                if (random.nextInt(8) != 0) in = 24 + random.nextInt(40); // mostly short: the run measures reading
                StringBuilder line = new StringBuilder(128).append("{\"timestamp\": ").append(ms).append(", \"input_length\": ")
                        .append(in).append(", \"output_length\": ").append(1 + random.nextInt(500)).append(", \"hash_ids\": [");
                int blocks = (in + 511) / 512;
                for (int b = 0; b < blocks; b++) line.append(b == 0 ? "" : ", ").append(random.nextInt(2_000));
                line.append("]}\n");
                w.write(line.toString());
                written += line.length();
            }
        }
    }

    private static long parseSize(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        long unit = t.endsWith("g") ? 1L << 30 : t.endsWith("m") ? 1L << 20 : t.endsWith("k") ? 1L << 10 : 1;
        return Long.parseLong(unit == 1 ? t : t.substring(0, t.length() - 1)) * unit;
    }
}
