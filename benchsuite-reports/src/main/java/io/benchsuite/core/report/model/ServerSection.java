package io.benchsuite.core.report.model;

import com.fasterxml.jackson.annotation.JsonAlias;
import io.benchsuite.core.run.ReportSection;
import java.util.List;

/**
 * The report's {@code server} section: the serving stack's own Prometheus metrics scraped during the
 * run (vLLM, SGLang, TGI, llama.cpp names). Gauges are summarised over the measured window, counters
 * and histograms are differenced over it.
 *
 * @param source the recognised dialect, e.g. {@code vllm}; {@code null} when no known metric was found
 * @param url the scraped URL (no credentials)
 * @param scrapes scrapes attempted
 * @param scrapeErrors scrapes that failed
 * @param kvCacheUsage KV-cache usage, 0..1
 * @param prefixCacheHitRate prefix-cache hit rate over the window, 0..1
 * @param running requests running on the server
 * @param waiting requests queued on the server
 * @param preemptions preemptions during the window
 * @param ttft the server's own time-to-first-token histogram, milliseconds
 * @param itl the server's own inter-token histogram, milliseconds
 * @param timeSeries the latest scrape of each second
 * @param stages the server's own request stages over the window (vLLM's queue, prefill, decode and end-to-end
 *     histograms), or what it lacks; reports written before the rename call the block {@code phases}
 * @param specDecode speculative-decoding acceptance over the window, or {@code null} when the server exposes no
 *     speculative-decoding metric (speculation off, or a server that publishes none)
 * @param abortedRequests requests the server counted as aborted during the window (vLLM's
 *     {@code request_success_total{finished_reason="abort"}}), NaN when it exposes no such count
 */
public record ServerSection(String source, String url, long scrapes, long scrapeErrors, MeanMax kvCacheUsage,
                            double prefixCacheHitRate, MeanMax running, MeanMax waiting, double preemptions,
                            Quantiles ttft, Quantiles itl, List<Second> timeSeries, @JsonAlias("phases") Stages stages,
                            SpecDecode specDecode, double abortedRequests) implements ReportSection {
    /** The section's key. */
    public static final String KEY = "server";

    public ServerSection {
        kvCacheUsage = kvCacheUsage == null ? MeanMax.UNKNOWN : kvCacheUsage;
        running = running == null ? MeanMax.UNKNOWN : running;
        waiting = waiting == null ? MeanMax.UNKNOWN : waiting;
        ttft = ttft == null ? Quantiles.UNKNOWN : ttft;
        itl = itl == null ? Quantiles.UNKNOWN : itl;
        timeSeries = timeSeries == null ? List.of() : List.copyOf(timeSeries);
        stages = stages == null ? Stages.UNKNOWN : stages;
    }

    /** A section without speculative-decoding figures (a server that exposes none, an older file). */
    public ServerSection(String source, String url, long scrapes, long scrapeErrors, MeanMax kvCacheUsage,
                         double prefixCacheHitRate, MeanMax running, MeanMax waiting, double preemptions,
                         Quantiles ttft, Quantiles itl, List<Second> timeSeries, Stages stages) {
        this(source, url, scrapes, scrapeErrors, kvCacheUsage, prefixCacheHitRate, running, waiting, preemptions, ttft, itl,
                timeSeries, stages, null, Double.NaN);
    }

    /** A section without the server's request stages (a server that exposes none, an older file). */
    public ServerSection(String source, String url, long scrapes, long scrapeErrors, MeanMax kvCacheUsage,
                         double prefixCacheHitRate, MeanMax running, MeanMax waiting, double preemptions,
                         Quantiles ttft, Quantiles itl, List<Second> timeSeries) {
        this(source, url, scrapes, scrapeErrors, kvCacheUsage, prefixCacheHitRate, running, waiting, preemptions, ttft, itl,
                timeSeries, null, null, Double.NaN);
    }

    @Override
    public String key() {
        return KEY;
    }

    /**
     * Mean and largest value of a gauge over the window.
     *
     * @param mean mean of the scrapes
     * @param max largest scrape
     */
    public record MeanMax(double mean, double max) {
        static final MeanMax UNKNOWN = new MeanMax(Double.NaN, Double.NaN);
    }

    /**
     * Figures of a server histogram over the window, in milliseconds.
     *
     * @param mean sum / count
     * @param p50 median (interpolated within its bucket)
     * @param p90 90th percentile
     * @param p99 99th percentile
     */
    public record Quantiles(double mean, double p50, double p90, double p99) {
        static final Quantiles UNKNOWN = new Quantiles(Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }

    /**
     * The server's own request stages over the window: each histogram's Δsum ÷ Δcount, in milliseconds.
     * Queue is time in the server's waiting state, prefill from the first scheduling to the first token,
     * decode from the first token to the last, end to end the server's whole view of a request.
     *
     * @param requests the smallest Δcount of the three stage histograms (requests observed in every stage)
     * @param queueMs mean queue time
     * @param prefillMs mean prefill time
     * @param decodeMs mean decode time
     * @param e2eMs mean end-to-end time at the server ({@code NaN} without that histogram)
     * @param missing what the server does not expose (e.g. {@code the server exposes no vllm:request_queue_time_seconds}),
     *     or {@code null} when the three stages are there
     */
    public record Stages(long requests, double queueMs, double prefillMs, double decodeMs, double e2eMs, String missing) {
        static final Stages UNKNOWN = new Stages(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, "not recorded");

        /** Whether the three stage means are known. */
        public boolean known() {
            return Double.isFinite(queueMs) && Double.isFinite(prefillMs) && Double.isFinite(decodeMs);
        }
    }

    /**
     * Speculative decoding over the measured window. From the server's counters (vLLM V1, llama.cpp,
     * TensorRT-LLM) the figures are exact differences; a server that publishes only its own recent
     * average as a gauge (SGLang) gives the mean of that gauge over the window's scrapes.
     *
     * @param basis {@code counters} (figures from counter differences) or {@code gauge} (the mean of the
     *     server's own acceptance gauges)
     * @param drafts verification steps that carried draft tokens (one per request per step); NaN when not exposed
     * @param draftTokens draft tokens proposed; NaN when not exposed
     * @param acceptedTokens draft tokens the target model accepted; NaN when not exposed
     * @param acceptanceRate accepted ÷ draft tokens, 0..1; NaN when unknown
     * @param meanAcceptedLength tokens per verification step, the bonus token included: 1 + accepted ÷ drafts
     * @param perPosition acceptance rate of each draft position (accepted at position i ÷ drafts), empty when the
     *     server does not break acceptance down by position
     * @param missing what the figures lack and why (e.g. {@code no drafts in the window}), or {@code null}
     */
    public record SpecDecode(String basis, double drafts, double draftTokens, double acceptedTokens, double acceptanceRate,
                             double meanAcceptedLength, List<Double> perPosition, String missing) {
        public SpecDecode {
            perPosition = perPosition == null ? List.of() : List.copyOf(perPosition);
        }
    }

    /**
     * The last scrape of one second.
     *
     * @param second seconds from the run start
     * @param kvCacheUsage KV-cache usage, 0..1
     * @param running requests running
     * @param waiting requests queued
     */
    public record Second(long second, double kvCacheUsage, double running, double waiting) {}
}
