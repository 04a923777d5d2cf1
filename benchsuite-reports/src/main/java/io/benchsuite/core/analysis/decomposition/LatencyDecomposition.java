package io.benchsuite.core.analysis.decomposition;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.workload.Window;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The three-stage decomposition of end-to-end latency (SPEC §4, seed §2.3): queueing, prefill and decode as
 * shares of E2E, from what the client measured per request, from a server's stage histograms, or both.
 *
 * <h2>From per-request timings ({@link #fromRequests})</h2>
 * Over the measured, successful requests that have a first token, with offsets scheduled s, sent t, first
 * token f and end e: queueing = t − s (the client's wait: timer lateness, concurrency slot, connection),
 * prefill = f − t, decode = e − f. The three add up to E2E = e − s exactly, so {@code other} is 0. The shares
 * are Σ stage ÷ Σ E2E (shares of the mean E2E, so long requests weigh more than short ones). Seen from the
 * client, a server's own queue is inside prefill; the server's histograms separate it.
 *
 * <h2>From a server's histograms ({@link #fromServer})</h2>
 * Each stage's mean (Δsum ÷ Δcount over the window) ÷ the mean server E2E when the server exposes one
 * (the rest is {@code other}: API, tokenisation, detokenisation), else ÷ the sum of the three means. Means,
 * not sums, because the histograms' counts differ by the requests in flight at the window's edges.
 *
 * <h2>Both ({@link #combined})</h2>
 * Of the client's mean E2E E: queueing = (client wait W + server queue Q) ÷ E, prefill = P ÷ E, decode =
 * D ÷ E, other = (E − W − Q − P − D) ÷ E (network and HTTP). A negative {@code other} means the server's
 * stages exceed the client's view (different windows); the notes say so.
 */
public final class LatencyDecomposition {
    private LatencyDecomposition() {}

    /**
     * The decomposition of a run's measured requests.
     *
     * @param records the run's requests, any window and outcome
     * @return the shares, or empty when no measured request succeeded with a first token
     */
    public static Optional<StageShares> fromRequests(List<RequestRecord> records) {
        ClientTotals s = sums(records);
        if (s.n == 0 || s.e2e <= 0) return Optional.empty();
        return Optional.of(new StageShares("client", s.n, s.e2e / s.n / 1e6, s.queue / s.e2e, s.prefill / s.e2e, s.decode / s.e2e, 0,
                List.of("client view: the server's own queue is part of prefill")));
    }

    /**
     * The decomposition from a server's stage histograms.
     *
     * @param server the histogram deltas over the measured window
     * @param source a name for the source, e.g. {@code server (vllm histograms)}
     * @return the shares, or empty when a stage observed nothing
     */
    public static Optional<StageShares> fromServer(ServerStageTimes server, String source) {
        notNull(server, "server");
        notNull(source, "source");
        double q = server.queue().meanMs(), p = server.prefill().meanMs(), d = server.decode().meanMs();
        if (Double.isNaN(q) || Double.isNaN(p) || Double.isNaN(d)) return Optional.empty();
        List<String> notes = new ArrayList<>();
        double e2e;
        if (server.e2e() != null && server.e2e().count() > 0) {
            e2e = server.e2e().meanMs();
        } else {
            e2e = q + p + d;
            notes.add("the server exposes no end-to-end histogram: shares are of queue + prefill + decode");
        }
        if (e2e <= 0) return Optional.empty();
        long n = Math.min(server.queue().count(), Math.min(server.prefill().count(), server.decode().count()));
        double other = 1 - (q + p + d) / e2e;
        if (other < 0) notes.add(String.format(Locale.ROOT, "the stages' means exceed the server's mean E2E by %.1f ms", -other * e2e));
        return Optional.of(new StageShares(source, n, e2e, q / e2e, p / e2e, d / e2e, other, notes));
    }

    /**
     * The client's E2E split with the server's stages: client wait and server queue as queueing, the
     * server's prefill and decode, and the rest as other.
     *
     * @param records the run's requests
     * @param server the server's histogram deltas over the same window
     * @return the shares, or empty when either side has nothing
     */
    public static Optional<StageShares> combined(List<RequestRecord> records, ServerStageTimes server) {
        notNull(server, "server");
        ClientTotals s = sums(records);
        if (s.n == 0 || s.e2e <= 0) return Optional.empty();
        return combined(s.n, s.e2e / s.n / 1e6, s.queue / s.n / 1e6, server);
    }

    /**
     * The client view from a run's means: queueing = mean TTFT − mean TTFT from send (the client's wait before
     * sending), prefill = mean TTFT from send, decode = mean E2E − mean TTFT, all ÷ mean E2E. Equal to
     * {@link #fromRequests} when every successful request has a first token (the means are over the same
     * requests); a report's means come from its histograms (3 significant digits).
     *
     * @param requests successful requests the means are over
     * @param e2eMs mean end-to-end latency from the scheduled instant
     * @param ttftMs mean time to first token from the scheduled instant
     * @param ttftFromSendMs mean time to first token from the send
     * @return the shares, or empty when a mean is missing or E2E is not above 0
     */
    public static Optional<StageShares> fromMeans(long requests, double e2eMs, double ttftMs, double ttftFromSendMs) {
        if (requests <= 0 || !(e2eMs > 0) || !Double.isFinite(ttftMs) || !Double.isFinite(ttftFromSendMs)) return Optional.empty();
        double wait = Math.max(0, ttftMs - ttftFromSendMs);
        return Optional.of(new StageShares("client", requests, e2eMs, wait / e2eMs, ttftFromSendMs / e2eMs, (e2eMs - ttftMs) / e2eMs,
                0, List.of("client view: the server's own queue is part of prefill")));
    }

    /**
     * The client's mean E2E split with the server's stages (the same as {@link #combined(List, ServerStageTimes)},
     * from means).
     *
     * @param clientRequests requests the client means are over
     * @param clientE2eMs the client's mean E2E, milliseconds
     * @param clientWaitMs the client's mean wait before sending (scheduled instant to send), milliseconds
     * @param server the server's stage totals over the same window
     * @return the shares, or empty when a server stage observed nothing or E2E is not above 0
     */
    public static Optional<StageShares> combined(long clientRequests, double clientE2eMs, double clientWaitMs, ServerStageTimes server) {
        notNull(server, "server");
        double q = server.queue().meanMs(), p = server.prefill().meanMs(), d = server.decode().meanMs();
        if (clientRequests <= 0 || !(clientE2eMs > 0) || Double.isNaN(q) || Double.isNaN(p) || Double.isNaN(d)) return Optional.empty();
        double e = clientE2eMs, w = clientWaitMs;
        long n = clientRequests;
        double rest = e - w - q - p - d;
        List<String> notes = new ArrayList<>();
        notes.add("queueing = client wait + server queue; other = network, HTTP and tokenisation outside the server's stages");
        if (rest < 0) {
            notes.add(String.format(Locale.ROOT, "the server's stages exceed the client's mean E2E by %.1f ms: the two windows "
                    + "or request sets differ", -rest));
        }
        return Optional.of(new StageShares("client + server", n, e, (w + q) / e, p / e, d / e, rest / e, notes));
    }

    private static final class ClientTotals {
        long n;
        double queue, prefill, decode, e2e;
    }

    private static ClientTotals sums(List<RequestRecord> records) {
        notNull(records, "records");
        ClientTotals s = new ClientTotals();
        for (RequestRecord r : records) {
            if (r.window() != Window.MEASURED || !r.succeeded() || r.firstTokenOffsetNanos() < 0 || r.sentOffsetNanos() < 0) continue;
            s.n++;
            s.queue += r.sentOffsetNanos() - r.scheduledOffsetNanos();
            s.prefill += r.firstTokenOffsetNanos() - r.sentOffsetNanos();
            s.decode += r.endOffsetNanos() - r.firstTokenOffsetNanos();
            s.e2e += r.e2eNanos();
        }
        return s;
    }
}
