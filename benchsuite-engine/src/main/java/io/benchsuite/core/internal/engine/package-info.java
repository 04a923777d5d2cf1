/**
 * The run loop: {@link io.benchsuite.core.internal.engine.RunEngine} steps the dispatcher, sends
 * what it says to the backend with a {@link io.benchsuite.core.internal.engine.RequestTracker} per
 * request (backend events in, a {@code RequestRecord} out), hands finished records to the aggregator
 * and the listeners, and waits on its pacer in between. Prompts are prepared ahead on their own
 * thread ({@link io.benchsuite.core.internal.engine.PlanQueue}) so tokenization never delays a send.
 * Not API: use {@link io.benchsuite.core.Benchmark}.
 */
package io.benchsuite.core.internal.engine;
