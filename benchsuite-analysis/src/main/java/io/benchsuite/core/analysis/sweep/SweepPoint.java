package io.benchsuite.core.analysis.sweep;

/**
 * One point of a sweep: the value of the swept parameter and what the run at that value measured.
 * Latencies are in milliseconds; a figure that was not measured (no successful request, the backend
 * does not stream) is {@code NaN}.
 *
 * @param load the swept parameter's value (concurrency, request rate, ...); finite
 * @param requests measured requests, successful and failed
 * @param errors failed measured requests
 * @param requestsPerSecond successful requests per second
 * @param outputTokensPerSecond output tokens per second (the sweep's throughput, "TPS")
 * @param ttftP50Ms median time to first token ("FTL")
 * @param ttftP99Ms 99th percentile time to first token
 * @param tpotP50Ms median time per output token
 * @param tpotP99Ms 99th percentile time per output token
 * @param e2eP50Ms median end-to-end latency
 * @param e2eP99Ms 99th percentile end-to-end latency
 */
public record SweepPoint(double load, long requests, long errors, double requestsPerSecond, double outputTokensPerSecond,
                         double ttftP50Ms, double ttftP99Ms, double tpotP50Ms, double tpotP99Ms, double e2eP50Ms,
                         double e2eP99Ms) {

    /**
     * Checks the counts and the load.
     *
     * @param load the swept parameter's value
     * @param requests measured requests
     * @param errors failed measured requests
     * @param requestsPerSecond successful requests per second
     * @param outputTokensPerSecond output tokens per second
     * @param ttftP50Ms median TTFT
     * @param ttftP99Ms p99 TTFT
     * @param tpotP50Ms median TPOT
     * @param tpotP99Ms p99 TPOT
     * @param e2eP50Ms median E2E
     * @param e2eP99Ms p99 E2E
     */
    public SweepPoint {
        if (!Double.isFinite(load)) throw new IllegalArgumentException("load must be finite, got " + load);
        if (requests < 0) throw new IllegalArgumentException("requests must be >= 0, got " + requests);
        if (errors < 0 || errors > requests) {
            throw new IllegalArgumentException("errors must be in [0, requests=" + requests + "], got " + errors);
        }
    }

    /**
     * Failed share of the measured requests; 0 without requests.
     *
     * @return errors / requests
     */
    public double errorRate() {
        return requests == 0 ? 0 : (double) errors / requests;
    }

    /**
     * One of the latency figures.
     *
     * @param figure which
     * @return its value in milliseconds, or NaN
     */
    public double figure(PointFigure figure) {
        return switch (figure) {
            case TTFT_P50 -> ttftP50Ms;
            case TTFT_P99 -> ttftP99Ms;
            case TPOT_P50 -> tpotP50Ms;
            case TPOT_P99 -> tpotP99Ms;
            case E2E_P50 -> e2eP50Ms;
            case E2E_P99 -> e2eP99Ms;
        };
    }
}
