/**
 * The backend SPI: what a serving stack must implement to be benchmarked. A
 * {@link io.benchsuite.api.backend.BackendProvider}, found by name through
 * {@link io.benchsuite.api.backend.BackendRegistry}, declares its
 * {@link io.benchsuite.api.backend.BackendOption}s and creates a {@link io.benchsuite.api.backend.Backend}
 * from a checked {@link io.benchsuite.api.backend.BackendConfig}; the backend answers each
 * {@link io.benchsuite.api.backend.InferenceRequest} through a
 * {@link io.benchsuite.api.backend.ResponseListener}, whose contract (event order, one terminal event,
 * typed {@link io.benchsuite.api.backend.BackendError}s) every backend follows. Secrets are masked with
 * {@link io.benchsuite.api.backend.SecretMask}; {@code docs/backend-spi.md} walks through writing one.
 */
package io.benchsuite.api.backend;
