package io.benchsuite.sim.server;

import static io.benchsuite.api.util.Checks.notNull;

import java.time.Duration;

/**
 * Faults the simulated HTTP server injects into generation requests, each with its own probability,
 * decided per request from a seed and the request's arrival number (so a run with the same order of
 * arrivals sees the same faults).
 *
 * <p>Before any response: {@code errorRate} answers HTTP 500, {@code rateLimitRate} HTTP 429 with
 * {@code Retry-After: 1}. Inside a streaming 200 response, at a random token position:
 * {@code resetRate} closes the connection without ending the chunked body (the client sees a reset or
 * premature EOF); {@code malformedRate} emits {@code data: {not json}}; {@code stallRate} pauses
 * {@code stall} before a token; {@code errorEventRate} emits llama.cpp's
 * {@code data: {"error":{...}}} and ends the stream without {@code [DONE]}. Non-streaming responses
 * only get the first two.
 *
 * @param errorRate probability of HTTP 500
 * @param rateLimitRate probability of HTTP 429
 * @param resetRate probability of an abrupt mid-stream connection close
 * @param malformedRate probability of one malformed SSE event mid-stream
 * @param stallRate probability of a mid-stream pause
 * @param stall length of that pause
 * @param errorEventRate probability of an in-stream error event
 * @param seed seed of the fault decisions
 */
public record FaultInjection(double errorRate, double rateLimitRate, double resetRate, double malformedRate,
                             double stallRate, Duration stall, double errorEventRate, long seed) {

    private static final FaultInjection NONE = new FaultInjection(0, 0, 0, 0, 0, Duration.ZERO, 0, 0);

    public FaultInjection {
        probability(errorRate, "errorRate");
        probability(rateLimitRate, "rateLimitRate");
        probability(resetRate, "resetRate");
        probability(malformedRate, "malformedRate");
        probability(stallRate, "stallRate");
        probability(errorEventRate, "errorEventRate");
        notNull(stall, "stall");
        if (stall.isNegative()) throw new IllegalArgumentException("stall must not be negative, got " + stall);
    }

    /** No faults. */
    public static FaultInjection none() {
        return NONE;
    }

    /** Whether any fault can happen. */
    public boolean any() {
        return errorRate > 0 || rateLimitRate > 0 || resetRate > 0 || malformedRate > 0 || stallRate > 0 || errorEventRate > 0;
    }

    private static void probability(double p, String name) {
        if (!(p >= 0 && p <= 1)) throw new IllegalArgumentException(name + " must be in [0, 1], got " + p);
    }
}
