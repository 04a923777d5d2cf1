/**
 * Dynamic load injection at run time: each session's {@link io.benchsuite.core.injection.InjectionQueue}
 * orders injected content by priority, delivers it at the first turn boundary at or after its position,
 * drops what outlives its time to live, and counts all of it ({@link io.benchsuite.core.injection.InjectionCounts}).
 */
package io.benchsuite.core.injection;
