package io.benchsuite.core.analysis.decomposition;

import static io.benchsuite.api.util.Checks.notNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A server's own stage timings over the measured window, from the deltas of its histograms. vLLM exposes
 * them (its {@code docs/design/metrics.md}; also listed in Red Hat AI Inference Server's vLLM metrics table):
 * {@value #VLLM_QUEUE} (time in the WAITING state), {@value #VLLM_PREFILL} (in the PREFILL stage),
 * {@value #VLLM_DECODE} (in the DECODE stage) and {@value #VLLM_E2E} (end to end at the server).
 *
 * @param queue queue-time histogram delta
 * @param prefill prefill-time histogram delta
 * @param decode decode-time histogram delta
 * @param e2e end-to-end histogram delta, or null when the server does not expose one
 */
public record ServerStageTimes(StageTotal queue, StageTotal prefill, StageTotal decode, StageTotal e2e) {

    /** vLLM's queue-time histogram. */
    public static final String VLLM_QUEUE = "vllm:request_queue_time_seconds";
    /** vLLM's prefill-time histogram. */
    public static final String VLLM_PREFILL = "vllm:request_prefill_time_seconds";
    /** vLLM's decode-time histogram. */
    public static final String VLLM_DECODE = "vllm:request_decode_time_seconds";
    /** vLLM's server-side end-to-end latency histogram. */
    public static final String VLLM_E2E = "vllm:e2e_request_latency_seconds";

    /**
     * Checks the three stages are present.
     *
     * @param queue queue-time delta
     * @param prefill prefill-time delta
     * @param decode decode-time delta
     * @param e2e end-to-end delta, or null
     */
    public ServerStageTimes {
        notNull(queue, "queue");
        notNull(prefill, "prefill");
        notNull(decode, "decode");
    }

    /**
     * The stage times of a vLLM server from its histogram deltas by metric name.
     *
     * @param deltas histogram deltas keyed by metric name
     * @return the times, or empty when a stage histogram is missing
     */
    public static Optional<ServerStageTimes> fromVllm(Map<String, StageTotal> deltas) {
        notNull(deltas, "deltas");
        if (missingVllm(deltas).isPresent()) return Optional.empty();
        return Optional.of(new ServerStageTimes(deltas.get(VLLM_QUEUE), deltas.get(VLLM_PREFILL), deltas.get(VLLM_DECODE),
                deltas.get(VLLM_E2E)));
    }

    /**
     * Which of vLLM's stage histograms are missing, said for the report.
     *
     * @param deltas histogram deltas keyed by metric name
     * @return e.g. {@code the server exposes no vllm:request_queue_time_seconds}, or empty when none is missing
     */
    public static Optional<String> missingVllm(Map<String, StageTotal> deltas) {
        List<String> missing = new ArrayList<>();
        for (String name : List.of(VLLM_QUEUE, VLLM_PREFILL, VLLM_DECODE)) {
            if (!deltas.containsKey(name)) missing.add(name);
        }
        return missing.isEmpty() ? Optional.empty() : Optional.of("the server exposes no " + String.join(", ", missing));
    }
}
