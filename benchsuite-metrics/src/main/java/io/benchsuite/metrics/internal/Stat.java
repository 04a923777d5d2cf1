package io.benchsuite.metrics.internal;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchsuite.core.report.Json;

/**
 * Mean and peak of a series of samples, ignoring NaN (a sample whose source was unreadable).
 * Not thread-safe: each sampler owns its own.
 */
public final class Stat {
    private double sum;
    private double max = Double.NaN;
    private long n;

    /** Adds a sample; NaN is skipped. */
    public void add(double v) {
        if (Double.isNaN(v)) return;
        sum += v;
        n++;
        max = Double.isNaN(max) ? v : Math.max(max, v);
    }

    /** Number of real samples. */
    public long count() {
        return n;
    }

    /** Mean, or NaN without samples. */
    public double mean() {
        return n == 0 ? Double.NaN : sum / n;
    }

    /** Largest sample, or NaN without samples. */
    public double max() {
        return max;
    }

    /** {@code {<meanKey>: mean, <maxKey>: max}}, nulls without samples. */
    public ObjectNode toJson(String meanKey, String maxKey) {
        ObjectNode o = Json.MAPPER.createObjectNode();
        Json.put(o, meanKey, mean());
        Json.put(o, maxKey, max());
        return o;
    }
}
