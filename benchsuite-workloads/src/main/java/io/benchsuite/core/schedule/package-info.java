/**
 * What to send and when, derived from the seed chain alone, never from timing:
 * {@link io.benchsuite.core.schedule.ArrivalTimes} turns an arrival process and a rate profile into
 * exact open-loop instants, and {@link io.benchsuite.core.schedule.RequestPlanner} gives request
 * {@code i} its lengths and prompt ({@link io.benchsuite.core.schedule.PlannedRequest}). The same seed
 * therefore sends the same requests at the same scheduled instants on any machine.
 */
package io.benchsuite.core.schedule;
