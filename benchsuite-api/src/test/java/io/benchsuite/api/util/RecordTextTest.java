package io.benchsuite.api.util;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RecordTextTest {
    public record Everything(int i, long l, double d, float f, boolean b, char c, byte by, short s, String text,
                             Integer boxed, TimeUnit unit, int[] array, List<String> list, Optional<Long> maybe,
                             Inner inner) {}

    public record Inner(String name, double value) {}

    private record Hidden(String secret, int n) {}

    public record Empty() {}

    @Test
    void writesWhatTheRecordsOwnToStringWrites() {
        var all = new Everything(-7, Long.MIN_VALUE, -0.0, 1.5e-7f, true, 'x', (byte) -1, (short) 300, "a, b=c]",
                null, TimeUnit.SECONDS, new int[] {1, 2}, List.of("p", "q"), Optional.of(3L), new Inner("n", Double.NaN));
        assertThat(RecordText.of(all)).isEqualTo(all.toString())
                .startsWith("Everything[i=-7, l=-9223372036854775808, d=-0.0, f=1.5E-7, b=true, c=x, by=-1, s=300, "
                        + "text=a, b=c], boxed=null, unit=SECONDS, array=[I@")
                .endsWith(", list=[p, q], maybe=Optional[3], inner=Inner[name=n, value=NaN]]");
        var nulls = new Everything(0, 0, 1e300, 0f, false, '\0', (byte) 0, (short) 0, null, 5, null, null, null, null, null);
        assertThat(RecordText.of(nulls)).isEqualTo(nulls.toString());
        assertThat(RecordText.of(new Empty())).isEqualTo(new Empty().toString()).isEqualTo("Empty[]");
    }

    @Test
    void readsARecordThatIsNotPublic() {
        var hidden = new Hidden("s", 2);
        assertThat(RecordText.of(hidden)).isEqualTo(hidden.toString()).isEqualTo("Hidden[secret=s, n=2]");
    }

    @Test
    void nullIsRefusedByName() {
        assertThatThrownBy(() -> RecordText.of(null)).isInstanceOf(NullPointerException.class).hasMessageContaining("record");
    }
}
