package io.benchsuite.examples.plugin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.backends.http.spi.Emitter;
import io.benchsuite.backends.http.spi.MalformedResponseException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The example dialect, driven as the exchange drives it, and built from the published SPI alone. */
class PlainTextDialectTest {

    /** Records what a dialect reports, as benchsuite's exchange would receive it. */
    private static final class Recorder implements Emitter {
        final List<String> calls = new ArrayList<>();
        private boolean finished;

        @Override
        public void tokens(long nanoTime, int count, String text) {
            if (!finished) calls.add("tokens@" + nanoTime + " " + count + " '" + text + "'");
        }

        @Override
        public void complete(long nanoTime, Usage usage) {
            if (!finished) calls.add("complete@" + nanoTime + " completion=" + usage.completionTokens());
            finished = true;
        }

        @Override
        public void error(long nanoTime, BackendError error) {
            if (!finished) calls.add("error@" + nanoTime + " " + error.kind() + ": " + error.message());
            finished = true;
        }

        @Override
        public boolean finished() {
            return finished;
        }
    }

    private static void event(PlainTextDialect d, long at, String text, Emitter out) {
        // the decoder's buffer holds other bytes around the event's: the dialect reads its slice only
        byte[] buffer = ("xx" + text + "yy").getBytes(StandardCharsets.UTF_8);
        d.event(at, null, buffer, 2, buffer.length - 4, out);
    }

    @Test
    void aStreamReportsEachTokenAtItsReadTimeAndCompletesAtDone() {
        PlainTextDialect d = new PlainTextDialect();
        Recorder out = new Recorder();
        event(d, 10, "Hello", out);
        event(d, 25, " world", out);
        event(d, 31, "[DONE]", out);
        d.end(40, out);
        assertThat(out.calls).containsExactly("tokens@10 1 'Hello'", "tokens@25 1 ' world'", "complete@31 completion=2");
    }

    @Test
    void aStreamWithoutDoneIsTruncatedAndABadEventIsMalformed() {
        PlainTextDialect d = new PlainTextDialect();
        Recorder out = new Recorder();
        event(d, 10, "Hello", out);
        d.end(20, out);
        assertThat(out.calls).containsExactly("tokens@10 1 'Hello'",
                "error@20 STREAM_TRUNCATED: the stream ended before [DONE] after 1 tokens");
        assertThatThrownBy(() -> event(new PlainTextDialect(), 5, "", new Recorder()))
                .isInstanceOf(MalformedResponseException.class).hasMessage("an event without text");
    }

    @Test
    void aPlainBodyIsTheWholeAnswer() {
        Recorder out = new Recorder();
        new PlainTextDialect().body(7, " three short words\n".getBytes(StandardCharsets.UTF_8), out);
        assertThat(out.calls).containsExactly("tokens@7 3 'three short words'", "complete@7 completion=3");
    }

    @Test
    void theExampleUsesNothingButThePublishedSpiAndApi() throws Exception {
        String source = Files.readString(Path.of("src/main/java/io/benchsuite/examples/plugin/PlainTextDialect.java"));
        assertThat(source).doesNotContain(".internal.").contains("import io.benchsuite.backends.http.spi.ResponseDialect;");
    }
}
