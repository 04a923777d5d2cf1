/**
 * A complete custom backend written against the SPI: {@link io.benchsuite.examples.plugin.EchoBackend}
 * follows every rule of the listener contract, {@link io.benchsuite.examples.plugin.EchoBackendProvider}
 * declares its options and is registered as a service, and {@link io.benchsuite.examples.plugin.PluginExample}
 * finds it by name and benchmarks it like a built-in backend.
 */
package io.benchsuite.examples.plugin;
