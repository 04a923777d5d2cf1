package io.benchsuite.benchmarks.workload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchsuite.core.workload.DataInput;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Checks a trace replay where it matters, at the server: reads the first {@code n} records of a
 * Mooncake trace and the request log of {@code benchsuite serve-sim --request-log} that the replay
 * produced, and reports
 * <ul>
 *   <li>whether every request arrived with the trace's exact input and output lengths (the server
 *       counts the prompt with its own tokenizer; each server record is matched to the first unmatched
 *       trace record with the same lengths, in arrival order);</li>
 *   <li>how far each arrival is from its scaled timestamp, on the server's monotonic clock (no clock is
 *       shared with the client, so an arrival is compared with the others): its offset
 *       {@code o_i = received_i - (t_i - t_0) * scale}, against the first request's offset
 *       ({@code |o_i - o_0|}: the first request's own lateness counts against every other), and against the
 *       smallest offset of all ({@code o_i - min o}: how much later than the quickest arrival, i.e. the
 *       lateness a request added to the path's fixed delay); percentiles and how many are within 5 ms.</li>
 * </ul>
 * <pre>
 * java -cp benchsuite-benchmarks/target/benchmarks.jar io.benchsuite.benchmarks.workload.TraceReplayTimingHarness \
 *     benchsuite-workloads/src/test/resources/io/benchsuite/core/workload/mooncake_conversation_first600.jsonl.gz 600 0.1 /tmp/replay/server-requests.jsonl
 * </pre>
 */
public final class TraceReplayTimingHarness {
    private static final ObjectMapper JSON = new ObjectMapper();

    private TraceReplayTimingHarness() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 4) {
            System.err.println("usage: TraceReplayTimingHarness <trace.jsonl> <first n> <time scale> <server request log>");
            System.exit(2);
        }
        Path trace = Path.of(args[0]);
        int n = Integer.parseInt(args[1]);
        double scale = Double.parseDouble(args[2]);
        Path log = Path.of(args[3]);

        List<long[]> records = new ArrayList<>(); // timestamp ms, input, output
        // the project's own reader: a .gz trace is read as it streams
        try (BufferedReader r = DataInput.of(trace).openText("mooncake trace")) {
            for (String line; records.size() < n && (line = r.readLine()) != null; ) {
                if (line.isBlank()) continue;
                JsonNode t = JSON.readTree(line);
                records.add(new long[] {t.get("timestamp").asLong(), t.get("input_length").asLong(), t.get("output_length").asLong()});
            }
        }
        Map<String, ArrayDeque<Integer>> byLengths = new HashMap<>();
        for (int i = 0; i < records.size(); i++) {
            byLengths.computeIfAbsent(records.get(i)[1] + "/" + records.get(i)[2], k -> new ArrayDeque<>()).add(i);
        }
        List<long[]> received = new ArrayList<>(); // received ns, prompt tokens, max tokens
        for (String line : Files.readAllLines(log)) {
            if (line.isBlank()) continue;
            JsonNode s = JSON.readTree(line);
            received.add(new long[] {s.get("receivedNanos").asLong(), s.get("promptTokens").asLong(), s.get("maxTokens").asLong()});
        }
        received.sort((a, b) -> Long.compare(a[0], b[0]));
        long[] at = new long[records.size()];
        Arrays.fill(at, -1);
        int unmatched = 0;
        for (long[] s : received) {
            ArrayDeque<Integer> q = byLengths.get(s[1] + "/" + s[2]);
            if (q == null || q.isEmpty()) {
                unmatched++;
            } else {
                at[q.poll()] = s[0];
            }
        }
        int missing = 0;
        for (long a : at) if (a < 0) missing++;
        System.out.printf(Locale.ROOT, "trace %s, first %d records, time scale %s; server log %s: %d requests%n",
                trace.getFileName(), records.size(), args[2], log, received.size());
        System.out.printf(Locale.ROOT, "exact lengths: %d of %d trace requests arrived with the trace's input and output "
                + "length; %d server records match no trace record%n", records.size() - missing, records.size(), unmatched);
        if (at.length == 0 || at[0] < 0) {
            System.out.println("the first request is missing: no timing to check");
            return;
        }
        double[] offset = new double[records.size() - missing];
        int k = 0;
        long t0 = records.get(0)[0];
        for (int i = 0; i < records.size(); i++) {
            if (at[i] < 0) continue;
            offset[k++] = at[i] / 1e6 - (records.get(i)[0] - t0) * scale;
        }
        double first = offset[0];
        double min = Arrays.stream(offset).min().orElseThrow();
        double[] fromFirst = new double[offset.length];
        double[] fromMin = new double[offset.length];
        for (int i = 0; i < offset.length; i++) {
            fromFirst[i] = Math.abs(offset[i] - first);
            fromMin[i] = offset[i] - min;
        }
        report("against the first request's arrival", fromFirst);
        report("later than the quickest arrival", fromMin);
    }

    private static void report(String what, double[] deviation) {
        Arrays.sort(deviation);
        int within = 0;
        for (double d : deviation) if (d <= 5.0) within++;
        System.out.printf(Locale.ROOT, "arrival vs scaled timestamp, %s (ms): p50 %.2f, p90 %.2f, p99 %.2f, max %.2f; "
                + "within 5 ms: %d of %d%n", what, pct(deviation, 50), pct(deviation, 90), pct(deviation, 99),
                deviation[deviation.length - 1], within, deviation.length);
    }

    private static double pct(double[] sorted, double p) {
        int i = (int) Math.ceil(p / 100 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }
}
