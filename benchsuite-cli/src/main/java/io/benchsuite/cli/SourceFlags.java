package io.benchsuite.cli;

import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.source.WorkloadSource;
import io.benchsuite.core.spec.RunSpec;
import io.benchsuite.core.workload.ContextLimit;
import io.benchsuite.core.workload.DatasetSpec;
import io.benchsuite.core.workload.Popularity;
import io.benchsuite.core.workload.PrefixGroups;
import io.benchsuite.core.workload.SessionOptions;
import io.benchsuite.core.workload.SessionTranscript;
import io.benchsuite.core.workload.ShareGptOptions;
import io.benchsuite.core.workload.SyntheticSource;
import io.benchsuite.core.workload.SyntheticTools;
import io.benchsuite.core.workload.ThinkTime;
import io.benchsuite.core.workload.TraceOptions;
import java.time.Duration;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * {@code benchsuite run}'s request flags: synthetic lengths and shared prefixes, or a dataset or trace and how it
 * is read, sessions, the model's context and streaming.
 */
final class SourceFlags {
    @Option(converter = FlagValues.Length.class, names = "--input-length", paramLabel = "<tokens>",
            description = "Prompt tokens of the synthetic source (default: 256); empirical:FILE[#field] draws them from a file.")
    LengthDistribution inputLength;

    @Option(converter = FlagValues.Length.class, names = "--output-length", paramLabel = "<tokens>", description = "Output tokens (max_tokens) of the synthetic "
            + "source, and of --dataset jsonl lines without output_tokens (default: 128).")
    LengthDistribution outputLength;

    @Option(converter = FlagValues.Dataset.class, names = "--dataset", paramLabel = "<kind>:<path>",
            description = "Send a dataset or replay a trace instead of synthetic prompts: sharegpt, jsonl, bfcl, mooncake, azure "
                    + "or burstgpt, e.g. mooncake:conversation_trace.jsonl (.gz read as it streams). A trace is sent at its "
                    + "own times unless --rate or --ignore-timestamps is given; a dataset ends the run when it runs out.")
    DatasetSpec dataset;

    @Option(converter = FlagValues.PositiveNumber.class, names = "--trace-time-scale", paramLabel = "<x>",
            description = "Multiplies a trace's gaps: 0.1 replays ten times faster (default: 1).")
    Double traceTimeScale;

    @Option(converter = FlagValues.NonNegativeDuration.class, names = "--trace-start", paramLabel = "<duration>",
            description = "Skip the first part of a trace's traffic, e.g. 60s (default: 0).")
    Duration traceStart;

    @Option(converter = FlagValues.PositiveLong.class, names = "--trace-limit", paramLabel = "<n>", description = "Replay at most this many requests of a trace.")
    Long traceLimit;

    @Option(names = "--ignore-timestamps", description = "Send a trace's requests (lengths and shared prefixes) at the run's "
            + "own pace: --rate arrivals, or --max-concurrent users without --rate.")
    boolean ignoreTimestamps;

    @Option(names = "--sessions", description = "sharegpt: each conversation is a multi-turn session (each turn sent after "
            + "the whole history) instead of one request.")
    boolean sessions;

    @Option(converter = FlagValues.PositiveInt.class, names = "--max-turns", paramLabel = "<n>", description = "sharegpt sessions: at most this many turns each.")
    Integer maxTurns;

    @Option(names = "--no-length-filters", description = "sharegpt: keep every conversation (vLLM's filters drop prompts "
            + "under 4 or over 1024 tokens and prompt + answer over 2048; with --sessions they apply to each turn's history).")
    boolean noLengthFilters;

    @Option(converter = FlagValues.Think.class, names = "--think-time", paramLabel = "<think>",
            description = "Sessions: pause between an answer and the next turn: 2s, uniform:1s-5s or exponential:3s (default: 0).")
    ThinkTime thinkTime;

    @Option(converter = FlagValues.Answers.class, names = "--answers", paramLabel = "received|recorded",
            description = "Sessions: the history holds the answers received (default; 'actual' is the same) or the "
                    + "dataset's recorded ones.")
    SessionTranscript.Answers answers;

    @Option(converter = FlagValues.ConcurrencyUnit.class, names = "--concurrency-unit", paramLabel = "requests|sessions",
            description = "Open loop with sessions: --max-concurrent counts requests in flight (default) or open sessions.")
    SessionOptions.ConcurrencyUnit concurrencyUnit;

    @Option(converter = FlagValues.PositiveInt.class, names = "--prefix-groups", paramLabel = "<n>",
            description = "Synthetic shared prefixes: each prompt starts with one of n group prefixes of --prefix-length "
                    + "tokens, then --input-length tokens of its own.")
    Integer prefixGroups;

    @Option(converter = FlagValues.PositiveInt.class, names = "--prefix-length", paramLabel = "<tokens>", description = "Length of each group prefix (default: 512).")
    Integer prefixLength;

    @Option(converter = FlagValues.PopularityValue.class, names = "--prefix-popularity", paramLabel = "<popularity>",
            description = "How groups are chosen: uniform (default), zipf or zipf:<exponent>.")
    Popularity prefixPopularity;

    @Option(converter = FlagValues.PositiveInt.class, names = "--max-context", paramLabel = "<tokens>",
            description = "The model's context length (prompt + output); default: what the backend declares, if anything.")
    Integer maxContext;

    @Option(converter = FlagValues.ContextPolicy.class, names = "--context-policy", paramLabel = "send|mark|skip",
            description = "A request over the context: mark (default: recorded as context_exceeded, not sent), send "
                    + "(the server answers), or skip (left out and counted).")
    ContextLimit.Policy contextPolicy;

    @Option(converter = FlagValues.PositiveInt.class, names = "--tools", paramLabel = "<n>",
            description = "Offer n synthetic functions (tools) with every request, their schemas drawn from the seed chain; "
                    + "each response's tool calls go to requests.jsonl (score them with --accuracy tool-call).")
    Integer tools;

    @Option(names = "--tool-choice", paramLabel = "auto|none|required", description = "tool_choice of --tools (default: auto).")
    String toolChoice;

    @Option(names = "--response-format", paramLabel = "json-schema",
            description = "Ask for answers as JSON valid against a synthetic schema (response_format json_schema); score them "
                    + "with --accuracy json-schema.")
    String responseFormat;

    @Option(names = "--no-stream", description = "Ask for whole responses instead of streamed tokens.")
    boolean noStream;

    /** Prompt tokens of the synthetic source (256 by default). */
    LengthDistribution in() {
        return inputLength == null ? LengthDistribution.fixed(256) : inputLength;
    }

    /** Output tokens (128 by default). */
    LengthDistribution out() {
        return outputLength == null ? LengthDistribution.fixed(128) : outputLength;
    }

    /** Whether responses are streamed. */
    boolean stream() {
        return !noStream;
    }

    /**
     * The workload source the flags name, or {@code null} for the default synthetic source of
     * {@code --input-length}/{@code --output-length}.
     *
     * @param rateGiven whether the run sets its own rate (a trace is then paced by it, not by its timestamps)
     */
    WorkloadSource source(boolean rateGiven) {
        WorkloadSource base = datasetOrSynthetic(rateGiven);
        if (tools == null && responseFormat == null) {
            if (toolChoice != null) throw CliException.usage("--tool-choice: needs --tools");
            return base;
        }
        if (responseFormat != null && !responseFormat.equals("json-schema")) {
            throw CliException.usage("--response-format: expected json-schema, got '" + responseFormat + "'");
        }
        if (base == null) base = SyntheticSource.builder().inputTokens(in()).outputTokens(out()).build();
        try {
            return new SyntheticTools(base, tools == null ? 0 : tools, toolChoice == null ? "auto" : toolChoice,
                    responseFormat != null);
        } catch (IllegalArgumentException e) {
            throw CliException.usage("--tools: " + e.getMessage());
        }
    }

    private WorkloadSource datasetOrSynthetic(boolean rateGiven) {
        if (dataset == null) {
            for (Object[] f : new Object[][] {{"--trace-time-scale", traceTimeScale}, {"--trace-start", traceStart},
                    {"--trace-limit", traceLimit}, {"--max-turns", maxTurns}}) {
                if (f[1] != null) throw CliException.usage(f[0] + ": applies to a --dataset only");
            }
            if (ignoreTimestamps || sessions || noLengthFilters) {
                throw CliException.usage((ignoreTimestamps ? "--ignore-timestamps" : sessions ? "--sessions"
                        : "--no-length-filters") + ": applies to a --dataset only");
            }
            if (prefixGroups == null) {
                if (prefixLength != null || prefixPopularity != null) {
                    throw CliException.usage((prefixLength != null ? "--prefix-length" : "--prefix-popularity")
                            + ": needs --prefix-groups");
                }
                return null;
            }
            return SyntheticSource.builder().inputTokens(in()).outputTokens(out()).prefixGroups(new PrefixGroups(prefixGroups,
                    prefixLength == null ? 512 : prefixLength, prefixPopularity == null ? Popularity.uniform() : prefixPopularity))
                    .build();
        }
        if (prefixGroups != null || prefixLength != null || prefixPopularity != null) {
            throw CliException.usage("--prefix-groups: shared-prefix groups are for synthetic prompts; a dataset brings "
                    + "its own prompts (drop --dataset or the --prefix-* flags)");
        }
        if (inputLength != null) {
            throw CliException.usage("--input-length: a dataset brings its own prompt lengths (drop --dataset or --input-length)");
        }
        DatasetSpec spec = dataset;
        TraceOptions trace = TraceOptions.defaults();
        if (!spec.isTrace()) {
            for (Object[] f : new Object[][] {{"--trace-time-scale", traceTimeScale}, {"--trace-start", traceStart},
                    {"--trace-limit", traceLimit}}) {
                if (f[1] != null) throw CliException.usage(f[0] + ": applies to a trace (mooncake, azure, burstgpt), not " + spec.kind());
            }
            if (ignoreTimestamps) throw CliException.usage("--ignore-timestamps: applies to a trace (mooncake, azure, burstgpt), not " + spec.kind());
        }
        if (!spec.kind().equals("sharegpt") && (sessions || maxTurns != null || noLengthFilters)) {
            throw CliException.usage((sessions ? "--sessions" : maxTurns != null ? "--max-turns" : "--no-length-filters")
                    + ": applies to a sharegpt dataset, not " + spec.kind());
        }
        if (traceTimeScale != null) trace = trace.withTimeScale(traceTimeScale);
        if (traceStart != null) trace = trace.withStart(traceStart);
        if (traceLimit != null) trace = trace.withLimit(traceLimit);
        if (ignoreTimestamps || rateGiven) trace = trace.withIgnoreTimestamps(true);
        ShareGptOptions.Builder sg = ShareGptOptions.builder().sessions(sessions);
        if (maxTurns != null) sg.maxTurns(maxTurns);
        if (noLengthFilters) sg.noLengthLimits();
        try {
            return spec.source(trace, sg.build(), out());
        } catch (IllegalArgumentException e) {
            throw CliException.usage("--dataset: " + e.getMessage());
        }
    }

    /** How multi-turn sessions run. */
    SessionOptions sessionOptions() {
        SessionOptions o = SessionOptions.DEFAULTS;
        if (thinkTime != null) o = o.withThinkTime(thinkTime);
        if (answers != null) o = o.withAnswers(answers);
        if (concurrencyUnit != null) o = o.withConcurrency(concurrencyUnit);
        return o;
    }

    /** The model's context given by the flags and the policy for requests over it. */
    RunSpec.Context context() {
        return new RunSpec.Context(Optional.ofNullable(maxContext).map(ContextLimit::new),
                contextPolicy == null ? ContextLimit.Policy.MARK : contextPolicy);
    }
}
