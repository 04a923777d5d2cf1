package io.benchsuite.examples.fake;

import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.concurrent.Semaphore;

/**
 * Stands in for "your own Java serving code": a toy engine with a prefill cost per prompt
 * character, a decode cost per token, and a fixed number of compute slots (like a batch limit), so
 * latency grows once more requests arrive than it has slots. It knows nothing of benchsuite.
 */
public final class FakeServingStack {
    private final long prefillMicrosPerChar;
    private final long decodeMicrosPerToken;
    private final Semaphore slots;

    /**
     * @param prefillMicrosPerChar prompt processing time per character
     * @param decodeMicrosPerToken time to produce each output token
     * @param slots requests served at once; others wait for a slot
     */
    public FakeServingStack(long prefillMicrosPerChar, long decodeMicrosPerToken, int slots) {
        if (slots < 1) throw new IllegalArgumentException("slots must be >= 1, got " + slots);
        this.prefillMicrosPerChar = prefillMicrosPerChar;
        this.decodeMicrosPerToken = decodeMicrosPerToken;
        this.slots = new Semaphore(slots, true);
    }

    /** Generates {@code maxTokens} words for {@code prompt}, lazily: each {@code next()} takes one decode step. */
    public Iterator<String> generate(String prompt, int maxTokens) {
        return new Iterator<>() {
            int produced;
            boolean holding;

            @Override
            public boolean hasNext() {
                boolean more = produced < maxTokens;
                if (!more && holding) {
                    holding = false;
                    slots.release();
                }
                return more;
            }

            @Override
            public String next() {
                if (produced >= maxTokens) throw new NoSuchElementException();
                try {
                    if (!holding) {
                        slots.acquire();
                        holding = true;
                        sleepMicros(prefillMicrosPerChar * prompt.length());
                    }
                    sleepMicros(decodeMicrosPerToken);
                } catch (InterruptedException e) {
                    if (holding) {
                        holding = false;
                        slots.release();
                    }
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("generation interrupted", e);
                }
                produced++;
                return produced == 1 ? "word" : " word";
            }
        };
    }

    private static void sleepMicros(long micros) throws InterruptedException {
        if (micros > 0) Thread.sleep(micros / 1000, (int) (micros % 1000) * 1000);
    }
}
