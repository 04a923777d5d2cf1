package io.benchsuite.sim;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.AudioInputs;
import io.benchsuite.api.backend.BackendConfig;
import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.BackendOption;
import io.benchsuite.api.backend.BatchInputs;
import io.benchsuite.api.backend.ConfigurationException;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.ImageInputs;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.api.backend.ResponseListener;
import java.io.IOException;
import java.util.List;
import java.util.Locale;

/**
 * The API an in-process simulator serves and the server-side rules {@code serve-sim} takes from its flags or from
 * each request's body: the endpoint ({@code endpoint}: chat and completions generate, embeddings, rerank and score
 * pool a batch, transcriptions transcribe a request's first clip as {@link Transcription}), the audio-token rule
 * ({@code audio-tokens}, as {@code serve-sim --audio-tokens}) and the rerank {@code top_n} a client would send
 * ({@code top-n}, the key the HTTP backends send it from).
 *
 * @param endpoint the endpoint's name, lower case
 * @param audioTokens how many prompt tokens a clip becomes
 * @param topN the rerank {@code top_n}, 0 for none (every document returned)
 */
public record SimEndpoint(String endpoint, AudioTokens audioTokens, int topN) {
    /** Config key: the API a run calls ({@code --endpoint}). */
    public static final String ENDPOINT = "endpoint";
    /** Config key: the audio-token rule, {@code qwen2-audio} (default), {@code whisper} or tokens per second. */
    public static final String AUDIO_TOKENS = "audio-tokens";
    /** Config key: the rerank {@code top_n}; default 0 (none). */
    public static final String TOP_N = "top-n";
    private static final List<String> ENDPOINTS = List.of("chat", "completions", "embeddings", "rerank", "score", "transcriptions");
    /** Chat, Qwen2-Audio's audio tokens, no {@code top_n}. */
    public static final SimEndpoint CHAT = new SimEndpoint("chat", AudioTokens.QWEN2_AUDIO, 0);

    /**
     * Checks the endpoint is known and {@code topN} not negative.
     *
     * @param endpoint the endpoint's name
     * @param audioTokens the audio-token rule
     * @param topN the rerank {@code top_n}, 0 for none
     */
    public SimEndpoint {
        notNull(endpoint, "endpoint");
        notNull(audioTokens, "audioTokens");
        if (!ENDPOINTS.contains(endpoint)) {
            throw new IllegalArgumentException("endpoint must be one of " + String.join(", ", ENDPOINTS) + ", got '" + endpoint + "'");
        }
        if (topN < 0) throw new IllegalArgumentException("topN must be >= 0, got " + topN);
    }

    /**
     * Reads {@link #ENDPOINT} ({@code audio/transcriptions} and {@code transcription} accepted),
     * {@link #AUDIO_TOKENS} and {@link #TOP_N}.
     *
     * @param config the backend configuration
     * @return the endpoint
     * @throws ConfigurationException naming the key of a bad value
     */
    public static SimEndpoint fromConfig(BackendConfig config) {
        String e = config.string(ENDPOINT, "chat").strip().toLowerCase(Locale.ROOT);
        if (e.startsWith("/")) e = e.substring(1);
        if (e.startsWith("v1/")) e = e.substring(3);
        if (e.equals("audio/transcriptions") || e.equals("transcription")) e = "transcriptions";
        AudioTokens rule;
        try {
            rule = AudioTokens.parse(config.string(AUDIO_TOKENS, "qwen2-audio"));
        } catch (IllegalArgumentException ex) {
            throw new ConfigurationException(AUDIO_TOKENS, "backend config key '" + AUDIO_TOKENS + "': " + ex.getMessage(), ex);
        }
        int topN = config.integer(TOP_N, 0);
        try {
            return new SimEndpoint(e, rule, topN);
        } catch (IllegalArgumentException ex) {
            String key = ex.getMessage().startsWith("topN") ? TOP_N : ENDPOINT;
            throw new ConfigurationException(key, "backend config key '" + key + "': " + ex.getMessage(), ex);
        }
    }

    /**
     * The options {@link #fromConfig} reads.
     *
     * @return their declarations
     */
    public static List<BackendOption> options() {
        return List.of(
                BackendOption.oneOf(ENDPOINT, "the API served: chat and completions generate; embeddings, rerank and "
                        + "score run each input of a batch as a prefill-only request; transcriptions prefills a request's "
                        + "first audio clip and generates its transcript", ENDPOINTS.toArray(String[]::new)).withDefault("chat"),
                BackendOption.string(AUDIO_TOKENS, "prompt tokens of an audio clip, as serve-sim --audio-tokens: qwen2-audio "
                        + "(25 a second), whisper (1500 per started 30 s) or a number of tokens per second").withDefault("qwen2-audio"),
                BackendOption.integer(TOP_N, "top_n of each rerank request (0: none, every document returned)").withDefault("0"));
    }

    /** Whether requests are transcriptions. */
    public boolean transcriptions() {
        return endpoint.equals("transcriptions");
    }

    /**
     * How many results a batch of {@code inputs} inputs returns at this endpoint ({@link #returned(int, boolean, int)}).
     *
     * @param inputs the inputs sent
     * @return the results returned
     */
    public int returned(int inputs) {
        return returned(inputs, endpoint.equals("rerank"), topN);
    }

    /**
     * A request as the engine runs it, the listener the engine calls and the prompt tokens of the images and audio it
     * carries (0 for a transcription, whose engine request counts its clip in its prompt).
     */
    record Routed(InferenceRequest request, ResponseListener listener, int mediaTokens) {}

    /**
     * {@code request} as this endpoint's engine runs it: a transcription's ({@link Transcription}), whose listener
     * hears the answer as an HTTP client would; any other request as it is. A transcription request without a clip
     * is rejected at {@code nowNanos}, as the HTTP client cannot build its form. A request carrying images or audio
     * tells {@code listener} their {@link io.benchsuite.api.backend.ImagesSent} and
     * {@link io.benchsuite.api.backend.AudioSent} (a transcription's first clip, the one a client would send) as an
     * HTTP client does, measured by {@code pictures} and {@code lengths}; a file that cannot be read fails the request
     * ({@link ErrorKind#BACKEND_EXCEPTION}), as a client cannot build its body.
     *
     * @param request the client's request
     * @param listener the client's listener
     * @param nowNanos the engine's time now
     * @param lengths the clips' lengths and bytes
     * @param pictures the images' sizes and bytes
     * @return what the engine runs, or null when the request ended (the listener heard why)
     */
    Routed route(InferenceRequest request, ResponseListener listener, long nowNanos, ClipLengths lengths, ImageFigures pictures) {
        boolean batch = request.extras().get(BatchInputs.class).isPresent(); // a pooled batch carries no audio or images
        AudioInputs audio = transcriptions() || !batch ? request.extras().get(AudioInputs.class).orElse(null) : null;
        ImageInputs images = transcriptions() || batch ? null : request.extras().get(ImageInputs.class).orElse(null);
        List<ClipLengths.ClipFigures> clips = List.of();
        List<ImageHeader> figures = List.of();
        try {
            if (images != null) figures = pictures.of(images);
            if (audio != null) clips = lengths.of(transcriptions() ? audio.clips().subList(0, 1) : audio.clips());
        } catch (IOException e) {
            listener.onSent(nowNanos);
            listener.onError(nowNanos, BackendError.of(ErrorKind.BACKEND_EXCEPTION, e.getMessage()));
            return null;
        }
        if (images != null) listener.onExtra(ImageFigures.sent(images, figures));
        if (audio != null) listener.onExtra(ClipLengths.sent(clips));
        if (!transcriptions()) {
            return new Routed(request, listener, ImageFigures.tokens(figures, VisionTokens.QWEN2_VL) + ClipLengths.tokens(clips, audioTokens));
        }
        if (clips.isEmpty()) {
            listener.onSent(nowNanos);
            listener.onError(nowNanos, BackendError.of(ErrorKind.REJECTED,
                    "a transcription request needs an audio clip (--audio-count, or \"audio\" in the dataset's lines)"));
            return null;
        }
        Transcription t = Transcription.of(clips.get(0).seconds(), audioTokens);
        return new Routed(t.engineRequest(request.index(), request.model(), request.seed(), request.stream()),
                Transcription.answer(listener, request.stream()), 0);
    }

    /**
     * How many results a response of {@code inputs} inputs returns: a rerank's {@code top_n} best when it asked for
     * fewer than it sent, else one per input (as vLLM answers; {@code serve-sim} answers alike).
     *
     * @param inputs the inputs sent
     * @param rerank whether the request is a rerank
     * @param topN the {@code top_n} asked, 0 for none
     * @return the results returned
     */
    public static int returned(int inputs, boolean rerank, int topN) {
        return rerank && topN > 0 ? Math.min(topN, inputs) : inputs;
    }
}
