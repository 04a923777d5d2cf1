/**
 * The decision of what to send when. {@link io.benchsuite.core.internal.dispatch.Dispatcher} is a
 * state machine stepped at given instants (no thread, no clock, no waiting) that applies the
 * run's length, the request count, the warm-up / measured / cool-down windows, the concurrency cap and the
 * drain; where requests come from is the run's {@link io.benchsuite.core.internal.dispatch.LoadPattern},
 * chosen once: scheduled arrivals ({@link io.benchsuite.core.internal.dispatch.OpenLoopArrivals}) or users who send again
 * when their request ends ({@link io.benchsuite.core.internal.dispatch.ClosedLoopUsers}). Not API.
 */
package io.benchsuite.core.internal.dispatch;
