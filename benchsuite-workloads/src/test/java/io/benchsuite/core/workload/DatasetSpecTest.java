package io.benchsuite.core.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchsuite.api.workload.LengthDistribution;
import java.net.URISyntaxException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class DatasetSpecTest {
    private static String path(String resource) {
        try {
            return Path.of(DatasetSpecTest.class.getResource(resource).toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void eachKindMakesItsSource() {
        TraceOptions t = TraceOptions.defaults().withTimeScale(0.1);
        ShareGptOptions g = ShareGptOptions.defaults();
        LengthDistribution out = LengthDistribution.fixed(64);
        assertThat(DatasetSpec.parse("sharegpt:" + path("sharegpt_sample.json")).source(t, g, out)).isInstanceOf(ShareGptSource.class);
        assertThat(DatasetSpec.parse(" JSONL : " + path("chat_variant.jsonl")).source(t, g, out)).isInstanceOf(JsonlPromptSource.class);
        DatasetSpec m = DatasetSpec.parse("mooncake:" + path("mooncake_synthetic_longest.jsonl"));
        assertThat(m.isTrace()).isTrue();
        assertThat(m.source(t, g, out)).isInstanceOf(MooncakeTraceSource.class)
                .satisfies(s -> assertThat(((TraceSource) s).options()).isEqualTo(t));
        assertThat(DatasetSpec.parse("azure:" + path("azure_llm_inference_sample.csv")).source(t, g, out).bringsOwnTiming()).isTrue();
        assertThat(DatasetSpec.parse("burstgpt:" + path("burstgpt_sample.csv")).source(t, g, out)).isInstanceOf(BurstGptTraceSource.class);
        assertThat(DatasetSpec.parse("sharegpt:" + path("sharegpt_sample.json")).isTrace()).isFalse();
    }

    @Test
    void mistakesAreNamed() {
        assertThatThrownBy(() -> DatasetSpec.parse("conversations.json")).hasMessage(
                "expected a dataset as <kind>:<path> with kind one of sharegpt, jsonl, bfcl, mooncake, azure, burstgpt "
                        + "(e.g. sharegpt:ShareGPT_V3_unfiltered_cleaned_split.json), got 'conversations.json'");
        assertThatThrownBy(() -> DatasetSpec.parse("alpaca:" + path("chat_variant.jsonl")))
                .hasMessage("unknown dataset kind 'alpaca' (known: sharegpt, jsonl, bfcl, mooncake, azure, burstgpt)");
        assertThatThrownBy(() -> DatasetSpec.parse("mooncake:no/such.jsonl"))
                .hasMessage("dataset file 'no/such.jsonl' does not exist");
        assertThatThrownBy(() -> DatasetSpec.parse("sharegpt:")).hasMessageStartingWith("expected a dataset as <kind>:<path>");
    }
}
