package io.benchsuite.sim;

/**
 * A snapshot of a simulated engine, the figures a vLLM server exports on {@code /metrics}.
 * Counters ({@code ...Tokens}, {@code preemptions}, {@code completedRequests}, {@code steps}) only grow.
 *
 * @param running requests admitted to the batch and not yet finished
 * @param waiting requests queued for a batch slot or KV-cache room
 * @param kvCacheUsage share of KV-cache blocks held by running requests, 0..1
 * @param kvCapacityTokens tokens the KV cache holds
 * @param prefixQueryTokens prompt tokens looked up in the prefix cache
 * @param prefixHitTokens of those, tokens found cached (their prefill was skipped)
 * @param promptTokens prompt tokens of all admitted requests
 * @param generationTokens tokens generated
 * @param preemptions running requests evicted to make room in the KV cache (on-demand engines: vLLM, SGLang), recomputed later
 * @param completedRequests requests that generated all their tokens
 * @param steps engine steps run
 * @param lateSteps real-time steps that ended more than 1 ms after their simulated duration (the host
 *     did not run the engine thread in time); every later token moved by as much: lateness is kept, never made up
 * @param lateSeconds total wall time real-time steps ended after their simulated duration, late steps and
 *     the usual wake-up delays of a few tens of microseconds alike: the time the engine lost to its host
 * @param stageRequests completed requests whose stages are summed below (vLLM's request stages)
 * @param queueSeconds sum of their queue times: arrival at the engine to the first step that schedules them
 *     (vLLM's {@code vllm:request_queue_time_seconds})
 * @param prefillSeconds sum of their prefill times: that step's start to the first token ({@code vllm:request_prefill_time_seconds})
 * @param decodeSeconds sum of their decode times: first token to last ({@code vllm:request_decode_time_seconds})
 * @param endToEndSeconds sum of their end-to-end times, arrival to last token; equals the three sums added
 *     ({@code vllm:e2e_request_latency_seconds}). All four are in the driver's clock (wall seconds in real time,
 *     simulated seconds in virtual time)
 */
public record SimEngineState(int running, int waiting, double kvCacheUsage, long kvCapacityTokens,
                             long prefixQueryTokens, long prefixHitTokens, long promptTokens, long generationTokens,
                             long preemptions, long completedRequests, long steps, long lateSteps,
                             double lateSeconds, long stageRequests, double queueSeconds, double prefillSeconds,
                             double decodeSeconds, double endToEndSeconds) {

    /** Prefix-cache hit rate in tokens, 0 when nothing was queried. */
    public double prefixHitRate() {
        return prefixQueryTokens == 0 ? 0 : (double) prefixHitTokens / prefixQueryTokens;
    }
}
