package io.benchsuite.backends.openai;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchsuite.api.backend.InferenceRequest;

/**
 * Server-specific defaults of the OpenAI-compatible backend. Each preset is its own provider name
 * ({@code --backend vllm}) so that {@code --url} is all a user must give.
 *
 * <p>Default ports are each server's own documented default:
 * vLLM {@code vllm serve --port} 8000 (docs.vllm.ai, "OpenAI-Compatible Server");
 * SGLang {@code launch_server --port} 30000 (docs.sglang.ai quick start, {@code http://127.0.0.1:30000/v1});
 * llama.cpp {@code llama-server --port} 8080 (tools/server/README.md, "default: 8080");
 * {@code transformers serve} 8000 (huggingface.co/docs/transformers serving page: "The default server
 * address is http://localhost:8000");
 * TGI 8080 — the port of every {@code docker run -p 8080:80} example in the TGI docs (the container
 * listens on 80; a bare {@code text-generation-launcher} listens on 3000, give {@code --url} then).
 */
public enum Preset {
    /** Any OpenAI-compatible server; no non-standard parameters are sent. */
    OPENAI("openai", "http://localhost:8000", false, true,
            "OpenAI-compatible server (/v1/chat/completions or /v1/completions)"),
    /** vLLM: {@code ignore_eos} and {@code min_tokens = max_tokens} make the output length exact. */
    VLLM("vllm", "http://localhost:8000", true, true, "vLLM OpenAI-compatible server (exact output length)"),
    /** SGLang: {@code ignore_eos}. */
    SGLANG("sglang", "http://localhost:30000", true, true, "SGLang OpenAI-compatible server"),
    /** llama.cpp {@code llama-server}: {@code ignore_eos} and {@code n_predict}. */
    LLAMACPP("llamacpp", "http://localhost:8080", true, true, "llama.cpp server (llama-server) OpenAI-compatible API"),
    /** {@code transformers serve}; no length-forcing parameter is known to it. */
    TRANSFORMERS("transformers", "http://localhost:8000", false, false, "Hugging Face 'transformers serve'"),
    /** TGI's Messages API at {@code /v1/chat/completions}; TGI has no ignore_eos. */
    TGI("tgi", "http://localhost:8080", false, false, "Hugging Face TGI Messages API (/v1/chat/completions)");

    private final String providerName;
    private final String defaultUrl;
    private final boolean exactLength;
    private final boolean requireDone;
    private final String description;

    Preset(String providerName, String defaultUrl, boolean exactLength, boolean requireDone, String description) {
        this.providerName = providerName;
        this.defaultUrl = defaultUrl;
        this.exactLength = exactLength;
        this.requireDone = requireDone;
        this.description = description;
    }

    /** The provider name, e.g. {@code vllm}. */
    public String providerName() {
        return providerName;
    }

    /** The URL used when the config has no {@code url}. */
    public String defaultUrl() {
        return defaultUrl;
    }

    /** Whether the server accepts parameters that force the output length. */
    public boolean exactLength() {
        return exactLength;
    }

    /**
     * Whether a stream must end with {@code data: [DONE]} to count as complete. Off for servers
     * whose streams are not known to send it; there a chunk with a {@code finish_reason} suffices.
     */
    public boolean requireDone() {
        return requireDone;
    }

    /** One line for {@code --help}. */
    public String description() {
        return description;
    }

    /** Adds this server's own parameters to a request body. */
    void addParameters(ObjectNode body, InferenceRequest request, boolean lengthParameters) {
        if (this == LLAMACPP) {
            // llama.cpp reads n_predict before max_tokens; keep the two equal.
            body.put("n_predict", request.maxTokens());
        }
        if (!lengthParameters || !request.ignoreEos()) return;
        switch (this) {
            case VLLM -> {
                body.put("ignore_eos", true);
                body.put("min_tokens", request.maxTokens());
            }
            case SGLANG, LLAMACPP -> body.put("ignore_eos", true);
            default -> {
                // No known parameter: the output may end early at end-of-sequence.
            }
        }
    }
}
