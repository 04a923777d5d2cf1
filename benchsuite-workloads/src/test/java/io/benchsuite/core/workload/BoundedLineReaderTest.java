package io.benchsuite.core.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.workload.source.WorkloadDataException;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Lines of datasets and traces: bounded before they are held, and a byte that is not UTF-8 named at its line. */
class BoundedLineReaderTest {
    private static DataInput bytes(byte[] content) {
        return DataInput.of("t.jsonl", () -> new ByteArrayInputStream(content));
    }

    @Test
    void linesEndAtLfCrLfOrCr() throws IOException {
        BufferedReader r = bytes("a\nb\r\nc\rd".getBytes(StandardCharsets.UTF_8)).openText("mooncake trace");
        assertThat(r.readLine()).isEqualTo("a");
        assertThat(r.readLine()).isEqualTo("b");
        assertThat(r.readLine()).isEqualTo("c");
        assertThat(r.readLine()).isEqualTo("d");
        assertThat(r.readLine()).isNull();
        BufferedReader blank = bytes("\n\nx\n".getBytes(StandardCharsets.UTF_8)).openText("mooncake trace");
        assertThat(blank.readLine()).isEmpty();
        assertThat(blank.readLine()).isEmpty();
        assertThat(blank.readLine()).isEqualTo("x");
        assertThat(blank.readLine()).isNull();
    }

    @Test
    void aLineOverTheBoundIsRefusedNamingItsLineAndTheBound() throws IOException {
        BufferedReader r = bytes(("short\n" + "y".repeat(100) + "\n").getBytes(StandardCharsets.UTF_8))
                .openText("mooncake trace", 64);
        assertThat(r.readLine()).isEqualTo("short");
        assertThatThrownBy(r::readLine).isInstanceOf(WorkloadDataException.class)
                .hasMessage("mooncake trace 't.jsonl' line 2: longer than 64 characters, the longest line read");
        assertThat(BoundedLineReader.MAX_LINE_CHARS).isEqualTo(16 << 20);
    }

    @Test
    void bytesThatAreNotUtf8AreNamedAtTheirLineNotWithTheDecodersText() {
        // was: cannot read mooncake trace 't.jsonl': Input length = 1
        byte[] latin1 = "{\"timestamp\": 0, \"input_length\": 5, \"output_length\": 1}\n{\"caf\u00e9\": 1}\n"
                .getBytes(StandardCharsets.ISO_8859_1);
        MooncakeTraceSource trace = new MooncakeTraceSource(bytes(latin1), TraceOptions.defaults());
        assertThatThrownBy(() -> Fixtures.plans(trace, 10)).isInstanceOf(WorkloadDataException.class)
                .hasMessage("mooncake trace 't.jsonl' line 2: not UTF-8 text (save the file as UTF-8)");
    }
}
