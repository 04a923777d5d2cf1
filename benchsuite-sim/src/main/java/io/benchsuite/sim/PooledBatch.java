package io.benchsuite.sim;

import io.benchsuite.api.backend.BackendError;
import io.benchsuite.api.backend.BatchInputs;
import io.benchsuite.api.backend.BatchResult;
import io.benchsuite.api.backend.ErrorKind;
import io.benchsuite.api.backend.RequestHandle;
import io.benchsuite.api.backend.ResponseListener;
import io.benchsuite.api.backend.Usage;
import io.benchsuite.sim.internal.PromptBlocks;
import io.benchsuite.sim.internal.Sequence;
import java.util.ArrayList;
import java.util.List;

/**
 * An embeddings, rerank or score request in process ({@link BatchInputs}), served as {@code serve-sim} serves
 * one: each input (each query-document pair) is a prefill-only engine request of its tokens plus the query's,
 * scheduled with everything else in flight, and the request completes when the last of them does. It then
 * reports what an HTTP backend reports of such a response: a {@link BatchResult} (every input returned, a rerank's
 * {@code top_n} best when it asks for fewer; vectors {@link #DIMENSIONS} wide for embeddings), no token, and a usage of the prompt tokens with 0 completion tokens.
 * An input the engine can never run rejects the whole request, as the server answers 400.
 */
public final class PooledBatch {
    /** Width of the vectors a simulated embeddings model returns (a small sentence-embedding model's). */
    public static final int DIMENSIONS = 384;

    /** What a batch needs of the engine that runs it. */
    interface Engine {
        /** A fresh engine-unique sequence id. */
        long nextId();

        /** Why a prompt of this length cannot run at all, or null. */
        String admissionProblem(int promptTokens, int maxTokens);

        /** Queues a sequence; false when the engine is closed. */
        boolean submit(Sequence s);

        /** Cancels a queued or running sequence. */
        void cancel(Sequence s);
    }

    private final ResponseListener listener;
    private final BatchInputs batch;
    private final List<Sequence> sequences = new ArrayList<>();
    private final Engine engine;
    private final int returned;
    private long promptTokens;
    private int remaining;
    private boolean ended;

    private PooledBatch(ResponseListener listener, BatchInputs batch, int returned, Engine engine) {
        this.returned = returned;
        this.listener = listener;
        this.batch = batch;
        this.engine = engine;
    }

    /**
     * Runs a batch whose {@code onSent} was delivered; every later event goes to {@code listener}.
     *
     * @param batch the request's inputs
     * @param returned the results the response holds ({@link SimEndpoint#returned(int)}: a rerank's {@code top_n})
     * @param listener the request's listener
     * @param nowNanos the engine's time now, for an immediate rejection
     * @param engine the engine
     * @return a handle that cancels every input still running
     */
    static RequestHandle send(BatchInputs batch, int returned, ResponseListener listener, long nowNanos, Engine engine) {
        PooledBatch b = new PooledBatch(listener, batch, returned, engine);
        List<Integer> tokens = new ArrayList<>(batch.size());
        for (int i = 0; i < batch.size(); i++) {
            int t = Math.max(1, batch.inputTokens().get(i) + batch.queryTokens());
            String problem = engine.admissionProblem(t, 1);
            if (problem != null) {
                listener.onError(nowNanos, BackendError.of(ErrorKind.REJECTED, "input " + i + ": " + problem));
                return RequestHandle.NONE;
            }
            tokens.add(t);
            b.promptTokens += t;
        }
        b.remaining = batch.size();
        for (int i = 0; i < batch.size(); i++) {
            String text = batch.query() == null ? batch.inputs().get(i) : batch.query() + "\n" + batch.inputs().get(i);
            long id = engine.nextId();
            Sequence s = new Sequence(id, b.new Input(), tokens.get(i), 1, PromptBlocks.of(text), Seeds.mix(id));
            synchronized (b) {
                b.sequences.add(s);
            }
            if (!engine.submit(s)) {
                b.fail(nowNanos, BackendError.of(ErrorKind.REJECTED, "sim backend is closed"));
                break;
            }
        }
        return b::cancel;
    }

    private void cancel() {
        List<Sequence> all;
        synchronized (this) {
            all = List.copyOf(sequences);
        }
        for (Sequence s : all) engine.cancel(s);
    }

    private void fail(long nanoTime, BackendError error) {
        synchronized (this) {
            if (ended) return;
            ended = true;
        }
        cancel();
        listener.onError(nanoTime, error);
    }

    /** The events of one input: only its end counts, its one token is the pooled output nobody streams. */
    private final class Input extends ResponseListener.Ignoring {
        @Override
        public void onComplete(long nanoTime, Usage usage) {
            synchronized (PooledBatch.this) {
                if (ended || --remaining > 0) return;
                ended = true;
            }
            int n = batch.size();
            listener.onExtra(new BatchResult(n, batch.totalInputTokens(), returned, batch.query() == null ? DIMENSIONS : 0));
            listener.onComplete(nanoTime, new Usage((int) Math.min(Integer.MAX_VALUE, promptTokens), 0));
        }

        @Override
        public void onError(long nanoTime, BackendError error) {
            fail(nanoTime, error);
        }
    }
}
