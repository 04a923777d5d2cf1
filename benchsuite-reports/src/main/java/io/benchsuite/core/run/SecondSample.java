package io.benchsuite.core.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Arrays;
import java.util.Objects;
import org.HdrHistogram.Histogram;

/**
 * One second of a run's time series (all windows); the components are the fields of a
 * {@code timeSeries} entry of {@code report.json}.
 *
 * <p>Besides the two percentiles, each second keeps its TTFT and E2E samples losslessly: the
 * second's HdrHistogram (nanoseconds, 3 significant digits) in HdrHistogram's compressed encoding,
 * written base64 in {@code report.json} (absent for a second without samples). A few hundred bytes per second, they make the series
 * mergeable: seconds of several runs on a common clock (the shards of a split run) add up into the
 * exact percentiles of the joint second ({@link #ttftDistribution()}), never percentiles of percentiles.
 *
 * @param second seconds from the run start (this sample covers [second, second + 1))
 * @param targetRate the profile's mean requested rate over the second ({@code NaN} for closed loop)
 * @param scheduled requests scheduled in the second
 * @param sent requests sent in the second
 * @param completed successful requests that ended in the second
 * @param failed failed or cancelled requests that ended in the second
 * @param outputTokens output tokens that arrived in the second
 * @param activeRequests mean number of requests in flight over the second
 * @param ttftP50Ms median TTFT in milliseconds of first tokens arriving in the second ({@code NaN}: none)
 * @param ttftP99Ms p99 TTFT in milliseconds of first tokens arriving in the second
 * @param e2eP50Ms median E2E in milliseconds of successful requests ending in the second
 * @param e2eP99Ms p99 E2E in milliseconds of successful requests ending in the second
 * @param ttftHistogram the second's TTFT samples, compressed HdrHistogram encoding (null: none, or a
 *     report written before this field existed)
 * @param e2eHistogram the second's E2E samples, compressed HdrHistogram encoding (null: none)
 */
public record SecondSample(int second, double targetRate, int scheduled, int sent, int completed, int failed,
                           long outputTokens, double activeRequests, double ttftP50Ms, double ttftP99Ms,
                           double e2eP50Ms, double e2eP99Ms,
                           @JsonInclude(JsonInclude.Include.NON_NULL) byte[] ttftHistogram,
                           @JsonInclude(JsonInclude.Include.NON_NULL) byte[] e2eHistogram) {

    /** A second without its histograms. */
    public SecondSample(int second, double targetRate, int scheduled, int sent, int completed, int failed,
                        long outputTokens, double activeRequests, double ttftP50Ms, double ttftP99Ms,
                        double e2eP50Ms, double e2eP99Ms) {
        this(second, targetRate, scheduled, sent, completed, failed, outputTokens, activeRequests, ttftP50Ms, ttftP99Ms,
                e2eP50Ms, e2eP99Ms, null, null);
    }

    /** The second's TTFT samples (nanoseconds); empty when it kept none. */
    public Histogram ttftDistribution() {
        return LatencyHistograms.decompress(ttftHistogram);
    }

    /** The second's E2E samples (nanoseconds); empty when it kept none. */
    public Histogram e2eDistribution() {
        return LatencyHistograms.decompress(e2eHistogram);
    }

    /** The same second without its histograms (the fields the series had before they were kept). */
    public SecondSample withoutHistograms() {
        return new SecondSample(second, targetRate, scheduled, sent, completed, failed, outputTokens, activeRequests,
                ttftP50Ms, ttftP99Ms, e2eP50Ms, e2eP99Ms);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SecondSample s && second == s.second && Double.compare(targetRate, s.targetRate) == 0
                && scheduled == s.scheduled && sent == s.sent && completed == s.completed && failed == s.failed
                && outputTokens == s.outputTokens && Double.compare(activeRequests, s.activeRequests) == 0
                && Double.compare(ttftP50Ms, s.ttftP50Ms) == 0 && Double.compare(ttftP99Ms, s.ttftP99Ms) == 0
                && Double.compare(e2eP50Ms, s.e2eP50Ms) == 0 && Double.compare(e2eP99Ms, s.e2eP99Ms) == 0
                && Arrays.equals(ttftHistogram, s.ttftHistogram) && Arrays.equals(e2eHistogram, s.e2eHistogram);
    }

    @Override
    public int hashCode() {
        return Objects.hash(second, targetRate, scheduled, sent, completed, failed, outputTokens, activeRequests,
                ttftP50Ms, ttftP99Ms, e2eP50Ms, e2eP99Ms) * 31 + Arrays.hashCode(ttftHistogram) * 7
                + Arrays.hashCode(e2eHistogram);
    }

    @Override
    public String toString() {
        return "SecondSample[second=" + second + ", targetRate=" + targetRate + ", scheduled=" + scheduled + ", sent=" + sent
                + ", completed=" + completed + ", failed=" + failed + ", outputTokens=" + outputTokens
                + ", activeRequests=" + activeRequests + ", ttftP50Ms=" + ttftP50Ms + ", ttftP99Ms=" + ttftP99Ms
                + ", e2eP50Ms=" + e2eP50Ms + ", e2eP99Ms=" + e2eP99Ms + ", ttftHistogram="
                + (ttftHistogram == null ? "none" : ttftHistogram.length + " bytes") + ", e2eHistogram="
                + (e2eHistogram == null ? "none" : e2eHistogram.length + " bytes") + "]";
    }
}
