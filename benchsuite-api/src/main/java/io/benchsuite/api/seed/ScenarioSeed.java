package io.benchsuite.api.seed;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/** The seed of one scenario, from which every random choice of its requests derives. See {@link SeedChain}. */
public final class ScenarioSeed {
    private final String name;
    private final byte[] seed;

    ScenarioSeed(String name, byte[] seed) {
        this.name = name;
        this.seed = seed;
    }

    /**
     * The scenario name.
     *
     * @return the scenario name
     */
    public String name() {
        return name;
    }

    /**
     * The 32-byte seed as 64 lower-case hex digits.
     *
     * @return the 32-byte seed as 64 lower-case hex digits
     */
    public String hex() {
        return HexFormat.of().formatHex(seed);
    }

    /**
     * The seed of request {@code index}: first 8 bytes (big-endian) of SHA-256(seed ‖ be64(index)).
     *
     * @param index the request's position in the schedule
     * @return the seed of request {@code index}: first 8 bytes (big-endian) of SHA-256(seed ‖ be64(index))
     */
    public long requestSeed(long index) {
        byte[] b = new byte[8];
        for (int i = 0; i < 8; i++) b[i] = (byte) (index >>> (56 - 8 * i));
        return firstLong(SeedChain.sha256(seed, b));
    }

    /**
     * The seed of a scenario-wide stream: first 8 bytes (big-endian) of SHA-256(seed ‖ UTF-8(purpose)).
     *
     * @param purpose what the stream is for, e.g. {@code arrivals}
     * @return the seed of a scenario-wide stream: first 8 bytes (big-endian) of SHA-256(seed ‖ UTF-8(purpose))
     */
    public long streamSeed(String purpose) {
        return firstLong(SeedChain.sha256(seed, purpose.getBytes(StandardCharsets.UTF_8)));
    }

    private static long firstLong(byte[] digest) {
        long v = 0;
        for (int i = 0; i < 8; i++) v = (v << 8) | (digest[i] & 0xff);
        return v;
    }

    @Override
    public String toString() {
        return "ScenarioSeed[" + name + " " + hex() + "]";
    }
}
