package io.benchsuite.core.workload;

import static io.benchsuite.api.util.Checks.positive;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchsuite.api.workload.source.WorkloadDataException;
import java.io.BufferedReader;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * A Mooncake trace (Mooncake's FAST'25 release, {@code kvcache-ai/Mooncake}, folder
 * {@code FAST25-release/traces/}): one JSON object a line,
 * <pre>{"timestamp": 27482, "input_length": 6955, "output_length": 52, "hash_ids": [46, 47, 2053, ...]}</pre>
 * with {@code timestamp} in milliseconds from the start of the trace. Each hash id names one
 * 512-token block of the prompt; the last block may be partial. Replayed prompts have exactly
 * {@code input_length} tokens, and equal hash ids give equal blocks of text, so a server's prefix
 * cache can hit where the original one did. {@code hash_ids} may be absent (a unique prompt) or name
 * fewer blocks than the prompt has (the rest is unique), never more.
 */
public final class MooncakeTraceSource extends TraceSource {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final BigDecimal NANOS_PER_MS = BigDecimal.valueOf(1_000_000);

    private final int blockTokens;

    /**
     * A Mooncake trace with 512-token blocks.
     *
     * @param input the JSONL file
     * @param options the replay options
     */
    public MooncakeTraceSource(DataInput input, TraceOptions options) {
        this(input, options, 512);
    }

    /**
     * A Mooncake-format trace whose blocks have another size.
     *
     * @param input the JSONL file
     * @param options the replay options
     * @param blockTokens tokens per hash id
     */
    public MooncakeTraceSource(DataInput input, TraceOptions options, int blockTokens) {
        super(input, options);
        this.blockTokens = positive(blockTokens, "blockTokens");
    }

    @Override
    String kind() {
        return "mooncake trace";
    }

    @Override
    String format() {
        return "mooncake";
    }

    @Override
    int blockTokens() {
        return blockTokens;
    }

    @Override
    TraceRecords records(String name) {
        return new TraceRecords() {
            private long line;

            @Override
            public TraceRecord next(BufferedReader reader) throws IOException {
                String text;
                do {
                    text = reader.readLine();
                    line++;
                    if (text == null) return null;
                } while (text.isBlank());
                String where = "mooncake trace '" + name + "' line " + line;
                JsonNode r;
                try {
                    r = JSON.readTree(text);
                } catch (JsonProcessingException e) {
                    throw new WorkloadDataException(where + ": not JSON (" + e.getOriginalMessage() + ")");
                }
                BigDecimal ms = JsonFields.number(r, "timestamp", where);
                int in = JsonFields.count(r, "input_length", where);
                int out = JsonFields.count(r, "output_length", where);
                long[] ids = hashIds(r, where, in);
                long nanos;
                try {
                    nanos = ms.multiply(NANOS_PER_MS).setScale(0, RoundingMode.HALF_UP).longValueExact();
                } catch (ArithmeticException e) {
                    throw new WorkloadDataException(where + ": \"timestamp\" " + ms + " ms is out of range");
                }
                return new TraceRecord(nanos, in, out, ids);
            }
        };
    }

    private long[] hashIds(JsonNode r, String where, int inputTokens) {
        JsonNode ids = r.get("hash_ids");
        if (ids == null || ids.isNull()) return new long[0];
        if (!ids.isArray()) throw new WorkloadDataException(where + ": \"hash_ids\" must be an array of whole numbers");
        long blocks = ((long) inputTokens + blockTokens - 1) / blockTokens;
        if (ids.size() > blocks) {
            throw new WorkloadDataException(where + ": " + ids.size() + " hash_ids name more than the " + blocks
                    + " blocks of " + blockTokens + " tokens in an input_length of " + inputTokens);
        }
        long[] out = new long[ids.size()];
        for (int i = 0; i < out.length; i++) {
            JsonNode id = ids.get(i);
            if (!id.isIntegralNumber() || !id.canConvertToLong()) {
                throw new WorkloadDataException(where + ": \"hash_ids\" must hold whole numbers, got " + JsonFields.brief(id));
            }
            out[i] = id.longValue();
        }
        return out;
    }
}
