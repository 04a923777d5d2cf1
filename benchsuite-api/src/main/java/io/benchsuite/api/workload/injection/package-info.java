/**
 * Dynamic load injection: content pushed into a running session.
 *
 * <p>An {@link io.benchsuite.api.workload.injection.Injection} has a position (a token offset in its
 * session), content, a {@link io.benchsuite.api.workload.injection.InjectionPriority} and a time to
 * live. Injections wait in their session's queue, ordered by priority, and are delivered at the first
 * turn boundary where the session has reached their position; one whose time to live runs out before
 * that is dropped and counted. The report shows the latency of the first token after each injection,
 * by priority, and how many expired.
 */
package io.benchsuite.api.workload.injection;
