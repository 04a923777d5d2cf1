package io.benchsuite.core.report.model;

import io.benchsuite.core.run.ReportSection;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code shards} block of a report merged from the shards of a split run
 * ({@code benchsuite merge}): how the shards' clocks lined up, and each shard's own figures and
 * listener sections (the merged report's {@code server}, {@code host}, {@code gpu} blocks are one
 * shard's, named in {@code combinedSections}).
 *
 * <p>Reading start skew: {@code startSpreadMs} is how far apart the shards' zeros fell on the wall
 * clock (the latest minus the earliest); with a start barrier or {@code --start-at} it is the
 * machines' clock disagreement plus each gate's wake-up delay, typically milliseconds. Each shard's
 * per-second series is placed on the common clock (the earliest zero) shifted by
 * {@code seriesShiftSeconds}, its start offset rounded to whole seconds; a spread of seconds means a
 * shard started late and its load did not overlap the others' at the start.
 *
 * @param count how many shards the run was split into
 * @param merged how many shards were merged (less than {@code count} only for a partial merge)
 * @param missing shard indices not merged (partial merge)
 * @param commonStart the earliest shard zero on the wall clock: second 0 of the merged series
 * @param startSpreadMs latest minus earliest shard zero, milliseconds
 * @param maxStartSkewMs the largest start skew (a shard's zero after the agreed start), milliseconds ({@code NaN}: no agreed start)
 * @param combinedSections for each section key of the merged report, the shard it was taken from
 * @param shards one entry per merged shard, by index
 */
public record ShardsSection(int count, int merged, List<Integer> missing, Instant commonStart, double startSpreadMs,
                            double maxStartSkewMs, Map<String, Integer> combinedSections, List<Entry> shards)
        implements ReportSection {
    /** The section's key in {@code report.json}. */
    public static final String KEY = "shards";

    public ShardsSection {
        missing = missing == null ? List.of() : List.copyOf(missing);
        combinedSections = Maps.ordered(combinedSections);
        shards = shards == null ? List.of() : List.copyOf(shards);
    }

    @Override
    public String key() {
        return KEY;
    }

    /**
     * One shard of a merged report.
     *
     * @param index the shard
     * @param directory where its report was read from
     * @param seed the shard's own root seed in hex
     * @param startGate what it waited for before starting
     * @param agreedStart the instant the shards agreed to start at (null: none)
     * @param wallClockStart its zero on the wall clock
     * @param clockOffsetNanos wall minus monotonic clock at its zero
     * @param startSkewMs its zero after the agreed start, milliseconds
     * @param startOffsetMs its zero after the common start (the earliest shard's), milliseconds
     * @param seriesShiftSeconds where its second 0 lies in the merged series
     * @param requests its request counts
     * @param rate its rates
     * @param errorsByKind its errors by kind
     * @param environment the client it ran on
     * @param requestLines lines of its requests.jsonl copied into the merged one
     * @param sections its listener sections ({@code server}, {@code host}, {@code gpu}, ...) as it wrote them
     */
    public record Entry(int index, String directory, String seed, String startGate, Instant agreedStart,
                        Instant wallClockStart, long clockOffsetNanos, double startSkewMs, double startOffsetMs,
                        int seriesShiftSeconds, RequestCounts requests, Rates rate, Map<String, Long> errorsByKind,
                        RuntimeEnvironment environment, long requestLines, Map<String, Object> sections) {
        public Entry {
            errorsByKind = Maps.ordered(errorsByKind);
            sections = sections == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(sections));
        }
    }
}
