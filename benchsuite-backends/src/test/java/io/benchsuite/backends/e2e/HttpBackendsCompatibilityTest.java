package io.benchsuite.backends.e2e;

import io.benchsuite.api.backend.Backend;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendRegistry;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.tokenizer.Tokenizer;
import io.benchsuite.sim.server.SimHttpServer;
import io.benchsuite.tck.BackendCompatibilityKit;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;

/**
 * Every HTTP backend keeps the backend contract: the compatibility kit against the simulator's
 * HTTP server, which answers normally, fails every request (HTTP 500), or streams slowly.
 */
class HttpBackendsCompatibilityTest {
    private static final String MODEL = "llama-3-8b";
    /** One token per whitespace-separated word, as the simulator generates them. */
    private static final Tokenizer WORDS = new Tokenizer() {
        @Override
        public String name() {
            return "words";
        }

        @Override
        public int countTokens(String text) {
            return text.isBlank() ? 0 : text.trim().split("\\s+").length;
        }
    };
    private static SimHttpServer normal;
    private static SimHttpServer failing;
    private static SimHttpServer slow;

    @BeforeAll
    static void startServers() {
        normal = server(0.02).start();
        failing = server(0.02).errorRate(1.0).start();
        slow = server(2.0).start(); // twice slower than real time: a 256-token answer takes seconds
    }

    private static SimHttpServer.Builder server(double timeScale) {
        return SimHttpServer.builder().config(BackendConfig.of(Map.of("model", MODEL, "time-scale", Double.toString(timeScale))))
                .tokenizer(WORDS).port(0);
    }

    @AfterAll
    static void stopServers() {
        for (SimHttpServer s : new SimHttpServer[] {normal, failing, slow}) {
            if (s != null) s.close();
        }
    }

    /** The kit for one provider, created by name through the registry as a user would. */
    abstract static class Kit extends BackendCompatibilityKit {
        abstract String provider();

        private Backend create(SimHttpServer server) {
            return BackendRegistry.load().create(provider(),
                    BackendConfig.of(Map.of("url", server.baseUri().toString(), "model", MODEL)));
        }

        @Override
        protected Backend createBackend() {
            return create(normal);
        }

        @Override
        protected Backend createFailingBackend() {
            return create(failing);
        }

        @Override
        protected Backend createSlowBackend() {
            return create(slow);
        }

        @Override
        protected InferenceRequest request(long index, int maxTokens) {
            return new InferenceRequest(index, MODEL, List.of(ChatMessage.user("hello from the compatibility kit")), 5,
                    maxTokens, true, 0.0, index, true, Map.of());
        }

        @Override
        protected boolean exactOutputLength() {
            return true; // the simulator has no end-of-sequence
        }

        @Override
        protected Set<String> sharedThreadNamePrefixes() {
            return Set.of("benchsuite-sim-http-"); // the server's, not the backend's
        }
    }

    @Nested
    class Openai extends Kit {
        @Override
        String provider() {
            return "openai";
        }
    }

    @Nested
    class Vllm extends Kit {
        @Override
        String provider() {
            return "vllm";
        }
    }

    @Nested
    class Sglang extends Kit {
        @Override
        String provider() {
            return "sglang";
        }
    }

    @Nested
    class LlamaCpp extends Kit {
        @Override
        String provider() {
            return "llamacpp";
        }
    }

    @Nested
    class Transformers extends Kit {
        @Override
        String provider() {
            return "transformers";
        }
    }

    @Nested
    class TgiMessagesApi extends Kit {
        @Override
        String provider() {
            return "tgi";
        }
    }

    @Nested
    class TgiNative extends Kit {
        @Override
        String provider() {
            return "tgi-native";
        }
    }
}
