package io.benchsuite.core.shard.merge;

import io.benchsuite.core.report.json.ReportJson;
import io.benchsuite.core.run.LatencyHistograms;
import io.benchsuite.core.run.SecondSample;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Merges the shards' per-second series on the common clock, reading every shard's series in step,
 * one second at a time (memory: one open reader per shard, never a whole series). Second m of the
 * merged series adds up second m − shift of each shard: counts, tokens and mean requests in flight
 * are sums; the TTFT and E2E percentiles come from the sum of the seconds' histograms.
 */
final class SeriesMerge {
    private SeriesMerge() {}

    /** A shard's series: its report and where its second 0 lies in the merged series. */
    record Input(Path report, int shift) {}

    static List<SecondSample> merge(List<Input> inputs) {
        List<ReportJson.SeriesReader> readers = new ArrayList<>();
        try {
            for (Input in : inputs) readers.add(ReportJson.readTimeSeries(in.report()));
            boolean[] done = new boolean[inputs.size()];
            int open = inputs.size();
            List<SecondSample> out = new ArrayList<>();
            Histogram ttft = LatencyHistograms.newHistogram();
            Histogram e2e = LatencyHistograms.newHistogram();
            for (int m = 0; open > 0; m++) {
                double target = Double.NaN;
                int scheduled = 0, sent = 0, completed = 0, failed = 0;
                long tokens = 0;
                double active = 0;
                boolean any = false;
                ttft.reset();
                e2e.reset();
                for (int i = 0; i < inputs.size(); i++) {
                    if (done[i] || m < inputs.get(i).shift()) continue;
                    SecondSample s = readers.get(i).next();
                    if (s == null) {
                        done[i] = true;
                        open--;
                        continue;
                    }
                    any = true;
                    if (!Double.isNaN(s.targetRate())) target = (Double.isNaN(target) ? 0 : target) + s.targetRate();
                    scheduled += s.scheduled();
                    sent += s.sent();
                    completed += s.completed();
                    failed += s.failed();
                    tokens += s.outputTokens();
                    active += s.activeRequests();
                    if (s.ttftHistogram() != null) ttft.add(s.ttftDistribution());
                    if (s.e2eHistogram() != null) e2e.add(s.e2eDistribution());
                }
                if (!any && open == 0) break;
                out.add(new SecondSample(m, target, scheduled, sent, completed, failed, tokens, active, ms(ttft, 50),
                        ms(ttft, 99), ms(e2e, 50), ms(e2e, 99), LatencyHistograms.compress(ttft),
                        LatencyHistograms.compress(e2e)));
            }
            return out;
        } finally {
            for (ReportJson.SeriesReader r : readers) r.close();
        }
    }

    private static double ms(Histogram h, double percentile) {
        return h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(percentile) / 1e6;
    }
}
