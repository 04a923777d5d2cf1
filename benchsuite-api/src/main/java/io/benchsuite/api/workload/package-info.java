/**
 * What load a run sends: a {@link io.benchsuite.api.workload.Workload} is open (an
 * {@link io.benchsuite.api.workload.Arrival} process at a {@link io.benchsuite.api.workload.RateProfile})
 * or closed (a number of users), see {@link io.benchsuite.api.workload.LoadModel}, with prompt and
 * output lengths drawn from a {@link io.benchsuite.api.workload.LengthDistribution}. Where the requests
 * themselves come from is in {@code workload.source}; faults injected during a run in
 * {@code workload.injection}.
 */
package io.benchsuite.api.workload;
