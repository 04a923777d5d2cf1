/**
 * Workload sources: where a run's requests come from.
 *
 * <p>A {@link io.benchsuite.api.workload.source.WorkloadSource} yields
 * {@link io.benchsuite.api.workload.source.RequestPlan}s one at a time through a
 * {@link io.benchsuite.api.workload.source.PlanCursor}, so a dataset or trace of any size is read as a
 * stream and never held in memory whole. A plan says what to send (chat messages, their length in
 * tokens, the output length to ask for) and, for sources that bring their own timing such as a
 * replayed trace, when to send it, as an offset from the start of the run (a scenario file's phase runs as a run of its own). Sources without timing
 * are paced by the run's arrival process (open loop) or its users (closed loop).
 *
 * <h2>Sessions</h2>
 * A multi-turn conversation is a session: its plans carry a
 * {@link io.benchsuite.api.workload.source.SessionTurn} and are yielded one after another in turn
 * order, the last one flagged. A turn's plan holds only what is new in that turn (the user's next
 * message); the engine sends it after the whole history so far, including the answer actually
 * received for the previous turn (or the recorded one, when configured). Turn 1 may start with a
 * system message.
 *
 * <h2>Prefix sharing</h2>
 * A plan may name the blocks its prompt starts with ({@link io.benchsuite.api.workload.source.PrefixBlock}):
 * two prompts whose leading blocks carry equal ids, in the same order, begin with equal tokens. From
 * these the workload's ideal prefix-cache hit rate is computed without a server.
 */
package io.benchsuite.api.workload.source;
