package io.benchsuite.api.seed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The published test vectors of {@link SeedChain}; each was computed independently with sha256sum. */
class SeedChainTest {
    @Test
    void testVectors() {
        SeedChain chain = SeedChain.fromLong(42);
        assertThat(chain.rootHex()).isEqualTo("a6bb133cb1e3638ad7b8a3ff0539668e9e56f9b850ef1b2a810f5422eaa6c323");
        ScenarioSeed s = chain.scenario("default");
        assertThat(s.hex()).isEqualTo("283353041c0d4084941a00d95d092c74f38c46cc55535d1db7fa51977d332e7d");
        assertThat(s.requestSeed(0)).isEqualTo(0xb5f2751361b64423L);
        assertThat(s.requestSeed(1)).isEqualTo(0xa9a030a946a36f3eL);
        assertThat(s.streamSeed("arrivals")).isEqualTo(0x90fdcee5b3852fa8L);
        assertThat(SeedChain.fromGitCommit("0123456789abcdef0123456789abcdef01234567").rootHex())
                .isEqualTo("deb87fabd17715bb31ad4cf4ffb9494eeb15f8d33d85b031a301c64ab3417eaa");
    }

    @Test
    void differentScenarioNamesGiveDifferentSeeds() {
        SeedChain chain = SeedChain.fromLong(42);
        assertThat(chain.scenario("a").hex()).isNotEqualTo(chain.scenario("b").hex());
        assertThat(chain.scenario("a").requestSeed(5)).isNotEqualTo(chain.scenario("b").requestSeed(5));
        assertThat(chain.scenario("a").hex()).isEqualTo(SeedChain.fromLong(42).scenario("a").hex());
    }

    @Test
    void parseAcceptsLongHexAndGit() {
        assertThat(SeedChain.parse("42")).isEqualTo(SeedChain.fromLong(42));
        String hex = SeedChain.fromLong(42).rootHex();
        assertThat(SeedChain.parse(hex).rootHex()).isEqualTo(hex);
        assertThat(SeedChain.parse("git:abc")).isEqualTo(SeedChain.fromGitCommit("abc"));
        assertThatThrownBy(() -> SeedChain.parse("not-a-seed")).hasMessageContaining("not-a-seed")
                .hasMessageContaining("64 hex digits");
    }

    /** Vectors computed outside Java: printf '<root hex><index as 16 hex digits>' | xxd -r -p | sha256sum. */
    @Test
    void shardRootsFollowTheirTestVectors() {
        SeedChain chain = SeedChain.fromLong(42);
        assertThat(chain.shard(0, 4).rootHex()).isEqualTo("125ddcdbb08b3ec2d18c99bdbeaf5c919cd948fb6a341f5f35bde4aa2ba01330");
        assertThat(chain.shard(1, 4).rootHex()).isEqualTo("83a4ec4095ef7d990f352e4f3b9e16ee8ccb1f02475ee443b3faf8b811950dbf");
        assertThat(chain.shard(3, 4).rootHex()).isEqualTo("9298638101feb6d5ea700d7811905ef9b558dec23aabb7891586bfff34a6f1a7");
        ScenarioSeed s = chain.shard(1, 4).scenario("default");
        assertThat(s.hex()).isEqualTo("5e7addac1eba822476ce6e6aa2a09f5e4ec64594a3b235432331ce502f3dc4bd");
        assertThat(s.streamSeed("arrivals")).isEqualTo(0x25950adbbb085b55L);
        // the root depends on the index alone: shard 1 of 4 and of 8 draw the same streams
        assertThat(chain.shard(1, 8)).isEqualTo(chain.shard(1, 4));
        assertThat(chain.shard(1, 4).source()).isEqualTo("long:42 shard 1/4");
    }

    @Test
    void aRunOfOneShardIsTheWholeRun() {
        SeedChain chain = SeedChain.fromLong(42);
        assertThat(chain.shard(0, 1)).isSameAs(chain);
    }

    @Test
    void shardOutOfRangeIsRefusedWithTheRange() {
        SeedChain chain = SeedChain.fromLong(42);
        assertThatThrownBy(() -> chain.shard(4, 4)).hasMessage("shard index must be from 0 to 3, got 4");
        assertThatThrownBy(() -> chain.shard(-1, 4)).hasMessage("shard index must be from 0 to 3, got -1");
        assertThatThrownBy(() -> chain.shard(0, 0)).hasMessage("shard count must be >= 1, got 0");
    }
}
