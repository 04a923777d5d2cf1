package io.benchsuite.core.workload;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.tools.ToolSpec;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.source.WorkloadSource;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * A dataset named on the command line as {@code <kind>:<path>}, e.g. {@code sharegpt:ShareGPT_V3.json}
 * or {@code mooncake:conversation_trace.jsonl}.
 *
 * @param kind {@code sharegpt}, {@code jsonl}, {@code bfcl}, {@code mooncake}, {@code azure} or {@code burstgpt}
 * @param path the file
 */
public record DatasetSpec(String kind, Path path) {
    /** The kinds, in the order they are listed to users. */
    public static final String KINDS = "sharegpt, jsonl, bfcl, mooncake, azure, burstgpt";

    /**
     * Checks the kind and that the file exists.
     *
     * @param kind one of {@link #KINDS}
     * @param path the file
     */
    public DatasetSpec {
        notNull(kind, "kind");
        notNull(path, "path");
        if (!List.of(KINDS.split(", ")).contains(kind)) {
            throw new IllegalArgumentException("unknown dataset kind '" + kind + "' (known: " + KINDS + ")");
        }
        if (!Files.isRegularFile(path)) throw new IllegalArgumentException("dataset file '" + path + "' does not exist");
    }

    /**
     * Parses {@code <kind>:<path>}.
     *
     * @param text the text
     * @return the spec
     * @throws IllegalArgumentException naming the text, the known kinds or the missing file
     */
    public static DatasetSpec parse(String text) {
        notNull(text, "dataset");
        String t = text.trim();
        int colon = t.indexOf(':');
        if (colon <= 0 || colon == t.length() - 1) {
            throw new IllegalArgumentException("expected a dataset as <kind>:<path> with kind one of " + KINDS
                    + " (e.g. sharegpt:ShareGPT_V3_unfiltered_cleaned_split.json), got '" + text + "'");
        }
        try {
            return new DatasetSpec(t.substring(0, colon).trim().toLowerCase(Locale.ROOT), Path.of(t.substring(colon + 1).trim()));
        } catch (InvalidPathException e) {
            throw new IllegalArgumentException("'" + t.substring(colon + 1).trim() + "' is not a file path: " + e.getReason());
        }
    }

    /**
     * Whether this kind is a trace with its own timing (and so takes {@link TraceOptions}).
     *
     * @return true for {@code mooncake}, {@code azure} and {@code burstgpt}
     */
    public boolean isTrace() {
        return kind.equals("mooncake") || kind.equals("azure") || kind.equals("burstgpt");
    }

    /**
     * The source that reads this dataset.
     *
     * @param trace replay options (traces only)
     * @param sharegpt filters and sessions ({@code sharegpt} only)
     * @param outputTokens output length of JSONL lines without {@code output_tokens} ({@code jsonl}) and of BFCL questions
     * @return the source
     */
    public WorkloadSource source(TraceOptions trace, ShareGptOptions sharegpt, LengthDistribution outputTokens) {
        notNull(trace, "trace");
        notNull(sharegpt, "sharegpt");
        notNull(outputTokens, "outputTokens");
        DataInput in = DataInput.of(path);
        return switch (kind) {
            case "sharegpt" -> new ShareGptSource(in, sharegpt);
            case "jsonl" -> new JsonlPromptSource(in, outputTokens, trace.limit());
            case "bfcl" -> new BfclSource(path, outputTokens, ToolSpec.AUTO);
            case "mooncake" -> new MooncakeTraceSource(in, trace);
            case "azure" -> new AzureTraceSource(in, trace);
            case "burstgpt" -> new BurstGptTraceSource(in, trace);
            default -> throw new IllegalStateException(kind);
        };
    }
}
