package io.benchsuite.core.report.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * The report's {@code config} block: how the run was configured.
 *
 * @param workload the load
 * @param slo the objectives in text form (empty when none)
 * @param tokenizer the tokenizer prompts were sized with
 * @param backend the backend configuration with secrets redacted
 * @param sloBasis where the objectives come from when the user did not choose them, e.g. {@code MLPerf
 *     Inference ...} for the CLI's default SLO; empty when the user set them (or none), and in reports written before
 */
public record RunConfig(WorkloadConfig workload, String slo, String tokenizer, Map<String, String> backend,
                        // written only when there is one: reports of runs with the user's own SLO (or none) read as before
                        @JsonInclude(JsonInclude.Include.NON_EMPTY) String sloBasis) {
    static final RunConfig UNKNOWN = new RunConfig(WorkloadConfig.UNKNOWN, "", null, Map.of());

    public RunConfig {
        workload = workload == null ? WorkloadConfig.UNKNOWN : workload;
        backend = Maps.ordered(backend);
        sloBasis = sloBasis == null ? "" : sloBasis;
    }

    /** A configuration whose objectives, if any, the user chose. */
    public RunConfig(WorkloadConfig workload, String slo, String tokenizer, Map<String, String> backend) {
        this(workload, slo, tokenizer, backend, "");
    }

    /** Whether the objectives are a default the user did not choose. */
    public boolean defaultSlo() {
        return !sloBasis.isEmpty();
    }
}
