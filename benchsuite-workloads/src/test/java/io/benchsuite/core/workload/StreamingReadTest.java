package io.benchsuite.core.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.WorkloadSource;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.LongFunction;
import org.junit.jupiter.api.Test;

/**
 * Sources read their input as a stream: after k plans they have taken no more bytes than the first
 * k records and a read-ahead window, however large the input. (Memory in a run follows: a source
 * that read ahead unboundedly, or loaded the file, would fail here at once.)
 */
class StreamingReadTest {
    /** Read buffers along the way: 64 KiB buffered stream + 64 KiB of chars + a decoder's or parser's 8 KiB. */
    private static final long WINDOW = 256 * 1024;
    private static final int RECORDS = 20_000;

    /** An input of generated records that counts the bytes handed out. */
    private static final class Generated extends InputStream {
        final long[] endOf = new long[RECORDS + 1];
        private final LongFunction<String> record;
        private final String head;
        private final String tail;
        private byte[] current = new byte[0];
        private int at;
        private long next = -1;
        long consumed;

        Generated(String head, LongFunction<String> record, String tail) {
            this.head = head;
            this.record = record;
            this.tail = tail;
        }

        private boolean refill() {
            if (next > RECORDS) return false;
            String text = next < 0 ? head : next == RECORDS ? tail : record.apply(next);
            current = text.getBytes(StandardCharsets.UTF_8);
            at = 0;
            next++;
            return true;
        }

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        /** Fills as much as asked, as a file does, so every buffer on the way reads as far ahead as it wants. */
        @Override
        public int read(byte[] b, int off, int len) {
            int done = 0;
            while (done < len) {
                if (at == current.length) {
                    if (!refill()) break;
                    if (next >= 1 && next <= RECORDS) endOf[(int) next - 1] = consumed + current.length;
                    continue;
                }
                int n = Math.min(len - done, current.length - at);
                System.arraycopy(current, at, b, off + done, n);
                at += n;
                consumed += n;
                done += n;
            }
            return done == 0 && len > 0 ? -1 : done;
        }
    }

    private static void assertStreams(Generated input, WorkloadSource source) {
        try (PlanCursor c = source.open(Fixtures.CONTEXT)) {
            for (int k = 1; k <= RECORDS; k++) {
                assertThat(c.next()).isPresent();
                if (k % 1000 == 0) {
                    long needed = input.endOf[k - 1];
                    assertThat(input.consumed).as("bytes taken after %d plans", k).isLessThanOrEqualTo(needed + WINDOW);
                }
            }
            assertThat(c.next()).isEmpty();
        }
        // The input is several times the window, so the bound above says something.
        assertThat(input.endOf[RECORDS - 1]).isGreaterThan(4 * WINDOW);
    }

    @Test
    void aMooncakeTraceIsReadALineAtATime() {
        Generated g = new Generated("", i -> "{\"timestamp\": " + i * 10 + ", \"input_length\": 24, \"output_length\": 3, "
                + "\"hash_ids\": [" + (i % 7) + "], \"note\": \"" + "x".repeat((int) (i % 50)) + "\"}\n", "");
        assertStreams(g, new MooncakeTraceSource(DataInput.of("generated.jsonl", () -> g), TraceOptions.defaults()));
    }

    @Test
    void aShareGptArrayIsReadAConversationAtATime() {
        Generated g = new Generated("[", i -> (i == 0 ? "" : ",") + "{\"id\": \"c" + i + "\", \"conversations\": ["
                + "{\"from\": \"human\", \"value\": \"question number " + i + " about streams\"},"
                + "{\"from\": \"gpt\", \"value\": \"answer number " + i + " about reading\"}]}\n", "]");
        assertStreams(g, new ShareGptSource(DataInput.of("generated.json", () -> g), ShareGptOptions.defaults()));
    }

    @Test
    void jsonlPromptsAndCsvTracesStreamToo() {
        Generated prompts = new Generated("", i -> "{\"prompt\": \"tell me about the number " + i + ", in some detail please\"}\n", "");
        assertStreams(prompts, new JsonlPromptSource(DataInput.of("generated.jsonl", () -> prompts), LengthDistribution.fixed(4), 0));
        Generated azure = new Generated("TIMESTAMP,ContextTokens,GeneratedTokens,Region\n",
                i -> String.format("2023-11-16 18:%02d:%02d.%07d,%d,%d,westeurope-datacenter-zone-%d%n", i / 6000 % 60, i / 100 % 60,
                        i % 100 * 1000, 20 + i % 9, 5, i % 3),
                "");
        assertStreams(azure, new AzureTraceSource(DataInput.of("generated.csv", () -> azure), TraceOptions.defaults()));
    }
}
