package io.benchsuite.core.workload;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.seed.ScenarioSeed;
import io.benchsuite.api.util.Durations;
import io.benchsuite.api.util.IoErrors;
import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.PrefixBlock;
import io.benchsuite.api.workload.source.RequestPlan;
import io.benchsuite.api.workload.source.SourceContext;
import io.benchsuite.api.workload.source.WorkloadDataException;
import io.benchsuite.api.workload.source.WorkloadSource;
import io.benchsuite.core.prompt.SyntheticPrompts;
import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Replays a recorded trace: each record's timestamp, input length and output length (and, for
 * Mooncake, which prompt blocks it shares). Prompts are synthetic text of exactly the recorded input
 * length under the run's tokenizer; the output length is asked for as {@code max_tokens}.
 *
 * <p>Timing follows {@link TraceOptions}. The file is read one line at a time, so a trace of any size
 * replays in flat memory. Records with no input or no output tokens (failed requests in some traces)
 * are skipped and counted; a record whose timestamp is earlier than one before it (skipped ones
 * included) is sent at the latest time so far and counted, so offsets never decrease.
 */
public abstract class TraceSource implements WorkloadSource {
    private static final int CACHED_BLOCKS = 4096;

    private final DataInput input;
    private final TraceOptions options;

    TraceSource(DataInput input, TraceOptions options) {
        this.input = notNull(input, "input");
        this.options = notNull(options, "options");
    }

    /** The format's name in user terms, e.g. {@code mooncake trace}. */
    abstract String kind();

    /** The dataset kind as written on the command line, e.g. {@code mooncake}. */
    abstract String format();

    /** A fresh reader of this format's records (it may keep state such as a CSV header); {@code name} is the input's, for messages. */
    abstract TraceRecords records(String name);

    /** Tokens per named block ({@code hash_ids}); only formats with block names use it. */
    int blockTokens() {
        return 512;
    }

    /**
     * The replay options.
     */
    public TraceOptions options() {
        return options;
    }

    @Override
    public String describe() {
        return format() + ":" + input.name() + " (" + options.describe() + ")";
    }

    @Override
    public boolean bringsOwnTiming() {
        return !options.ignoreTimestamps();
    }

    @Override
    public PlanCursor open(SourceContext context) {
        notNull(context, "context");
        return new Cursor(context);
    }

    private final class Cursor extends CountingCursor {
        private final BufferedReader reader;
        private final TraceRecords records = records(input.name());
        private final ScenarioSeed seed;
        private final SyntheticPrompts words;
        private BlockText blocks;
        private final long startNanos = options.start().toNanos();
        private boolean started;
        private long origin;
        private long latest;

        Cursor(SourceContext context) {
            this.seed = context.seed();
            this.words = new SyntheticPrompts(context.tokenizer());
            this.reader = input.openText(kind());
        }

        @Override
        RequestPlan read() {
            if (options.limit() > 0 && nextIndex() >= options.limit()) return null;
            while (true) {
                TraceRecord r;
                try {
                    r = records.next(reader);
                } catch (IOException e) {
                    throw new WorkloadDataException("cannot read " + kind() + " '" + input.name() + "': " + IoErrors.reason(e), e);
                }
                if (r == null) return null;
                if (!started) {
                    started = true;
                    origin = r.timeNanos();
                    latest = origin;
                }
                // A record earlier than one before it is sent at the latest time so far: offsets never decrease.
                boolean early = r.timeNanos() < latest;
                long time = Math.max(r.timeNanos(), latest);
                latest = time;
                long sinceStart = time - origin - startNanos;
                if (sinceStart < 0) {
                    skip("before the start offset (" + Durations.format(options.start()) + ")");
                    continue;
                }
                if (r.inputTokens() <= 0) {
                    skip("no input tokens");
                    continue;
                }
                if (r.outputTokens() <= 0) {
                    skip("no output tokens (a failed request in the trace)");
                    continue;
                }
                if (early) adjust("timestamp earlier than a previous record's: sent at the latest time so far");
                return plan(r, sinceStart);
            }
        }

        private RequestPlan plan(TraceRecord r, long sinceStart) {
            long index = nextIndex();
            SplittableRandom random = new SplittableRandom(seed.requestSeed(index));
            RequestPlan.Builder b = RequestPlan.builder(index).inputTokens(r.inputTokens()).outputTokens(r.outputTokens());
            if (!options.ignoreTimestamps()) b.arrivalNanos(Math.round(sinceStart * options.timeScale()));
            if (r.hashIds().length == 0) {
                return b.prompt(words.generate(r.inputTokens(), random)).build();
            }
            if (blocks == null) blocks = new BlockText(words, seed.streamSeed("trace-blocks"), blockTokens(), CACHED_BLOCKS);
            int size = blocks.blockTokens();
            List<PrefixBlock> named = new ArrayList<>(r.hashIds().length);
            StringBuilder text = new StringBuilder(r.inputTokens() * 7);
            int covered = 0;
            for (long id : r.hashIds()) {
                int n = Math.min(size, r.inputTokens() - covered);
                if (!text.isEmpty()) text.append(' ');
                text.append(blocks.block(id, n));
                named.add(new PrefixBlock(id, n));
                covered += n;
            }
            if (covered < r.inputTokens()) text.append(' ').append(words.generate(r.inputTokens() - covered, random));
            String prompt = text.toString();
            String corrected = ExactText.correctTail(prompt, r.inputTokens(), words.tokenizer(), words, random);
            if (corrected != null) {
                prompt = corrected;
                adjust("prompt length corrected at its end (the tokenizer merged across blocks)");
            }
            return b.prompt(prompt).prefixBlocks(named).build();
        }

        @Override
        void release() {
            try {
                reader.close();
            } catch (IOException e) {
                // nothing was written; a failed close of a read-only file loses nothing
            }
        }
    }
}
