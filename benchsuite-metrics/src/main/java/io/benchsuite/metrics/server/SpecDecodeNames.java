package io.benchsuite.metrics.server;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * Where each serving stack publishes its speculative-decoding acceptance (docs/metrics.md lists the
 * sources). Counters are read with or without {@code _total}; the per-position counter is split by
 * its {@code position} label and summed over the other labels (engines, models).
 *
 * <ul>
 *   <li>vLLM V1 ({@code vllm/v1/spec_decode/metrics.py}, {@code SpecDecodingProm}): counters
 *       {@code vllm:spec_decode_num_drafts}, {@code _num_draft_tokens}, {@code _num_accepted_tokens} and
 *       {@code _num_accepted_tokens_per_pos{position}}; vLLM V0 had the draft and accepted counters and a
 *       {@code vllm:spec_decode_draft_acceptance_rate} gauge, no draft count.</li>
 *   <li>llama.cpp server ({@code tools/server/README.md}, "Available metrics"): the same four counters
 *       under {@code llamacpp:spec_decode_...}.</li>
 *   <li>TensorRT-LLM's {@code trtllm-serve} ({@code tensorrt_llm/metrics/collector.py}): counters
 *       {@code trtllm_spec_decode_num_draft_tokens}, {@code trtllm_spec_decode_num_accepted_tokens}, and a
 *       gauge {@code trtllm_spec_decode_acceptance_length}; no draft count.</li>
 *   <li>SGLang ({@code python/sglang/srt/metrics/collector.py}): gauges {@code sglang:spec_accept_length}
 *       and {@code sglang:spec_accept_rate}, averages over the scheduler's latest batches.</li>
 *   <li>TGI (router {@code infer.rs}): histogram {@code tgi_request_skipped_tokens}, one observation per request
 *       per step of the tokens beyond the first, that is the accepted draft tokens; its count stands for the
 *       drafts and its sum for the accepted tokens (TGI publishes no draft-token count).</li>
 * </ul>
 */
final class SpecDecodeNames {
    private final List<String> drafts;
    private final List<String> draftTokens;
    private final List<String> accepted;
    private final String perPosition;
    private final String stepHistogram;
    private final List<String> lengthGauge;
    private final List<String> rateGauge;

    private SpecDecodeNames(List<String> drafts, List<String> draftTokens, List<String> accepted, String perPosition,
                            String stepHistogram, List<String> lengthGauge, List<String> rateGauge) {
        this.drafts = drafts;
        this.draftTokens = draftTokens;
        this.accepted = accepted;
        this.perPosition = perPosition;
        this.stepHistogram = stepHistogram;
        this.lengthGauge = lengthGauge;
        this.rateGauge = rateGauge;
    }

    private static final SpecDecodeNames VLLM = new SpecDecodeNames(List.of("vllm:spec_decode_num_drafts"),
            List.of("vllm:spec_decode_num_draft_tokens"), List.of("vllm:spec_decode_num_accepted_tokens"),
            "vllm:spec_decode_num_accepted_tokens_per_pos", null, List.of(),
            List.of("vllm:spec_decode_draft_acceptance_rate"));
    private static final SpecDecodeNames LLAMACPP = new SpecDecodeNames(List.of("llamacpp:spec_decode_num_drafts"),
            List.of("llamacpp:spec_decode_num_draft_tokens"), List.of("llamacpp:spec_decode_num_accepted_tokens"),
            "llamacpp:spec_decode_num_accepted_tokens_per_pos", null, List.of(), List.of());
    private static final SpecDecodeNames TRTLLM = new SpecDecodeNames(List.of(),
            List.of("trtllm_spec_decode_num_draft_tokens"), List.of("trtllm_spec_decode_num_accepted_tokens"), null, null,
            List.of("trtllm_spec_decode_acceptance_length"), List.of());
    private static final SpecDecodeNames SGLANG = new SpecDecodeNames(List.of(), List.of(), List.of(), null, null,
            List.of("sglang:spec_accept_length"), List.of("sglang:spec_accept_rate"));
    private static final SpecDecodeNames TGI = new SpecDecodeNames(List.of(), List.of(), List.of(), null,
            "tgi_request_skipped_tokens", List.of(), List.of());

    static SpecDecodeNames of(ServerDialect d) {
        return switch (d) {
            case VLLM -> VLLM;
            case SGLANG -> SGLANG;
            case TGI -> TGI;
            case LLAMACPP -> LLAMACPP;
            case TRTLLM -> TRTLLM;
        };
    }

    /** The figures of one scrape. */
    SpecDecodeSnapshot read(PrometheusText t) {
        double d = counter(t, drafts);
        double a = counter(t, accepted);
        if (stepHistogram != null) {
            PrometheusText.Histogram h = t.histogram(stepHistogram);
            if (h != null) {
                d = h.count();
                a = h.sum();
            }
        }
        return new SpecDecodeSnapshot(d, counter(t, draftTokens), a, perPosition(t), gauge(t, lengthGauge),
                gauge(t, rateGauge));
    }

    private List<Double> perPosition(PrometheusText t) {
        if (perPosition == null) return List.of();
        List<PrometheusText.Sample> series = t.series(perPosition + "_total");
        if (series.isEmpty()) series = t.series(perPosition);
        TreeMap<Integer, Double> byPosition = new TreeMap<>();
        for (PrometheusText.Sample s : series) {
            String p = s.labels().get("position");
            if (p == null) continue;
            try {
                byPosition.merge(Integer.parseInt(p.strip()), s.value(), Double::sum);
            } catch (NumberFormatException e) {
                // a position that is not a number says nothing about acceptance by position; left out
            }
        }
        if (byPosition.isEmpty() || byPosition.firstKey() < 0) return List.of();
        List<Double> out = new ArrayList<>();
        for (int i = 0; i <= byPosition.lastKey(); i++) out.add(byPosition.getOrDefault(i, 0.0));
        return out;
    }

    private static double counter(PrometheusText t, List<String> names) {
        for (String n : names) {
            double v = t.counter(n);
            if (!Double.isNaN(v)) return v;
        }
        return Double.NaN;
    }

    private static double gauge(PrometheusText t, List<String> names) {
        for (String n : names) {
            if (t.has(n)) return t.mean(n);
        }
        return Double.NaN;
    }
}
