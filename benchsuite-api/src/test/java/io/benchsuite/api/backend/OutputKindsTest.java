package io.benchsuite.api.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class OutputKindsTest {

    @Test
    void labelsComeInKindOrderAndReadBack() {
        OutputKinds k = OutputKinds.none().with(OutputKinds.Kind.TOOL_CALLS).with(OutputKinds.Kind.CONTENT);
        assertThat(k.labels()).containsExactly("content", "tool_calls");
        assertThat(k.has(OutputKinds.Kind.REASONING)).isFalse();
        assertThat(OutputKinds.parse(List.of("tool_calls", "content"))).isEqualTo(k);
        assertThat(OutputKinds.parse(List.of())).isEqualTo(OutputKinds.none());
        assertThat(OutputKinds.none().isEmpty()).isTrue();
        assertThat(k.with(OutputKinds.Kind.CONTENT)).isSameAs(k);
        assertThat(k).hasToString("[content, tool_calls]");
    }

    @Test
    void unknownLabelsAndBitsAreRefusedByName() {
        assertThatThrownBy(() -> OutputKinds.parse(List.of("content", "audio")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown output kind 'audio': expected content, reasoning or tool_calls");
        assertThatThrownBy(() -> new OutputKinds(8)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("1000");
    }
}
