package io.benchsuite.sim.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchsuite.sim.Adapters;
import io.benchsuite.sim.SimSettings;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AdaptersTest {

    @Test
    void anAdapterNotLoadedPaysTheLoadAndTheLeastRecentlyUsedIsEvicted() {
        AdapterSlots slots = new AdapterSlots(new Adapters(List.of("a", "b", "c"), 2, 5), 0.001);
        assertThat(slots.acquire("base")).as("the base model never waits").isZero();
        assertThat(slots.acquire("a")).isEqualTo(5);
        assertThat(slots.acquire("a")).as("loaded").isZero();
        assertThat(slots.acquire("b")).isEqualTo(5);
        assertThat(slots.acquire("a")).as("still loaded, now the most recent").isZero();
        assertThat(slots.acquire("c")).as("evicts b, the least recently used").isEqualTo(5);
        assertThat(slots.loaded()).containsExactly("a", "c");
        assertThat(slots.acquire("b")).isEqualTo(5);
        assertThat(slots.counts()).containsExactly(4, 2);
    }

    @Test
    void badSettingsAreRefused() {
        assertThatThrownBy(() -> new Adapters(List.of("a", "a"), 1, 0)).hasMessage("adapter 'a' is named twice");
        assertThatThrownBy(() -> new Adapters(List.of("a"), 0, 0)).hasMessage("maxLoras must be at least 1, got 0");
        assertThatThrownBy(() -> new Adapters(List.of("a"), 1, -1)).hasMessage("loadMillis must be a non-negative number, got -1.0");
    }

    @Test
    void theServerAnswersItsAdaptersRefusesOtherModelsAndLogsTheModelAndHeaders(@TempDir Path tmp) throws Exception {
        Path log = tmp.resolve("log.jsonl");
        try (SimHttpServer server = SimHttpServer.builder().settings(SimSettings.builder().timeScale(0.01).build())
                .tokenizer(SimHttpServerTest.WORDS).servedModelName("base").adapters(new Adapters(List.of("lora-a"), 1, 40))
                .requestLog(log).start()) {
            HttpClient http = HttpClient.newHttpClient();
            List<Integer> codes = new ArrayList<>();
            String unknownBody = null;
            for (String model : List.of("base", "lora-a", "lora-z")) {
                HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(server.baseUri() + "/v1/chat/completions"))
                        .header("Content-Type", "application/json").header("x-session-id", "s-" + model)
                        .POST(HttpRequest.BodyPublishers.ofString("{\"model\":\"" + model
                                + "\",\"max_tokens\":2,\"messages\":[{\"role\":\"user\",\"content\":\"hi there\"}]}"))
                        .build(), HttpResponse.BodyHandlers.ofString());
                codes.add(r.statusCode());
                if (model.equals("lora-z")) unknownBody = r.body();
            }
            assertThat(codes).containsExactly(200, 200, 404);
            assertThat(unknownBody).contains("The model `lora-z` does not exist.");
        }
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> routed = new ArrayList<>();
        for (String l : Files.readAllLines(log)) {
            JsonNode n = json.readTree(l);
            if (n.has("model")) routed.add(n);
        }
        assertThat(routed).extracting(n -> n.get("model").asText()).containsExactly("base", "lora-a");
        assertThat(routed).extracting(n -> n.get("adapterLoadMs").asDouble()).containsExactly(0.0, 40.0);
        assertThat(routed).extracting(n -> n.path("headers").path("x-session-id").asText()).containsExactly("s-base", "s-lora-a");
    }
}
