/**
 * What the samplers of this module share, not a public API: the sampler lifecycle that leaves no
 * thread behind after a run ({@link io.benchsuite.metrics.internal.PeriodicSampler},
 * {@link io.benchsuite.metrics.internal.PeriodicTask}), a small HTTP text fetch and the mean/peak of a
 * series.
 */
package io.benchsuite.metrics.internal;
