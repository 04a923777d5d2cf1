package io.benchsuite.api.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A decorator's listener built on it forwards every event, with or without extra work. */
class ForwardingResponseListenerTest {

    @Test
    void everyEventReachesTheDownstreamListenerInOrder() {
        List<String> heard = new ArrayList<>();
        ResponseListener downstream = new ResponseListener() {
            @Override
            public void onConnected(long connectNanos) {
                heard.add("connected " + connectNanos);
            }

            @Override
            public void onConnectionRetry(long nanoTime, String reason) {
                heard.add("retry " + nanoTime + " " + reason);
            }

            @Override
            public void onSent(long nanoTime) {
                heard.add("sent " + nanoTime);
            }

            @Override
            public void onTokens(long nanoTime, int tokenCount, String text) {
                heard.add("tokens " + nanoTime + " " + tokenCount + " " + text);
            }

            @Override
            public void onMark(String mark, long nanoTime) {
                heard.add("mark " + mark + " " + nanoTime);
            }

            @Override
            public void onComplete(long nanoTime, Usage usage) {
                heard.add("complete " + nanoTime + " " + usage.promptTokens() + "/" + usage.completionTokens());
            }

            @Override
            public void onError(long nanoTime, BackendError error) {
                heard.add("error " + nanoTime + " " + error.kind());
            }
        };
        List<String> ends = new ArrayList<>();
        ResponseListener l = new ForwardingResponseListener(downstream) {
            @Override
            public void onComplete(long nanoTime, Usage usage) {
                ends.add("complete");
                super.onComplete(nanoTime, usage);
            }
        };
        l.onConnected(5);
        l.onConnectionRetry(6, "reset");
        l.onSent(7);
        l.onMark("firstByte", 8);
        l.onTokens(8, 2, "ab");
        l.onComplete(9, new Usage(3, 2));
        l.onError(10, BackendError.of(ErrorKind.READ_TIMEOUT, "late"));
        assertThat(heard).containsExactly("connected 5", "retry 6 reset", "sent 7", "mark firstByte 8", "tokens 8 2 ab", "complete 9 3/2",
                "error 10 READ_TIMEOUT");
        assertThat(ends).containsExactly("complete");
        assertThatThrownBy(() -> new ForwardingResponseListener(null) { })
                .isInstanceOf(NullPointerException.class).hasMessageContaining("downstream");
    }
}
