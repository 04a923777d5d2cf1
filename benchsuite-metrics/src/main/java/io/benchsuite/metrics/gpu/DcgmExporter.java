package io.benchsuite.metrics.gpu;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.metrics.internal.HttpText;
import io.benchsuite.metrics.server.PrometheusText;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.List;

/**
 * Samples GPUs from an NVIDIA DCGM exporter's {@code /metrics}: {@code DCGM_FI_DEV_GPU_UTIL} (%),
 * {@code DCGM_FI_DEV_FB_USED} (MiB) and {@code DCGM_FI_DEV_POWER_USAGE} (W), one series per GPU.
 */
public final class DcgmExporter implements GpuSource {
    private final URI url;
    private final Duration timeout;

    /**
     * @param url the exporter's metrics URL, e.g. {@code http://localhost:9400/metrics}
     * @param timeout connect and read timeout of one scrape
     */
    public DcgmExporter(URI url, Duration timeout) {
        this.url = notNull(url, "url");
        this.timeout = notNull(timeout, "timeout");
    }

    @Override
    public String name() {
        return "dcgm";
    }

    @Override
    public GpuReading read() throws IOException {
        try {
            return parse(PrometheusText.parse(HttpText.get(url, timeout)));
        } catch (IllegalArgumentException e) {
            throw new IOException("unparsable DCGM exporter response: " + e.getMessage(), e);
        }
    }

    static GpuReading parse(PrometheusText t) throws IOException {
        List<PrometheusText.Sample> util = t.series("DCGM_FI_DEV_GPU_UTIL");
        List<PrometheusText.Sample> mem = t.series("DCGM_FI_DEV_FB_USED");
        List<PrometheusText.Sample> power = t.series("DCGM_FI_DEV_POWER_USAGE");
        int gpus = Math.max(util.size(), Math.max(mem.size(), power.size()));
        if (gpus == 0) throw new IOException("the DCGM exporter shows none of DCGM_FI_DEV_GPU_UTIL, _FB_USED, _POWER_USAGE");
        return new GpuReading(gpus, t.mean("DCGM_FI_DEV_GPU_UTIL"), t.sum("DCGM_FI_DEV_FB_USED") * 1024 * 1024,
                t.sum("DCGM_FI_DEV_POWER_USAGE"));
    }
}
