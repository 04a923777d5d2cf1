package io.benchsuite.core.sweep;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SweepAxisTest {
    @Test
    void dotsContinueADoublingOrAnAddingSequence() {
        assertThat(SweepAxis.parse("max-concurrent=1,2,4,...,256").values())
                .containsExactly("1", "2", "4", "8", "16", "32", "64", "128", "256");
        assertThat(SweepAxis.parse("rate=10,20,...,60").values()).containsExactly("10", "20", "30", "40", "50", "60");
        assertThat(SweepAxis.parse("rate=0.5,1,...,2.5").values()).containsExactly("0.5", "1", "1.5", "2", "2.5");
        // two terms are read as adding (+384 here); values after the end of the sequence are kept
        assertThat(SweepAxis.parse("--input-length=128,512,...,2048,4096").values())
                .containsExactly("128", "512", "896", "1280", "1664", "2048", "4096");
    }

    @Test
    void numericAndIntegerAxes() {
        SweepAxis c = SweepAxis.parse("max-concurrent=1,2,4");
        assertThat(c.numeric()).isTrue();
        assertThat(c.integers()).isTrue();
        assertThat(SweepAxis.parse("rate=1,2,4").integers()).as("a rate is continuous").isFalse();
        assertThat(SweepAxis.parse("engine=vllm,sglang").numeric()).isFalse();
        assertThat(SweepAxis.parse("input-length=uniform:1-5,256").numeric()).isFalse();
        assertThat(SweepAxis.of("x", 1, 2.5).values()).containsExactly("1", "2.5");
    }

    @Test
    void badAxesSayWhatIsWrong() {
        assertThatThrownBy(() -> SweepAxis.parse("max-concurrent")).hasMessageContaining("expected parameter=value,value,...");
        assertThatThrownBy(() -> SweepAxis.parse("c=1,2,4,...,100")).hasMessage("c: the sequence 1,2,4,... does not reach 100 "
                + "(it passes from 64 to 128)");
        assertThatThrownBy(() -> SweepAxis.parse("c=1,...,8")).hasMessageContaining("'...' needs at least two values before it");
        assertThatThrownBy(() -> SweepAxis.parse("c=1,2,5,...,100")).hasMessageContaining("cannot tell how '1,2,5,...' goes on");
        assertThatThrownBy(() -> SweepAxis.parse("c=1,2,2")).hasMessageContaining("values must be distinct");
        assertThatThrownBy(() -> SweepAxis.parse("c=1,,2")).hasMessageContaining("a value is blank");
        assertThatThrownBy(() -> SweepAxis.parse("c=a,b,...,z")).hasMessageContaining("'...' continues numbers only, got 'a'");
    }
}
