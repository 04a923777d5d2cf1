package io.benchsuite.core.report.model;

import java.util.Map;

/**
 * The report's {@code config} block: how the run was configured.
 *
 * @param workload the load
 * @param slo the objectives in text form (empty when none)
 * @param tokenizer the tokenizer prompts were sized with
 * @param backend the backend configuration with secrets redacted
 */
public record RunConfig(WorkloadConfig workload, String slo, String tokenizer, Map<String, String> backend) {
    static final RunConfig UNKNOWN = new RunConfig(WorkloadConfig.UNKNOWN, "", null, Map.of());

    public RunConfig {
        workload = workload == null ? WorkloadConfig.UNKNOWN : workload;
        backend = Maps.ordered(backend);
    }
}
