package io.benchsuite.backends.openai;

import static io.benchsuite.backends.testing.Fixtures.okServer;
import static io.benchsuite.backends.testing.Fixtures.openai;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchsuite.api.backend.ChatMessage;
import io.benchsuite.api.backend.ImageInputs;
import io.benchsuite.api.backend.ImageInputs.Format;
import io.benchsuite.api.backend.ImagesSent;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.RequestExtras;
import io.benchsuite.backends.media.SyntheticImages;
import io.benchsuite.backends.testing.ScriptedServer;
import io.benchsuite.tck.RecordingListener;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Images go out as content parts of the last user message; the rest of the body is what it is without them. */
class ImageChatBodyTest {
    private static final List<ChatMessage> MESSAGES = List.of(new ChatMessage("system", "be \"brief\""),
            ChatMessage.user("first"), new ChatMessage("assistant", "ok"), ChatMessage.user("what is in 日本 \n these?"));
    private static final ImageInputs IMAGES = new ImageInputs(List.of(new ImageInputs.Synthetic(40, 30, Format.PNG, 5),
            new ImageInputs.Synthetic(20, 10, Format.JPEG, 6), new ImageInputs.Reference("https://example.test/a.png")));

    private static InferenceRequest request(ImageInputs images) {
        InferenceRequest r = new InferenceRequest(3, "test-model", MESSAGES, 12, 8, true, 0.0, 42, true, Map.of(), null);
        return images == null ? r : r.withExtra(images);
    }

    @Test
    void theLastUserMessageCarriesTheImagesAsContentParts() throws Exception {
        try (ScriptedServer server = okServer(); OpenAiBackend b = openai(Preset.VLLM, server.url())) {
            RecordingListener l = new RecordingListener();
            b.send(request(IMAGES), l);
            l.await();
            assertThat(l.error()).isNull();
            ScriptedServer.Received post = server.requests().stream().filter(r -> r.method().equals("POST")).findFirst().orElseThrow();
            JsonNode body = post.json();
            JsonNode ms = body.get("messages");
            assertThat(ms).hasSize(4);
            for (int i = 0; i < 3; i++) assertThat(ms.get(i).get("content").asText()).isEqualTo(MESSAGES.get(i).content());
            JsonNode parts = ms.get(3).get("content");
            assertThat(ms.get(3).get("role").asText()).isEqualTo("user");
            assertThat(parts).hasSize(4);
            assertThat(parts.get(0).get("type").asText()).isEqualTo("text");
            assertThat(parts.get(0).get("text").asText()).isEqualTo(MESSAGES.get(3).content());
            String[] prefixes = {"data:image/png;base64,", "data:image/jpeg;base64,"};
            long imageBytes = 0;
            for (int k = 0; k < 2; k++) {
                JsonNode part = parts.get(1 + k);
                assertThat(part.get("type").asText()).isEqualTo("image_url");
                String url = part.get("image_url").get("url").asText();
                assertThat(url).startsWith(prefixes[k]);
                byte[] expected = SyntheticImages.encode((ImageInputs.Synthetic) IMAGES.images().get(k));
                assertThat(Base64.getDecoder().decode(url.substring(prefixes[k].length()))).isEqualTo(expected);
                imageBytes += expected.length;
            }
            assertThat(parts.get(3).get("image_url").get("url").asText()).isEqualTo("https://example.test/a.png");
            // every other member is the one a request without images sends
            JsonNode plain = b.body(request(null));
            plain.fieldNames().forEachRemaining(f -> {
                if (!f.equals("messages")) assertThat(body.get(f)).as(f).isEqualTo(plain.get(f));
            });
            assertThat(body.size()).isEqualTo(plain.size());
            ImagesSent sent = l.extras().get(ImagesSent.class).orElseThrow();
            assertThat(sent).isEqualTo(new ImagesSent(3, imageBytes, post.body().length));
            assertThat(sent.logFields()).containsEntry("images", 3).containsEntry("payloadBytes", (long) post.body().length);
        }
    }

    @Test
    void aRequestWithoutImagesReportsNoImagesAndTheCompletionsApiRefusesThem() throws Exception {
        try (ScriptedServer server = okServer(); OpenAiBackend b = openai(Preset.VLLM, server.url())) {
            RecordingListener l = new RecordingListener();
            b.send(request(null), l);
            l.await();
            assertThat(l.extras().get(ImagesSent.class)).isEmpty();
        }
        try (ScriptedServer server = okServer(); OpenAiBackend b = openai(Preset.OPENAI, server.url(), "endpoint", "completions")) {
            RecordingListener l = new RecordingListener();
            b.send(request(IMAGES), l);
            l.await();
            assertThat(l.error()).isNotNull();
            assertThat(l.error().message()).contains("images need the chat endpoint");
        }
    }

    @Test
    void theSameImagesInManyRequestsAreEncodedOnce() throws Exception {
        try (ScriptedServer server = okServer(); OpenAiBackend b = openai(Preset.VLLM, server.url())) {
            for (int i = 0; i < 20; i++) {
                b.bodyBytes(request(IMAGES));
            }
            assertThat(b.imageUrls().encodings()).isEqualTo(3);
        }
    }

    @Test
    void imagesAreEncodedWhenTheRequestIsPreparedNotWhenItIsSent() throws Exception {
        try (ScriptedServer server = okServer(); OpenAiBackend b = openai(Preset.VLLM, server.url())) {
            var messages = List.of(io.benchsuite.api.backend.ChatMessage.user("look"));
            b.prepare(messages, RequestExtras.of(IMAGES));
            assertThat(b.imageUrls().encodings()).as("encoded on the planning thread").isEqualTo(3);
            b.bodyBytes(request(IMAGES));
            assertThat(b.imageUrls().encodings()).as("the send finds them encoded").isEqualTo(3);
        }
    }
}
