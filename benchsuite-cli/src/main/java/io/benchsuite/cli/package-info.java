/**
 * The {@code benchsuite} command line (picocli): {@link io.benchsuite.cli.BenchsuiteCli} lists one
 * class per subcommand ({@code run}, {@code serve-sim}, {@code report}, {@code compare}, {@code merge},
 * {@code k8s}, {@code backends}). A {@code run} turns flags or a scenario file into a typed
 * {@link io.benchsuite.cli.RunPlan}, builds the benchmark with its {@link io.benchsuite.cli.Observability}
 * and prints the {@link io.benchsuite.cli.Summary}; bad usage ends in a {@link io.benchsuite.cli.CliException}
 * with one of the {@link io.benchsuite.cli.ExitCodes}.
 */
package io.benchsuite.cli;
