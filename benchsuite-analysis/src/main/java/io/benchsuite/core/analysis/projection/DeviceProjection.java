package io.benchsuite.core.analysis.projection;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.result.RequestRecord;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Projects latency measured on one device onto another (SPEC §4, seed §2.1 with its known error corrected).
 *
 * <h2>Formulas</h2>
 * With r<sub>F</sub> = FLOP/s<sub>target</sub> ÷ FLOP/s<sub>measured</sub>, r<sub>B</sub> =
 * bandwidth<sub>target</sub> ÷ bandwidth<sub>measured</sub> ({@link DeviceRatios}) and q the quantization
 * penalty:
 * <ul>
 *   <li>prefill is compute-bound: TTFT' = TTFT × (1 + q) ÷ r<sub>F</sub>;</li>
 *   <li>decode is memory-bound: TPOT' = TPOT × (1 + q) ÷ r<sub>B</sub>;</li>
 *   <li>per request, E2E' = TTFT' + TPOT' × (output tokens − 1).</li>
 * </ul>
 * The seed multiplied latency by the bandwidth ratio, which makes a device with a third of the bandwidth
 * three times <em>faster</em>; here a slower device (ratio below 1) gives a longer latency. TTFT is
 * projected from the actual send (the server's view, {@link RequestRecord#ttftFromSendNanos()}): client-side
 * waiting does not depend on the device. A ratio that is unknown leaves its projection absent, with the
 * reason in {@link #ttftAbsent()} or {@link #tpotAbsent()}. Assumptions and limits (queueing, batching,
 * what q means) are in {@code docs/analysis.md}.
 */
public final class DeviceProjection {
    private final DeviceRatios ratios;
    private final double quantPenalty;

    /**
     * A projection.
     *
     * @param ratios target ÷ measured figures
     * @param quantPenalty the quantization penalty q, a finite number of at least 0 (0 for none)
     */
    public DeviceProjection(DeviceRatios ratios, double quantPenalty) {
        this.ratios = notNull(ratios, "ratios");
        if (!(quantPenalty >= 0) || Double.isInfinite(quantPenalty)) {
            throw new IllegalArgumentException("quantPenalty must be a finite number >= 0, got " + quantPenalty);
        }
        this.quantPenalty = quantPenalty;
    }

    /**
     * The seed's cluster-to-edge case: A100 to NVIDIA Jetson Orin, bandwidth ratio 0.32, INT8 penalty 0.023.
     *
     * @return the projection (TTFT absent: the seed gives no FLOP/s ratio)
     */
    public static DeviceProjection seedJetsonOrinInt8() {
        return new DeviceProjection(DeviceRatios.SEED_JETSON_ORIN, 0.023);
    }

    /**
     * The seed's cluster-to-edge case: A100 to Raspberry Pi 5 with a Coral TPU, bandwidth ratio 0.08, INT8 penalty 0.041.
     *
     * @return the projection (TTFT absent: the seed gives no FLOP/s ratio)
     */
    public static DeviceProjection seedRaspberryPi5CoralInt8() {
        return new DeviceProjection(DeviceRatios.SEED_RASPBERRY_PI5_CORAL, 0.041);
    }

    /**
     * The quantization penalty q.
     */
    public double quantPenalty() {
        return quantPenalty;
    }

    /**
     * What TTFT (prefill) is multiplied by: (1 + q) ÷ r<sub>F</sub>; NaN when r<sub>F</sub> is unknown.
     */
    public double ttftFactor() {
        return (1 + quantPenalty) / ratios.flopsRatio();
    }

    /**
     * What TPOT (decode) is multiplied by: (1 + q) ÷ r<sub>B</sub>; NaN when r<sub>B</sub> is unknown.
     */
    public double tpotFactor() {
        return (1 + quantPenalty) / ratios.bandwidthRatio();
    }

    /**
     * Why TTFT cannot be projected, if it cannot.
     *
     * @return the reason, or empty
     */
    public Optional<String> ttftAbsent() {
        return Double.isNaN(ratios.flopsRatio())
                ? Optional.of("no FLOP/s ratio " + ratios.measuredOn() + " -> " + ratios.target() + ": TTFT (prefill, compute-bound) is not projected")
                : Optional.empty();
    }

    /**
     * Why TPOT cannot be projected, if it cannot.
     *
     * @return the reason, or empty
     */
    public Optional<String> tpotAbsent() {
        return Double.isNaN(ratios.bandwidthRatio())
                ? Optional.of("no memory-bandwidth ratio " + ratios.measuredOn() + " -> " + ratios.target()
                        + ": TPOT (decode, memory-bound) is not projected")
                : Optional.empty();
    }

    /**
     * A projected TTFT.
     *
     * @param ttft measured on the original device, any unit
     * @return on the target, same unit; NaN when not projectable
     */
    public double projectTtft(double ttft) {
        return ttft * ttftFactor();
    }

    /**
     * A projected TPOT.
     *
     * @param tpot measured on the original device, any unit
     * @return on the target, same unit; NaN when not projectable
     */
    public double projectTpot(double tpot) {
        return tpot * tpotFactor();
    }

    /**
     * One request on the target device, in nanoseconds; NaN for what cannot be projected.
     *
     * @param index the request's schedule index
     * @param outputTokens its output tokens
     * @param ttftNanos projected time to first token from send
     * @param tpotNanos projected time per output token after the first (NaN with fewer than 2 tokens)
     * @param e2eNanos projected end-to-end latency from send
     */
    public record ProjectedRequest(long index, int outputTokens, double ttftNanos, double tpotNanos, double e2eNanos) {}

    /**
     * Projects one successful request.
     *
     * @param r a request with a first token
     * @return its projection, or empty when it failed or has no first token
     */
    public Optional<ProjectedRequest> project(RequestRecord r) {
        notNull(r, "record");
        if (!r.succeeded() || r.ttftFromSendNanos() < 0) return Optional.empty();
        return Optional.of(project(r.index(), r.outputTokens(), r.ttftFromSendNanos(), r.tpotNanos() < 0 ? Double.NaN : r.tpotNanos()));
    }

    /**
     * Projects one successful request from its figures (as {@code requests.jsonl} holds them).
     *
     * @param index the request's index
     * @param outputTokens its output tokens
     * @param ttftFromSendNanos its TTFT from send on the measured device
     * @param tpotNanos its TPOT on the measured device, NaN with fewer than 2 tokens
     * @return its projection: E2E from send = TTFT + TPOT × (output tokens − 1)
     */
    public ProjectedRequest project(long index, int outputTokens, double ttftFromSendNanos, double tpotNanos) {
        double ttft = projectTtft(ttftFromSendNanos);
        double tpot = Double.isNaN(tpotNanos) ? Double.NaN : projectTpot(tpotNanos);
        double e2e = outputTokens < 2 ? ttft : ttft + tpot * (outputTokens - 1);
        return new ProjectedRequest(index, outputTokens, ttft, tpot, e2e);
    }

    /**
     * Projected distributions of a run, in nanoseconds; a histogram is empty when its figure cannot be projected.
     *
     * @param ttft projected TTFT from send
     * @param tpot projected TPOT
     * @param e2e projected E2E from send (per request: needs both TTFT and, for 2+ tokens, TPOT)
     * @param requests the successful requests projected
     */
    public record ProjectedRun(Histogram ttft, Histogram tpot, Histogram e2e, long requests) {}

    /**
     * Projects every successful request of a run into distributions.
     *
     * @param records the run's requests
     * @return the projected histograms (3 significant digits, as the run's own)
     */
    public ProjectedRun projectRun(List<RequestRecord> records) {
        notNull(records, "records");
        Histogram ttft = newHistogram(), tpot = newHistogram(), e2e = newHistogram();
        long n = 0;
        for (RequestRecord r : records) {
            Optional<ProjectedRequest> p = project(r);
            if (p.isEmpty()) continue;
            n++;
            record(ttft, p.get().ttftNanos());
            record(tpot, p.get().tpotNanos());
            record(e2e, p.get().e2eNanos());
        }
        return new ProjectedRun(ttft, tpot, e2e, n);
    }

    /**
     * Projects a TTFT distribution measured on the original device.
     *
     * @param measured TTFT histogram (any unit), left unchanged
     * @return the projected histogram, empty when TTFT cannot be projected
     */
    public Histogram projectTtft(Histogram measured) {
        return scale(measured, ttftFactor());
    }

    /**
     * Projects a TPOT distribution measured on the original device.
     *
     * @param measured TPOT histogram (any unit), left unchanged
     * @return the projected histogram, empty when TPOT cannot be projected
     */
    public Histogram projectTpot(Histogram measured) {
        return scale(measured, tpotFactor());
    }

    /**
     * Multiplies every value of a histogram by {@code factor}: each recorded bucket's median-equivalent value
     * is scaled and recorded with its count, so counts are exact and values keep the histogram's precision
     * (3 significant digits: within 0.1 %).
     *
     * @param measured the histogram, left unchanged
     * @param factor above 0, or NaN for "cannot be projected" (an empty result)
     * @return a new histogram
     */
    public static Histogram scale(Histogram measured, double factor) {
        notNull(measured, "measured");
        Histogram out = new Histogram(measured.getNumberOfSignificantValueDigits());
        out.setAutoResize(true);
        if (Double.isNaN(factor)) return out;
        if (!(factor > 0) || Double.isInfinite(factor)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "factor must be a finite number > 0, got %s", factor));
        }
        for (HistogramIterationValue v : measured.recordedValues()) {
            long value = Math.round(measured.medianEquivalentValue(v.getValueIteratedTo()) * factor);
            out.recordValueWithCount(value, v.getCountAtValueIteratedTo());
        }
        return out;
    }

    private static Histogram newHistogram() {
        Histogram h = new Histogram(3);
        h.setAutoResize(true);
        return h;
    }

    private static void record(Histogram h, double nanos) {
        if (!Double.isNaN(nanos)) h.recordValue(Math.round(nanos));
    }
}
