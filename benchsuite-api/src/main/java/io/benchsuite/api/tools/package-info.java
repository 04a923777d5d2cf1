/**
 * Tool calling and structured output: what a request carries beyond its messages (the
 * {@link io.benchsuite.api.tools.ToolSpec tools} a model may call, a
 * {@link io.benchsuite.api.tools.ResponseFormat response format} its answer must follow, the
 * {@link io.benchsuite.api.tools.ExpectedCall call a dataset expects}) and what a response made
 * ({@link io.benchsuite.api.tools.ToolCalls its tool calls}).
 *
 * <p>Each is a value held in a request's {@link io.benchsuite.api.backend.RequestExtras}: a workload puts
 * the first three on its plans, a backend that speaks a tool-calling API writes them into the request and
 * reports the calls it read with {@link io.benchsuite.api.backend.ResponseListener#onExtra}, and accuracy
 * scorers grade the calls against the expectation. JSON schemas travel as JSON text: this module parses
 * no JSON; the backends and the scorers do. Start with {@link io.benchsuite.api.tools.ToolSpec}.
 */
package io.benchsuite.api.tools;
