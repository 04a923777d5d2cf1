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
}
