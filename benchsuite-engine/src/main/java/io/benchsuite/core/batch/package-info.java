/**
 * The figures of embeddings, rerank and score runs, whose requests carry batches of inputs and generate
 * no token: {@link io.benchsuite.core.batch.BatchListener} folds each request's batch into the report's
 * {@code batches} section.
 */
package io.benchsuite.core.batch;
