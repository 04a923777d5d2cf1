package io.benchsuite.core.schedule;

import static io.benchsuite.api.util.Checks.notNull;

import io.benchsuite.api.seed.ScenarioSeed;
import io.benchsuite.api.workload.LengthDistribution;
import io.benchsuite.core.prompt.SyntheticPrompts;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.SplittableRandom;

/**
 * Derives request {@code i}'s lengths and prompt from the scenario seed and {@code i} alone, so the
 * same seed gives the same prompt set whatever the timing. The request's generator is
 * {@code new SplittableRandom(scenario.requestSeed(i))}, drawn in this order: input length, output
 * length, prompt words.
 */
public final class RequestPlanner {
    private final ScenarioSeed scenario;
    private final LengthDistribution input;
    private final LengthDistribution output;
    private final SyntheticPrompts prompts;

    public RequestPlanner(ScenarioSeed scenario, LengthDistribution input, LengthDistribution output,
                          SyntheticPrompts prompts) {
        this.scenario = notNull(scenario, "scenario");
        this.input = notNull(input, "input");
        this.output = notNull(output, "output");
        this.prompts = notNull(prompts, "prompts");
    }

    /** The content of request {@code index}. Thread-safe. */
    public PlannedRequest plan(long index) {
        long seed = scenario.requestSeed(index);
        SplittableRandom random = new SplittableRandom(seed);
        int in = input.sample(random);
        int out = output.sample(random);
        String prompt = prompts.generate(in, random);
        return new PlannedRequest(index, seed, prompt, hash(prompt), in, out);
    }

    /** First 16 hex digits of SHA-256 of the UTF-8 text. */
    public static String hash(String text) {
        MessageDigest sha = SHA256.get(); // digest() resets it for the next call
        byte[] d = sha.digest(text.getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(d, 0, 8);
    }

    /**
     * One digest per thread: looking SHA-256 up among the security providers for every prompt cost about as much as
     * hashing a 512-token prompt (a simulated hour hashes 72,000).
     */
    private static final ThreadLocal<MessageDigest> SHA256 = ThreadLocal.withInitial(() -> {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    });
}
