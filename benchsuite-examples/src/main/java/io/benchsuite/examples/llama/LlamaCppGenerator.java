package io.benchsuite.examples.llama;

import de.kherud.llama.InferenceParameters;
import de.kherud.llama.LlamaIterator;
import de.kherud.llama.LlamaModel;
import de.kherud.llama.LlamaOutput;
import de.kherud.llama.ModelParameters;
import io.benchsuite.api.backend.InferenceRequest;
import io.benchsuite.backends.inprocess.TokenGenerator;
import io.benchsuite.backends.inprocess.TokenSink;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A real model served in-process: a GGUF model loaded with java-llama.cpp (JNI), generating with
 * real tokenization, prefill and decode on the CPU. Each streamed output of the model is one token.
 * Sampling is constrained to letters and spaces ({@link #GRAMMAR}), because random-weight test
 * models otherwise emit byte sequences that are not valid UTF-8. Close it to free the native model.
 */
public final class LlamaCppGenerator implements TokenGenerator, AutoCloseable {
    /** GBNF grammar: plain letters and spaces only. */
    public static final String GRAMMAR = "root ::= [a-zA-Z ]+";

    private final LlamaModel model;
    private final Duration loadTime;
    private final Path path;

    private LlamaCppGenerator(LlamaModel model, Duration loadTime, Path path) {
        this.model = model;
        this.loadTime = loadTime;
        this.path = path;
    }

    /**
     * Loads the model (the cold start, timed).
     *
     * @param parallel sequences decoded at once (llama.cpp slots); match the backend's threads
     * @param contextPerSequence context tokens per sequence
     */
    public static LlamaCppGenerator load(Path gguf, int parallel, int contextPerSequence) {
        if (!Files.isRegularFile(gguf)) throw new IllegalArgumentException("model file not found: " + gguf);
        LlamaModel.setLogger(de.kherud.llama.args.LogFormat.TEXT, (level, message) -> { }); // llama.cpp's own logging would flood the output
        long t0 = System.nanoTime();
        LlamaModel model = new LlamaModel(new ModelParameters().setModel(gguf.toString()).setGpuLayers(0)
                .setParallel(parallel).setCtxSize(parallel * contextPerSequence).setThreads(2));
        return new LlamaCppGenerator(model, Duration.ofNanos(System.nanoTime() - t0), gguf);
    }

    /** How long loading the model took. */
    public Duration loadTime() {
        return loadTime;
    }

    /** The model file. */
    public Path path() {
        return path;
    }

    @Override
    public void generate(InferenceRequest request, TokenSink sink) {
        InferenceParameters params = new InferenceParameters(request.prompt()).setNPredict(request.maxTokens())
                .setGrammar(GRAMMAR).setTemperature((float) request.temperature()).setSeed((int) request.seed())
                .setIgnoreEos(request.ignoreEos());
        LlamaIterator it = model.generate(params).iterator();
        int produced = 0;
        try {
            while (it.hasNext()) {
                if (sink.isCancelled()) {
                    it.cancel();
                    return;
                }
                LlamaOutput out = it.next();
                // The stream ends with a stop marker carrying no text; it is not a generated token.
                if (out.text.isEmpty() && !it.hasNext()) break;
                produced++;
                sink.token(out.text);
            }
        } catch (RuntimeException e) {
            it.cancel();
            throw e;
        }
        sink.usage(model.encode(request.prompt()).length, produced);
    }

    @Override
    public void close() {
        model.close();
    }
}
