package io.benchsuite.api.seed;

import static io.benchsuite.api.util.Checks.notNull;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Optional;

/**
 * The deterministic seed chain that makes runs repeatable on any platform.
 *
 * <ul>
 *   <li><b>root</b> (32 bytes): SHA-256 of the UTF-8 text of a git commit id
 *       ({@link #fromGitCommit(String)}), or SHA-256 of a long as 8 big-endian bytes
 *       ({@link #fromLong}), or 64 hex digits taken as they are ({@link #fromHex}).</li>
 *   <li><b>scenario seed</b>: SHA-256(root ‖ UTF-8(scenario name)) — {@link #scenario}.</li>
 *   <li><b>request seed</b> (a long): the first 8 bytes, big-endian, of
 *       SHA-256(scenario seed ‖ 8-byte big-endian index) — {@link ScenarioSeed#requestSeed}.</li>
 *   <li><b>stream seed</b> for a scenario-wide random stream such as arrival gaps: the first 8 bytes
 *       of SHA-256(scenario seed ‖ UTF-8(purpose)) — {@link ScenarioSeed#streamSeed}.</li>
 *   <li><b>shard root</b> of shard {@code i} of a run split into {@code n > 1} shards:
 *       SHA-256(root ‖ 8-byte big-endian i) — {@link #shard}; the shard's scenario, request and
 *       stream seeds then derive from it as above. A run of one shard keeps the root itself.</li>
 * </ul>
 *
 * <p>Test vectors (checked by {@code SeedChainTest}; reproducible with {@code sha256sum} and {@code xxd}):
 * <pre>
 * fromLong(42).rootHex()
 *   = a6bb133cb1e3638ad7b8a3ff0539668e9e56f9b850ef1b2a810f5422eaa6c323
 * fromLong(42).scenario("default").hex()
 *   = 283353041c0d4084941a00d95d092c74f38c46cc55535d1db7fa51977d332e7d
 * fromLong(42).scenario("default").requestSeed(0)  = 0xb5f2751361b64423L
 * fromLong(42).scenario("default").requestSeed(1)  = 0xa9a030a946a36f3eL
 * fromLong(42).scenario("default").streamSeed("arrivals") = 0x90fdcee5b3852fa8L
 * fromGitCommit("0123456789abcdef0123456789abcdef01234567").rootHex()
 *   = deb87fabd17715bb31ad4cf4ffb9494eeb15f8d33d85b031a301c64ab3417eaa
 * fromLong(42).shard(0, 4).rootHex()
 *   = 125ddcdbb08b3ec2d18c99bdbeaf5c919cd948fb6a341f5f35bde4aa2ba01330
 * fromLong(42).shard(1, 4).rootHex()
 *   = 83a4ec4095ef7d990f352e4f3b9e16ee8ccb1f02475ee443b3faf8b811950dbf
 * fromLong(42).shard(3, 4).rootHex()
 *   = 9298638101feb6d5ea700d7811905ef9b558dec23aabb7891586bfff34a6f1a7
 * fromLong(42).shard(1, 4).scenario("default").hex()
 *   = 5e7addac1eba822476ce6e6aa2a09f5e4ec64594a3b235432331ce502f3dc4bd
 * fromLong(42).shard(1, 4).scenario("default").streamSeed("arrivals") = 0x25950adbbb085b55L
 * </pre>
 * For example: {@code printf '\x00\x00\x00\x00\x00\x00\x00\x2a' | sha256sum} gives the first root, and
 * {@code printf 'a6bb...c323''0000000000000001' | xxd -r -p | sha256sum} (the root's 64 hex digits, then
 * the index as 16) the root of shard 1.
 */
public final class SeedChain {
    private final byte[] root;
    private final String source;

    private SeedChain(byte[] root, String source) {
        this.root = root;
        this.source = source;
    }

    /**
     * Root = SHA-256(UTF-8(commit)), e.g. of {@code git rev-parse HEAD}.
     *
     * @param commit the git commit (hex)
     * @return the chain rooted at SHA-256 of the commit
     */
    public static SeedChain fromGitCommit(String commit) {
        notNull(commit, "commit");
        String c = commit.trim();
        if (c.isEmpty()) throw new IllegalArgumentException("commit must not be empty");
        return new SeedChain(sha256(c.getBytes(StandardCharsets.UTF_8)), "git:" + c);
    }

    /**
     * Root from the git commit of the working directory (read from {@code .git}, without running git),
     * or empty when the directory is not in a git checkout.
     *
     * @param directory a directory inside a git work tree
     * @return root from the git commit of the working directory (read from {@code .git}, without running git), or empty when the directory is not in a git checkout
     */
    public static Optional<SeedChain> fromGitCommitOf(Path directory) {
        notNull(directory, "directory");
        return GitHead.find(directory.toAbsolutePath()).map(SeedChain::fromGitCommit);
    }

    /**
     * Root = SHA-256 of the 8 big-endian bytes of {@code seed}.
     *
     * @param seed the seed
     * @return root = SHA-256 of the 8 big-endian bytes of {@code seed}
     */
    public static SeedChain fromLong(long seed) {
        byte[] b = new byte[8];
        for (int i = 0; i < 8; i++) b[i] = (byte) (seed >>> (56 - 8 * i));
        return new SeedChain(sha256(b), "long:" + seed);
    }

    /**
     * Root = the 32 bytes given as 64 hex digits.
     *
     * @param hex 64 hex digits
     * @return root = the 32 bytes given as 64 hex digits
     */
    public static SeedChain fromHex(String hex) {
        notNull(hex, "hex");
        String h = hex.trim();
        if (h.length() != 64) throw new IllegalArgumentException("hex seed must be 64 hex digits, got " + h.length());
        try {
            return new SeedChain(HexFormat.of().parseHex(h), "hex:" + h.toLowerCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("hex seed must be 64 hex digits, got '" + h + "'");
        }
    }

    /**
     * Parses a user-given seed: 64 hex digits ({@link #fromHex}), a decimal long ({@link #fromLong}),
     * or {@code git:<commit>} ({@link #fromGitCommit(String)}).
     *
     * @param text the text to parse
     * @return the value parsed from a user-given seed: 64 hex digits ({@link #fromHex}), a decimal long ({@link #fromLong}), or {@code git:<commit>} ({@link #fromGitCommit(String)})
     */
    public static SeedChain parse(String text) {
        notNull(text, "seed");
        String s = text.trim();
        if (s.startsWith("git:")) return fromGitCommit(s.substring(4));
        if (s.length() == 64 && s.chars().allMatch(ch -> Character.digit(ch, 16) >= 0)) return fromHex(s);
        try {
            return fromLong(Long.parseLong(s));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "expected a seed: a decimal number, 64 hex digits or git:<commit>, got '" + text + "'");
        }
    }

    /**
     * The root as 64 lower-case hex digits.
     *
     * @return the root as 64 lower-case hex digits
     */
    public String rootHex() {
        return HexFormat.of().formatHex(root);
    }

    /**
     * Where the root came from, e.g. {@code long:42} or {@code git:abc123...}.
     *
     * @return where the root came from, e.g. {@code long:42}
     */
    public String source() {
        return source;
    }

    /**
     * The seed of the scenario named {@code name}: SHA-256(root ‖ UTF-8(name)).
     *
     * @param name the scenario name
     * @return the seed of the scenario named {@code name}: SHA-256(root ‖ UTF-8(name))
     */
    public ScenarioSeed scenario(String name) {
        notNull(name, "scenario name");
        return new ScenarioSeed(name, sha256(root, name.getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * The chain of shard {@code index} of a run split into {@code count} shards: root
     * SHA-256(root ‖ 8-byte big-endian index), so each shard draws its own arrivals and prompts and
     * the shards' streams are independent. With {@code count == 1} the run is whole and keeps this chain.
     *
     * @param index the shard, from 0 to {@code count - 1}
     * @param count how many shards the run is split into (at least 1)
     * @return the shard's chain; its {@link #source()} names this chain's source and the shard
     */
    public SeedChain shard(int index, int count) {
        if (count < 1) throw new IllegalArgumentException("shard count must be >= 1, got " + count);
        if (index < 0 || index >= count) {
            throw new IllegalArgumentException("shard index must be from 0 to " + (count - 1) + ", got " + index);
        }
        if (count == 1) return this;
        byte[] b = new byte[8];
        for (int i = 0; i < 8; i++) b[i] = (byte) ((long) index >>> (56 - 8 * i));
        return new SeedChain(sha256(root, b), source + " shard " + index + "/" + count);
    }

    @Override
    public String toString() {
        return "SeedChain[" + source + " root=" + rootHex() + "]";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SeedChain s && Arrays.equals(s.root, root);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(root);
    }

    static byte[] sha256(byte[]... parts) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (byte[] p : parts) md.update(p);
            return md.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }

    /** Reads HEAD from a .git directory without running git. */
    static final class GitHead {
        private GitHead() {}

        static Optional<String> find(Path start) {
            for (Path dir = start; dir != null; dir = dir.getParent()) {
                Path git = dir.resolve(".git");
                if (Files.isDirectory(git)) return read(git, git);
                if (Files.isRegularFile(git)) return linked(dir, git); // a worktree or submodule
            }
            return Optional.empty();
        }

        /** A {@code .git} file says {@code gitdir: <path>}; refs may live in its {@code commondir}. */
        private static Optional<String> linked(Path dir, Path gitFile) {
            try {
                String text = Files.readString(gitFile).trim();
                if (!text.startsWith("gitdir:")) return Optional.empty();
                Path gitDir = dir.resolve(text.substring(7).trim()).normalize();
                Path common = gitDir;
                Path commonFile = gitDir.resolve("commondir");
                if (Files.exists(commonFile)) common = gitDir.resolve(Files.readString(commonFile).trim()).normalize();
                return read(gitDir, common);
            } catch (IOException e) {
                return Optional.empty();
            }
        }

        private static Optional<String> read(Path git, Path common) {
            try {
                String head = Files.readString(git.resolve("HEAD")).trim();
                if (!head.startsWith("ref: ")) return Optional.of(head);
                String ref = head.substring(5).trim();
                for (Path base : new Path[] {git, common}) {
                    Path loose = base.resolve(ref);
                    if (Files.exists(loose)) return Optional.of(Files.readString(loose).trim());
                }
                Path packed = common.resolve("packed-refs");
                if (Files.exists(packed)) {
                    for (String line : Files.readAllLines(packed)) {
                        if (line.endsWith(" " + ref)) return Optional.of(line.substring(0, line.indexOf(' ')));
                    }
                }
                return Optional.empty(); // a branch with no commits yet
            } catch (IOException e) {
                return Optional.empty();
            }
        }
    }
}
