package io.benchsuite.core.internal.engine;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.BackendInfo;
import io.benchsuite.api.backend.EngineSnapshot;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.api.backend.VirtualTimeBackend;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * A virtual-time backend for tests: every request streams its first token {@code firstTokenNanos}
 * after it is sent, then one token every {@code gapNanos} up to its {@code maxTokens}; requests with
 * an index in {@code failing} fail at their first token's instant. No thread, no clock: a queue of
 * timed events that {@link #advanceTo} runs in order (ties in the order they were made).
 */
final class VirtualClockBackend implements VirtualTimeBackend {
    private record Event(long at, long seq, Runnable action) {}

    private final long firstTokenNanos;
    private final long gapNanos;
    private final Set<Long> failing;
    private final PriorityQueue<Event> events = new PriorityQueue<>((a, b) -> a.at != b.at ? Long.compare(a.at, b.at)
            : Long.compare(a.seq, b.seq));
    final List<Long> sentAt = new ArrayList<>();
    private long now;
    private long seq;
    private boolean delivering;
    private boolean closed;
    int engineSnapshotCalls;
    int warmUps;

    VirtualClockBackend(long firstTokenNanos, long gapNanos, Set<Long> failing) {
        this.firstTokenNanos = firstTokenNanos;
        this.gapNanos = gapNanos;
        this.failing = failing;
    }

    @Override
    public long nowNanos() {
        return now;
    }

    @Override
    public long nextEventNanos() {
        Event e = events.peek();
        return e == null ? Long.MAX_VALUE : e.at;
    }

    @Override
    public void advanceTo(long nanos) {
        if (delivering) throw new IllegalStateException("advanceTo inside an event");
        if (nanos < now) throw new IllegalArgumentException("back in time");
        while (!events.isEmpty() && events.peek().at <= nanos) {
            Event e = events.poll();
            now = e.at;
            delivering = true;
            try {
                e.action.run();
            } finally {
                delivering = false;
            }
        }
        now = nanos;
    }

    private final class Stream {
        final ResponseListener listener;
        final int tokens;
        int sent;
        boolean ended;

        Stream(ResponseListener listener, int tokens) {
            this.listener = listener;
            this.tokens = tokens;
        }

        void token() {
            if (ended) return;
            sent++;
            listener.onTokens(now, 1, "w ");
            if (sent == tokens) {
                ended = true;
                listener.onComplete(now, new Usage(0, tokens));
            } else {
                at(now + gapNanos, this::token);
            }
        }

        void end(BackendError error) {
            if (ended) return;
            ended = true;
            listener.onError(now, error);
        }
    }

    private void at(long t, Runnable r) {
        events.add(new Event(t, seq++, r));
    }

    @Override
    public RequestHandle send(InferenceRequest request, ResponseListener listener) {
        sentAt.add(now);
        listener.onSent(now);
        Stream s = new Stream(listener, request.maxTokens());
        if (closed) {
            s.end(BackendError.of(ErrorKind.REJECTED, "closed"));
            return RequestHandle.NONE;
        }
        if (failing.contains(request.index())) {
            at(now + firstTokenNanos, () -> s.end(BackendError.of(ErrorKind.HTTP_5XX, "scripted failure")));
        } else {
            at(now + firstTokenNanos, s::token);
        }
        return () -> s.end(BackendError.of(ErrorKind.CANCELLED, "cancelled"));
    }

    @Override
    public BackendInfo info() {
        return new BackendInfo("virtual-clock", "m", "in-process", Map.of("clock", "virtual"));
    }

    @Override
    public void warmUp() {
        warmUps++;
    }

    /**
     * Its engine at the run's start (the first call) and at its end: the counters grow in between by 1000 prefix lookups
     * (250 hits), 100 tokens and 50 J, so the run's figures are 0.25 and 0.5 J/token only as differences.
     */
    @Override
    public Optional<EngineSnapshot> engineSnapshot() {
        int k = engineSnapshotCalls++ == 0 ? 1 : 2;
        double seconds = now / 1e9;
        return Optional.of(EngineSnapshot.builder().device("fake").memoryCapacityBytes(80e9).weightBytes(16e9).kvBytesInUse(1e9)
                .activationBytes(0).memoryBytes(17e9).peakMemoryBytes(20e9).kvBlocks(100).kvBlocksInUse(10).fragmentation(0.5)
                .meanFragmentation(0.25).maxFragmentation(0.75).prefixQueryTokens(1000L * k).prefixHitTokens(250L * k)
                .generationTokens(100L * k).energyJoules(50.0 * k).elapsedSeconds(seconds).busySeconds(seconds / 2)
                .memoryPerSecond(List.of(17e9, 20e9, 18e9)).reservedBytes(17e9).utilisation(0).powerWatts(100)
                .meanUtilisation(0.4).peakPowerWatts(300).build());
    }

    @Override
    public void close() {
        closed = true;
    }
}
