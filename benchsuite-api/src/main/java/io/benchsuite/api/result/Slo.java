package io.benchsuite.api.result;

import io.benchsuite.api.util.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Service-level objectives a request must meet to count toward goodput. Absent limits are
 * {@code null}. Latencies are judged as measured (from the scheduled instant).
 *
 * @param ttft limit on time to first token
 * @param tpot limit on time per output token
 * @param e2e limit on end-to-end latency
 * @param ttfat limit on time to first answer token (a reasoning model's first token that is not
 *     reasoning; TTFT for other models)
 */
public record Slo(Duration ttft, Duration tpot, Duration e2e, Duration ttfat) {

    /**
     * Objectives without a time-to-first-answer-token limit.
     *
     * @param ttft limit on time to first token, or {@code null}
     * @param tpot limit on time per output token, or {@code null}
     * @param e2e limit on end-to-end latency, or {@code null}
     */
    public Slo(Duration ttft, Duration tpot, Duration e2e) {
        this(ttft, tpot, e2e, null);
    }

    /**
     * These objectives with a limit on time to first answer token.
     *
     * @param limit the limit, or {@code null} for none
     * @return the objectives with {@code ttfat} set
     */
    public Slo withTtfat(Duration limit) {
        return new Slo(ttft, tpot, e2e, limit);
    }

    /**
     * No objectives.
     *
     * @return no objectives
     */
    public static Slo none() {
        return new Slo(null, null, null, null);
    }

    /**
     * Whether any objective is set.
     *
     * @return whether any objective is set
     */
    public boolean isEmpty() {
        return ttft == null && tpot == null && e2e == null && ttfat == null;
    }

    /**
     * Whether a successful request meets every objective set.
     *
     * @param r a finished request
     * @return whether a successful request meets every objective set
     */
    public boolean isMetBy(RequestRecord r) {
        for (LatencyLimit o : objectives()) {
            if (!o.isMetBy(r)) return false;
        }
        return r.succeeded();
    }

    /**
     * Each objective set, in the order of {@link #describe()}: goodput counts a request that meets all of them,
     * attainment counts each on its own.
     *
     * @return the objectives set, empty when none is
     */
    public List<LatencyLimit> objectives() {
        List<LatencyLimit> out = new ArrayList<>(4);
        if (ttft != null) out.add(new LatencyLimit("ttft", ttft));
        if (ttfat != null) out.add(new LatencyLimit("ttfat", ttfat));
        if (tpot != null) out.add(new LatencyLimit("tpot", tpot));
        if (e2e != null) out.add(new LatencyLimit("e2e", e2e));
        return List.copyOf(out);
    }

    /**
     * One objective of an SLO: a limit on one latency.
     *
     * @param name {@code ttft}, {@code ttfat}, {@code tpot} or {@code e2e}
     * @param limit the largest latency that meets it
     */
    public record LatencyLimit(String name, Duration limit) {
        /**
         * Checks the name and the limit.
         *
         * @param name {@code ttft}, {@code ttfat}, {@code tpot} or {@code e2e}
         * @param limit the largest latency that meets it
         */
        public LatencyLimit {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(limit, "limit");
            if (!name.equals("ttft") && !name.equals("ttfat") && !name.equals("tpot") && !name.equals("e2e")) {
                throw new IllegalArgumentException("unknown SLO '" + name + "' (expected ttft, ttfat, tpot or e2e)");
            }
        }

        /**
         * Whether a request meets this objective: only a successful request can; TTFT needs a first
         * token, TTFAT a first answer token.
         *
         * @param r a finished request
         * @return whether it meets this objective
         */
        public boolean isMetBy(RequestRecord r) {
            if (!r.succeeded()) return false;
            long limitNanos = limit.toNanos();
            return switch (name) {
                case "ttft" -> r.ttftNanos() >= 0 && r.ttftNanos() <= limitNanos;
                case "ttfat" -> r.ttfatNanos() >= 0 && r.ttfatNanos() <= limitNanos;
                case "tpot" -> r.tpotNanos() <= limitNanos;
                default -> r.e2eNanos() <= limitNanos;
            };
        }

        /**
         * The text form, e.g. {@code ttft=200ms}.
         *
         * @return {@code name=limit}
         */
        public String describe() {
            return name + "=" + Durations.format(limit);
        }
    }

    /**
     * Parses {@code ttft=200ms,ttfat=2s,tpot=50ms,e2e=5s} (any subset).
     *
     * @throws IllegalArgumentException naming the bad part
     * @param text the text to parse
     * @return the value parsed from {@code ttft=200ms,ttfat=2s,tpot=50ms,e2e=5s} (any subset)
     */
    public static Slo parse(String text) {
        Objects.requireNonNull(text, "slo");
        Duration ttft = null, tpot = null, e2e = null, ttfat = null;
        for (String part : text.split(",", -1)) {
            String p = part.trim();
            if (p.isEmpty()) continue;
            int eq = p.indexOf('=');
            if (eq < 0) throw new IllegalArgumentException("expected name=duration in SLO '" + text + "', got '" + p + "'");
            String name = p.substring(0, eq).trim().toLowerCase(Locale.ROOT);
            Duration d = Durations.parse(p.substring(eq + 1));
            switch (name) {
                case "ttft" -> ttft = d;
                case "tpot" -> tpot = d;
                case "e2e" -> e2e = d;
                case "ttfat" -> ttfat = d;
                default -> throw new IllegalArgumentException("unknown SLO '" + name + "' (expected ttft, ttfat, tpot or e2e)");
            }
        }
        return new Slo(ttft, tpot, e2e, ttfat);
    }

    /**
     * Canonical text form, accepted by {@link #parse}; empty when no objective is set.
     *
     * @return canonical text form, accepted by {@link #parse}; empty when no objective is set
     */
    public String describe() {
        List<String> parts = new ArrayList<>();
        for (LatencyLimit o : objectives()) parts.add(o.describe());
        return String.join(",", parts);
    }
}
