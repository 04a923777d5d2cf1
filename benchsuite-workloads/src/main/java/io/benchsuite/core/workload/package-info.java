/**
 * Built-in workload sources and the pieces the engine uses to run them.
 *
 * <h2>Sources</h2>
 * <ul>
 *   <li>{@link io.benchsuite.core.workload.SyntheticSource}: exact-length synthetic prompts, optionally in
 *       shared-prefix groups ({@link io.benchsuite.core.workload.PrefixGroups}, uniform or Zipf popularity);</li>
 *   <li>{@link io.benchsuite.core.workload.ShareGptSource}: ShareGPT-style conversations, one request each
 *       (vLLM's filters) or as multi-turn sessions;</li>
 *   <li>{@link io.benchsuite.core.workload.JsonlPromptSource}: a prompt or a message list a line;</li>
 *   <li>trace replay ({@link io.benchsuite.core.workload.TraceSource}, {@link io.benchsuite.core.workload.TraceOptions}):
 *       {@link io.benchsuite.core.workload.MooncakeTraceSource}, {@link io.benchsuite.core.workload.AzureTraceSource},
 *       {@link io.benchsuite.core.workload.BurstGptTraceSource}.</li>
 * </ul>
 * {@link io.benchsuite.core.workload.DatasetSpec} turns the command line's {@code <kind>:<path>} into one.
 * Every source reads its file as a stream ({@link io.benchsuite.core.workload.DataInput}): memory stays
 * flat whatever the file's size.
 *
 * <h2>What the engine calls</h2>
 * <ul>
 *   <li>{@link io.benchsuite.core.workload.SessionCursor}: the next session (or independent request) to start;</li>
 *   <li>{@link io.benchsuite.core.workload.SessionTranscript}: a turn's whole conversation, and the answer
 *       received for it;</li>
 *   <li>{@link io.benchsuite.core.workload.ContextLimit}: whether a request fits the model's context;</li>
 *   <li>{@link io.benchsuite.core.workload.IdealPrefixCache}: the workload's ideal prefix hit rate, beside the
 *       server's measured one.</li>
 * </ul>
 */
package io.benchsuite.core.workload;
