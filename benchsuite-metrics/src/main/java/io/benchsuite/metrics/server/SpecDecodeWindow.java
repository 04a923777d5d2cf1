package io.benchsuite.metrics.server;

import io.benchsuite.core.report.model.ServerSection;
import io.benchsuite.metrics.internal.MeanAndPeak;
import java.util.ArrayList;
import java.util.List;

/**
 * Speculative-decoding acceptance over the measured window. With counters (vLLM V1, llama.cpp,
 * TensorRT-LLM, TGI's step histogram) every figure is a difference between the window's baseline and
 * closing scrapes, as vLLM's own PromQL defines them: acceptance rate = Δaccepted ÷ Δdraft tokens,
 * mean accepted length = 1 + Δaccepted ÷ Δdrafts, acceptance at position i = Δaccepted at i ÷ Δdrafts.
 * Without counters (SGLang) the server's own gauges are averaged over the window's scrapes.
 */
final class SpecDecodeWindow {
    private SpecDecodeWindow() {}

    /**
     * The window's figures, or null when no scrape carries a speculative-decoding metric.
     *
     * @param baseline the last scrape at or before the window start
     * @param closing the last scrape at or before the window end
     * @param inWindow the scrapes inside the window (for gauges)
     */
    static ServerSection.SpecDecode of(ServerWindow.Scrape baseline, ServerWindow.Scrape closing,
                                       List<ServerWindow.Scrape> inWindow) {
        if (baseline == null || closing == null) return null;
        SpecDecodeSnapshot b = baseline.snapshot().specDecode();
        SpecDecodeSnapshot e = closing.snapshot().specDecode();
        if (!e.exposed() || speculationOff(e)) return null;
        double drafts = delta(b.drafts(), e.drafts());
        double draftTokens = delta(b.draftTokens(), e.draftTokens());
        double accepted = delta(b.acceptedTokens(), e.acceptedTokens());
        boolean counters = !Double.isNaN(accepted) && (!Double.isNaN(drafts) || !Double.isNaN(draftTokens));
        if (counters) {
            double rate = draftTokens > 0 && accepted <= draftTokens ? accepted / draftTokens : Double.NaN;
            double length = drafts > 0 ? 1 + accepted / drafts : Double.NaN;
            List<Double> perPosition = new ArrayList<>();
            if (drafts > 0) {
                List<Double> start = b.acceptedPerPosition();
                List<Double> end = e.acceptedPerPosition();
                for (int i = 0; i < end.size(); i++) {
                    double d = end.get(i) - (i < start.size() ? start.get(i) : 0);
                    perPosition.add(d >= 0 ? d / drafts : Double.NaN);
                }
            }
            String missing = baseline == closing ? "one scrape only: no window to difference over"
                    : drafts == 0 || draftTokens == 0 ? "no drafts in the window"
                    : Double.isNaN(draftTokens) ? "the server publishes no draft-token count: no acceptance rate"
                    : Double.isNaN(drafts) ? "the server publishes no draft count: no mean accepted length from counters"
                    : null;
            if (Double.isNaN(length)) length = gaugeMean(inWindow, true);
            return new ServerSection.SpecDecode("counters", drafts, draftTokens, accepted, rate, length, perPosition, missing);
        }
        double length = gaugeMean(inWindow, true);
        double rate = gaugeMean(inWindow, false);
        return new ServerSection.SpecDecode("gauge", Double.NaN, Double.NaN, Double.NaN, rate, length, List.of(),
                "the server publishes averages of its latest batches, not counters: the mean of its gauges over the window");
    }

    /** Counters a server keeps at zero while not speculating (llama.cpp publishes them always). */
    private static boolean speculationOff(SpecDecodeSnapshot e) {
        boolean noCounts = !(e.drafts() > 0) && !(e.draftTokens() > 0) && !(e.acceptedTokens() > 0);
        boolean noGauges = !(e.acceptanceLengthGauge() > 0) && !(e.acceptanceRateGauge() > 0);
        return noCounts && noGauges;
    }

    private static double delta(double start, double end) {
        if (Double.isNaN(end)) return Double.NaN;
        double d = end - (Double.isNaN(start) ? 0 : start);
        return d >= 0 ? d : Double.NaN; // a counter that went back: the server restarted
    }

    private static double gaugeMean(List<ServerWindow.Scrape> scrapes, boolean length) {
        MeanAndPeak m = new MeanAndPeak();
        for (ServerWindow.Scrape s : scrapes) {
            SpecDecodeSnapshot x = s.snapshot().specDecode();
            m.add(length ? x.acceptanceLengthGauge() : x.acceptanceRateGauge());
        }
        return m.mean();
    }
}
