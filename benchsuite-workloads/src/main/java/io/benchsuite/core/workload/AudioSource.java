package io.benchsuite.core.workload;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.backend.AudioInputs;
import io.benchsuite.api.backend.PromptNotSent;
import io.benchsuite.api.backend.RequestExtras;
import io.benchsuite.api.workload.source.PlanCursor;
import io.benchsuite.api.workload.source.SourceContext;
import io.benchsuite.api.workload.source.WorkloadSource;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.IntToLongFunction;

/**
 * Another source's plans, each carrying synthetic audio clips ({@link AudioInputs}); a plan that brings its
 * own clips (a dataset line with {@code audio}) keeps them. The audio counterpart of {@link ImageSource}.
 *
 * <p>Every choice comes from the seed chain: request {@code i} draws its clip count, its clips' lengths and
 * seeds from {@code SplittableRandom(requestSeed(i) ^ streamSeed("audio"))}; with a pool, clip {@code j} of the
 * pool draws its length and seed from {@code streamSeed("audio/" + j)}. The same seed gives the same clips,
 * byte for byte. Plans hold the clips' descriptions only: the backend renders them.
 */
public final class AudioSource extends AddingSource {
    private final AudioOptions options;
    private final boolean transcribed;

    /**
     * {@code inner}'s plans with audio.
     *
     * @param inner where the plans come from
     * @param options the clips each plan gets
     */
    public AudioSource(WorkloadSource inner, AudioOptions options) {
        this(inner, options, false);
    }

    /**
     * {@code inner}'s plans with audio, each marked {@link PromptNotSent} when {@code transcribed}: a transcription
     * request sends its clip alone, so the run counts none of the plan's prompt as sent.
     *
     * @param inner where the plans come from
     * @param options the clips each plan gets
     * @param transcribed whether the requests are transcriptions
     */
    public AudioSource(WorkloadSource inner, AudioOptions options, boolean transcribed) {
        super(inner);
        this.options = notNull(options, "options");
        this.transcribed = transcribed;
    }

    @Override
    public String describe() {
        return inner.describe() + " + audio " + options.describe() + (transcribed ? " (transcribed, no text prompt sent)" : "");
    }

    @Override
    public PlanCursor open(SourceContext context) {
        PlanCursor plans = drawForEach(context, AudioInputs.class, "audio", this::clips);
        return transcribed ? plans.map(p -> p.withExtras(RequestExtras.of(PromptNotSent.INSTANCE))) : plans;
    }

    /** The clips of a plan whose random is {@code r}. */
    private AudioInputs clips(SplittableRandom r, IntToLongFunction poolSeed) {
        int n = options.count().sample(r);
        List<AudioInputs.Clip> clips = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            SplittableRandom clip = options.pool() > 0 ? new SplittableRandom(poolSeed.applyAsLong(r.nextInt(options.pool()))) : r;
            int seconds = options.seconds().sample(clip);
            clips.add(new AudioInputs.Synthetic(seconds * 1000, options.sampleRate(), clip.nextLong()));
        }
        return new AudioInputs(clips);
    }
}
