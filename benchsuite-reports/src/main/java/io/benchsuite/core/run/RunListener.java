package io.benchsuite.core.run;

import io.benchsuite.api.result.RequestRecord;
import io.benchsuite.api.run.RequestDecorator;
import io.benchsuite.api.run.RunInfo;
import java.util.List;

/**
 * Observes a run: writers, progress displays, metrics and tracing plug in here. Methods are called
 * from engine threads; implementations must be thread-safe, quick and must not throw (an exception is
 * logged and the listener is otherwise ignored for that event).
 */
public interface RunListener {

    /** The run is about to send its first request. */
    default void onRunStarted(RunInfo info) {
    }

    /**
     * A request finished (any window, any outcome). In a real-time run this is called on a thread of the
     * run's own ({@code benchsuite-listeners-<run>}), never on the thread that read the request's end, in
     * the order requests finished; every call has returned before {@link #reportSections} and
     * {@link #onRunFinished}. A listener slower than the requests makes them wait for room in a bounded
     * queue, so it should stay quick. It may be called after the next request (a closed-loop user's next
     * turn) was sent: a callback that must see a request's end before anything else is sent belongs in a
     * {@link RequestDecorator}'s listener. In virtual time it is called on the thread driving the simulation.
     */
    default void onRequestFinished(RequestRecord record) {
    }

    /**
     * Extra top-level sections for {@code report.json}, collected once when the run has ended and
     * before {@link #onRunFinished}: e.g. {@code server} (scraped server metrics), {@code host},
     * {@code gpu}. Keys must not clash with the report's own keys or another listener's (a clashing
     * section is dropped with a warning).
     */
    default List<ReportSection> reportSections() {
        return List.of();
    }

    /** The run ended and its result is complete. */
    default void onRunFinished(RunResult result) {
    }
}
